"""What the bank says when a line or a name cannot be taken: the reason, in words the
banker can read aloud, and nothing changed."""

from __future__ import annotations

import pytest

from banker.core import Game, Setup, load_edition
from banker.core.commands import DeclareBankrupt, Pay, check_player_names
from banker.core.errors import BadInput, BankerError, UnknownName
from banker.core.language import parse
from banker.core.names import match

US = load_edition("us")


@pytest.mark.parametrize(
    ("names", "said"),
    [
        (["O'Brien", "OBrien"], "would read alike"),
        (["St. Ann", "St Ann"], "would read alike"),
        (["Ann Lee", "annlee"], "would read alike"),
        (["Alice", "Alice"], "'Alice' is named twice"),
    ],
)
def test_names_the_command_language_cannot_tell_apart_are_refused(
    names: list[str], said: str
) -> None:
    with pytest.raises(BadInput) as caught:
        check_player_names(names)
    assert said in str(caught.value)
    assert "differ only in case" not in str(caught.value)


def test_thai_names_that_differ_by_a_vowel_mark_are_two_players() -> None:
    assert check_player_names(["สมหญิง", "สมหญง"]) == ["สมหญิง", "สมหญง"]


def test_a_bankrupt_player_named_in_a_command_is_said_to_be_out() -> None:
    game = Game(Setup(players=["Alice", "Bob", "Carol"], edition=US))
    game.do(Pay(player="Carol", amount=1500))
    game.do(parse("tax carol luxury", game.state))  # $100 owed to the bank
    game.do(DeclareBankrupt(player="Carol"))
    with pytest.raises(UnknownName) as caught:
        parse("go carol", game.state)
    assert str(caught.value) == (
        "Carol is bankrupt and out of the game: name a player still playing (Alice, Bob)."
    )


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("pay alice " + "9" * 32, "more than the bank handles in one go"),
        ("collect alice 12x", "is not an amount"),
        ("build alice park 5", "give 1 to 4"),
        ("sell alice park 6", "give 1 to 5"),
    ],
)
def test_lines_with_impossible_numbers_say_what_is_wrong(line: str, said: str) -> None:
    game = Game(Setup(players=["Alice", "Bob"], edition=US))
    with pytest.raises(BankerError) as caught:
        parse(line, game.state)
    assert said in str(caught.value)


def test_the_short_game_builds_at_most_three_houses_by_the_command_line() -> None:
    from banker.core.rules import HouseRules

    setup = Setup(players=["Alice", "Bob"], edition=US, rules=HouseRules(houses_before_hotel=3))
    game = Game(setup)
    with pytest.raises(BadInput) as caught:
        parse("build alice park 4", game.state)
    assert "give 1 to 3" in str(caught.value)


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("go", "Type the start of any word of its name: board for Boardwalk"),
        ("bordwalk", "Did you mean one of these: Boardwalk."),
        ("pensylvania", "Pennsylvania Avenue, Pennsylvania Railroad."),
    ],
)
def test_a_mistyped_deed_gets_near_names_or_how_to_type_one(query: str, said: str) -> None:
    names = [d.name for d in US.deeds]
    with pytest.raises(UnknownName) as caught:
        match(query, names, "deed")
    text = str(caught.value)
    assert said in text
    assert "Marvin Gardens" not in text  # "auction go" once suggested it
    assert len(text) < 160  # never all 28 deeds on the banker's screen
