"""Houses and hotels at the table: whole groups, even building, the bank's 32 and 12."""

from __future__ import annotations

import pytest

from banker.core.commands import (
    BuildHotel,
    BuildHouses,
    Mortgage,
    SellHotel,
    SellHouses,
    SetGroupLevels,
)
from banker.core.errors import (
    BadInput,
    HouseShortage,
    MortgagedGroup,
    NotAllowed,
    NotEnoughCash,
    UnevenBuilding,
)
from tests.core.board import BROWN, DARK_BLUE, GREEN, HOTEL, LIGHT_BLUE, ORANGE, PINK, RED, YELLOW

# Each group with the price of a house (and of a hotel) printed on its deeds.
HOUSE_COSTS = [
    ("brown", BROWN, 50),
    ("light blue", LIGHT_BLUE, 50),
    ("pink", PINK, 100),
    ("orange", ORANGE, 100),
    ("red", RED, 150),
    ("yellow", YELLOW, 150),
    ("green", GREEN, 200),
    ("dark blue", DARK_BLUE, 200),
]
# What the bank pays back for one house of each group: half its cost.
REFUNDS = [
    ("brown", BROWN, 25),
    ("light blue", LIGHT_BLUE, 25),
    ("pink", PINK, 50),
    ("orange", ORANGE, 50),
    ("red", RED, 75),
    ("yellow", YELLOW, 75),
    ("green", GREEN, 100),
    ("dark blue", DARK_BLUE, 100),
]


def levels(table, lots: list[str]) -> list[int | str]:
    """What stands on each lot: a house count, or 'hotel'."""
    return ["hotel" if table.deed(lot).hotel else table.deed(lot).houses for lot in lots]


# Who may build.


def test_houses_need_the_whole_colour_group(table) -> None:
    """Alice owns Boardwalk, Bob owns Park Place: nobody builds on the dark blues."""
    table.deal("Alice", "Boardwalk")
    table.deal("Bob", "Park Place")
    table.refuse(
        BuildHouses(player="Alice", deed="Boardwalk"),
        NotAllowed,
        "does not own the whole Dark blue group",
        "Park Place missing",
    )


def test_a_lot_still_with_the_bank_also_blocks_building(table) -> None:
    table.deal("Alice", "Oriental Avenue", "Vermont Avenue")
    table.refuse(
        BuildHouses(player="Alice", deed="Vermont Avenue"),
        NotAllowed,
        "does not own the whole Light blue group",
        "Connecticut Avenue missing",
    )


def test_no_houses_while_a_lot_of_the_group_is_mortgaged(table) -> None:
    table.deal("Alice", *DARK_BLUE)
    table.mortgage("Alice", "Park Place")
    table.refuse(
        BuildHouses(player="Alice", deed="Boardwalk"),
        MortgagedGroup,
        "Park Place is mortgaged",
        "lift the mortgage",
    )


def test_no_hotel_without_the_whole_group(table) -> None:
    table.deal("Alice", "Boardwalk")
    table.refuse(
        BuildHotel(player="Alice", deed="Boardwalk"),
        NotAllowed,
        "does not own the whole Dark blue group",
    )


@pytest.mark.parametrize("deed", ["Reading Railroad", "Electric Company"])
def test_railroads_and_utilities_are_never_built_on(table, deed: str) -> None:
    table.deal("Alice", deed)
    table.refuse(BuildHouses(player="Alice", deed=deed), NotAllowed, "only streets")
    table.refuse(BuildHotel(player="Alice", deed=deed), NotAllowed, "only streets")


def test_nobody_builds_on_another_players_street(table) -> None:
    table.deal("Alice", *DARK_BLUE)
    table.refuse(
        BuildHouses(player="Bob", deed="Boardwalk"), NotAllowed, "Bob cannot", "belongs to Alice"
    )


def test_building_no_house_is_refused(table) -> None:
    table.deal("Alice", *DARK_BLUE)
    table.refuse(
        BuildHouses(player="Alice", deed="Boardwalk", count=0), BadInput, "at least one house"
    )


# Buying houses and hotels.


@pytest.mark.parametrize(("group", "lots", "cost"), HOUSE_COSTS, ids=[g for g, _, _ in HOUSE_COSTS])
def test_a_house_costs_the_price_on_the_deed(table, group: str, lots: list[str], cost: int) -> None:
    table.deal("Alice", *lots)
    table.do(BuildHouses(player="Alice", deed=lots[0]))
    assert table.cash("Alice") == 1500 - cost
    assert table.deed(lots[0]).houses == 1
    assert table.houses_left == 31


def test_building_evenly_round_the_group(table) -> None:
    table.deal("Alice", *LIGHT_BLUE)
    for lot in LIGHT_BLUE + LIGHT_BLUE:
        table.do(BuildHouses(player="Alice", deed=lot))
    table.do(BuildHouses(player="Alice", deed="Oriental Avenue"))
    assert levels(table, LIGHT_BLUE) == [3, 2, 2]
    assert table.cash("Alice") == 1500 - 7 * 50
    assert table.houses_left == 25


def test_a_second_house_before_the_group_has_one_is_uneven(table) -> None:
    table.deal("Alice", *DARK_BLUE)
    table.do(BuildHouses(player="Alice", deed="Boardwalk"))
    table.refuse(
        BuildHouses(player="Alice", deed="Boardwalk"),
        UnevenBuilding,
        "Build evenly",
        "Boardwalk would have 2 houses",
        "Park Place 0 houses",
    )


def test_two_houses_at_once_on_one_lot_is_uneven(table) -> None:
    table.deal("Alice", *BROWN)
    table.refuse(
        BuildHouses(player="Alice", deed="Baltic Avenue", count=2),
        UnevenBuilding,
        "Build evenly",
        "Mediterranean Avenue 0 houses",
    )


def test_several_houses_at_once_when_even(table) -> None:
    table.deal("Alice", *BROWN)
    table.do(BuildHouses(player="Alice", deed="Mediterranean Avenue", count=1))
    table.do(BuildHouses(player="Alice", deed="Baltic Avenue", count=2))
    assert levels(table, BROWN) == [1, 2]
    assert table.cash("Alice") == 1500 - 150


def test_four_houses_is_the_most_a_lot_takes(table) -> None:
    table.deal("Alice", *BROWN)
    table.build("Alice", BROWN, 4)
    table.refuse(
        BuildHouses(player="Alice", deed="Baltic Avenue"),
        NotAllowed,
        "at most 4 houses",
        "buy a hotel",
    )


def test_a_hotel_returns_its_four_houses_to_the_bank(table) -> None:
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 5000)
    table.build("Alice", DARK_BLUE, 4)
    assert table.houses_left == 24
    table.set_cash("Alice", 1000)
    receipt = table.do(BuildHotel(player="Alice", deed="Boardwalk"))
    assert table.cash("Alice") == 800
    assert levels(table, DARK_BLUE) == [4, "hotel"]
    assert table.houses_left == 28
    assert table.hotels_left == 11
    assert "4 houses went back" in receipt


def test_a_hotel_on_brown_costs_a_brown_house(table) -> None:
    table.deal("Alice", *BROWN)
    table.build("Alice", BROWN, 4)
    table.set_cash("Alice", 1000)
    table.do(BuildHotel(player="Alice", deed="Mediterranean Avenue"))
    assert table.cash("Alice") == 950


def test_a_hotel_needs_four_houses_on_every_lot(table) -> None:
    table.deal("Alice", *DARK_BLUE)
    table.build("Alice", DARK_BLUE, 3)
    table.do(BuildHouses(player="Alice", deed="Boardwalk"))
    table.refuse(
        BuildHotel(player="Alice", deed="Boardwalk"),
        UnevenBuilding,
        "4 houses on every lot",
        "Park Place 3 houses",
    )


def test_a_lot_with_a_hotel_counts_as_done(table) -> None:
    """Park Place has a hotel, Boardwalk 4 houses: Boardwalk may have its hotel."""
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 5000)
    table.build("Alice", DARK_BLUE, 4)
    table.do(BuildHotel(player="Alice", deed="Park Place"))
    table.do(BuildHotel(player="Alice", deed="Boardwalk"))
    assert levels(table, DARK_BLUE) == ["hotel", "hotel"]
    assert table.houses_left == 32
    assert table.hotels_left == 10


def test_one_hotel_per_lot(table) -> None:
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 5000)
    table.build("Alice", DARK_BLUE, HOTEL)
    table.refuse(BuildHotel(player="Alice", deed="Boardwalk"), NotAllowed, "already has a hotel")


def test_no_house_on_a_lot_with_a_hotel(table) -> None:
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 5000)
    table.build("Alice", DARK_BLUE, HOTEL)
    table.refuse(
        BuildHouses(player="Alice", deed="Park Place"),
        NotAllowed,
        "already has a hotel",
        "nothing more",
    )


def test_a_player_may_spend_down_to_exactly_nothing(table) -> None:
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 200)
    table.do(BuildHouses(player="Alice", deed="Boardwalk"))
    assert table.cash("Alice") == 0


def test_a_hotel_may_take_the_last_dollar(table) -> None:
    table.deal("Alice", *BROWN)
    table.build("Alice", BROWN, 4)
    table.set_cash("Alice", 50)
    table.do(BuildHotel(player="Alice", deed="Baltic Avenue"))
    assert table.cash("Alice") == 0


def test_a_house_one_dollar_short_is_refused(table) -> None:
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 199)
    table.refuse(
        BuildHouses(player="Alice", deed="Boardwalk"),
        NotEnoughCash,
        "Alice has $199",
        "needs $200",
    )


# Selling back to the bank.


@pytest.mark.parametrize(("group", "lots", "refund"), REFUNDS, ids=[g for g, _, _ in REFUNDS])
def test_a_house_sells_back_at_half_its_cost(
    table, group: str, lots: list[str], refund: int
) -> None:
    table.deal("Alice", *lots)
    table.set_cash("Alice", 5000)
    table.build("Alice", lots, 1)
    table.set_cash("Alice", 1000)
    table.do(SellHouses(player="Alice", deed=lots[0]))
    assert table.cash("Alice") == 1000 + refund
    assert table.deed(lots[0]).houses == 0
    assert table.houses_left == 32 - len(lots) + 1


def test_selling_evenly(table) -> None:
    """Park Place and Boardwalk have 2 houses each: Boardwalk cannot drop to none."""
    table.deal("Alice", *DARK_BLUE)
    table.build("Alice", DARK_BLUE, 2)
    table.refuse(
        SellHouses(player="Alice", deed="Boardwalk", count=2),
        UnevenBuilding,
        "Sell evenly",
        "Boardwalk would have 0 houses",
        "Park Place 2 houses",
    )
    table.do(SellHouses(player="Alice", deed="Boardwalk"))
    table.refuse(SellHouses(player="Alice", deed="Boardwalk"), UnevenBuilding, "Sell evenly")
    table.do(SellHouses(player="Alice", deed="Park Place"))
    assert levels(table, DARK_BLUE) == [1, 1]


def test_houses_beside_a_hotel_are_not_sold_first(table) -> None:
    """Boardwalk has a hotel, Park Place 4 houses: Park Place cannot drop to 3."""
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 5000)
    table.build("Alice", DARK_BLUE, 4)
    table.do(BuildHotel(player="Alice", deed="Boardwalk"))
    table.refuse(
        SellHouses(player="Alice", deed="Park Place"),
        UnevenBuilding,
        "Sell evenly",
        "Boardwalk hotel",
    )


def test_a_lot_cannot_sell_more_houses_than_it_has(table) -> None:
    table.deal("Alice", *BROWN)
    table.build("Alice", BROWN, 1)
    table.refuse(
        SellHouses(player="Alice", deed="Baltic Avenue", count=2),
        NotAllowed,
        "has 1 house",
        "cannot sell 2",
    )


def test_houses_of_a_hotel_lot_come_after_the_hotel(table) -> None:
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 5000)
    table.build("Alice", DARK_BLUE, HOTEL)
    table.refuse(SellHouses(player="Alice", deed="Boardwalk"), NotAllowed, "sell the hotel first")


def test_no_hotel_to_sell(table) -> None:
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 5000)
    table.build("Alice", DARK_BLUE, 4)
    table.refuse(SellHotel(player="Alice", deed="Boardwalk"), NotAllowed, "no hotel to sell")


def test_a_hotel_sells_for_half_and_gives_four_houses_back(table) -> None:
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 5000)
    table.build("Alice", DARK_BLUE, HOTEL)
    assert table.houses_left == 32
    table.set_cash("Alice", 1000)
    table.do(SellHotel(player="Alice", deed="Boardwalk"))
    assert table.cash("Alice") == 1100
    assert levels(table, DARK_BLUE) == ["hotel", 4]
    assert table.houses_left == 28
    assert table.hotels_left == 11


def test_a_group_of_hotels_sold_down_like_five_houses_each(table) -> None:
    """Two hotels on the dark blues cost $2,000 in all; selling everything returns $1,000."""
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 5000)
    table.build("Alice", DARK_BLUE, HOTEL)
    assert table.cash("Alice") == 3000
    for lot in DARK_BLUE:
        table.do(SellHotel(player="Alice", deed=lot))
    for _ in range(4):
        for lot in DARK_BLUE:
            table.do(SellHouses(player="Alice", deed=lot))
    assert table.cash("Alice") == 4000
    assert levels(table, DARK_BLUE) == [0, 0]
    assert table.houses_left == 32
    assert table.hotels_left == 12


def _drain_houses_to(table, left: int) -> None:
    """Bob builds on green and yellow (24 houses) and then red until the bank has `left`."""
    table.deal("Bob", *GREEN, *YELLOW, *RED)
    table.set_cash("Bob", 10_000)
    table.build("Bob", GREEN, 4)
    table.build("Bob", YELLOW, 4)
    for lot in RED:
        if table.houses_left > left:
            table.do(BuildHouses(player="Bob", deed=lot))
    assert table.houses_left == left


def test_a_hotel_sold_when_the_bank_has_three_houses(table) -> None:
    """Boardwalk's hotel comes down to the 3 houses the bank has; the fourth is sold too."""
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 5000)
    table.build("Alice", DARK_BLUE, 4)
    table.do(BuildHotel(player="Alice", deed="Boardwalk"))
    _drain_houses_to(table, 3)
    table.set_cash("Alice", 1000)
    receipt = table.do(SellHotel(player="Alice", deed="Boardwalk"))
    assert table.cash("Alice") == 1200
    assert levels(table, DARK_BLUE) == [4, 3]
    assert table.houses_left == 0
    assert table.hotels_left == 12
    assert "only 3 houses" in receipt


def _park_place_four_boardwalk_hotel_bank_two_houses(table) -> None:
    """Alice: Park Place 4 houses, Boardwalk a hotel, $1,000; the bank has 2 houses left."""
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 5000)
    table.build("Alice", DARK_BLUE, 4)
    table.do(BuildHotel(player="Alice", deed="Boardwalk"))
    _drain_houses_to(table, 2)
    table.set_cash("Alice", 1000)


def test_a_hotel_sale_that_would_leave_the_group_uneven_is_refused(table) -> None:
    """The bank has 2 houses: Boardwalk would drop to 2 beside Park Place's 4. The refusal
    points at selling the whole group down at once."""
    _park_place_four_boardwalk_hotel_bank_two_houses(table)
    table.refuse(
        SellHotel(player="Alice", deed="Boardwalk"),
        UnevenBuilding,
        "only 2 houses",
        "come down to 2 houses",
        "Park Place 4 houses",
        "levels Alice Boardwalk",
    )


def test_a_bank_short_of_houses_still_leaves_a_legal_way_down(table) -> None:
    """RULES.md: the owner "must sell further to stay even: the app offers the legal ways
    down". The bank has 2 houses: levels 3,3 takes them both (4 + 2 = 6 houses on the board)
    and sells 1 house of Park Place and the hotel and a house of Boardwalk: 3 x $100 = $300."""
    _park_place_four_boardwalk_hotel_bank_two_houses(table)
    receipt = table.do(SetGroupLevels(player="Alice", deed="Boardwalk", levels=[3, 3]))
    assert levels(table, DARK_BLUE) == [3, 3]
    assert table.cash("Alice") == 1300
    assert table.houses_left == 0
    assert table.hotels_left == 12
    assert "$300" in receipt


def test_selling_down_to_more_than_the_bank_can_give_is_refused(table) -> None:
    """Levels 4,4 needs 4 houses back for Boardwalk and the bank has 2: refused, naming
    3 houses per lot as the highest level the group can come down to."""
    _park_place_four_boardwalk_hotel_bank_two_houses(table)
    table.refuse(
        SetGroupLevels(player="Alice", deed="Park Place", levels=[4, 4]),
        HouseShortage,
        "needs 4 houses back",
        "only 2",
        "3 houses per lot or less",
    )


def test_selling_a_whole_group_of_hotels_down_to_nothing(table) -> None:
    """Two hotels on the dark blues, sold to 0,0 at once: 10 x $100 = $1,000. No house comes
    from the bank, so its 5 houses stay where they are."""
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 5000)
    table.build("Alice", DARK_BLUE, HOTEL)
    _drain_houses_to(table, 5)
    table.set_cash("Alice", 0)
    table.do(SetGroupLevels(player="Alice", deed="Park Place", levels=[0, 0]))
    assert levels(table, DARK_BLUE) == [0, 0]
    assert table.cash("Alice") == 1000
    assert table.houses_left == 5
    assert table.hotels_left == 12


def test_a_hotel_sale_can_wait_for_the_bank_to_get_houses_back(table) -> None:
    """The bank has 2 houses; once Bob sells one back it has 3, and Boardwalk's hotel can
    come down to those 3 beside Park Place's 4."""
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 5000)
    table.build("Alice", DARK_BLUE, 4)
    table.do(BuildHotel(player="Alice", deed="Boardwalk"))
    _drain_houses_to(table, 2)
    table.set_cash("Alice", 1000)
    table.do(SellHouses(player="Bob", deed="Indiana Avenue"))
    assert table.houses_left == 3
    table.do(SellHotel(player="Alice", deed="Boardwalk"))
    assert levels(table, DARK_BLUE) == [4, 3]
    assert table.cash("Alice") == 1200
    assert table.houses_left == 0


# The bank's finite supply.


def test_the_bank_has_32_houses_then_none(table) -> None:
    table.deal("Alice", *BROWN, *DARK_BLUE, *GREEN, *YELLOW)
    table.set_cash("Alice", 10_000)
    assert table.houses_left == 32
    table.do(BuildHouses(player="Alice", deed="Baltic Avenue"))
    table.build("Alice", DARK_BLUE, 4)
    table.build("Alice", GREEN, 4)
    table.build("Alice", YELLOW, 3)
    table.do(BuildHouses(player="Alice", deed="Atlantic Avenue"))
    table.do(BuildHouses(player="Alice", deed="Ventnor Avenue"))
    assert table.houses_left == 0
    table.refuse(
        BuildHouses(player="Alice", deed="Mediterranean Avenue"),
        HouseShortage,
        "0 houses left",
        "sells houses back",
    )
    table.do(SellHouses(player="Alice", deed="Atlantic Avenue"))
    assert table.houses_left == 1
    table.refuse(
        BuildHouses(player="Alice", deed="Mediterranean Avenue", count=2),
        HouseShortage,
        "1 house left",
        "needs 2",
    )
    table.do(BuildHouses(player="Alice", deed="Mediterranean Avenue"))
    assert table.houses_left == 0
    assert levels(table, BROWN) == [1, 1]


def test_the_bank_has_12_hotels_then_none(table) -> None:
    table.deal("Alice", *DARK_BLUE, *GREEN, *YELLOW, *RED, *ORANGE)
    table.set_cash("Alice", 20_000)
    assert table.hotels_left == 12
    for group in (DARK_BLUE, GREEN, YELLOW, RED):
        table.build("Alice", group, HOTEL)
    assert table.hotels_left == 1
    table.build("Alice", ORANGE, 4)
    table.do(BuildHotel(player="Alice", deed="St. James Place"))
    assert table.hotels_left == 0
    assert table.houses_left == 24
    table.refuse(
        BuildHotel(player="Alice", deed="Tennessee Avenue"),
        HouseShortage,
        "no hotels left",
        "sells a hotel back",
    )
    table.do(SellHotel(player="Alice", deed="Boardwalk"))
    table.do(BuildHotel(player="Alice", deed="Tennessee Avenue"))
    assert table.hotels_left == 0


# A whole group at once: `levels PLAYER DEED 4,4,h`.


def test_levels_build_a_group_up_at_the_printed_price(table) -> None:
    """Light blues from nothing to 2,2,1: 5 houses x $50 = $250."""
    table.deal("Alice", *LIGHT_BLUE)
    receipt = table.do(SetGroupLevels(player="Alice", deed="Vermont Avenue", levels=[2, 2, 1]))
    assert levels(table, LIGHT_BLUE) == [2, 2, 1]
    assert table.cash("Alice") == 1250
    assert table.houses_left == 27
    assert "$250" in receipt


def test_levels_build_hotels_on_the_way_past_four_houses(table) -> None:
    """Dark blues from nothing to two hotels: 10 x $200 = $2,000; the 8 houses built on the
    way go back to the bank, so the bank ends with 32 houses and 10 hotels."""
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 2000)
    table.do(SetGroupLevels(player="Alice", deed="Boardwalk", levels=[HOTEL, HOTEL]))
    assert levels(table, DARK_BLUE) == ["hotel", "hotel"]
    assert table.cash("Alice") == 0
    assert table.houses_left == 32
    assert table.hotels_left == 10


def test_levels_up_to_a_hotel_need_the_houses_on_the_way(table) -> None:
    """The bank has 7 houses; two hotels from bare lots need 4 + 4 = 8 on the way: refused,
    even though the group ends with no house at all. At 3,4 with the bank empty, a hotel on
    Boardwalk still needs Park Place's fourth house first; once Bob sells one back it goes."""
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 5000)
    _drain_houses_to(table, 7)
    table.refuse(
        SetGroupLevels(player="Alice", deed="Boardwalk", levels=[HOTEL, HOTEL]),
        HouseShortage,
        "needs 8 houses",
        "has 7",
    )
    table.do(SetGroupLevels(player="Alice", deed="Boardwalk", levels=[3, 4]))
    assert table.houses_left == 0
    table.refuse(
        SetGroupLevels(player="Alice", deed="Boardwalk", levels=[4, HOTEL]),
        HouseShortage,
        "has 0",
    )
    table.do(SellHouses(player="Bob", deed="Kentucky Avenue"))
    table.do(SetGroupLevels(player="Alice", deed="Boardwalk", levels=[HOTEL, HOTEL]))
    assert levels(table, DARK_BLUE) == ["hotel", "hotel"]
    assert table.houses_left == 8
    assert table.hotels_left == 10


def test_levels_up_need_the_hotels(table_with) -> None:
    table = table_with(hotels=1)
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 5000)
    table.refuse(
        SetGroupLevels(player="Alice", deed="Boardwalk", levels=[HOTEL, HOTEL]),
        HouseShortage,
        "needs 2 hotels",
        "has 1",
    )
    table.do(SetGroupLevels(player="Alice", deed="Boardwalk", levels=[4, HOTEL]))
    assert table.hotels_left == 0


def test_levels_up_cost_what_the_player_has(table) -> None:
    """2,2 on the dark blues costs $800; Alice has $799."""
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 799)
    table.refuse(
        SetGroupLevels(player="Alice", deed="Park Place", levels=[2, 2]),
        NotEnoughCash,
        "has $799",
        "needs $800",
    )


def test_levels_need_the_whole_group_unmortgaged(table) -> None:
    table.deal("Alice", "Park Place")
    table.refuse(
        SetGroupLevels(player="Alice", deed="Park Place", levels=[1, 1]),
        NotAllowed,
        "does not own the whole",
        "Boardwalk missing",
    )
    table.deal("Alice", "Boardwalk")
    table.do(Mortgage(player="Alice", deed="Boardwalk"))
    table.refuse(
        SetGroupLevels(player="Alice", deed="Park Place", levels=[1, 1]),
        MortgagedGroup,
        "Boardwalk is mortgaged",
    )


def test_uneven_levels_are_refused(table) -> None:
    table.deal("Alice", *LIGHT_BLUE)
    table.refuse(
        SetGroupLevels(player="Alice", deed="Oriental Avenue", levels=[3, 1, 2]),
        UnevenBuilding,
        "Build evenly",
        "Oriental Avenue 3 houses, Vermont Avenue 1 house",
    )
    table.refuse(
        SetGroupLevels(player="Alice", deed="Oriental Avenue", levels=[HOTEL, 3, 4]),
        UnevenBuilding,
        "Build evenly",
    )


def test_levels_up_and_down_at_once_are_refused(table) -> None:
    """From 2,2,1 to 1,2,2 is even, but builds on one lot and sells on another."""
    table.deal("Alice", *LIGHT_BLUE)
    table.do(SetGroupLevels(player="Alice", deed="Oriental Avenue", levels=[2, 2, 1]))
    table.refuse(
        SetGroupLevels(player="Alice", deed="Oriental Avenue", levels=[1, 2, 2]),
        BadInput,
        "Build up or sell down, not both",
    )


def test_levels_one_per_lot_from_0_to_hotel(table) -> None:
    table.deal("Alice", *LIGHT_BLUE)
    for wrong in ([1, 1], [1, 1, 1, 1], [6, 5, 5], [-1, 0, 0]):
        table.refuse(
            SetGroupLevels(player="Alice", deed="Oriental Avenue", levels=wrong),
            BadInput,
            "one level per lot",
            "Oriental Avenue, Vermont Avenue, Connecticut Avenue",
        )
    table.refuse(
        SetGroupLevels(player="Alice", deed="Oriental Avenue", levels=[0, 0, 0]),
        BadInput,
        "already stands at those levels",
    )


def test_levels_on_a_railroad_or_someone_elses_street_are_refused(table) -> None:
    table.deal("Bob", *BROWN)
    table.refuse(
        SetGroupLevels(player="Alice", deed="Baltic Avenue", levels=[1, 1]),
        NotAllowed,
        "belongs to Bob",
    )
    table.deal("Alice", "Reading Railroad")
    table.refuse(
        SetGroupLevels(player="Alice", deed="Reading Railroad", levels=[1]),
        NotAllowed,
        "is a railroad",
    )


def test_levels_down_pay_half_the_cost(table) -> None:
    """Green from 3,3,3 to 1,1,2: 5 houses back at $100 each."""
    table.deal("Alice", *GREEN)
    table.set_cash("Alice", 5000)
    table.build("Alice", GREEN, 3)
    table.set_cash("Alice", 0)
    table.do(SetGroupLevels(player="Alice", deed="Pacific Avenue", levels=[1, 1, 2]))
    assert levels(table, GREEN) == [1, 1, 2]
    assert table.cash("Alice") == 500
    assert table.houses_left == 28
