"""An edition file's numbers are whole numbers written as such, GO is square 0, and every
deed can be typed (RULES.md, "Numbers in files"): each refused with the file, the field
and the reason, never converted, never a crash."""

from __future__ import annotations

from importlib import resources

import pytest

from banker.core.edition import COMMAND_WORDS, parse_edition
from banker.core.errors import EditionError
from banker.core.language import VERBS
from banker.core.verbs import WORDS

US = resources.files("banker.editions").joinpath("us.toml").read_text(encoding="utf-8")


def edited(old: str, new: str) -> str:
    assert old in US, old
    return US.replace(old, new, 1)


@pytest.mark.parametrize(
    ("case", "text", "said"),
    [
        ("a boolean price", edited("price = 60", "price = true"), "deeds.0.price"),
        ("a string price", edited("price = 60", 'price = "60"'), "deeds.0.price"),
        ("an exponent", edited("price = 60", "price = 6e1"), "deeds.0.price"),
        ("a float", edited("price = 60", "price = 60.0"), "deeds.0.price"),
        ("GO elsewhere", edited('square = 0\nname = "GO"', 'square = 0\nname = "GO"'), None),
        ("a name of spaces", edited('name = "Mediterranean Avenue"', 'name = "   "'), "no letter"),
        ("a comma in a name", edited('name = "Baltic Avenue"', 'name = "Baltic, Avenue"'), "comma"),
        ("a command word", edited('name = "Baltic Avenue"', 'name = "Buy"'), "command language"),
        ("4,301 digits", edited("price = 60", f"price = {'9' * 4301}"), "number"),
    ],
)
def test_a_bad_edition_is_refused_with_its_field(case: str, text: str, said: str | None) -> None:
    if said is None:  # GO moved: swap it with the square after it
        text = text.replace('square = 2\nname = "Community Chest"', 'square = 0\nname = "C"', 1)
        text = text.replace('square = 0\nname = "GO"', 'square = 2\nname = "GO"', 1)
        said = "GO is square 0"
    with pytest.raises(EditionError) as refused:
        parse_edition(text, "mine.toml")
    assert "mine.toml" in str(refused.value) and said in str(refused.value), str(refused.value)


BIG = 99_999_999_999_999_200
"""The review's salary (D7): "a good edition", and every `go` in its games refused."""


UNPLAYABLE = [
    ("the review's salary", edited("salary = 200", f"salary = {BIG}"), "'salary': 99,999,"),
    ("a price", edited("price = 400", f"price = {BIG}"), "deeds.21.price"),
    (
        "a house",
        edited("house_cost = 200\nrent = [50", f"house_cost = {BIG}\nrent = [50"),
        "house_cost",
    ),
    ("a hotel's rent", edited("1700, 2000]", f"1700, {BIG}]"), "deeds.21.rent.5"),
    ("a rent doubled", edited("1700, 2000]", "1700, 600000000]"), "doubled"),
    ("a railroad on a card", edited("100, 200]", "100, 600000000]"), "on a card"),
    ("a utility on 12", edited("[4, 10]", "[4, 100000000]"), "throw of 12"),
    (
        "every player",
        edited('"pay_each"\namount = 50', '"pay_each"\namount = 200000000'),
        "from every player",
    ),
    ("repairs", edited("per_hotel = 100", "per_hotel = 100000000"), "every house and hotel"),
    ("a bank of houses", edited("houses = 32", "houses = 1000000"), "'houses': 1000000"),
]


@pytest.mark.parametrize(("case", "text", "said"), UNPLAYABLE, ids=[u[0] for u in UNPLAYABLE])
def test_an_edition_no_game_could_be_played_on_is_refused(case: str, text: str, said: str) -> None:
    """Every amount within what the bank moves in one go, and every amount the edition's
    numbers make (a doubled rent, a card's rent, a card paid to every player)."""
    with pytest.raises(EditionError) as refused:
        parse_edition(text, "big.toml")
    assert "big.toml" in str(refused.value) and said in str(refused.value), str(refused.value)
    assert "more than" in str(refused.value)


def test_the_editions_that_ship_hold_every_rule() -> None:
    parse_edition(US, "us.toml")


def test_the_command_words_an_edition_may_not_use_are_the_languages() -> None:
    typed = set(VERBS) | {a for w in WORDS for a in w.aliases}
    typed |= {k for w in WORDS for key in w.keywords for k in key.split()}
    assert typed <= COMMAND_WORDS, typed - COMMAND_WORDS
