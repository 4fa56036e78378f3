"""Money across the table: GO, buying, paying, taxes, jail, Free Parking and every card."""

from __future__ import annotations

import pytest

from banker.core.commands import (
    BuildHotel,
    Buy,
    Collect,
    DrawCard,
    GoToJail,
    LeaveJail,
    PassGo,
    Pay,
    PayTax,
    TakeParking,
)
from banker.core.errors import BadInput, NotAllowed, NotEnoughCash, UnknownName
from banker.core.worth import Worth, worth
from tests.core.board import BROWN, DARK_BLUE, LIGHT_BLUE, RAILROADS, UTILITIES
from tests.core.conftest import drawn_at

# The table before the first roll.


def test_everyone_starts_with_1500_and_the_bank_with_32_houses_and_12_hotels(table) -> None:
    assert [table.cash(p) for p in ("Alice", "Bob", "Carol")] == [1500, 1500, 1500]
    assert table.houses_left == 32
    assert table.hotels_left == 12
    assert all(table.deed(name).owner is None for name in DARK_BLUE + RAILROADS + UTILITIES)


# GO.


def test_passing_go_pays_the_200_salary(table) -> None:
    receipt = table.do(PassGo(player="Alice"))
    assert table.cash("Alice") == 1700
    assert "$200" in receipt


def test_every_lap_pays_again(table) -> None:
    table.do(PassGo(player="Alice"))
    table.do(PassGo(player="Alice"))
    assert table.cash("Alice") == 1900


# Buying deeds.


@pytest.mark.parametrize(
    ("deed", "price"),
    [
        ("Mediterranean Avenue", 60),
        ("Connecticut Avenue", 120),
        ("Virginia Avenue", 160),
        ("New York Avenue", 200),
        ("Illinois Avenue", 240),
        ("Marvin Gardens", 280),
        ("Pennsylvania Avenue", 320),
        ("Park Place", 350),
        ("Boardwalk", 400),
        ("Reading Railroad", 200),
        ("Water Works", 150),
    ],
)
def test_a_deed_sells_at_its_printed_price(table, deed: str, price: int) -> None:
    table.do(Buy(player="Alice", deed=deed))
    assert table.cash("Alice") == 1500 - price
    assert table.deed(deed).owner == "Alice"


def test_a_deed_someone_owns_is_not_for_sale(table) -> None:
    table.do(Buy(player="Alice", deed="Boardwalk"))
    table.refuse(Buy(player="Bob", deed="Boardwalk"), NotAllowed, "not for sale", "Alice owns it")


def test_a_deed_beyond_the_buyers_cash_is_refused(table) -> None:
    table.set_cash("Bob", 399)
    table.refuse(Buy(player="Bob", deed="Boardwalk"), NotEnoughCash, "Bob has $399", "needs $400")


def test_a_deed_for_exactly_all_the_cash(table) -> None:
    table.set_cash("Bob", 400)
    table.do(Buy(player="Bob", deed="Boardwalk"))
    assert table.cash("Bob") == 0


def test_a_deed_not_on_the_board_is_refused(table) -> None:
    table.refuse(Buy(player="Alice", deed="Broadway"), UnknownName, "no deed called 'Broadway'")


def test_a_player_not_at_the_table_is_refused(table) -> None:
    table.refuse(
        Buy(player="Dave", deed="Boardwalk"),
        UnknownName,
        "no player called 'Dave'",
        "Alice, Bob, Carol",
    )


# Paying and collecting.


def test_paying_the_bank(table) -> None:
    table.do(Pay(player="Alice", amount=120))
    assert table.cash("Alice") == 1380


def test_paying_another_player(table) -> None:
    table.do(Pay(player="Alice", amount=75, to="Bob"))
    assert table.cash("Alice") == 1425
    assert table.cash("Bob") == 1575


def test_collecting_from_the_bank(table) -> None:
    table.do(Collect(player="Carol", amount=150))
    assert table.cash("Carol") == 1650


def test_nobody_pays_themselves(table) -> None:
    table.refuse(Pay(player="Alice", amount=10, to="Alice"), NotAllowed, "cannot pay themselves")


@pytest.mark.parametrize("amount", [0, -5])
def test_an_amount_must_be_above_zero(table, amount: int) -> None:
    table.refuse(Pay(player="Alice", amount=amount), BadInput, "above zero")
    table.refuse(Collect(player="Alice", amount=amount), BadInput, "above zero")


def test_paying_more_than_the_cash_is_owed_as_a_debt(table) -> None:
    """`pay` is an obligation typed by hand: beyond the cash it is owed in full, no cash
    moving (RULES.md, "Debts")."""
    said = table.do(Pay(player="Alice", amount=1501, to="Bob"))
    assert "Alice owes Bob $1,501" in said
    assert "Alice has only $1,500: the whole $1,501 is owed as a debt ($1 missing)" in said
    assert (table.cash("Alice"), table.cash("Bob")) == (1500, 1500)
    said = table.do(Pay(player="Carol", amount=1501))
    assert "Carol owes the bank $1,501" in said
    assert [(d.debtor, d.creditor, d.amount) for d in table.state.debts] == [
        ("Alice", "Bob", 1501),
        ("Carol", None, 1501),
    ]


# Taxes.


def _alice_with_a_hotel_a_street_and_a_mortgaged_railroad(table) -> None:
    """Alice: $1,000 cash; Park Place with 4 houses, Boardwalk with a hotel, Reading
    Railroad mortgaged."""
    table.deal("Alice", *DARK_BLUE, "Reading Railroad")
    table.set_cash("Alice", 5000)
    table.build("Alice", DARK_BLUE, 4)
    table.do(BuildHotel(player="Alice", deed="Boardwalk"))
    table.mortgage("Alice", "Reading Railroad")
    table.set_cash("Alice", 1000)


def test_total_worth_counts_cash_printed_prices_and_buildings_at_cost(table) -> None:
    """$1,000 cash + deeds $350 + $400 + $200 (the mortgaged railroad at its full price)
    + Park Place's 4 houses at $200 + Boardwalk's hotel as 5 houses at $200 = $3,750."""
    _alice_with_a_hotel_a_street_and_a_mortgaged_railroad(table)
    assert worth(table.state, "Alice") == Worth(cash=1000, deeds=950, buildings=1800)
    assert worth(table.state, "Alice").total == 3750


def test_income_tax_as_ten_percent_of_worth(table) -> None:
    _alice_with_a_hotel_a_street_and_a_mortgaged_railroad(table)
    receipt = table.do(PayTax(player="Alice", kind="income_percent"))
    assert table.cash("Alice") == 625
    assert "$375" in receipt


def test_income_tax_as_the_flat_200(table) -> None:
    _alice_with_a_hotel_a_street_and_a_mortgaged_railroad(table)
    table.do(PayTax(player="Alice", kind="income_flat"))
    assert table.cash("Alice") == 800


def test_ten_percent_of_a_bare_1500(table) -> None:
    table.do(PayTax(player="Bob", kind="income_percent"))
    assert table.cash("Bob") == 1350


def test_flat_only_income_tax_refuses_the_percentage(table_with) -> None:
    table = table_with(income_tax="flat")
    table.refuse(PayTax(player="Alice", kind="income_percent"), NotAllowed, "flat only", "$200")
    table.do(PayTax(player="Alice", kind="income_flat"))
    assert table.cash("Alice") == 1300


def debts(table) -> list[tuple[str, str | None, int, str]]:
    """Every debt on the table as (debtor, creditor, amount, reason); None is the bank."""
    return [(d.debtor, d.creditor, d.amount, d.reason) for d in table.state.debts]


def test_income_tax_beyond_the_cash_is_owed_in_full(table) -> None:
    """Alice has $150 and the flat tax is $200: she owes the bank all $200, $50 missing,
    and keeps her $150 until she settles."""
    table.set_cash("Alice", 150)
    receipt = table.do(PayTax(player="Alice", kind="income_flat"))
    assert debts(table) == [("Alice", None, 200, "income tax")]
    assert table.cash("Alice") == 150
    assert table.state.bank.issued == 150 + 1500 + 1500
    assert "owes $200 income tax" in receipt
    assert "$50 missing" in receipt


def test_income_tax_as_a_percentage_beyond_the_cash_is_owed(table) -> None:
    """Alice: $20 cash and Boardwalk ($400): worth $420, 10% is $42, $22 missing."""
    table.deal("Alice", "Boardwalk")
    table.set_cash("Alice", 20)
    receipt = table.do(PayTax(player="Alice", kind="income_percent"))
    assert debts(table) == [("Alice", None, 42, "income tax")]
    assert table.cash("Alice") == 20
    assert "$22 missing" in receipt


def test_luxury_tax_beyond_the_cash_is_owed(table) -> None:
    table.set_cash("Carol", 99)
    receipt = table.do(PayTax(player="Carol", kind="luxury"))
    assert debts(table) == [("Carol", None, 100, "Luxury Tax")]
    assert table.cash("Carol") == 99
    assert "$1 missing" in receipt


def test_luxury_tax_is_100(table) -> None:
    table.do(PayTax(player="Carol", kind="luxury"))
    assert table.cash("Carol") == 1400


# Jail.


def test_the_jail_fine_is_50(table) -> None:
    table.do(GoToJail(player="Bob"))
    table.do(LeaveJail(player="Bob", method="fine"))
    assert table.cash("Bob") == 1450


def test_the_jail_fine_beyond_the_cash_is_owed(table) -> None:
    table.set_cash("Bob", 49)
    table.do(GoToJail(player="Bob"))
    receipt = table.do(LeaveJail(player="Bob", method="fine"))
    assert debts(table) == [("Bob", None, 50, "the jail fine")]
    assert table.cash("Bob") == 49
    assert "Bob has only $49: the whole $50 is owed as a debt ($1 missing)" in receipt


def test_no_card_no_free_exit(table) -> None:
    table.do(GoToJail(player="Bob"))
    table.refuse(
        LeaveJail(player="Bob", method="card"),
        NotAllowed,
        "holds no Get Out of Jail Free card",
        "$50 fine",
    )


# Free Parking.


def test_without_the_pot_taxes_and_fines_go_to_the_bank(table) -> None:
    table.do(PayTax(player="Alice", kind="luxury"))
    table.do(GoToJail(player="Bob"))
    table.do(LeaveJail(player="Bob", method="fine"))
    assert table.pot == 0
    table.refuse(TakeParking(player="Carol"), NotAllowed, "no Free Parking pot")


def test_the_pot_collects_taxes_and_fines(table_with) -> None:
    table = table_with(free_parking_pot=True)
    assert table.pot == 0
    table.do(PayTax(player="Alice", kind="income_flat"))
    table.do(PayTax(player="Bob", kind="luxury"))
    table.do(GoToJail(player="Carol"))
    table.do(LeaveJail(player="Carol", method="fine"))
    assert table.pot == 350
    table.do(TakeParking(player="Carol"))
    assert table.cash("Carol") == 1800
    assert table.pot == 0


def test_rent_and_purchases_stay_out_of_the_pot(table_with) -> None:
    table = table_with(free_parking_pot=True)
    table.do(Buy(player="Alice", deed="Boardwalk"))
    table.do(Pay(player="Bob", amount=50, to="Alice"))
    assert table.pot == 0


def test_a_seeded_pot_is_seeded_again_after_it_is_taken(table_with) -> None:
    table = table_with(free_parking_pot=True, free_parking_seed=500)
    assert table.pot == 500
    table.do(PayTax(player="Alice", kind="luxury"))
    assert table.pot == 600
    receipt = table.do(TakeParking(player="Bob"))
    assert table.cash("Bob") == 2100
    assert table.pot == 500
    assert "$600" in receipt


def test_a_seed_without_the_pot_puts_nothing_in_the_middle(table_with) -> None:
    table = table_with(free_parking_pot=False, free_parking_seed=500)
    assert table.pot == 0


# Cards that collect and pay.


@pytest.mark.parametrize(
    ("card", "amount"),
    [
        ("chance-dividend", 50),
        ("chance-building-loan", 150),
        ("chest-bank-error", 200),
        ("chest-stock", 50),
        ("chest-holiday", 100),
        ("chest-tax-refund", 20),
        ("chest-life-insurance", 100),
        ("chest-consultancy", 25),
        ("chest-beauty", 10),
        ("chest-inheritance", 100),
    ],
)
def test_cards_that_collect_from_the_bank(table, card: str, amount: int) -> None:
    table.do(DrawCard(player="Alice", card=card, square=drawn_at(card)))
    assert table.cash("Alice") == 1500 + amount


@pytest.mark.parametrize(
    ("card", "amount"),
    [
        ("chance-speeding", 15),
        ("chest-doctor", 50),
        ("chest-hospital", 100),
        ("chest-school", 50),
    ],
)
def test_cards_that_pay_the_bank(table, card: str, amount: int) -> None:
    table.do(DrawCard(player="Alice", card=card, square=drawn_at(card)))
    assert table.cash("Alice") == 1500 - amount


def test_a_card_fine_beyond_the_cash_is_owed(table) -> None:
    table.set_cash("Alice", 99)
    receipt = table.do(DrawCard(player="Alice", card="chest-hospital", square=2))
    assert debts(table) == [("Alice", None, 100, "Pay hospital fees of $100")]
    assert table.cash("Alice") == 99
    assert "owes $100" in receipt
    assert "$1 missing" in receipt


def test_repairs_beyond_the_cash_are_owed(table) -> None:
    """6 houses x $40 + 1 hotel x $115 = $355, with $300 in cash: $55 missing."""
    _alice_builds_six_houses_and_a_hotel(table)
    table.set_cash("Alice", 300)
    receipt = table.do(DrawCard(player="Alice", card="chest-repairs", square=2))
    assert [(d, c, a) for d, c, a, _ in debts(table)] == [("Alice", None, 355)]
    assert table.cash("Alice") == 300
    assert "$55 missing" in receipt


def test_nearest_railroad_rent_beyond_the_cash_is_owed_to_the_owner(table) -> None:
    """Bob owns all four railroads: twice $200 is $400; Alice has $150."""
    table.deal("Bob", *RAILROADS)
    table.set_cash("Alice", 150)
    receipt = table.do(
        DrawCard(player="Alice", card="chance-railroad-2", deed="B&O Railroad", square=22)
    )
    assert debts(table) == [("Alice", "Bob", 400, "card rent for B&O Railroad")]
    assert [table.cash("Alice"), table.cash("Bob")] == [150, 1500]
    assert "$250 missing" in receipt


def test_a_card_salary_is_paid_even_when_the_card_rent_is_owed(table) -> None:
    """Alice has $0 and passes GO on the way: the $200 salary comes first, so she pays
    Bob 2 x $25 at once and owes nothing."""
    table.deal("Bob", "Reading Railroad")
    table.set_cash("Alice", 0)
    table.do(
        DrawCard(
            player="Alice",
            card="chance-railroad-1",
            deed="Reading Railroad",
            passed_go=True,
            square=36,
        )
    )
    assert debts(table) == []
    assert [table.cash("Alice"), table.cash("Bob")] == [150, 1550]


@pytest.mark.parametrize("card", ["chance-back-3", "chance-jail", "chest-jail"])
def test_cards_without_money(table, card: str) -> None:
    table.do(DrawCard(player="Alice", card=card, square=drawn_at(card)))
    assert table.cash("Alice") == 1500


def test_a_card_not_in_the_decks_is_refused(table) -> None:
    table.refuse(DrawCard(player="Alice", card="chance-lottery", square=7), UnknownName, "no card")


# Street repairs, counted from the buildings.


def _alice_builds_six_houses_and_a_hotel(table) -> None:
    """Alice: 1 house on each brown, 4 on Park Place, a hotel on Boardwalk; Bob has houses on
    the light blues, which are not Alice's to repair."""
    table.deal("Alice", *BROWN, *DARK_BLUE)
    table.set_cash("Alice", 5000)
    table.build("Alice", BROWN, 1)
    table.build("Alice", DARK_BLUE, 4)
    table.do(BuildHotel(player="Alice", deed="Boardwalk"))
    table.deal("Bob", *LIGHT_BLUE)
    table.build("Bob", LIGHT_BLUE, 2)
    table.set_cash("Alice", 1000)


def test_chance_general_repairs_25_a_house_100_a_hotel(table) -> None:
    """6 houses x $25 + 1 hotel x $100 = $250."""
    _alice_builds_six_houses_and_a_hotel(table)
    receipt = table.do(DrawCard(player="Alice", card="chance-repairs", square=7))
    assert table.cash("Alice") == 750
    assert "6 houses and 1 hotel" in receipt


def test_chest_street_repairs_40_a_house_115_a_hotel(table) -> None:
    """6 houses x $40 + 1 hotel x $115 = $355."""
    _alice_builds_six_houses_and_a_hotel(table)
    table.do(DrawCard(player="Alice", card="chest-repairs", square=2))
    assert table.cash("Alice") == 645


def test_repairs_without_buildings_cost_nothing(table) -> None:
    table.deal("Bob", *LIGHT_BLUE)
    table.build("Bob", LIGHT_BLUE, 1)
    table.do(DrawCard(player="Alice", card="chance-repairs", square=7))
    assert table.cash("Alice") == 1500


# Cards between players.


def test_chairman_of_the_board_pays_each_player_50(table) -> None:
    table.do(DrawCard(player="Alice", card="chance-chairman", square=7))
    assert [table.cash(p) for p in ("Alice", "Bob", "Carol")] == [1400, 1550, 1550]


def test_chairman_beyond_the_cash_is_owed_to_each_player_and_no_cash_moves(table) -> None:
    """Alice has $99 and owes $50 to Bob and $50 to Carol: the card costs more than her cash,
    so the issue's rule applies: owed in full, and no cash moves until she settles."""
    table.set_cash("Alice", 99)
    text = "You have been elected Chairman of the Board. Pay each player $50"
    receipt = table.do(DrawCard(player="Alice", card="chance-chairman", square=7))
    assert "Alice has only $99" in receipt
    assert debts(table) == [("Alice", "Bob", 50, text), ("Alice", "Carol", 50, text)]
    assert [table.cash(p) for p in ("Alice", "Bob", "Carol")] == [99, 1500, 1500]


def test_birthday_collects_10_from_each_player(table) -> None:
    table.do(DrawCard(player="Alice", card="chest-birthday", square=2))
    assert [table.cash(p) for p in ("Alice", "Bob", "Carol")] == [1520, 1490, 1490]


def test_birthday_from_a_player_without_the_cash_is_owed(table) -> None:
    """Bob pays his $10; Carol has $9 and owes Alice $10."""
    table.set_cash("Carol", 9)
    receipt = table.do(DrawCard(player="Alice", card="chest-birthday", square=2))
    assert debts(table) == [
        ("Carol", "Alice", 10, "It is your birthday. Collect $10 from every player")
    ]
    assert [table.cash(p) for p in ("Alice", "Bob", "Carol")] == [1510, 1490, 9]
    assert "Carol could not pay and owes it" in receipt


# Cards that move the token.


def test_advance_to_go_pays_the_salary(table) -> None:
    table.do(DrawCard(player="Alice", card="chance-go", square=7))
    table.do(DrawCard(player="Bob", card="chest-go", square=2))
    assert table.cash("Alice") == 1700
    assert table.cash("Bob") == 1700


def test_a_card_to_go_after_passing_go_pays_again(table) -> None:
    table.do(PassGo(player="Alice"))
    table.do(DrawCard(player="Alice", card="chance-go", square=7))
    assert table.cash("Alice") == 1900


def test_advance_to_go_pays_once_for_reaching_go(table) -> None:
    table.do(DrawCard(player="Alice", card="chance-go", passed_go=True, square=36))
    assert table.cash("Alice") == 1700


@pytest.mark.parametrize("card", ["chance-boardwalk", "chance-illinois", "chance-st-charles"])
def test_advance_without_passing_go_pays_nothing(table, card: str) -> None:
    table.do(DrawCard(player="Alice", card=card, square=drawn_at(card)))
    assert table.cash("Alice") == 1500


@pytest.mark.parametrize("card", ["chance-illinois", "chance-st-charles", "chance-reading"])
def test_advance_past_go_pays_the_salary(table, card: str) -> None:
    receipt = table.do(
        DrawCard(player="Alice", card=card, passed_go=True, square=drawn_at(card, True))
    )
    assert table.cash("Alice") == 1700
    assert "$200 salary" in receipt


def test_a_card_that_does_not_move_cannot_pass_go(table) -> None:
    table.refuse(
        DrawCard(player="Alice", card="chance-dividend", passed_go=True, square=36),
        BadInput,
        "does not move the token past GO",
    )


@pytest.mark.parametrize(
    ("owned", "rent"), [(1, 50), (2, 100), (3, 200), (4, 400)], ids=["1", "2", "3", "4"]
)
@pytest.mark.parametrize("card", ["chance-railroad-1", "chance-railroad-2"])
def test_nearest_railroad_pays_twice_the_rent(table, card: str, owned: int, rent: int) -> None:
    """From Chance at 7 the nearest railroad is Pennsylvania Railroad, GO not passed."""
    table.deal("Bob", *(RAILROADS[1:] + RAILROADS[:1])[:owned])
    table.do(DrawCard(player="Alice", card=card, deed="Pennsylvania Railroad", square=7))
    assert table.cash("Alice") == 1500 - rent
    assert table.cash("Bob") == 1500 + rent


def test_nearest_railroad_past_go(table) -> None:
    """Bob owns two railroads: Alice collects $200 passing GO and pays Bob 2 x $50."""
    table.deal("Bob", "Reading Railroad", "Short Line")
    table.do(
        DrawCard(
            player="Alice",
            card="chance-railroad-1",
            deed="Reading Railroad",
            passed_go=True,
            square=36,
        )
    )
    assert table.cash("Alice") == 1600
    assert table.cash("Bob") == 1600


def test_nearest_railroad_with_the_bank_or_own_or_mortgaged_costs_nothing(table) -> None:
    table.deal("Alice", "Pennsylvania Railroad")
    table.deal("Bob", "B&O Railroad")
    table.mortgage("Bob", "B&O Railroad")
    for deed, square in (("Pennsylvania Railroad", 7), ("B&O Railroad", 22)):
        table.do(DrawCard(player="Alice", card="chance-railroad-1", deed=deed, square=square))
    assert table.cash("Alice") == 1500
    table.do(DrawCard(player="Alice", card="chance-railroad-1", deed="Reading Railroad", square=36))
    assert table.cash("Alice") == 1700  # the bank's, reached from 36 past GO: the salary


def test_nearest_railroad_must_name_a_railroad(table) -> None:
    table.refuse(
        DrawCard(player="Alice", card="chance-railroad-1", deed="Water Works", square=22),
        BadInput,
        "Water Works is not one",
        "railroad",
    )


@pytest.mark.parametrize(
    ("owned", "dice", "rent"),
    [(1, 7, 70), (1, 2, 20), (2, 12, 120)],
    ids=["one-owned-7", "one-owned-2", "both-owned-12"],
)
def test_nearest_utility_pays_ten_times_the_dice(table, owned: int, dice: int, rent: int) -> None:
    table.deal("Bob", *UTILITIES[:owned])
    table.do(
        DrawCard(
            player="Alice", card="chance-utility", deed="Electric Company", dice=dice, square=7
        )
    )
    assert table.cash("Alice") == 1500 - rent
    assert table.cash("Bob") == 1500 + rent


def test_nearest_utility_owned_needs_the_dice(table) -> None:
    table.deal("Bob", "Electric Company")
    table.refuse(
        DrawCard(player="Alice", card="chance-utility", deed="Electric Company", square=7),
        BadInput,
        "dice total",
    )


def test_nearest_utility_with_impossible_dice_is_refused(table) -> None:
    table.deal("Bob", "Electric Company")
    table.refuse(
        DrawCard(player="Alice", card="chance-utility", deed="Electric Company", dice=13, square=7),
        BadInput,
        "2 to 12",
    )


def test_dice_belong_only_to_the_nearest_utility_card(table) -> None:
    table.refuse(
        DrawCard(player="Alice", card="chance-dividend", dice=7, square=7),
        BadInput,
        "Only the nearest-utility card takes dice",
    )


def test_a_deed_belongs_only_to_the_nearest_cards(table) -> None:
    table.refuse(
        DrawCard(player="Alice", card="chance-boardwalk", deed="Boardwalk", square=7),
        BadInput,
        "Only a nearest-railroad or nearest-utility card takes a deed",
    )


# Get Out of Jail Free.


def test_a_jail_free_card_is_held(table) -> None:
    table.do(DrawCard(player="Alice", card="chance-jail-free", square=7))
    assert table.jail_cards("Alice") == ["chance"]
    assert table.cash("Alice") == 1500


def test_one_player_may_hold_both_jail_free_cards(table) -> None:
    table.do(DrawCard(player="Alice", card="chance-jail-free", square=7))
    table.do(DrawCard(player="Alice", card="chest-jail-free", square=2))
    assert sorted(table.jail_cards("Alice")) == ["chance", "chest"]


def test_a_held_jail_free_card_is_not_in_the_deck(table) -> None:
    table.do(DrawCard(player="Alice", card="chance-jail-free", square=7))
    table.refuse(
        DrawCard(player="Bob", card="chance-jail-free", square=7),
        NotAllowed,
        "Alice already holds the Chance Get Out of Jail Free card",
    )


def test_a_used_jail_free_card_goes_back_to_its_deck(table) -> None:
    table.do(DrawCard(player="Alice", card="chest-jail-free", square=2))
    table.do(GoToJail(player="Alice"))
    receipt = table.do(LeaveJail(player="Alice", method="card"))
    assert table.jail_cards("Alice") == []
    assert table.cash("Alice") == 1500
    assert "Community Chest" in receipt
    table.do(DrawCard(player="Bob", card="chest-jail-free", square=2))
    assert table.jail_cards("Bob") == ["chest"]
