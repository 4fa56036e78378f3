"""Jail through the app, as the banker drives it: a player in jail is asked for the fine, a
card or the throw first; ctrl+d in the landing picker records a double; a throw from jail
without doubles leaves the token where it is and the ledger says which throw is next."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets import OptionList

from banker.core import commands as c
from banker.core.turns import position
from banker.tui.app import make_app
from banker.tui.screens.jail import JailScreen
from banker.tui.screens.landed import LandedScreen
from banker.tui.screens.ledger import LedgerScreen
from banker.tui.screens.picker import SquarePicker
from banker.tui.widgets.players import PlayersTable
from tests.tui.conftest import SIZE, reopen, text_of


def _options(app: object) -> list[str]:
    matches = app.screen.query_one("#matches", OptionList)  # type: ignore[attr-defined]
    return [str(matches.get_option_at_index(i).prompt) for i in range(matches.option_count)]


async def test_a_throw_from_jail_without_doubles_stays_and_the_ledger_counts_it(
    game: Callable[..., Path],
) -> None:
    path = game(c.GoToJail(player="Bob"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l")
        await pilot.pause()
        assert isinstance(app.screen, JailScreen)
        body = " ".join(text_of(w) for w in app.screen.query(".body"))
        assert "Bob is in jail: the next throw is 1 of 3" in body
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, SquarePicker)
        assert "in jail, throw 1 of 3" in str(app.screen.query_one(".picker").border_subtitle)
        await pilot.press("7")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)  # nothing to do: the receipt says it
        assert "2J2" in str(app.screen.query_one(PlayersTable).render())
    with reopen(path) as journal:
        state = journal.game.state
        assert state.jail == {"Bob": 1} and position(state, "Bob") == 10
        assert state.player("Bob").cash == 1500


async def test_a_double_typed_with_ctrl_d_leaves_jail_and_opens_the_square(
    game: Callable[..., Path],
) -> None:
    path = game(c.GoToJail(player="Bob"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l", "t", "ctrl+d")
        await pilot.pause()
        assert "a double" in str(app.screen.query_one(".picker").border_subtitle)
        await pilot.press("7")  # an odd total is no double: refused in the list
        await pilot.pause()
        assert isinstance(app.screen, SquarePicker)
        assert any("7 cannot be a double" in line for line in _options(app))
        await pilot.press("backspace", "8")
        await pilot.pause()
        assert isinstance(app.screen, LandedScreen)  # Tennessee Avenue, for sale
        assert "Tennessee Avenue" in str(app.screen.query_one(".dialog").border_title)
    with reopen(path) as journal:
        state = journal.game.state
        assert "Bob" not in state.jail and position(state, "Bob") == 18
        assert state.player("Bob").cash == 1500  # no fine
        last = journal.game.applied[-1].command
        assert isinstance(last, c.MoveToken) and last.doubles


async def test_the_fine_first_then_the_throw_moves_the_token(
    game: Callable[..., Path],
) -> None:
    path = game(c.GoToJail(player="Bob"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l", "f")
        await pilot.pause()
        assert isinstance(app.screen, SquarePicker)
        assert "now on Jail" in str(app.screen.query_one(".picker").border_subtitle)
        await pilot.press("6")
        await pilot.pause()
        assert isinstance(app.screen, LandedScreen)  # St. James Place
    with reopen(path) as journal:
        state = journal.game.state
        assert "Bob" not in state.jail and position(state, "Bob") == 16
        assert state.player("Bob").cash == 1450


async def test_a_player_just_visiting_is_not_asked_and_a_double_throws_again(
    game: Callable[..., Path],
) -> None:
    """Alice is not in jail: l goes straight to the picker; a double of 6 moves her and
    counts one double in a row."""
    path = game()
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "l")
        await pilot.pause()
        assert isinstance(app.screen, SquarePicker)
        await pilot.press("ctrl+d", "6")
        await pilot.pause()
        assert isinstance(app.screen, LandedScreen)  # Oriental Avenue
    with reopen(path) as journal:
        state = journal.game.state
        assert position(state, "Alice") == 6 and state.doubles == 1
