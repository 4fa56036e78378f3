"""The command bar, the palette, the new-game form, and the app surviving the unexpected."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.language import parse
from banker.store import Journal
from banker.tui.app import BankerApp, make_app
from banker.tui.screens.ledger import LedgerScreen
from banker.tui.screens.new_game import NewGameScreen
from banker.tui.screens.raise_funds import RaiseFundsScreen
from banker.tui.widgets.command_bar import CommandBar, suggest
from tests.tui.conftest import SIZE, reopen, type_text


async def test_command_bar_applies_a_line(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        assert isinstance(app.focused, CommandBar)
        await type_text(pilot, "rent carol boardwalk")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RaiseFundsScreen)  # Carol has $550: the rest is owed
        ledger = next(s for s in app.screen_stack if isinstance(s, LedgerScreen))
        assert ledger.query_one(CommandBar).value == ""
    with reopen(demo_path) as journal:
        assert journal.game.state.debts_of("Carol")[0].amount == 600


async def test_command_bar_shows_a_refusal_and_keeps_the_line_a_key_away(
    demo_path: Path,
) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        await type_text(pilot, "build alice park 3")
        await pilot.press("enter")
        await pilot.pause()
        assert any(n.severity == "error" for n in app._notifications)
        assert not isinstance(app.focused, CommandBar)  # the next keys are the ledger's
        await pilot.press("colon", "up")  # the refused line back, to mend
        assert app.screen.query_one(CommandBar).value == "build alice park 3"
        await pilot.press("escape")
        assert not isinstance(app.focused, CommandBar)
    with reopen(demo_path) as journal:
        assert journal.game.state.deeds["Park Place"].houses == 2


async def test_command_bar_completes_with_tab(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        await type_text(pilot, "ren")
        await pilot.pause()
        await pilot.press("tab")
        await type_text(pilot, " car")
        await pilot.pause()
        await pilot.press("tab")
        await type_text(pilot, " boa")
        await pilot.pause()
        await pilot.press("tab")
        assert app.screen.query_one(CommandBar).value == "rent carol boardwalk"


def test_suggestions_complete_the_last_name(demo_path: Path) -> None:
    with Journal.open(demo_path, read_only=True) as journal:
        state = journal.game.state
        assert suggest("mortgage dave st. ch", state) == "mortgage dave st. charles Place"
        assert suggest("pay alice 50 to b", state) == "pay alice 50 to bob"
        assert suggest("card bob chance-div", state) == "card bob chance-dividend"
        line = suggest("trade alice bob give 100 get north c", state)
        assert line is not None
        parse(line, state)


async def test_palette_lists_the_banker_actions(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await type_text(pilot, "mortgage")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "MortgageScreen"


async def test_new_game_checks_the_names_then_starts(banker_home: Path) -> None:
    app = BankerApp(None)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, NewGameScreen)
        await type_text(pilot, "Ann")
        await pilot.press("tab")
        await type_text(pilot, "ann")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "would read alike in a command" in str(app.screen.query_one("#problem").render())
        app.screen.query_one("#player-2", Input).value = "  Ben  "
        app.screen.query_one("#game-name", Input).value = "friday"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
        assert app.journal is not None
        assert [p.name for p in app.journal.game.state.players] == ["Ann", "Ben"]
    with reopen(banker_home / "games" / "friday.banker") as journal:
        assert journal.game.state.player("Ben").cash == 1500


async def test_the_new_game_form_refuses_pot_and_a_fullwidth_look_alike(
    banker_home: Path,
) -> None:
    app = BankerApp(None)
    async with app.run_test(size=SIZE) as pilot:
        form = app.screen
        for first, second, reason in (
            ("Pot", "Bob", "'Pot' reads as 'pot'"),
            ("Ａlice", "Alice", "'Ａlice' and 'Alice' would read alike"),
        ):
            form.query_one("#player-1", Input).value = first
            form.query_one("#player-2", Input).value = second
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is form
            assert reason in str(form.query_one("#problem").render())
    assert not list((banker_home / "games").glob("*.banker"))


async def test_a_new_game_over_a_deleted_games_leftovers_says_where_they_went(
    banker_home: Path,
) -> None:
    """The review's D1 from the app: a -wal and -shm left under the name by a game gone;
    the new game starts clean and the banker is told where they were moved."""
    games = banker_home / "games"
    games.mkdir(parents=True, exist_ok=True)
    for suffix in ("-wal", "-shm"):
        (games / f"friday.banker{suffix}").write_bytes(b"left by a game that is gone")
    app = BankerApp(None)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.screen.query_one("#player-1", Input).value = "Ann"
        app.screen.query_one("#player-2", Input).value = "Ben"
        app.screen.query_one("#game-name", Input).value = "friday"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
        said = [n.message for n in app._notifications]
    moved = sorted(games.glob("friday.banker-*.left-*"))
    assert len(moved) == 2
    assert sorted(m for m in said if m.startswith("Moved aside to")) == sorted(
        f"Moved aside to {m}: a file an earlier game of this name left behind (the game "
        "itself is gone), which would have been read into the new one."
        for m in moved
    )
    with reopen(games / "friday.banker") as journal:
        assert [p.name for p in journal.game.state.players] == ["Ann", "Ben"]


async def test_new_game_with_dealt_deeds_in_thai(banker_home: Path) -> None:
    from textual.widgets import Checkbox, Select

    app = BankerApp(None)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        screen.query_one("#player-1", Input).value = "Ann"
        screen.query_one("#player-2", Input).value = "Ben"
        screen.query_one("#player-3", Input).value = "Cai"
        screen.query_one("#game-name", Input).value = "dealt"
        screen.query_one("#deal", Select).value = "all"
        screen.query_one("#deal-free", Checkbox).value = True
        screen.query_one("#language", Select).value = "th"
        screen.query_one("#short", Select).value = "1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
    with reopen(banker_home / "games" / "dealt.banker") as journal:
        state = journal.game.state
        owned = [len(state.deeds_of(p)) for p in ("Ann", "Ben", "Cai")]
        assert sum(owned) == 28 and max(owned) - min(owned) <= 1
        assert [p.cash for p in state.players] == [1500, 1500, 1500]
        assert state.language == "th"
        assert state.rules.end_after_bankruptcies == 1


async def test_a_deal_nobody_can_pay_is_refused_on_the_form(banker_home: Path) -> None:
    from textual.widgets import Select

    app = BankerApp(None)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        screen.query_one("#player-1", Input).value = "Ann"
        screen.query_one("#player-2", Input).value = "Ben"
        screen.query_one("#deal", Select).value = "all"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "deal them free, or fewer per player" in str(
            app.screen.query_one("#problem").render()
        )
        assert not (banker_home / "games" / "ann-ben.banker").exists()


async def test_banker_alone_opens_the_latest_game(banker_home: Path, demo_path: Path) -> None:
    from banker.demo import make_demo

    make_demo(banker_home / "games" / "latest.banker")
    app = make_app()
    assert app.journal is not None
    assert app.journal.path.stem == "latest"
    app.journal.close()


async def test_an_unexpected_error_is_shown_and_the_app_goes_on(
    demo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        assert app.journal is not None

        def broken(command: object, phone: object = None) -> None:
            raise RuntimeError("disk on fire")

        monkeypatch.setattr(app.journal, "apply", broken)
        await pilot.press("3", "g")
        await pilot.pause()
        assert any("disk on fire" in n.message for n in app._notifications)
        assert isinstance(app.screen, LedgerScreen)
        monkeypatch.undo()
        await pilot.press("g")
        await pilot.pause()
    with reopen(demo_path) as journal:
        assert journal.game.state.player("Carol").cash == 750


async def test_a_timed_game_ends_by_itself_when_the_time_is_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from banker.core.rules import HouseRules
    from banker.store import sqlfile

    path = tmp_path / "timed.banker"
    setup = c.Setup(
        players=["Ann", "Ben"], edition=load_edition("us"), rules=HouseRules(time_limit_minutes=30)
    )
    with monkeypatch.context() as m:  # the game was set up long ago (a changed file would
        m.setattr(sqlfile, "now", lambda: "2020-01-01T00:00:00+00:00")  # be refused)
        with Journal.create(path, setup) as journal:
            journal.apply(c.Buy(player="Ann", deed="Boardwalk"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.3)
        assert app.journal is not None
        assert app.journal.game.state.ended
        # Ann ($1,100 and Boardwalk) and Ben ($1,500) tie: more cash wins.
        assert app.journal.game.state.winner == "Ben"


async def test_a_timed_game_shows_the_time_left(tmp_path: Path) -> None:
    from banker.core.rules import HouseRules

    path = tmp_path / "clock.banker"
    setup = c.Setup(
        players=["Ann", "Ben"], edition=load_edition("us"), rules=HouseRules(time_limit_minutes=90)
    )
    Journal.create(path, setup).close()
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.sub_title.startswith("clock · 1:29:") or app.screen.sub_title.startswith(
            "clock · 1:30:"
        )
        assert app.journal is not None and not app.journal.game.state.ended


async def test_a_game_named_after_its_players_stays_in_the_games_folder(
    banker_home: Path,
) -> None:
    """The review: players "AC/DC" and "Bob" with no game name made `./ac/dc-bob`, outside
    the games folder (no `.banker`), and the next start said "New game"."""
    app = BankerApp(None)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        screen.query_one("#player-1", Input).value = "AC/DC"
        screen.query_one("#player-2", Input).value = "Bob"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
    made = list((banker_home / "games").glob("*.banker"))
    assert [p.name for p in made] == ["ac-dc-bob.banker"]
    assert not Path("ac").exists()
    with reopen(made[0]) as journal:
        assert [p.name for p in journal.game.state.players] == ["AC/DC", "Bob"]
