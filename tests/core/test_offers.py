"""What applies now, asked of the core: the rule book's numbers for each kind of offer."""

from __future__ import annotations

from collections.abc import Callable

from banker.core.commands import (
    Buy,
    GoToJail,
    LeaveJail,
    Mortgage,
    PassGo,
    PayRent,
    PayTax,
    SetGroupLevels,
    StartAuction,
)
from banker.core.edition import SquareKind
from banker.core.level import HOTEL_CODE, Level
from banker.core.offers.auction import auction_offers, quick_raises, raised_bid
from banker.core.offers.building import building_groups, group_plan, group_plans, levels_now
from banker.core.offers.deed import printed_deed
from banker.core.offers.landing import land_on_deed, land_on_square, utility_rent
from banker.core.offers.raising import raise_rows, raising_moves
from banker.core.offers.trading import mortgage_offers, tradeable_deeds
from banker.core.state import SHARED_FIELDS, Claim, Debt, Estate, GameState, Landing
from banker.core.worth import raisable
from tests.core.board import BROWN, DARK_BLUE, UTILITIES
from tests.core.conftest import Table

# Building.


def test_rent_after_on_a_whole_dark_blue_group_with_no_houses_is_doubled(table: Table) -> None:
    table.deal("Alice", *DARK_BLUE)
    plan = group_plan(table.state, "Alice", "dark_blue", levels_now(table.state, "dark_blue"))
    assert [lot.rent_after for lot in plan.lots] == [70, 100]
    assert not plan.changed


def test_one_house_each_on_dark_blue_costs_400_and_leaves_30_houses(table: Table) -> None:
    table.deal("Alice", *DARK_BLUE)
    one = Level(1)
    plan = group_plan(table.state, "Alice", "dark_blue", [one, one])
    assert plan.refusal is None
    assert plan.cost == 400
    assert (plan.houses_left, plan.hotels_left) == (30, 12)
    assert [lot.rent_after for lot in plan.lots] == [175, 200]
    assert table.cash("Alice") == 1500  # only asked, nothing done


def test_an_uneven_plan_is_refused_with_the_cores_reason(table: Table) -> None:
    table.deal("Alice", *DARK_BLUE)
    plan = group_plan(table.state, "Alice", "dark_blue", [Level(2), Level(0)])
    assert plan.refusal is not None
    assert "evenly" in str(plan.refusal)


def test_every_plan_offered_is_even_and_accepted(table: Table) -> None:
    table.deal("Alice", *BROWN)
    plans = group_plans(table.state, "Alice", "brown")
    assert plans and all(p.refusal is None for p in plans)
    cheapest = min(plans, key=lambda p: p.cost)
    assert cheapest.cost == 50  # one house on one brown lot
    hotels = [p for p in plans if all(lot.after.hotel for lot in p.lots)]
    assert [p.cost for p in hotels] == [500]  # 2 x (4 houses + hotel) at $50


def test_whole_groups_come_first_among_the_building_groups(table: Table) -> None:
    table.deal("Alice", "Park Place", *BROWN)
    assert building_groups(table.state, "Alice") == ["brown", "dark_blue"]


# Raising funds.


def test_the_short_game_sells_one_building_from_a_hotel_lot(
    table_with: Callable[..., Table],
) -> None:
    table = table_with(houses_before_hotel=3)
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 2000)
    table.do(SetGroupLevels(player="Alice", deed="Park Place", levels=[HOTEL_CODE] * 2))
    moves = raising_moves(table.state, "Alice")
    first = moves[0]
    assert str(first.label) == (
        "Sell one building on the Dark blue group (Boardwalk: hotel → 3 houses)"
    )
    assert first.refusal is None
    assert first.brings == 100
    table.do(first.command)
    assert (table.deed("Boardwalk").houses, table.deed("Boardwalk").hotel) == (3, False)
    assert table.deed("Park Place").hotel


def test_raising_moves_sell_before_they_mortgage_and_refuse_a_built_group(table: Table) -> None:
    table.deal("Alice", *BROWN, "Reading Railroad")
    table.build("Alice", BROWN, 1)
    labels = [
        (str(m.label), m.brings, m.refusal is None) for m in raising_moves(table.state, "Alice")
    ]
    assert labels == [
        ("Sell one building on the Brown group (Baltic Avenue: 1 house → no houses)", 25, True),
        ("Sell every building on the Brown group (2)", 50, True),
        ("Mortgage Reading Railroad", 100, True),
        ("Mortgage Mediterranean Avenue", 30, False),
        ("Mortgage Baltic Avenue", 30, False),
    ]


def test_the_raise_rows_add_up_to_what_the_player_could_raise(table: Table) -> None:
    table.deal("Alice", *BROWN, "Reading Railroad")
    table.build("Alice", BROWN, 1)
    rows = raise_rows(table.state, "Alice")
    assert [(str(r.label), r.amount) for r in rows] == [
        ("cash", 1400),
        ("sell the Brown group's 2 buildings, evenly", 50),
        ("mortgage Mediterranean Avenue", 30),
        ("mortgage Baltic Avenue", 30),
        ("mortgage Reading Railroad", 100),
        ("total", 1610),
    ]
    assert rows[-1].amount == raisable(table.state, "Alice").total


# Landing.


def test_a_bank_deed_offers_buy_at_the_printed_price_or_auction(table: Table) -> None:
    found = land_on_deed(table.state, "Alice", "Boardwalk")
    assert [(o.key, o.command, o.amount) for o in found.offers] == [
        ("b", Buy(player="Alice", deed="Boardwalk"), 400),
        ("a", StartAuction(lot="Boardwalk"), None),
    ]


def test_rent_on_a_whole_group_says_why_and_how_much(table: Table) -> None:
    table.deal("Alice", *DARK_BLUE)
    found = land_on_deed(table.state, "Bob", "Boardwalk")
    assert str(found.amount_line) == "Boardwalk, whole colour group owned: 2 x $50 = $100"
    assert [(o.command, o.amount) for o in found.offers] == [
        (PayRent(player="Bob", deed="Boardwalk"), 100)
    ]


def test_a_utility_needs_the_dice_first(table: Table) -> None:
    table.deal("Alice", *UTILITIES)
    found = land_on_deed(table.state, "Bob", "Water Works")
    assert found.needs_dice
    rent = utility_rent(table.state, "Bob", "Water Works", 7)
    assert str(rent.reason) == "Water Works, both utilities owned: 10 x 7 = $70"
    assert rent.refusal is None
    assert utility_rent(table.state, "Bob", "Water Works", 13).reason is None


def test_income_tax_offers_both_options_the_cheaper_first(table: Table) -> None:
    found = land_on_square(table.state, "Alice", SquareKind.INCOME_TAX)
    assert [(o.command, o.amount) for o in found.offers] == [
        (PayTax(player="Alice", kind="income_percent"), 150),
        (PayTax(player="Alice", kind="income_flat"), 200),
    ]


def test_income_tax_offers_the_flat_amount_first_when_it_is_cheaper(table: Table) -> None:
    table.set_cash("Alice", 2500)  # worth $2,500: 10% is $250
    found = land_on_square(table.state, "Alice", SquareKind.INCOME_TAX)
    assert [(o.command, o.amount) for o in found.offers] == [
        (PayTax(player="Alice", kind="income_flat"), 200),
        (PayTax(player="Alice", kind="income_percent"), 250),
    ]


def test_strict_income_tax_hides_the_percentage_until_chosen(
    table_with: Callable[..., Table],
) -> None:
    table = table_with(strict_income_tax=True)
    found = land_on_square(table.state, "Alice", SquareKind.INCOME_TAX)
    assert [o.amount for o in found.offers] == [200, None]
    assert found.breakdown == []


def test_flat_income_tax_offers_only_the_flat_amount(table_with: Callable[..., Table]) -> None:
    table = table_with(income_tax="flat")
    found = land_on_square(table.state, "Alice", SquareKind.INCOME_TAX)
    assert [o.amount for o in found.offers] == [200]


def test_go_jail_and_the_pot(table_with: Callable[..., Table]) -> None:
    table = table_with(free_parking_pot=True, free_parking_seed=500)
    go = land_on_square(table.state, "Alice", SquareKind.GO)
    assert [(o.command, o.amount) for o in go.offers] == [(PassGo(player="Alice"), 200)]
    assert land_on_square(table.state, "Alice", SquareKind.JAIL).offers == []  # visiting
    table.do(GoToJail(player="Alice"))
    jail = land_on_square(table.state, "Alice", SquareKind.JAIL)
    assert [(o.command, o.amount) for o in jail.offers][0] == (
        LeaveJail(player="Alice", method="fine"),
        50,
    )
    assert len(jail.offers) == 1  # no Get Out of Jail Free card held: none offered
    pot = land_on_square(table.state, "Alice", SquareKind.FREE_PARKING)
    assert [o.amount for o in pot.offers] == [500]


def test_each_card_of_the_deck_says_its_money(table: Table) -> None:
    cards = land_on_square(table.state, "Alice", SquareKind.CHEST).cards
    effects = {c.card.text: str(c.effect) for c in cards}
    assert any(e == "collect $200" for e in effects.values())
    assert any(e == "collect $10 from 2 players: $20" for e in effects.values())
    assert all(c.card.deck == "chest" for c in cards)


# Trades, mortgages, auctions, the printed deed.


def test_a_group_with_buildings_cannot_be_traded_and_says_why(table: Table) -> None:
    table.deal("Alice", *BROWN, "Reading Railroad")
    table.build("Alice", BROWN, 1)
    found = {d.deed: d.refusal for d in tradeable_deeds(table.state, "Alice")}
    assert found["Reading Railroad"] is None
    assert "colour group has buildings" in str(found["Baltic Avenue"])


def test_mortgage_offers_pay_the_value_and_lift_at_ten_percent_more(table: Table) -> None:
    table.deal("Alice", "Park Place", "Reading Railroad")
    table.do(Mortgage(player="Alice", deed="Park Place"))
    offers = {o.deed: (o.amount, o.refusal) for o in mortgage_offers(table.state, "Alice")}
    assert offers == {"Park Place": (193, None), "Reading Railroad": (100, None)}


def test_an_auction_says_its_lowest_bid_and_its_bidders(table: Table) -> None:
    table.do(StartAuction(lot="Boardwalk"))
    found = auction_offers(table.state)
    assert found is not None
    assert found.lowest_bid == 1
    assert [b.name for b in found.bidders] == ["Alice", "Bob", "Carol"]
    assert quick_raises(table.state) == [1, 10, 50, 100]
    assert raised_bid(table.state, 10) == 10


def test_the_printed_deed_reads_the_rent_table(table: Table) -> None:
    card = printed_deed(table.state, "Boardwalk")
    assert [(str(line.label), str(line.amount)) for line in card.lines] == [
        ("Printed price", "$400"),
        ("Rent", "$50"),
        ("whole colour group", "$100"),
        ("with 1 house", "$200"),
        ("with 2 houses", "$600"),
        ("with 3 houses", "$1,400"),
        ("with 4 houses", "$1,700"),
        ("with a hotel", "$2,000"),
        ("Houses and hotel", "$200 each"),
        ("Mortgage value", "$200"),
    ]


# The state itself.


def test_a_clone_shares_only_the_edition_and_the_rules(table: Table) -> None:
    table.deal("Alice", *BROWN)
    table.do(StartAuction(lot="Boardwalk"))
    state = table.state
    copy = state.clone()
    assert copy == state
    for name in GameState.field_names():
        mine, theirs = getattr(state, name), getattr(copy, name)
        if name in SHARED_FIELDS:
            assert mine is theirs
        elif not isinstance(mine, (str, int, bool, type(None))):
            assert mine is not theirs, f"{name} is shared between a state and its clone"
    copy.deeds["Baltic Avenue"].houses = 1
    copy.players[0].jail_cards.append("chance")  # type: ignore[arg-type]
    assert copy.auction is not None
    copy.auction.bidders.clear()
    assert state.deeds["Baltic Avenue"].houses == 0
    assert state.players[0].jail_cards == []
    assert state.auction is not None and state.auction.bidders


def _shared(a: object, b: object, where: str) -> list[str]:
    """Where two values hold the very same list, table or record."""
    if isinstance(a, (str, int, float, bool, type(None))):
        return []
    found = [where] if a is b else []
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found += _shared(x, y, f"{where}[{i}]")
    elif isinstance(a, dict) and isinstance(b, dict):
        for k in a:
            found += _shared(a[k], b[k], f"{where}[{k!r}]")
    elif hasattr(a, "__struct_fields__"):
        for name in a.__struct_fields__:
            found += _shared(getattr(a, name), getattr(b, name), f"{where}.{name}")
    return found


def test_a_clone_shares_nothing_that_can_change_in_every_field_filled(table: Table) -> None:
    """Every field that can hold something, holding it: debts with their reason's words,
    an estate with its claims, the landing, the jail and the links; nothing of the copy,
    however deep, is the original's own (but the edition and the rules)."""
    table.deal("Alice", *BROWN)
    table.do(StartAuction(lot="Boardwalk"))
    state = table.state.replace(
        debts=[
            Debt(
                debtor="Bob",
                creditor="Alice",
                amount=50,
                reason="rent",
                why={"t": "rent {x}", "p": {"x": {"t": "y", "p": {}}}, "l": [1, [2]]},
            )
        ],
        estate=Estate(
            debtor="Carol", pool=10, claims=[Claim(creditor=None, amount=5)], deeds=["Park Place"]
        ),
        landing=Landing(player="Bob", square=3, by="dice", dice=7),
        auction_queue=["Park Place"],
        bankruptcies=["Carol"],
        positions={"Bob": 3},
        jail={"Alice": 1},
        links={"Bob": 2},
    )
    copy = state.clone()
    assert copy == state
    shared = [
        where
        for name in GameState.field_names()
        if name not in SHARED_FIELDS
        for where in _shared(getattr(state, name), getattr(copy, name), name)
    ]
    assert shared == []
