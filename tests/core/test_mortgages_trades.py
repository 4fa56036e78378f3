"""Mortgages and trades at the table: values, 10% interest, the fee on a mortgaged deed."""

from __future__ import annotations

import pytest

from banker.core.commands import (
    BuildHouses,
    DrawCard,
    LiftMortgage,
    Mortgage,
    PayRent,
    Trade,
    TradeSide,
)
from banker.core.errors import BadInput, NotAllowed, NotEnoughCash
from tests.core.board import BROWN, DARK_BLUE

# Mortgage values printed on the deeds, and what lifting each costs: the value plus 10%
# rounded up to the whole dollar, (m*11+9)//10.
MORTGAGES = [
    ("Mediterranean Avenue", 30, 33),
    ("Oriental Avenue", 50, 55),
    ("Connecticut Avenue", 60, 66),
    ("St. Charles Place", 70, 77),
    ("Virginia Avenue", 80, 88),
    ("St. James Place", 90, 99),
    ("New York Avenue", 100, 110),
    ("Kentucky Avenue", 110, 121),
    ("Illinois Avenue", 120, 132),
    ("Atlantic Avenue", 130, 143),
    ("Marvin Gardens", 140, 154),
    ("Pacific Avenue", 150, 165),
    ("Pennsylvania Avenue", 160, 176),
    ("Park Place", 175, 193),
    ("Boardwalk", 200, 220),
    ("Reading Railroad", 100, 110),
    ("Electric Company", 75, 83),
    ("Water Works", 75, 83),
]


def bob_buys_alices_mortgaged_boardwalk(table, lift: bool) -> Trade:
    """Alice mortgaged Boardwalk ($200) and sells it to Bob for $100."""
    table.deal("Alice", "Boardwalk")
    table.mortgage("Alice", "Boardwalk")
    assert table.cash("Alice") == 1700
    return Trade(
        player="Alice",
        partner="Bob",
        give=TradeSide(deeds=["Boardwalk"]),
        get=TradeSide(cash=100),
        lift=["Boardwalk"] if lift else [],
    )


# Mortgaging and lifting.


@pytest.mark.parametrize(("deed", "value", "lift"), MORTGAGES, ids=[m[0] for m in MORTGAGES])
def test_the_bank_lends_the_mortgage_value(table, deed: str, value: int, lift: int) -> None:
    table.deal("Alice", deed)
    table.do(Mortgage(player="Alice", deed=deed))
    assert table.cash("Alice") == 1500 + value
    assert table.deed(deed).mortgaged


@pytest.mark.parametrize(("deed", "value", "lift"), MORTGAGES, ids=[m[0] for m in MORTGAGES])
def test_lifting_costs_the_value_plus_ten_percent_rounded_up(
    table, deed: str, value: int, lift: int
) -> None:
    table.deal("Alice", deed)
    table.mortgage("Alice", deed)
    table.set_cash("Alice", 1000)
    table.do(LiftMortgage(player="Alice", deed=deed))
    assert table.cash("Alice") == 1000 - lift
    assert not table.deed(deed).mortgaged


@pytest.mark.parametrize(
    ("deed", "lift"),
    [
        ("Park Place", 192),
        ("Electric Company", 82),
        ("Boardwalk", 220),
        ("Mediterranean Avenue", 33),
    ],
)
def test_lifting_with_interest_rounded_down(table_with, deed: str, lift: int) -> None:
    """m*11//10: $175 -> $192, $75 -> $82; round values are the same either way."""
    table = table_with(rounding="down")
    table.deal("Alice", deed)
    table.mortgage("Alice", deed)
    table.set_cash("Alice", 1000)
    table.do(LiftMortgage(player="Alice", deed=deed))
    assert table.cash("Alice") == 1000 - lift


def test_lifting_may_take_the_last_dollar(table) -> None:
    table.deal("Alice", "Boardwalk")
    table.mortgage("Alice", "Boardwalk")
    table.set_cash("Alice", 220)
    table.do(LiftMortgage(player="Alice", deed="Boardwalk"))
    assert table.cash("Alice") == 0


def test_lifting_beyond_the_cash_is_refused(table) -> None:
    table.deal("Alice", "Boardwalk")
    table.mortgage("Alice", "Boardwalk")
    table.set_cash("Alice", 219)
    table.refuse(
        LiftMortgage(player="Alice", deed="Boardwalk"), NotEnoughCash, "has $219", "needs $220"
    )


def test_no_mortgage_while_the_group_has_buildings(table) -> None:
    """Boardwalk has a house; Park Place is bare but cannot be mortgaged either."""
    table.deal("Alice", *DARK_BLUE)
    table.do(BuildHouses(player="Alice", deed="Boardwalk"))
    table.refuse(
        Mortgage(player="Alice", deed="Park Place"),
        NotAllowed,
        "Park Place cannot be mortgaged",
        "buildings (on Boardwalk)",
        "sell them back",
    )
    table.refuse(Mortgage(player="Alice", deed="Boardwalk"), NotAllowed, "sell them back")


def test_no_mortgage_twice(table) -> None:
    table.deal("Alice", "Boardwalk")
    table.mortgage("Alice", "Boardwalk")
    table.refuse(Mortgage(player="Alice", deed="Boardwalk"), NotAllowed, "already mortgaged")


def test_only_the_owner_mortgages(table) -> None:
    table.deal("Alice", "Boardwalk")
    table.refuse(
        Mortgage(player="Bob", deed="Boardwalk"), NotAllowed, "Bob cannot", "belongs to Alice"
    )
    table.refuse(Mortgage(player="Bob", deed="Park Place"), NotAllowed, "belongs to the bank")


def test_only_a_mortgaged_deed_is_lifted(table) -> None:
    table.deal("Alice", "Boardwalk")
    table.refuse(LiftMortgage(player="Alice", deed="Boardwalk"), NotAllowed, "not mortgaged")


def test_a_lifted_deed_collects_rent_again(table) -> None:
    table.deal("Alice", *BROWN)
    table.mortgage("Alice", "Baltic Avenue")
    table.do(LiftMortgage(player="Alice", deed="Baltic Avenue"))
    table.do(PayRent(player="Bob", deed="Baltic Avenue"))
    assert table.cash("Bob") == 1492


# Trades.


def test_a_deed_for_cash(table) -> None:
    table.deal("Alice", "Boardwalk")
    table.do(
        Trade(
            player="Alice",
            partner="Bob",
            give=TradeSide(deeds=["Boardwalk"]),
            get=TradeSide(cash=500),
        )
    )
    assert table.deed("Boardwalk").owner == "Bob"
    assert table.cash("Alice") == 2000
    assert table.cash("Bob") == 1000


def test_deeds_both_ways_with_cash_on_top(table) -> None:
    """Alice gives Park Place for Bob's Boardwalk and $50: both now hold a whole group."""
    table.deal("Alice", "Park Place", "Baltic Avenue")
    table.deal("Bob", "Boardwalk", "Mediterranean Avenue")
    table.do(
        Trade(
            player="Alice",
            partner="Bob",
            give=TradeSide(deeds=["Baltic Avenue"], cash=50),
            get=TradeSide(deeds=["Boardwalk"]),
        )
    )
    assert [table.deed(d).owner for d in DARK_BLUE] == ["Alice", "Alice"]
    assert [table.deed(d).owner for d in BROWN] == ["Bob", "Bob"]
    assert table.cash("Alice") == 1450
    assert table.cash("Bob") == 1550


def test_a_jail_free_card_sold_for_cash(table) -> None:
    table.do(DrawCard(player="Alice", card="chance-jail-free", square=7))
    table.do(
        Trade(
            player="Alice",
            partner="Bob",
            give=TradeSide(jail_cards=1),
            get=TradeSide(cash=30),
        )
    )
    assert table.jail_cards("Alice") == []
    assert table.jail_cards("Bob") == ["chance"]
    assert table.cash("Alice") == 1530
    assert table.cash("Bob") == 1470


def test_a_jail_free_card_not_held_cannot_be_traded(table) -> None:
    table.refuse(
        Trade(player="Alice", partner="Bob", give=TradeSide(jail_cards=1), get=TradeSide(cash=30)),
        NotAllowed,
        "Alice holds 0 Get Out of Jail Free cards, not 1",
    )


def test_a_mortgaged_deed_traded_costs_the_new_owner_10_percent_at_once(table) -> None:
    """Bob pays Alice $100 and the bank $20 (10% of $200); Boardwalk stays mortgaged."""
    receipt = table.do(bob_buys_alices_mortgaged_boardwalk(table, lift=False))
    assert table.deed("Boardwalk").owner == "Bob"
    assert table.deed("Boardwalk").mortgaged
    assert table.cash("Alice") == 1800
    assert table.cash("Bob") == 1380
    assert "$20 fee" in receipt


def test_lifting_later_costs_the_value_plus_another_10_percent(table) -> None:
    """After the $20 fee, lifting Boardwalk later still costs $220: $240 to the bank in all."""
    table.do(bob_buys_alices_mortgaged_boardwalk(table, lift=False))
    table.do(LiftMortgage(player="Bob", deed="Boardwalk"))
    assert table.cash("Bob") == 1160
    assert not table.deed("Boardwalk").mortgaged


def test_lifting_at_once_in_the_trade_costs_the_value_plus_10_percent_once(table) -> None:
    """The 10% paid at once is the interest: Bob pays Alice $100 and the bank $220."""
    table.do(bob_buys_alices_mortgaged_boardwalk(table, lift=True))
    assert table.deed("Boardwalk").owner == "Bob"
    assert not table.deed("Boardwalk").mortgaged
    assert table.cash("Alice") == 1800
    assert table.cash("Bob") == 1180


def test_the_fee_on_a_mortgaged_deed_rounds_up_with_the_interest(table) -> None:
    """Electric Company's $75: the fee is $8 (7.50 rounded up); lifting at once $83."""
    table.deal("Alice", *["Electric Company", "Water Works"])
    table.mortgage("Alice", "Electric Company", "Water Works")
    table.do(
        Trade(
            player="Bob",
            partner="Alice",
            get=TradeSide(deeds=["Electric Company", "Water Works"]),
            lift=["Water Works"],
        )
    )
    assert table.cash("Bob") == 1500 - 8 - 83
    assert table.deed("Electric Company").mortgaged
    assert not table.deed("Water Works").mortgaged


def test_the_fee_rounded_down(table_with) -> None:
    table = table_with(rounding="down")
    table.deal("Alice", "Park Place")
    table.mortgage("Alice", "Park Place")
    table.do(Trade(player="Alice", partner="Bob", give=TradeSide(deeds=["Park Place"])))
    assert table.cash("Bob") == 1500 - 17


def test_a_new_owner_who_cannot_pay_the_fee_is_refused(table) -> None:
    table.deal("Alice", "Boardwalk")
    table.mortgage("Alice", "Boardwalk")
    table.set_cash("Bob", 19)
    table.refuse(
        Trade(player="Alice", partner="Bob", give=TradeSide(deeds=["Boardwalk"])),
        NotEnoughCash,
        "Bob has $19",
        "needs $20",
        "mortgaged deeds",
    )


def test_only_a_mortgaged_deed_in_the_trade_is_lifted(table) -> None:
    table.deal("Alice", "Boardwalk", "Park Place")
    table.mortgage("Alice", "Park Place")
    table.refuse(
        Trade(
            player="Alice",
            partner="Bob",
            give=TradeSide(deeds=["Boardwalk"]),
            lift=["Boardwalk"],
        ),
        BadInput,
        "Boardwalk is not a mortgaged deed in this trade",
    )
    table.refuse(
        Trade(
            player="Alice",
            partner="Bob",
            give=TradeSide(deeds=["Boardwalk"]),
            lift=["Park Place"],
        ),
        BadInput,
        "Park Place is not a mortgaged deed in this trade",
    )


def test_no_trade_of_a_deed_whose_group_has_buildings(table) -> None:
    """Houses on Boardwalk: not even bare Park Place may change hands."""
    table.deal("Alice", *DARK_BLUE)
    table.do(BuildHouses(player="Alice", deed="Boardwalk"))
    table.refuse(
        Trade(
            player="Alice",
            partner="Bob",
            give=TradeSide(deeds=["Park Place"]),
            get=TradeSide(cash=400),
        ),
        NotAllowed,
        "Park Place cannot be traded",
        "buildings (on Boardwalk)",
        "sell them back",
    )


def test_no_trade_with_oneself(table) -> None:
    table.deal("Alice", "Boardwalk")
    table.refuse(
        Trade(
            player="Alice",
            partner="Alice",
            give=TradeSide(deeds=["Boardwalk"]),
            get=TradeSide(cash=100),
        ),
        NotAllowed,
        "cannot trade with themselves",
    )


def test_cash_beyond_what_the_player_has_is_refused(table) -> None:
    table.deal("Alice", "Boardwalk")
    table.refuse(
        Trade(
            player="Alice",
            partner="Bob",
            give=TradeSide(deeds=["Boardwalk"]),
            get=TradeSide(cash=2000),
        ),
        NotEnoughCash,
        "Bob has $1,500",
        "needs $2,000",
    )


def test_only_the_owner_trades_a_deed(table) -> None:
    table.deal("Carol", "Boardwalk")
    table.refuse(
        Trade(
            player="Alice",
            partner="Bob",
            give=TradeSide(deeds=["Boardwalk"]),
            get=TradeSide(cash=100),
        ),
        NotAllowed,
        "Alice does not own Boardwalk (Carol does)",
    )


def test_an_empty_trade_is_refused(table) -> None:
    table.refuse(Trade(player="Alice", partner="Bob"), BadInput, "nothing on either side")
