"""Pins the built-in boards to the rule book and checks that a broken edition file is refused."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import msgspec
import pytest

from banker.core.edition import Card, Deed, DeedKind, Edition, load_edition
from banker.core.errors import EditionError
from banker.i18n import translator

# The US board exactly as RULES.md prints it: square, street, group, price, mortgage,
# house cost, rent with no houses, 1, 2, 3, 4 houses and a hotel.
US_STREETS = [
    (1, "Mediterranean Avenue", "brown", 60, 30, 50, [2, 10, 30, 90, 160, 250]),
    (3, "Baltic Avenue", "brown", 60, 30, 50, [4, 20, 60, 180, 320, 450]),
    (6, "Oriental Avenue", "light blue", 100, 50, 50, [6, 30, 90, 270, 400, 550]),
    (8, "Vermont Avenue", "light blue", 100, 50, 50, [6, 30, 90, 270, 400, 550]),
    (9, "Connecticut Avenue", "light blue", 120, 60, 50, [8, 40, 100, 300, 450, 600]),
    (11, "St. Charles Place", "pink", 140, 70, 100, [10, 50, 150, 450, 625, 750]),
    (13, "States Avenue", "pink", 140, 70, 100, [10, 50, 150, 450, 625, 750]),
    (14, "Virginia Avenue", "pink", 160, 80, 100, [12, 60, 180, 500, 700, 900]),
    (16, "St. James Place", "orange", 180, 90, 100, [14, 70, 200, 550, 750, 950]),
    (18, "Tennessee Avenue", "orange", 180, 90, 100, [14, 70, 200, 550, 750, 950]),
    (19, "New York Avenue", "orange", 200, 100, 100, [16, 80, 220, 600, 800, 1000]),
    (21, "Kentucky Avenue", "red", 220, 110, 150, [18, 90, 250, 700, 875, 1050]),
    (23, "Indiana Avenue", "red", 220, 110, 150, [18, 90, 250, 700, 875, 1050]),
    (24, "Illinois Avenue", "red", 240, 120, 150, [20, 100, 300, 750, 925, 1100]),
    (26, "Atlantic Avenue", "yellow", 260, 130, 150, [22, 110, 330, 800, 975, 1150]),
    (27, "Ventnor Avenue", "yellow", 260, 130, 150, [22, 110, 330, 800, 975, 1150]),
    (29, "Marvin Gardens", "yellow", 280, 140, 150, [24, 120, 360, 850, 1025, 1200]),
    (31, "Pacific Avenue", "green", 300, 150, 200, [26, 130, 390, 900, 1100, 1275]),
    (32, "North Carolina Avenue", "green", 300, 150, 200, [26, 130, 390, 900, 1100, 1275]),
    (34, "Pennsylvania Avenue", "green", 320, 160, 200, [28, 150, 450, 1000, 1200, 1400]),
    (37, "Park Place", "dark blue", 350, 175, 200, [35, 175, 500, 1100, 1300, 1500]),
    (39, "Boardwalk", "dark blue", 400, 200, 200, [50, 200, 600, 1400, 1700, 2000]),
]
US_RAILROADS = {
    5: "Reading Railroad",
    15: "Pennsylvania Railroad",
    25: "B&O Railroad",
    35: "Short Line",
}
US_UTILITIES = {12: "Electric Company", 28: "Water Works"}
US_SQUARES = {
    0: ("GO", "go"),
    2: ("Community Chest", "chest"),
    4: ("Income Tax", "income_tax"),
    7: ("Chance", "chance"),
    10: ("Jail", "jail"),
    17: ("Community Chest", "chest"),
    20: ("Free Parking", "free_parking"),
    22: ("Chance", "chance"),
    30: ("Go To Jail", "go_to_jail"),
    33: ("Community Chest", "chest"),
    36: ("Chance", "chance"),
    38: ("Luxury Tax", "luxury_tax"),
}

# The London names, square by square.
UK_DEEDS = {
    1: "Old Kent Road",
    3: "Whitechapel Road",
    5: "King's Cross Station",
    6: "The Angel Islington",
    8: "Euston Road",
    9: "Pentonville Road",
    11: "Pall Mall",
    12: "Electric Company",
    13: "Whitehall",
    14: "Northumberland Avenue",
    15: "Marylebone Station",
    16: "Bow Street",
    18: "Marlborough Street",
    19: "Vine Street",
    21: "Strand",
    23: "Fleet Street",
    24: "Trafalgar Square",
    25: "Fenchurch St. Station",
    26: "Leicester Square",
    27: "Coventry Street",
    28: "Water Works",
    29: "Piccadilly",
    31: "Regent Street",
    32: "Oxford Street",
    34: "Bond Street",
    35: "Liverpool Street Station",
    37: "Park Lane",
    39: "Mayfair",
}
GROUPS = {
    "brown": "Brown",
    "light_blue": "Light blue",
    "pink": "Pink",
    "orange": "Orange",
    "red": "Red",
    "yellow": "Yellow",
    "green": "Green",
    "dark_blue": "Dark blue",
}

# Every card's money effect, from the lists at the bottom of RULES.md.
US_CARDS: dict[str, dict[str, object]] = {
    "chance-boardwalk": {"action": "advance", "target": "Boardwalk"},
    "chance-go": {"action": "advance", "target": "GO"},
    "chance-illinois": {"action": "advance", "target": "Illinois Avenue"},
    "chance-st-charles": {"action": "advance", "target": "St. Charles Place"},
    "chance-reading": {"action": "advance", "target": "Reading Railroad"},
    "chance-railroad-1": {"action": "nearest_railroad"},
    "chance-railroad-2": {"action": "nearest_railroad"},
    "chance-utility": {"action": "nearest_utility"},
    "chance-dividend": {"action": "collect", "amount": 50},
    "chance-building-loan": {"action": "collect", "amount": 150},
    "chance-speeding": {"action": "pay", "amount": 15},
    "chance-chairman": {"action": "pay_each", "amount": 50},
    "chance-repairs": {"action": "repairs", "per_house": 25, "per_hotel": 100},
    "chance-back-3": {"action": "back", "spaces": 3},
    "chance-jail": {"action": "go_to_jail"},
    "chance-jail-free": {"action": "jail_free"},
    "chest-go": {"action": "advance", "target": "GO"},
    "chest-bank-error": {"action": "collect", "amount": 200},
    "chest-stock": {"action": "collect", "amount": 50},
    "chest-holiday": {"action": "collect", "amount": 100},
    "chest-tax-refund": {"action": "collect", "amount": 20},
    "chest-life-insurance": {"action": "collect", "amount": 100},
    "chest-consultancy": {"action": "collect", "amount": 25},
    "chest-beauty": {"action": "collect", "amount": 10},
    "chest-inheritance": {"action": "collect", "amount": 100},
    "chest-birthday": {"action": "collect_each", "amount": 10},
    "chest-doctor": {"action": "pay", "amount": 50},
    "chest-hospital": {"action": "pay", "amount": 100},
    "chest-school": {"action": "pay", "amount": 50},
    "chest-repairs": {"action": "repairs", "per_house": 40, "per_hotel": 115},
    "chest-jail": {"action": "go_to_jail"},
    "chest-jail-free": {"action": "jail_free"},
}
UK_TARGETS = {
    "Boardwalk": "Mayfair",
    "GO": "GO",
    "Illinois Avenue": "Trafalgar Square",
    "St. Charles Place": "Pall Mall",
    "Reading Railroad": "King's Cross Station",
}


@pytest.fixture(scope="module")
def us() -> Edition:
    return load_edition("us")


@pytest.fixture(scope="module")
def uk() -> Edition:
    return load_edition("uk")


def _deeds_by_square(edition: Edition) -> dict[int, Deed]:
    return {d.square: d for d in edition.deeds}


def _effect(card: Card) -> dict[str, object]:
    """What the card does: its fields other than its id, deck and text, where not left
    at their defaults."""
    return {
        field.name: getattr(card, field.name)
        for field in msgspec.structs.fields(Card)
        if field.name not in {"id", "was", "deck", "text"}
        and getattr(card, field.name) != field.default
    }


# The US board.


def test_us_streets_match_the_rule_book(us: Edition) -> None:
    deeds = _deeds_by_square(us)
    for square, name, group, price, mortgage, house_cost, rent in US_STREETS:
        deed = deeds[square]
        assert deed.name == name
        assert deed.kind is DeedKind.STREET, name
        assert us.groups_by_id[deed.group or ""].name.casefold() == group, name
        assert (deed.price, deed.mortgage, deed.house_cost) == (price, mortgage, house_cost), name
        assert deed.rent == rent, name
    assert sum(d.kind is DeedKind.STREET for d in us.deeds) == 22


def test_us_railroads_and_utilities(us: Edition) -> None:
    deeds = _deeds_by_square(us)
    for square, name in US_RAILROADS.items():
        deed = deeds[square]
        assert (deed.name, deed.kind, deed.price, deed.mortgage) == (
            name,
            DeedKind.RAILROAD,
            200,
            100,
        )
        assert (deed.group, deed.house_cost, deed.rent) == (None, None, None)
    for square, name in US_UTILITIES.items():
        deed = deeds[square]
        assert (deed.name, deed.kind, deed.price, deed.mortgage) == (
            name,
            DeedKind.UTILITY,
            150,
            75,
        )
    assert len(us.deeds) == 28
    assert us.railroad_rent == [25, 50, 100, 200]
    assert us.utility_multipliers == [4, 10]
    assert us.railroad_card_multiplier == 2
    assert us.utility_card_multiplier == 10


def test_us_other_squares(us: Edition) -> None:
    assert {s.square: (s.name, s.kind) for s in us.squares} == US_SQUARES


def test_every_square_of_the_board_is_used_once(us: Edition, uk: Edition) -> None:
    for edition in (us, uk):
        squares = [d.square for d in edition.deeds] + [s.square for s in edition.squares]
        assert sorted(squares) == list(range(40))
        assert edition.board_size == 40


def test_us_amounts(us: Edition) -> None:
    assert us.currency == "$"
    assert us.salary == 200
    assert us.starting_cash == 1500
    assert us.jail_fine == 50
    assert (us.income_tax, us.income_tax_percent) == (200, 10)
    assert (us.luxury_tax, us.luxury_tax_name) == (100, "Luxury Tax")
    assert (us.houses, us.hotels) == (32, 12)
    assert us.money(1500) == "$1,500"


def test_us_groups(us: Edition) -> None:
    assert {g.id: g.name for g in us.groups} == GROUPS
    assert us.group_lots["brown"] == ["Mediterranean Avenue", "Baltic Avenue"]
    assert us.group_lots["dark_blue"] == ["Park Place", "Boardwalk"]


def test_us_cards(us: Edition) -> None:
    assert sum(c.deck == "chance" for c in us.cards) == 16
    assert sum(c.deck == "chest" for c in us.cards) == 16
    assert {c.id: _effect(c) for c in us.cards} == US_CARDS
    for card in us.cards:
        assert card.deck == card.id.split("-")[0], card.id


@pytest.mark.parametrize("edition_id, symbol", [("us", "$"), ("uk", "£")])
def test_card_texts_quote_their_amounts(edition_id: str, symbol: str) -> None:
    edition = load_edition(edition_id)
    other = "£" if symbol == "$" else "$"
    for card in edition.cards:
        text = edition.card_words(card).render()
        assert other not in text, card.id
        assert symbol not in card.text, card.id  # the file names the amount: {amount}
        for amount in (card.amount, card.per_house, card.per_hotel):
            if amount:
                assert f"{symbol}{amount}" in text, card.id
        if card.target:
            assert card.target in text, card.id


# The UK board.


def test_uk_has_the_us_numbers_under_london_names(uk: Edition) -> None:
    deeds = _deeds_by_square(uk)
    assert {square: deed.name for square, deed in deeds.items()} == UK_DEEDS
    for square, _us_name, group, price, mortgage, house_cost, rent in US_STREETS:
        deed = deeds[square]
        assert uk.groups_by_id[deed.group or ""].name.casefold() == group, deed.name
        assert (deed.price, deed.mortgage, deed.house_cost) == (price, mortgage, house_cost)
        assert deed.rent == rent, deed.name
    for square in US_RAILROADS:
        assert (deeds[square].kind, deeds[square].price, deeds[square].mortgage) == (
            DeedKind.RAILROAD,
            200,
            100,
        )
    for square in US_UTILITIES:
        assert (deeds[square].kind, deeds[square].price, deeds[square].mortgage) == (
            DeedKind.UTILITY,
            150,
            75,
        )
    assert uk.railroad_rent == [25, 50, 100, 200]
    assert uk.utility_multipliers == [4, 10]


def test_uk_amounts_in_pounds(uk: Edition) -> None:
    assert uk.id == "uk"
    assert uk.currency == "£"
    assert uk.money(1500) == "£1,500"
    assert (uk.salary, uk.starting_cash, uk.jail_fine) == (200, 1500, 50)
    assert (uk.income_tax, uk.income_tax_percent) == (200, 10)
    assert (uk.luxury_tax, uk.luxury_tax_name) == (100, "Super Tax")
    assert (uk.houses, uk.hotels) == (32, 12)


def test_uk_squares_and_groups(uk: Edition) -> None:
    expected = dict(US_SQUARES)
    expected[38] = ("Super Tax", "luxury_tax")
    assert {s.square: (s.name, s.kind) for s in uk.squares} == expected
    assert {g.id: g.name for g in uk.groups} == GROUPS
    assert uk.group_lots["dark_blue"] == ["Park Lane", "Mayfair"]


UK_CARD_IDS = {
    "chance-boardwalk": "chance-mayfair",
    "chance-illinois": "chance-trafalgar",
    "chance-st-charles": "chance-pall-mall",
    "chance-reading": "chance-kings-cross",
    "chance-railroad-1": "chance-station-1",
    "chance-railroad-2": "chance-station-2",
}


def test_uk_cards_do_what_the_us_cards_do_in_london(uk: Edition) -> None:
    expected = {}
    for card_id, effect in US_CARDS.items():
        effect = dict(effect)
        if "target" in effect:
            effect["target"] = UK_TARGETS[str(effect["target"])]
        expected[UK_CARD_IDS.get(card_id, card_id)] = effect
    assert {c.id: _effect(c) for c in uk.cards} == expected
    assert uk.card_words(uk.cards_by_id["chance-mayfair"]).render() == "Advance to Mayfair"


def test_uk_card_ids_and_words_are_londons_and_the_old_ids_still_read(uk: Edition) -> None:
    for old, new in UK_CARD_IDS.items():
        assert old not in uk.cards_by_id
        assert uk.card_by_id(old) is uk.cards_by_id[new]
    assert uk.railroad_word == "station"
    assert load_edition("us").railroad_word == "railroad"
    station = uk.card_words(uk.cards_by_id["chance-station-1"]).render()
    assert "station" in station and "railroad" not in station


@pytest.mark.parametrize("edition_id", ["us", "uk", "us100"])
def test_card_texts_render_in_malay_and_thai(edition_id: str) -> None:
    edition = load_edition(edition_id)
    for language in ("ms", "th"):
        tr = translator(language)
        for card in edition.cards:
            english = edition.card_words(card).render()
            shown = edition.card_words(card).render(tr)
            assert shown != english, (language, card.id)
            for amount in (card.amount, card.per_house, card.per_hotel):
                if amount:
                    assert edition.money(amount) in shown, (language, card.id)
            if card.target and card.target in edition.deeds_by_name:
                assert card.target in shown, (language, card.id)




# Refusals: a broken file names the file, the field and what is wrong.

US_TEXT = resources.files("banker.editions").joinpath("us.toml").read_text(encoding="utf-8")


def _edit(old: str, new: str) -> str:
    assert US_TEXT.count(old) == 1, f"us.toml no longer has exactly one {old!r}"
    return US_TEXT.replace(old, new)


def _refusal(tmp_path: Path, text: str) -> tuple[str, str]:
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(EditionError) as caught:
        load_edition(path)
    return str(caught.value), str(path)


def test_a_card_text_names_only_the_cards_numbers(tmp_path: Path) -> None:
    text = _edit('text = "Speeding fine {amount}"', 'text = "Speeding fine {fine}"')
    message, path = _refusal(tmp_path, text)
    assert path in message and "names 'fine'" in message


def test_unmodified_us_text_loads_from_a_path(tmp_path: Path) -> None:
    path = tmp_path / "copy.toml"
    path.write_text(US_TEXT, encoding="utf-8")
    edition = load_edition(path)
    assert (len(edition.deeds), len(edition.cards)) == (28, 32)


def test_colour_group_without_streets_is_refused(tmp_path: Path) -> None:
    text = _edit(
        '  { id = "dark_blue", name = "Dark blue", colour = "#0072bb" },\n',
        '  { id = "dark_blue", name = "Dark blue", colour = "#0072bb" },\n'
        '  { id = "purple", name = "Purple", colour = "#800080" },\n',
    )
    message, path = _refusal(tmp_path, text)
    assert message.startswith(f"{path}: ")
    assert "colour group 'purple' has no streets" in message


def test_street_rent_of_five_numbers_is_refused(tmp_path: Path) -> None:
    text = _edit("rent = [50, 200, 600, 1400, 1700, 2000]", "rent = [50, 200, 600, 1400, 1700]")
    message, path = _refusal(tmp_path, text)
    assert message.startswith(f"{path}: ")
    assert re.search(r"deeds\.\d+: rent of 'Boardwalk' has 5 numbers; it needs 6", message)


def test_duplicate_deed_names_are_refused(tmp_path: Path) -> None:
    message, path = _refusal(
        tmp_path, _edit('name = "Baltic Avenue"', 'name = "Mediterranean Avenue"')
    )
    assert message.startswith(f"{path}: ")
    assert "deeds.1.name: duplicate 'name' 'Mediterranean Avenue'" in message


def test_deed_in_unknown_colour_group_is_refused(tmp_path: Path) -> None:
    text = _edit('group = "dark_blue"\nprice = 400', 'group = "navy"\nprice = 400')
    message, path = _refusal(tmp_path, text)
    assert message.startswith(f"{path}: ")
    assert "deeds.21.group: 'Boardwalk' names unknown colour group 'navy'" in message


def test_card_advancing_to_unknown_square_is_refused(tmp_path: Path) -> None:
    message, path = _refusal(tmp_path, _edit('target = "Boardwalk"', 'target = "Broadwalk"'))
    assert message.startswith(f"{path}: ")
    assert "card 'chance-boardwalk' advances to unknown square 'Broadwalk'" in message


def test_invalid_toml_is_refused(tmp_path: Path) -> None:
    message, path = _refusal(tmp_path, _edit('currency = "$"', 'currency = "$'))
    assert message.startswith(f"{path}: it is not TOML: ")
    assert "line 4" in message


def test_missing_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "no-such-board.toml"
    with pytest.raises(EditionError) as caught:
        load_edition(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: no such edition file")
    assert "us, uk" in message


def test_railroad_with_rent_table_is_refused(tmp_path: Path) -> None:
    text = _edit(
        'name = "Short Line"\nkind = "railroad"\n',
        'name = "Short Line"\nkind = "railroad"\nrent = [25, 50, 100, 200, 0, 0]\n',
    )
    message, path = _refusal(tmp_path, text)
    assert message.startswith(f"{path}: ")
    assert re.search(r"deeds\.\d+: railroad 'Short Line' cannot have 'rent'", message)
