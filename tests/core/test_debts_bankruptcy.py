"""Debts, raising funds and bankruptcy at the table: what is owed when the cash runs out,
what may still be done, and who gets what when a player cannot pay."""

from __future__ import annotations

import pytest

from banker.core import why_not
from banker.core.commands import (
    Bid,
    BuildHotel,
    BuildHouses,
    Buy,
    CloseAuction,
    Collect,
    Command,
    DeclareBankrupt,
    DrawCard,
    DropOut,
    GoToJail,
    LeaveJail,
    LiftMortgage,
    Mortgage,
    PassGo,
    Pay,
    PayRent,
    PayTax,
    SellHotel,
    SellHouses,
    SetGroupLevels,
    Settle,
    StartAuction,
    TakeParking,
    Trade,
    TradeSide,
)
from banker.core.endgame import settlement
from banker.core.errors import BadInput, NotAllowed, UnknownName
from banker.core.language import RaiseQuery, parse, read_line
from banker.core.report import raise_lines, state_json
from tests.core.board import BROWN, DARK_BLUE, GREEN, HOTEL, RAILROADS

REFUSED_WHILE_OWING = "Bob owes $50 and has $30: first raise the money"


def debts(table) -> list[tuple[str, str | None, int, str]]:
    """Every debt on the table as (debtor, creditor, amount, reason); None is the bank."""
    return [(d.debtor, d.creditor, d.amount, d.reason) for d in table.state.debts]


def bob_owes_alice_50(table) -> None:
    """Alice owns Boardwalk ($50 rent); Bob lands there with $30 and owes it all."""
    table.deal("Alice", "Boardwalk")
    table.set_cash("Bob", 30)
    table.do(PayRent(player="Bob", deed="Boardwalk"))
    assert debts(table) == [("Bob", "Alice", 50, "rent for Boardwalk")]


# Each payment the rules oblige becomes a debt when the cash falls short.


def test_rent_beyond_the_cash_is_owed_in_full_and_no_cash_moves(table) -> None:
    table.deal("Alice", "Boardwalk")
    table.set_cash("Bob", 30)
    receipt = table.do(PayRent(player="Bob", deed="Boardwalk"))
    assert "Bob owes Alice $50 rent" in receipt
    assert "Bob has only $30: the whole $50 is owed as a debt ($20 missing)" in receipt
    assert debts(table) == [("Bob", "Alice", 50, "rent for Boardwalk")]
    assert [table.cash("Alice"), table.cash("Bob")] == [1500, 30]


@pytest.mark.parametrize(
    ("command", "amount", "reason"),
    [
        (PayTax(player="Bob", kind="income_flat"), 200, "income tax"),
        (PayTax(player="Bob", kind="luxury"), 100, "Luxury Tax"),
        (LeaveJail(player="Bob", method="fine"), 50, "the jail fine"),
        (DrawCard(player="Bob", card="chest-doctor", square=2), 50, "Doctor's fee. Pay $50"),
    ],
    ids=["income tax", "luxury tax", "jail fine", "card"],
)
def test_taxes_fines_and_cards_are_owed_to_the_bank(
    table, command: Command, amount: int, reason: str
) -> None:
    """Bob has $30: each of these costs more and is owed to the bank in full."""
    table.set_cash("Bob", 30)
    if isinstance(command, LeaveJail):
        table.do(GoToJail(player="Bob"))
    receipt = table.do(command)
    assert debts(table) == [("Bob", None, amount, reason)]
    assert table.cash("Bob") == 30
    assert table.state.bank.issued == 1500 + 30 + 1500
    assert f"${amount - 30} missing" in receipt


def test_a_tax_owed_with_the_pot_goes_to_the_pot_when_settled(table_with) -> None:
    table = table_with(free_parking_pot=True)
    table.set_cash("Bob", 30)
    table.do(PayTax(player="Bob", kind="luxury"))
    assert [(d, c, a) for d, c, a, _ in debts(table)] == [("Bob", None, 100)]
    assert table.pot == 0
    receipt = table.do(PassGo(player="Bob"))
    assert "Bob paid the Free Parking pot the $100 owed (Luxury Tax)" in receipt
    assert table.pot == 100
    assert table.cash("Bob") == 130


def test_show_json_lists_the_debts(table) -> None:
    bob_owes_alice_50(table)
    table.set_cash("Carol", 10)
    table.do(PayTax(player="Carol", kind="luxury"))
    assert state_json(table.state)["debts"] == [
        {"debtor": "Bob", "creditor": "Alice", "amount": 50, "reason": "rent for Boardwalk"},
        {"debtor": "Carol", "creditor": None, "amount": 100, "reason": "Luxury Tax"},
    ]


# Settling.


def test_a_debt_is_paid_as_soon_as_the_cash_covers_it(table) -> None:
    bob_owes_alice_50(table)
    receipt = table.do(PassGo(player="Bob"))
    assert "Bob paid Alice the $50 owed (rent for Boardwalk)" in receipt
    assert [table.cash("Alice"), table.cash("Bob")] == [1550, 180]
    assert debts(table) == []


def test_settle_with_too_little_says_what_is_missing(table) -> None:
    bob_owes_alice_50(table)
    table.refuse(
        Settle(player="Bob"),
        NotAllowed,
        "Bob has $30 and owes $50",
        "raise $20 more first",
        "declare bankruptcy",
    )


def test_settle_with_nothing_owed_is_refused(table) -> None:
    table.refuse(Settle(player="Bob"), NotAllowed, "Bob owes nothing")


def test_the_salary_pays_every_creditor(table) -> None:
    """Carol has $9 when Alice's and then Bob's birthday come: she owes each $10, and
    her salary pays both, oldest first."""
    table.set_cash("Carol", 9)
    table.do(DrawCard(player="Alice", card="chest-birthday", square=2))
    table.do(DrawCard(player="Bob", card="chest-birthday", square=2))
    assert [(d, c, a) for d, c, a, _ in debts(table)] == [
        ("Carol", "Alice", 10),
        ("Carol", "Bob", 10),
    ]
    table.refuse(Settle(player="Carol"), NotAllowed, "owes $20", "raise $11 more")
    receipt = table.do(PassGo(player="Carol"))
    assert receipt.index("paid Alice the $10") < receipt.index("paid Bob the $10")
    assert [table.cash(p) for p in ("Alice", "Bob", "Carol")] == [1510, 1510, 189]
    assert debts(table) == []


# While a player owes.


@pytest.mark.parametrize(
    "command",
    [
        Buy(player="Bob", deed="Park Place"),
        Pay(player="Bob", amount=10, to="Carol"),
        Pay(player="Bob", amount=10),
        PayTax(player="Bob", kind="luxury"),
        PayRent(player="Bob", deed="Boardwalk"),
        LeaveJail(player="Bob", method="fine"),
        DrawCard(player="Bob", card="chance-speeding", square=7),
        BuildHouses(player="Bob", deed="Baltic Avenue"),
        LiftMortgage(player="Bob", deed="Short Line"),
    ],
    ids=["buy", "pay", "pay bank", "tax", "rent", "jail", "card", "build", "unmortgage"],
)
def test_a_debtor_may_not_spend(table, command: Command) -> None:
    table.deal("Bob", *BROWN, "Short Line")
    table.do(Mortgage(player="Bob", deed="Short Line"))
    bob_owes_alice_50(table)
    table.refuse(
        command,
        NotAllowed,
        REFUSED_WHILE_OWING,
        "sell buildings, mortgage, trade",
        "settle, or declare bankruptcy",
    )


def test_a_debtor_may_not_build_a_group_up_with_levels(table) -> None:
    """`levels` is allowed while owing so that a debtor can sell down. Bob owes Alice $200
    (Boardwalk with a house) and has $150: a $50 house on Baltic with `build` is refused,
    and building it with `levels` spends the same cash, so it must be refused too."""
    table.deal("Alice", *DARK_BLUE)
    table.build("Alice", DARK_BLUE, 1)
    table.deal("Bob", *BROWN)
    table.set_cash("Bob", 150)
    table.do(PayRent(player="Bob", deed="Boardwalk"))
    owing = "Bob owes $200"
    table.refuse(BuildHouses(player="Bob", deed="Baltic Avenue"), NotAllowed, owing)
    table.refuse(
        SetGroupLevels(player="Bob", deed="Baltic Avenue", levels=[0, 1]), NotAllowed, owing
    )


def test_a_debtor_may_not_bid_at_an_auction(table) -> None:
    """A bid is paid in cash: Bob owes Alice $50 and has $30, so bidding his $30 on Park
    Place would spend money already owed."""
    bob_owes_alice_50(table)
    table.do(StartAuction(lot="Park Place"))
    table.refuse(Bid(player="Bob", amount=30), NotAllowed, "Bob owes $50")
    table.do(Bid(player="Carol", amount=30))


def test_a_debtor_may_not_give_cash_away_in_a_trade(table) -> None:
    """A trade may raise money (a deed sold for cash) but Bob handing his $30 to Carol for
    nothing spends the cash Alice is owed."""
    bob_owes_alice_50(table)
    table.refuse(
        Trade(player="Bob", partner="Carol", give=TradeSide(cash=30)),
        NotAllowed,
        "Bob owes $50",
    )


def test_a_debtor_raises_money_and_settles(table) -> None:
    """Bob owes Alice $200 (Boardwalk with a house) and has $30. He sells his brown houses
    (2 x $25, one with `sell`, one with `levels`), mortgages Short Line ($100) and sells
    Reading Railroad to Carol for $25: $205, and settles."""
    table.deal("Alice", *DARK_BLUE)
    table.build("Alice", DARK_BLUE, 1)
    table.deal("Bob", *BROWN, "Short Line", "Reading Railroad")
    table.build("Bob", BROWN, 1)
    table.set_cash("Bob", 30)
    table.do(PayRent(player="Bob", deed="Boardwalk"))
    assert debts(table) == [("Bob", "Alice", 200, "rent for Boardwalk")]
    alice = table.cash("Alice")
    table.do(SellHouses(player="Bob", deed="Baltic Avenue"))
    table.do(SetGroupLevels(player="Bob", deed="Baltic Avenue", levels=[0, 0]))
    assert table.cash("Bob") == 80
    table.do(Mortgage(player="Bob", deed="Short Line"))
    table.do(
        Trade(
            player="Bob",
            partner="Carol",
            give=TradeSide(deeds=["Reading Railroad"]),
            get=TradeSide(cash=25),
        )
    )
    assert table.cash("Bob") == 5
    assert table.cash("Alice") == alice + 200
    assert debts(table) == []


def test_a_debtor_still_collects_rent_and_the_pot(table_with) -> None:
    table = table_with(free_parking_pot=True)
    table.deal("Bob", "Short Line")
    bob_owes_alice_50(table)
    table.do(PayTax(player="Carol", kind="luxury"))
    table.do(PayRent(player="Carol", deed="Short Line"))
    table.do(TakeParking(player="Bob"))
    table.do(Collect(player="Bob", amount=5))
    assert table.cash("Bob") == 30 + 25 - 50 + 100 + 5


def test_a_debtor_sells_a_hotel(table) -> None:
    """Bob has hotels on the dark blues and $20; Alice's Short Line asks $25. Boardwalk's
    hotel sells back for $100, and Bob settles with $95 left."""
    table.deal("Alice", "Short Line")
    table.deal("Bob", *DARK_BLUE)
    table.set_cash("Bob", 2000)
    table.build("Bob", DARK_BLUE, HOTEL)
    table.set_cash("Bob", 20)
    table.do(PayRent(player="Bob", deed="Short Line"))
    table.refuse(BuildHotel(player="Bob", deed="Boardwalk"), NotAllowed, "Bob owes $25")
    table.do(SellHotel(player="Bob", deed="Boardwalk"))
    assert table.cash("Bob") == 120 - 25


def test_only_the_debtor_is_held_up(table) -> None:
    bob_owes_alice_50(table)
    table.do(Buy(player="Carol", deed="Park Place"))
    table.do(PayTax(player="Alice", kind="luxury"))
    assert [table.cash("Alice"), table.cash("Carol")] == [1400, 1150]


# What a player could raise.


def _bob_with_brown_houses_and_railroads(table) -> None:
    """Bob: $10 cash, 2 houses on each brown ($25 each back), Short Line unmortgaged ($100),
    Reading Railroad mortgaged, and the Chance Get Out of Jail Free card."""
    table.deal("Bob", *BROWN, "Reading Railroad", "Short Line")
    table.build("Bob", BROWN, 2)
    table.mortgage("Bob", "Reading Railroad")
    table.do(DrawCard(player="Bob", card="chance-jail-free", square=7))
    table.set_cash("Bob", 10)


def test_raise_shows_cash_buildings_at_half_mortgages_and_the_total(table) -> None:
    """$10 + 4 houses x $25 + $30 + $30 + $100 (not Reading, already mortgaged) = $270."""
    _bob_with_brown_houses_and_railroads(table)
    lines = raise_lines(table.state, "Bob")
    assert lines[0] == "Bob could raise:"
    assert lines[1].split() == ["cash", "$10"]
    assert lines[2].split()[-1] == "$100"
    assert "4 buildings" in lines[2]
    assert [line.split()[-1] for line in lines[3:6]] == ["$30", "$30", "$100"]
    assert [" ".join(line.split()[1:-1]) for line in lines[3:6]] == [
        "Mediterranean Avenue",
        "Baltic Avenue",
        "Short Line",
    ]
    assert lines[6].split() == ["total", "$270"]
    assert len(lines) == 7


def test_raise_says_whether_the_debt_can_be_covered(table) -> None:
    """$270 could be raised: the flat tax of $200 can be covered, and bankruptcy is refused."""
    _bob_with_brown_houses_and_railroads(table)
    table.do(PayTax(player="Bob", kind="income_flat"))
    assert raise_lines(table.state, "Bob")[-1] == "Owes $200: can settle"
    table.refuse(DeclareBankrupt(player="Bob"), NotAllowed, "owes $200 and could raise $270")


def test_raise_when_nothing_would_cover_it(table) -> None:
    bob_owes_alice_50(table)
    assert raise_lines(table.state, "Bob") == [
        "Bob could raise:",
        "  cash" + " " * 34 + "       $30",
        "  total" + " " * 33 + "       $30",
        "Owes $50: cannot cover it",
    ]


def test_raise_is_a_query_in_the_command_language(table) -> None:
    assert read_line("raise bo", table.state) == RaiseQuery("Bob")


# Bankruptcy: only when the debt is more than everything that could be raised.


def test_no_bankruptcy_without_a_debt(table) -> None:
    table.set_cash("Bob", 0)
    table.refuse(
        DeclareBankrupt(player="Bob"), NotAllowed, "Bob owes nothing, so cannot go bankrupt"
    )


def test_no_bankruptcy_while_the_money_could_be_raised(table) -> None:
    """Bob owes the $200 tax and could raise exactly $200 by mortgaging two railroads."""
    table.deal("Bob", "Reading Railroad", "Short Line")
    table.set_cash("Bob", 0)
    table.do(PayTax(player="Bob", kind="income_flat"))
    table.refuse(
        DeclareBankrupt(player="Bob"),
        NotAllowed,
        "Bob owes $200 and could raise $200",
        "raise the money and settle instead",
    )


def test_bankruptcy_when_a_dollar_could_not_be_raised(table) -> None:
    """Bob owes the $200 tax and has $99 and Short Line ($100 mortgage): $199."""
    table.deal("Bob", "Short Line")
    table.set_cash("Bob", 99)
    table.do(PayTax(player="Bob", kind="income_flat"))
    table.do(DeclareBankrupt(player="Bob"))
    assert table.state.player("Bob").bankrupt


# Bankrupt to a player.


def _bob_cannot_pay_alices_hotel(table) -> None:
    """Alice: green with hotels, $1,000. Bob: hotels on Park Place and Boardwalk, Reading
    Railroad mortgaged, the Community Chest jail card, $20. He lands on Pennsylvania Avenue's
    hotel: $1,400, and could raise only $20 + $1,000 + $175 + $200 = $1,395."""
    table.deal("Alice", *GREEN)
    table.set_cash("Alice", 10_000)
    table.build("Alice", GREEN, HOTEL)
    table.set_cash("Alice", 1000)
    table.deal("Bob", *DARK_BLUE, "Reading Railroad")
    table.set_cash("Bob", 5000)
    table.build("Bob", DARK_BLUE, HOTEL)
    table.mortgage("Bob", "Reading Railroad")
    table.do(DrawCard(player="Bob", card="chest-jail-free", square=2))
    table.set_cash("Bob", 20)
    table.do(PayRent(player="Bob", deed="Pennsylvania Avenue"))
    assert debts(table) == [("Bob", "Alice", 1400, "rent for Pennsylvania Avenue")]
    assert table.hotels_left == 7


def test_the_settlement_statement_before_anything_is_final(table) -> None:
    _bob_cannot_pay_alices_hotel(table)
    before = table.state.dump_ledger()
    statement = settlement(table.state, "Bob")
    assert statement.creditor == "Alice"
    assert statement.owed == 1400
    assert statement.cash == 20
    assert statement.buildings == 1000
    assert (statement.houses, statement.hotels) == (0, 2)
    assert statement.deeds == ["Reading Railroad", "Park Place", "Boardwalk"]
    assert statement.mortgaged == ["Reading Railroad"]
    assert statement.fees == 10
    assert statement.jail_cards == 1
    assert settlement(table.state, "Bob", ["Reading Railroad"]).fees == 110
    assert table.state.dump_ledger() == before


def test_bankrupt_to_a_player_gets_cash_and_half_the_buildings_and_pays_the_fee(table) -> None:
    """The issue's example: Alice receives Bob's $20 and $1,000 for his two hotels (half of
    2 x 5 x $200), the deeds and the jail card, and pays the bank $10 (10% of Reading's
    $100 mortgage): $1,000 + $20 + $1,000 - $10 = $2,010."""
    _bob_cannot_pay_alices_hotel(table)
    issued = table.state.bank.issued
    receipt = table.do(DeclareBankrupt(player="Bob"))
    assert table.cash("Alice") == 2010
    assert table.cash("Bob") == 0
    assert table.state.bank.issued == issued + 1000 - 10
    assert table.state.deeds_of("Alice") == [
        "Reading Railroad",
        *GREEN,
        *DARK_BLUE,
    ]
    assert table.deed("Reading Railroad").mortgaged
    assert [table.state.level(lot).buildings for lot in DARK_BLUE] == [0, 0]
    assert table.hotels_left == 9
    assert table.houses_left == 32
    assert table.jail_cards("Alice") == ["chest"]
    assert table.jail_cards("Bob") == []
    assert table.state.player("Bob").bankrupt
    assert debts(table) == []
    assert table.state.winner is None
    assert "Alice receives $20 cash and $1,000 for 2 hotels" in receipt
    assert "$10 for the mortgaged deeds" in receipt


def test_the_creditor_may_lift_a_mortgage_at_once(table) -> None:
    """Lifting Reading Railroad costs $100 + $10: Alice ends with $2,010 - $100 = $1,910."""
    _bob_cannot_pay_alices_hotel(table)
    table.do(DeclareBankrupt(player="Bob", lift=["Reading Railroad"]))
    assert table.cash("Alice") == 1910
    assert not table.deed("Reading Railroad").mortgaged
    assert table.deed("Reading Railroad").owner == "Alice"


def test_only_a_mortgaged_deed_of_the_debtor_can_be_lifted(table) -> None:
    _bob_cannot_pay_alices_hotel(table)
    table.refuse(
        DeclareBankrupt(player="Bob", lift=["Boardwalk"]),
        BadInput,
        "Boardwalk is not one of Bob's mortgaged deeds",
    )
    table.refuse(
        DeclareBankrupt(player="Bob", lift=["Short Line"]),
        BadInput,
        "Short Line is not one of Bob's mortgaged deeds",
    )


def test_the_command_language_declares_bankruptcy_with_lifts(table) -> None:
    _bob_cannot_pay_alices_hotel(table)
    table.do(parse("bankrupt bob lift reading", table.state))
    assert table.cash("Alice") == 1910


def test_a_creditor_short_of_the_fees_owes_them_to_the_bank(table) -> None:
    """Bob has $0 and four mortgaged railroads and owes Alice $50; Alice has $0, so the 4 x $10
    fees become her debt to the bank."""
    table.deal("Alice", "Boardwalk")
    table.deal("Bob", *RAILROADS)
    table.mortgage("Bob", *RAILROADS)
    table.set_cash("Bob", 0)
    table.do(PayRent(player="Bob", deed="Boardwalk"))
    table.set_cash("Alice", 0)
    receipt = table.do(DeclareBankrupt(player="Bob"))
    assert debts(table) == [("Alice", None, 40, "fees on mortgaged deeds from a bankruptcy")]
    assert "$40" in receipt
    assert table.state.deeds_of("Alice") == [
        "Reading Railroad",
        "Pennsylvania Railroad",
        "B&O Railroad",
        "Short Line",
        "Boardwalk",
    ]
    table.do(Mortgage(player="Alice", deed="Boardwalk"))
    assert table.cash("Alice") == 160


def test_a_lift_the_creditor_cannot_pay_is_refused(table) -> None:
    """Lifting is the creditor's choice, paid at once: RULES.md "may lift the mortgage at once
    or later". A trade refuses a lift beyond the new owner's cash; so must a bankruptcy.
    Alice has $0 and would receive $0: lifting the four railroads ($440) is refused, while the
    compulsory 4 x $10 fees may still become her debt."""
    table.deal("Alice", "Boardwalk")
    table.deal("Bob", *RAILROADS)
    table.mortgage("Bob", *RAILROADS)
    table.set_cash("Bob", 0)
    table.do(PayRent(player="Bob", deed="Boardwalk"))
    table.set_cash("Alice", 0)
    lifting = DeclareBankrupt(player="Bob", lift=RAILROADS)
    assert why_not(table.state, lifting) is not None, "Alice lifted $440 of mortgages on credit"
    table.do(DeclareBankrupt(player="Bob"))
    assert all(table.deed(name).mortgaged for name in RAILROADS)


def test_a_bankrupt_player_is_out_of_the_game(table) -> None:
    _bob_cannot_pay_alices_hotel(table)
    table.do(DeclareBankrupt(player="Bob"))
    table.refuse(PassGo(player="Bob"), UnknownName, "Bob is bankrupt and out of the game")
    table.refuse(
        Pay(player="Alice", amount=10, to="Bob"), UnknownName, "bankrupt and out of the game"
    )
    assert [p.name for p in table.state.active_players] == ["Alice", "Carol"]


# Bankrupt to the bank.


def _bob_cannot_pay_the_income_tax(table) -> None:
    """Bob trades Short Line to Carol for nothing, then owes the $200 flat tax and could
    raise only $10 + 4 x $25 + $30 + $30 = $170."""
    _bob_with_brown_houses_and_railroads(table)
    table.do(Trade(player="Bob", partner="Carol", give=TradeSide(deeds=["Short Line"])))
    table.do(PayTax(player="Bob", kind="income_flat"))
    assert debts(table) == [("Bob", None, 200, "income tax")]


def test_bankrupt_to_the_bank_returns_everything_and_auctions_every_deed(table) -> None:
    _bob_cannot_pay_the_income_tax(table)
    issued = table.state.bank.issued
    assert table.houses_left == 28
    receipt = table.do(DeclareBankrupt(player="Bob"))
    assert "$10 cash to the bank" in receipt
    assert "starting with Mediterranean Avenue" in receipt
    assert table.state.bank.issued == issued - 10
    assert table.cash("Bob") == 0
    assert table.houses_left == 32
    assert table.jail_cards("Bob") == []
    for name in ("Mediterranean Avenue", "Baltic Avenue", "Reading Railroad"):
        assert table.deed(name).owner is None
        assert not table.deed(name).mortgaged
        assert table.state.level(name).buildings == 0
    auction = table.state.auction
    assert auction is not None
    assert auction.lot == "Mediterranean Avenue"
    assert auction.bidders == ["Alice", "Carol"]
    assert table.state.auction_queue == ["Baltic Avenue", "Reading Railroad"]
    assert debts(table) == []


def test_each_close_opens_the_next_auction_of_the_bankrupts_deeds(table) -> None:
    _bob_cannot_pay_the_income_tax(table)
    table.do(DeclareBankrupt(player="Bob"))
    table.refuse(Bid(player="Bob", amount=10), UnknownName, "Bob is bankrupt")
    table.do(Bid(player="Alice", amount=40))
    receipt = table.do(CloseAuction())
    assert "Sold to Alice for $40: Mediterranean Avenue" in receipt
    assert "Next: auction of Baltic Avenue" in receipt
    assert table.state.auction.lot == "Baltic Avenue"
    assert table.state.auction.bidders == ["Alice", "Carol"]
    table.do(DropOut(player="Alice"))
    table.do(DropOut(player="Carol"))
    receipt = table.do(CloseAuction())
    assert "No bid for Baltic Avenue: the bank keeps it" in receipt
    assert "Next: auction of Reading Railroad" in receipt
    table.do(Bid(player="Carol", amount=120))
    table.do(Bid(player="Alice", amount=130))
    table.do(Bid(player="Carol", amount=150))
    assert "Sold to Carol for $150: Reading Railroad" in table.do(CloseAuction())
    assert table.state.auction is None
    assert table.state.auction_queue == []
    assert table.deed("Mediterranean Avenue").owner == "Alice"
    assert table.deed("Baltic Avenue").owner is None
    assert table.deed("Reading Railroad").owner == "Carol"
    assert not table.deed("Reading Railroad").mortgaged
    assert [table.cash("Alice"), table.cash("Carol")] == [1460, 1350]


def test_the_bankrupts_jail_card_goes_back_to_its_deck(table) -> None:
    _bob_cannot_pay_the_income_tax(table)
    table.do(DeclareBankrupt(player="Bob"))
    for _ in range(3):
        table.do(CloseAuction())
    table.do(DrawCard(player="Carol", card="chance-jail-free", square=7))
    assert table.jail_cards("Carol") == ["chance"]


def test_nothing_is_lifted_in_a_bankruptcy_to_the_bank(table) -> None:
    _bob_cannot_pay_the_income_tax(table)
    table.refuse(
        DeclareBankrupt(player="Bob", lift=["Reading Railroad"]),
        BadInput,
        "every deed is unmortgaged and auctioned",
    )


def test_show_json_lists_the_queue_of_auctions(table) -> None:
    _bob_cannot_pay_the_income_tax(table)
    table.do(DeclareBankrupt(player="Bob"))
    shown = state_json(table.state)
    assert shown["auction"]["lot"] == "Mediterranean Avenue"
    assert shown["auction"]["queue"] == ["Baltic Avenue", "Reading Railroad"]
    assert [p["bankrupt"] for p in shown["players"]] == [False, True, False]


# The last player left.


def test_the_last_player_left_wins(table) -> None:
    """Bob goes bankrupt to Alice, then Carol to the bank: Alice is the last one left. The
    bank keeps Carol's deed, with nobody left to bid against."""
    table.deal("Alice", "Boardwalk")
    table.set_cash("Bob", 0)
    table.do(PayRent(player="Bob", deed="Boardwalk"))
    table.do(DeclareBankrupt(player="Bob"))
    assert table.state.winner is None
    table.deal("Carol", "Mediterranean Avenue")
    table.set_cash("Carol", 0)
    table.do(PayTax(player="Carol", kind="luxury"))
    receipt = table.do(DeclareBankrupt(player="Carol"))
    assert receipt.endswith("Alice is the last player left and wins the game")
    assert table.state.winner == "Alice"
    assert table.state.auction is None
    assert table.deed("Mediterranean Avenue").owner is None
    assert state_json(table.state)["winner"] == "Alice"
    table.refuse(PassGo(player="Alice"), NotAllowed, "The game is over: Alice won", "Only undo")
    table.refuse(StartAuction(lot="Park Place"), NotAllowed, "The game is over")
