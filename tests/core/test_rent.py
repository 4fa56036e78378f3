"""Rent as the table pays it: every street's printed rents, doubling, railroads, utilities."""

from __future__ import annotations

import pytest

from banker.core.commands import Mortgage, PayRent
from banker.core.errors import BadInput, NotAllowed
from tests.core.board import (
    BROWN,
    DARK_BLUE,
    GREEN,
    HOTEL,
    LIGHT_BLUE,
    ORANGE,
    PINK,
    RAILROADS,
    RED,
    UTILITIES,
    YELLOW,
)

# The colour groups, railroads and utilities of the US board, as RULES.md lists them.

# Every street as RULES.md prints it: its colour group and its rent with no houses,
# 1, 2, 3, 4 houses and a hotel.
STREET_RENTS = [
    ("Mediterranean Avenue", BROWN, [2, 10, 30, 90, 160, 250]),
    ("Baltic Avenue", BROWN, [4, 20, 60, 180, 320, 450]),
    ("Oriental Avenue", LIGHT_BLUE, [6, 30, 90, 270, 400, 550]),
    ("Vermont Avenue", LIGHT_BLUE, [6, 30, 90, 270, 400, 550]),
    ("Connecticut Avenue", LIGHT_BLUE, [8, 40, 100, 300, 450, 600]),
    ("St. Charles Place", PINK, [10, 50, 150, 450, 625, 750]),
    ("States Avenue", PINK, [10, 50, 150, 450, 625, 750]),
    ("Virginia Avenue", PINK, [12, 60, 180, 500, 700, 900]),
    ("St. James Place", ORANGE, [14, 70, 200, 550, 750, 950]),
    ("Tennessee Avenue", ORANGE, [14, 70, 200, 550, 750, 950]),
    ("New York Avenue", ORANGE, [16, 80, 220, 600, 800, 1000]),
    ("Kentucky Avenue", RED, [18, 90, 250, 700, 875, 1050]),
    ("Indiana Avenue", RED, [18, 90, 250, 700, 875, 1050]),
    ("Illinois Avenue", RED, [20, 100, 300, 750, 925, 1100]),
    ("Atlantic Avenue", YELLOW, [22, 110, 330, 800, 975, 1150]),
    ("Ventnor Avenue", YELLOW, [22, 110, 330, 800, 975, 1150]),
    ("Marvin Gardens", YELLOW, [24, 120, 360, 850, 1025, 1200]),
    ("Pacific Avenue", GREEN, [26, 130, 390, 900, 1100, 1275]),
    ("North Carolina Avenue", GREEN, [26, 130, 390, 900, 1100, 1275]),
    ("Pennsylvania Avenue", GREEN, [28, 150, 450, 1000, 1200, 1400]),
    ("Park Place", DARK_BLUE, [35, 175, 500, 1100, 1300, 1500]),
    ("Boardwalk", DARK_BLUE, [50, 200, 600, 1400, 1700, 2000]),
]

# Base rent doubled for a whole colour group, street by street.
DOUBLED = {
    "Mediterranean Avenue": 4,
    "Baltic Avenue": 8,
    "Oriental Avenue": 12,
    "Vermont Avenue": 12,
    "Connecticut Avenue": 16,
    "St. Charles Place": 20,
    "States Avenue": 20,
    "Virginia Avenue": 24,
    "St. James Place": 28,
    "Tennessee Avenue": 28,
    "New York Avenue": 32,
    "Kentucky Avenue": 36,
    "Indiana Avenue": 36,
    "Illinois Avenue": 40,
    "Atlantic Avenue": 44,
    "Ventnor Avenue": 44,
    "Marvin Gardens": 48,
    "Pacific Avenue": 52,
    "North Carolina Avenue": 52,
    "Pennsylvania Avenue": 56,
    "Park Place": 70,
    "Boardwalk": 100,
}

LEVELS = [(1, "1 house"), (2, "2 houses"), (3, "3 houses"), (4, "4 houses"), (HOTEL, "hotel")]


def _ids(rows: list[tuple[str, list[str], list[int]]]) -> list[str]:
    return [row[0] for row in rows]


# Streets.


@pytest.mark.parametrize(("street", "group", "rents"), STREET_RENTS, ids=_ids(STREET_RENTS))
def test_a_lone_street_collects_its_base_rent(
    table, street: str, group: list[str], rents: list[int]
) -> None:
    table.deal("Alice", street)
    table.do(PayRent(player="Bob", deed=street))
    assert table.cash("Bob") == 1500 - rents[0]
    assert table.cash("Alice") == 1500 + rents[0]


@pytest.mark.parametrize(("street", "group", "rents"), STREET_RENTS, ids=_ids(STREET_RENTS))
def test_the_whole_colour_group_doubles_the_base_rent(
    table, street: str, group: list[str], rents: list[int]
) -> None:
    table.deal("Alice", *group)
    table.do(PayRent(player="Bob", deed=street))
    assert table.cash("Bob") == 1500 - DOUBLED[street]
    assert table.cash("Alice") == 1500 + DOUBLED[street]


@pytest.mark.parametrize(("level", "label"), LEVELS, ids=[label for _, label in LEVELS])
@pytest.mark.parametrize(("street", "group", "rents"), STREET_RENTS, ids=_ids(STREET_RENTS))
def test_houses_and_hotel_collect_the_printed_rent(
    table, street: str, group: list[str], rents: list[int], level: int, label: str
) -> None:
    table.deal("Alice", *group)
    table.set_cash("Alice", 5000)
    table.build("Alice", group, level)
    table.set_cash("Alice", 0)
    table.set_cash("Bob", 3000)
    receipt = table.do(PayRent(player="Bob", deed=street))
    assert table.cash("Bob") == 3000 - rents[level]
    assert table.cash("Alice") == rents[level]
    assert label in receipt


def test_boardwalk_rent_from_bare_lot_to_hotel(table) -> None:
    """Boardwalk alone $50; with Park Place $100; then $200, $600, $1,400, $1,700, $2,000."""
    table.set_cash("Bob", 10_000)
    table.deal("Alice", "Boardwalk")
    paid = []
    table.do(PayRent(player="Bob", deed="Boardwalk"))
    paid.append(10_000 - table.cash("Bob"))
    table.deal("Alice", "Park Place")
    table.set_cash("Alice", 5000)
    for level in (0, 1, 2, 3, 4, HOTEL):
        table.build("Alice", DARK_BLUE, level)
        before = table.cash("Bob")
        table.do(PayRent(player="Bob", deed="Boardwalk"))
        paid.append(before - table.cash("Bob"))
    assert paid == [50, 100, 200, 600, 1400, 1700, 2000]


def test_mediterranean_rent_from_bare_lot_to_hotel(table) -> None:
    table.deal("Alice", "Mediterranean Avenue")
    paid = []
    table.do(PayRent(player="Bob", deed="Mediterranean Avenue"))
    paid.append(1500 - table.cash("Bob"))
    table.deal("Alice", "Baltic Avenue")
    for level in (0, 1, 2, 3, 4, HOTEL):
        table.build("Alice", BROWN, level)
        before = table.cash("Bob")
        table.do(PayRent(player="Bob", deed="Mediterranean Avenue"))
        paid.append(before - table.cash("Bob"))
    assert paid == [2, 4, 10, 30, 90, 160, 250]


def test_an_unimproved_lot_of_a_built_group_still_collects_double(table) -> None:
    """Alice has a house on Boardwalk and none on Park Place: Park Place is still $70."""
    table.deal("Alice", *DARK_BLUE)
    table.build("Alice", ["Boardwalk"], 1)
    table.do(PayRent(player="Bob", deed="Park Place"))
    assert table.cash("Bob") == 1500 - 70
    table.do(PayRent(player="Bob", deed="Boardwalk"))
    assert table.cash("Bob") == 1500 - 70 - 200


def test_part_of_a_group_collects_the_single_base_rent(table) -> None:
    """Alice owns two of the three reds, Carol the third: Illinois is $20, not $40."""
    table.deal("Alice", "Kentucky Avenue", "Illinois Avenue")
    table.deal("Carol", "Indiana Avenue")
    table.do(PayRent(player="Bob", deed="Illinois Avenue"))
    assert table.cash("Bob") == 1500 - 20


def test_us_reading_a_mortgaged_lot_does_not_stop_the_double(table) -> None:
    """Alice owns both browns, Baltic mortgaged; Bob lands on Mediterranean: owes $4."""
    table.deal("Alice", *BROWN)
    table.mortgage("Alice", "Baltic Avenue")
    receipt = table.do(PayRent(player="Bob", deed="Mediterranean Avenue"))
    assert table.cash("Bob") == 1500 - 4
    assert "$4" in receipt


def test_uk_reading_a_mortgaged_lot_stops_the_double(table_with) -> None:
    """The same table under the UK setting: Bob owes only $2."""
    table = table_with(mortgaged_group_rent="uk")
    table.deal("Alice", *BROWN)
    table.mortgage("Alice", "Baltic Avenue")
    receipt = table.do(PayRent(player="Bob", deed="Mediterranean Avenue"))
    assert table.cash("Bob") == 1500 - 2
    assert "mortgaged" in receipt


def test_uk_reading_still_doubles_an_unmortgaged_group(table_with) -> None:
    table = table_with(mortgaged_group_rent="uk")
    table.deal("Alice", *DARK_BLUE)
    table.do(PayRent(player="Bob", deed="Park Place"))
    assert table.cash("Bob") == 1500 - 70


def test_a_mortgaged_street_collects_no_rent(table) -> None:
    table.deal("Alice", *BROWN)
    table.mortgage("Alice", "Baltic Avenue")
    table.refuse(
        PayRent(player="Bob", deed="Baltic Avenue"),
        NotAllowed,
        "Baltic Avenue is mortgaged",
        "no rent",
    )


def test_a_deed_the_bank_holds_collects_no_rent(table) -> None:
    table.refuse(PayRent(player="Bob", deed="Boardwalk"), NotAllowed, "belongs to the bank", "no")


def test_nobody_pays_rent_to_themselves(table) -> None:
    table.deal("Alice", "Boardwalk")
    table.refuse(PayRent(player="Alice", deed="Boardwalk"), NotAllowed, "owns Boardwalk", "no rent")


def test_rent_beyond_the_payers_cash_is_owed_in_full(table) -> None:
    """Bob has $100 and nothing to sell; a hotel on Boardwalk asks $2,000. He owes Alice the
    whole $2,000, $1,900 of it missing, and neither player's cash moves."""
    table.deal("Alice", *DARK_BLUE)
    table.set_cash("Alice", 5000)
    table.build("Alice", DARK_BLUE, HOTEL)
    table.set_cash("Bob", 100)
    receipt = table.do(PayRent(player="Bob", deed="Boardwalk"))
    debt = table.state.debts[0]
    assert len(table.state.debts) == 1
    assert (debt.debtor, debt.creditor, debt.amount) == ("Bob", "Alice", 2000)
    assert debt.reason == "rent for Boardwalk"
    assert table.cash("Bob") == 100
    assert table.cash("Alice") == 3000
    assert "Bob owes Alice $2,000 rent" in receipt
    assert "Bob has only $100: the whole $2,000 is owed as a debt ($1,900 missing)" in receipt


def test_rent_owed_is_paid_when_the_mortgage_covers_it(table) -> None:
    """Bob owes $200 for Boardwalk with 1 house and has $100; mortgaging Reading Railroad
    ($100) covers it, and the same command pays Alice the $200."""
    table.deal("Alice", *DARK_BLUE)
    table.build("Alice", DARK_BLUE, 1)
    table.deal("Bob", "Reading Railroad")
    table.set_cash("Bob", 100)
    alice = table.cash("Alice")
    receipt = table.do(PayRent(player="Bob", deed="Boardwalk"))
    assert "$100 missing" in receipt
    receipt = table.do(Mortgage(player="Bob", deed="Reading Railroad"))
    assert "Bob paid Alice the $200 owed (rent for Boardwalk)" in receipt
    assert table.cash("Bob") == 0
    assert table.cash("Alice") == alice + 200
    assert table.state.debts == []


def test_rent_of_exactly_all_the_payers_cash_is_paid(table) -> None:
    table.deal("Alice", "Boardwalk")
    table.set_cash("Bob", 50)
    table.do(PayRent(player="Bob", deed="Boardwalk"))
    assert table.cash("Bob") == 0
    assert table.cash("Alice") == 1550


# Railroads.


@pytest.mark.parametrize(
    ("owned", "rent"), [(1, 25), (2, 50), (3, 100), (4, 200)], ids=["1", "2", "3", "4"]
)
def test_railroad_rent_by_the_number_owned(table, owned: int, rent: int) -> None:
    table.deal("Alice", *RAILROADS[:owned])
    table.do(PayRent(player="Bob", deed="Reading Railroad"))
    assert table.cash("Bob") == 1500 - rent
    assert table.cash("Alice") == 1500 + rent


def test_mortgaged_railroads_still_count_toward_the_number_owned(table) -> None:
    """Alice owns all four railroads, two mortgaged: Reading Railroad still asks $200."""
    table.deal("Alice", *RAILROADS)
    table.mortgage("Alice", "B&O Railroad", "Short Line")
    table.do(PayRent(player="Bob", deed="Reading Railroad"))
    assert table.cash("Bob") == 1500 - 200


def test_a_mortgaged_railroad_collects_no_rent(table) -> None:
    table.deal("Alice", *RAILROADS)
    table.mortgage("Alice", "Short Line")
    table.refuse(PayRent(player="Bob", deed="Short Line"), NotAllowed, "Short Line is mortgaged")


@pytest.mark.parametrize(
    ("owned", "rent"), [(1, 50), (2, 100), (3, 200), (4, 400)], ids=["1", "2", "3", "4"]
)
def test_nearest_railroad_card_pays_twice_the_rent(table, owned: int, rent: int) -> None:
    table.deal("Alice", *RAILROADS[:owned])
    table.do(PayRent(player="Bob", deed="Reading Railroad", variant="double"))
    assert table.cash("Bob") == 1500 - rent
    assert table.cash("Alice") == 1500 + rent


def test_double_rent_is_only_for_railroads(table) -> None:
    table.deal("Alice", "Boardwalk")
    table.refuse(
        PayRent(player="Bob", deed="Boardwalk", variant="double"),
        BadInput,
        "Boardwalk is not a railroad",
    )


# Utilities.


@pytest.mark.parametrize(("dice", "rent"), [(2, 8), (7, 28), (12, 48)], ids=["2", "7", "12"])
def test_one_utility_asks_four_times_the_dice(table, dice: int, rent: int) -> None:
    table.deal("Alice", "Electric Company")
    table.do(PayRent(player="Bob", deed="Electric Company", dice=dice))
    assert table.cash("Bob") == 1500 - rent
    assert table.cash("Alice") == 1500 + rent


@pytest.mark.parametrize(("dice", "rent"), [(2, 20), (7, 70), (12, 120)], ids=["2", "7", "12"])
def test_both_utilities_ask_ten_times_the_dice(table, dice: int, rent: int) -> None:
    table.deal("Alice", *UTILITIES)
    table.do(PayRent(player="Bob", deed="Water Works", dice=dice))
    assert table.cash("Bob") == 1500 - rent


def test_nearest_utility_card_asks_ten_times_the_dice_with_one_owned(table) -> None:
    """Alice owns only Electric Company; the card makes Bob pay 10 x 7 = $70, not $28."""
    table.deal("Alice", "Electric Company")
    table.do(PayRent(player="Bob", deed="Electric Company", dice=7, variant="x10"))
    assert table.cash("Bob") == 1500 - 70


def test_ten_times_the_dice_is_only_for_utilities(table) -> None:
    table.deal("Alice", "Reading Railroad")
    table.refuse(
        PayRent(player="Bob", deed="Reading Railroad", variant="x10"),
        BadInput,
        "Reading Railroad is not a utility",
    )


def test_a_mortgaged_utility_collects_no_rent(table) -> None:
    table.deal("Alice", *UTILITIES)
    table.mortgage("Alice", "Water Works")
    table.refuse(
        PayRent(player="Bob", deed="Water Works", dice=7), NotAllowed, "Water Works is mortgaged"
    )


def test_utility_rent_without_the_dice_is_refused(table) -> None:
    table.deal("Alice", "Electric Company")
    table.refuse(PayRent(player="Bob", deed="Electric Company"), BadInput, "utility", "dice total")


@pytest.mark.parametrize("dice", [0, 1, 13, -4], ids=["0", "1", "13", "-4"])
def test_utility_rent_with_impossible_dice_is_refused(table, dice: int) -> None:
    table.deal("Alice", "Electric Company")
    table.refuse(
        PayRent(player="Bob", deed="Electric Company", dice=dice),
        BadInput,
        "2 to 12",
        f"{dice} is not one",
    )
