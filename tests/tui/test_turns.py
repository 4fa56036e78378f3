"""Whose turn it is, landing by the dice total, and the ranking of square names."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from textual.pilot import Pilot

from banker.core import commands as c
from banker.core.turns import position, whose_turn
from banker.tui.app import make_app
from banker.tui.screens.landed import LandedScreen
from banker.tui.screens.ledger import LedgerScreen
from banker.tui.screens.picker import SquarePicker
from tests.tui.conftest import SIZE, reopen, type_text


async def test_one_key_passes_the_turn_and_the_actions_follow_it(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ledger = app.screen
        assert isinstance(ledger, LedgerScreen)
        assert ledger.selected == "Alice"
        await pilot.press("space")
        await pilot.pause()
        assert ledger.selected == "Bob"
        await pilot.press("3")  # 1-8 still pick anyone
        assert ledger.selected == "Carol"
        await pilot.press("space")
        await pilot.pause()
        assert ledger.selected == "Carol"  # Bob's turn passed on to Carol
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert ledger.selected == "Bob"
    with reopen(demo_path) as journal:
        assert whose_turn(journal.game.state) == "Bob"


async def test_the_dice_total_lands_the_token_and_pays_go_on_the_way(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        state = app.state
        start = position(state, "Bob")
        cash = state.player("Bob").cash
        size = state.edition.board_size
        total = size - start + 1  # one square past GO: Mediterranean Avenue
        assert 2 <= total <= 12
        await pilot.press("2", "l")
        await type_text(pilot, str(total))  # a whole throw: no Enter
        await pilot.pause()
        assert isinstance(app.screen, LandedScreen)
        assert app.screen.landing.deed == "Mediterranean Avenue"
        assert position(app.state, "Bob") == 1
        assert app.state.player("Bob").cash == cash + app.state.salary


async def test_a_name_corrects_the_position_and_park_is_park_place(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l")
        await type_text(pilot, "park")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, SquarePicker)
        labels = [d.landing.label for d in picker.shown]
        assert labels.index("Park Place") < labels.index("Free Parking")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LandedScreen)
        assert position(app.state, "Bob") == 37
    with reopen(demo_path) as journal:
        assert position(journal.game.state, "Bob") == 37


async def test_a_utility_reached_by_the_dice_takes_its_rent_by_the_same_throw(
    game: Callable[..., Path],
) -> None:
    path = game(c.Buy(player="Alice", deed="Electric Company"), c.MoveToken(player="Bob", square=5))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l", "7")  # 5 + 7 = 12, Electric Company: no Enter after a throw
        await pilot.pause()
        assert isinstance(app.screen, LandedScreen)
        await pilot.press("enter")
        await pilot.pause()
    with reopen(path) as journal:
        assert journal.game.state.player("Bob").cash == 1500 - 4 * 7


async def test_the_dice_onto_a_square_with_nothing_to_do_open_no_dialog(
    game: Callable[..., Path],
) -> None:
    path = game(c.Buy(player="Bob", deed="Vermont Avenue"), c.MoveToken(player="Bob", square=2))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l", "6")  # Vermont Avenue, his own
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
        await pilot.press("l", "2")  # Jail, just visiting
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
        assert position(app.state, "Bob") == 10


DICE_SEQUENCE = [
    "space",  # Bob's turn
    "l",
    *"11",  # Boardwalk + 11: past GO to Jail, just visiting
    "space",  # Carol's turn
    "l",
    "8",
    "enter",  # Jail + 8: Carol buys Tennessee Avenue
    "ctrl+z",
    "ctrl+y",
]


async def test_dice_landings_typed_with_no_pause_end_in_the_same_journal(
    demo_path: Path, tmp_path: Path
) -> None:
    import shutil

    from textual import events

    from tests.tui.test_type_ahead import CHARACTERS, journal_text, settle

    paths = {}
    for name in ("slow", "fast"):
        paths[name] = tmp_path / f"{name}.banker"
        shutil.copy(demo_path, paths[name])
        app = make_app(paths[name])
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for key in DICE_SEQUENCE:
                if name == "slow":
                    await pilot.press(key)
                else:  # a burst, as a terminal delivers it
                    character = CHARACTERS.get(key, key if len(key) == 1 else None)
                    app.post_message(events.Key(key, character))
            await settle(app, pilot)
    slow, fast = journal_text(paths["slow"]), journal_text(paths["fast"])
    assert fast == slow
    assert any("Bob threw 11, passed GO, collected $200 and moved to Jail" in line for line in slow)
    assert any("Carol bought Tennessee Avenue" in line for line in slow)


async def test_a_lone_one_waits_for_its_second_digit(game: Callable[..., Path]) -> None:
    path = game(c.MoveToken(player="Bob", square=0))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l", "1")
        await pilot.pause()
        assert isinstance(app.screen, SquarePicker)  # 1 is no throw: 10, 11 or 12 may follow
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, LandedScreen)
        assert app.screen.landing.deed == "St. Charles Place"
        assert position(app.state, "Bob") == 11


async def test_a_reopened_game_charges_the_player_whose_turn_it_is(
    game: Callable[..., Path],
) -> None:
    """Carol's turn when the game was saved: reopened, the highlight is on Carol, and the
    throw (no key but `l` and the dice) moves her token and charges her Alice's rent."""
    path = game(
        c.Buy(player="Alice", deed="Vermont Avenue"),
        c.PassTurn(),
        c.PassTurn(),
        c.MoveToken(player="Carol", how="fix", square=0),
    )
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ledger = app.screen
        assert isinstance(ledger, LedgerScreen)
        assert ledger.selected == "Carol"
        await pilot.press("l")
        await type_text(pilot, "8")  # Vermont Avenue, Alice's: $6
        await pilot.pause()
        assert isinstance(app.screen, LandedScreen)
        await pilot.press("enter")
        await pilot.pause()
    with reopen(path) as journal:
        state = journal.game.state
        assert position(state, "Carol") == 8
        assert state.player("Carol").cash == 1494
        assert state.player("Alice").cash == 1500 - 100 + 6
        assert state.player("Bob").cash == 1500


@asynccontextmanager
async def thai_picker(tmp_path: Path) -> AsyncIterator[tuple[Pilot[None], SquarePicker]]:
    """The square picker of the demo game in Thai, for the second player; closed after."""
    from tools.screenshots import THAI_PLAYERS, demo_in

    app = make_app(demo_in("th", THAI_PLAYERS)(tmp_path / "demo.banker"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, SquarePicker)
        yield pilot, picker
        await pilot.press("escape")
        await pilot.pause()
    assert app.journal is not None
    app.journal.close()


async def typed_in(pilot: Pilot[None], picker: SquarePicker, text: str) -> None:
    from textual.widgets import Input

    picker.query_one("#query", Input).value = text  # set whole: Thai marks and all
    await pilot.pause()


async def test_the_picker_finds_a_colour_group_in_the_games_language(tmp_path: Path) -> None:
    """A Thai banker types แดง (red) and is offered the red streets first, as `red` does
    in English; the review found only the English names understood."""
    async with thai_picker(tmp_path) as (pilot, picker):
        await typed_in(pilot, picker, "แดง")
        labels = [d.landing.label for d in picker.shown[:3]]
        assert sorted(labels) == ["Illinois Avenue", "Indiana Avenue", "Kentucky Avenue"]


async def test_the_picker_finds_a_square_by_its_board_name_in_thai(tmp_path: Path) -> None:
    """The picker shows โอกาส, not `โอกาส (Chance)`; the board's English still finds it."""
    async with thai_picker(tmp_path) as (pilot, picker):
        for typed in ("income", "ภาษีรายได้"):
            await typed_in(pilot, picker, typed)
            assert picker.shown[0].landing.label == "ภาษีรายได้", typed
            assert picker.shown[0].square == 4
