"""The board as a director uses it under pressure: each problem the tournament review
found is a test here, driven through the real app."""

from __future__ import annotations

import asyncio
import os
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiohttp
import pytest
from textual.widgets import DataTable, Input, Static

from banker.i18n.message import msg
from banker.tournament.director import LAST_TURN_MINUTES
from banker.tournament.journal import EventJournal
from banker.tournament.model import EventSetup, Place, RecordResult, StartRound
from banker.tui.board import BoardApp
from tests.tournament.conftest import seated, until

NAMES = tuple(f"Player{i:02}" for i in range(1, 18))  # 17: tables of 5, 4, 4, 4
MINUTES = 60


def _event(tmp_path: Path, started: datetime | None = None) -> EventJournal:
    journal = seated(
        tmp_path / "open.event", EventSetup(name="Open", rounds=2, minutes=MINUTES, seed=1), NAMES
    )
    if started is not None:
        journal.apply(StartRound(round=1, at=started.isoformat(timespec="seconds")))
    return journal


def _said(app: BoardApp) -> str:
    return str(app.screen.query_one("#said", Static).render())


def _cell(app: BoardApp, row: int, column: int) -> str:
    return str(app.screen.query_one("#tables", DataTable).get_cell_at((row, column)))


async def test_rows_show_from_the_start_and_the_keys_go_to_the_bar(tmp_path: Path) -> None:
    journal = _event(tmp_path)
    app = BoardApp(journal, "127.0.0.1", 0, serve=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#tables", DataTable)
        await until(lambda: table.row_count == 4)  # before: none until the first change
        assert app.focused is app.screen.query_one("#bar", Input)  # before: the table list
        await pilot.press(*"standings", "enter")  # typed at once, no click
        await until(lambda: "Player01" in _said(app))
    journal.close()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_table_leader_worth_result_and_state_fit_the_screen(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    journal = _event(tmp_path, started=datetime.now(UTC))
    seated = journal.state.round(1).tables[0]
    places = tuple(Place(name=n, place=i, worth=5000 - i) for i, n in enumerate(seated, start=1))
    journal.apply(RecordResult(round=1, table=1, places=places))
    app = BoardApp(journal, "127.0.0.1", 0, serve=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#tables", DataTable)
        await until(lambda: table.row_count == 4)
        columns = list(table.columns.values())
        labels = [str(c.label) for c in columns]
        assert labels[:4] == ["Table", "Leader", "Result", "State"]
        # the first four columns fit the list's width: nothing to scroll for them
        assert sum(c.get_render_width(table) for c in columns[:4]) <= table.size.width
        assert "recorded" in _cell(app, 0, 2) and "not linked" in _cell(app, 1, 3)
        detail = app.screen.query_one("#detail")
        if size[0] < 120:  # the details go under the list
            assert app.screen.has_class("narrow")
            assert detail.region.y > table.region.y and detail.region.width >= 70
        else:  # beside it
            assert detail.region.x > table.region.x and detail.region.y == table.region.y
    journal.close()


async def test_a_problem_never_hides_the_answers_after_it(tmp_path: Path) -> None:
    journal = _event(tmp_path)
    app = BoardApp(journal, "127.0.0.1", 0, serve=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.director is not None
        app.director._problem(msg("Table {n}: {why}", n=2, why="its final standings are odd"))
        app.director._notify()  # as after the table's change that brought the problem
        await until(lambda: "final standings are odd" in _said(app))
        await pilot.press(*"seating", "enter")
        await until(lambda: "Round 1 of Open" in _said(app))
        said = _said(app)  # the newest first, the problem still there below it
        assert said.index("Round 1 of Open") < said.index("final standings are odd")
        await pilot.press(*"nonsense", "enter")
        await until(lambda: "'nonsense' is not a director's command" in _said(app))
        assert "final standings are odd" in _said(app)
    journal.close()


async def test_the_clock_calls_the_last_turn_then_past_time_with_no_table_changing(
    tmp_path: Path,
) -> None:
    # the round's time comes two seconds from now (before or after the board is up,
    # as the machine allows); no table changes: only the clock can say it
    started = datetime.now(UTC) - timedelta(minutes=MINUTES) + timedelta(seconds=2)
    journal = _event(tmp_path, started=started)
    app = BoardApp(journal, "127.0.0.1", 0, serve=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await until(lambda: app.screen.query_one("#tables", DataTable).row_count == 4)
        await until(lambda: "last turn" in _cell(app, 0, 3))
        # said by the clock's own check (nothing else logs it): no table changed
        await until(lambda: "the last turn" in _said(app))
        assert "last turn" in str(app.screen.query_one("#head", Static).render())
    journal.close()
    late = datetime.now(UTC) - timedelta(minutes=MINUTES + LAST_TURN_MINUTES, seconds=-2)
    (tmp_path / "later").mkdir()
    journal = _event(tmp_path / "later", started=late)
    app = BoardApp(journal, "127.0.0.1", 0, serve=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await until(lambda: "past time" in _cell(app, 0, 3))
        await until(lambda: "Past time" in _said(app))
    journal.close()


async def test_end_before_time_asks_and_end_now_ends(tmp_path: Path) -> None:
    journal = _event(tmp_path, started=datetime.now(UTC))
    app = BoardApp(journal, "127.0.0.1", 0, serve=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press(*"end", "enter")
        await until(lambda: "'end now' ends it early" in _said(app))
        assert not journal.state.round(1).ended
        await pilot.press(*"end now", "enter")
        await until(lambda: journal.state.round(1).ended)
    journal.close()


async def test_two_lines_typed_fast_run_once_each_and_up_brings_one_back(
    tmp_path: Path,
) -> None:
    journal = _event(tmp_path)
    app = BoardApp(journal, "127.0.0.1", 0, serve=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one("#bar", Input)
        # Enter, then the next line typed before the screen took the first: the bar is
        # empty at once (before: still 'start', and 'undo' ran into it as 'startundo')
        bar.value = "start"
        await bar.action_submit()
        assert bar.value == ""
        bar.insert_text_at_cursor("undo")
        await bar.action_submit()
        await until(lambda: "Undid: Round 1 started" in _said(app))
        await pilot.pause()
        assert journal.state.round(1).started is None and bar.value == ""
        assert _said(app).count("Round 1 started") == 2  # started once, undone once
        await pilot.press("up")
        assert bar.value == "undo"
    journal.close()


async def test_read_only_shell_verbs_answer_while_the_board_is_open(tmp_path: Path) -> None:
    journal = _event(tmp_path)
    app = BoardApp(journal, "127.0.0.1", 0, serve=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        path = str(journal.path)

        async def shell(*words: str) -> tuple[int, str]:
            """The director's other terminal: a process of its own."""
            done = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "banker.cli",
                "tournament",
                *words,
                path,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
                env={**os.environ, "BANKER_HOME": str(tmp_path)},
            )
            out, _ = await asyncio.wait_for(done.communicate(), 60)
            return await done.wait(), out.decode()

        code, out = await shell("standings")
        assert code == 0 and "Player01" in out  # before: refused, the board holds the file
        code, out = await shell("seating")
        assert code == 0 and "Round 1 of Open" in out
        code, out = await shell("start")  # what changes the event waits for the board
        assert code != 0 and journal.state.round(1).started is None
    journal.close()


async def test_the_addresses_stay_and_the_projector_has_its_clock(tmp_path: Path) -> None:
    journal = _event(tmp_path, started=datetime.now(UTC))
    app = BoardApp(journal, "127.0.0.1", 0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await until(lambda: app.standings is not None and app.standings.url)
        assert app.standings is not None and app.desk is not None
        for line in ("seating", "standings", "nonsense"):
            await pilot.press(*line, "enter")
        await pilot.pause()
        addresses = str(app.screen.query_one("#addresses", Static).render())
        assert app.desk.url in addresses.replace("\n", "")
        assert app.standings.clock_url in addresses.replace("\n", "")
        async with aiohttp.ClientSession() as session:
            async with session.get(app.standings.clock_url) as answer:
                page = await answer.text()
                assert answer.status == 200 and 'class="projector"' in page
            async with session.get(app.standings.url + "board.json") as answer:
                board = await answer.json()
        assert board["ends_at"] and board["last_turn_minutes"] == LAST_TURN_MINUTES
    journal.close()


async def test_the_new_event_form_makes_a_championship(tmp_path: Path) -> None:
    from banker.tui.screens.new_event import NewEventScreen
    from banker.tui.screens.tournament import TournamentScreen

    path = tmp_path / "nationals.event"
    app = BoardApp(None, serve=False, new_at=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewEventScreen)
        app.screen.query_one("#semis", Input).value = "8"
        app.screen.query_one("#final", Input).value = "1"  # a cut of one: refused
        app.screen.query_one("#final", Input).focus()
        await pilot.press("enter")  # Enter in a field creates, as the button does
        await pilot.pause()
        assert "at least 2" in str(app.screen.query_one("#why", Static).render())
        app.screen.query_one("#final", Input).value = "4"
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, TournamentScreen))
    assert app.journal is not None
    setup = app.journal.setup
    assert [(p.name, p.rounds, p.minutes, p.players) for p in setup.phases] == [
        ("preliminary", 3, 90, None),
        ("semi-final", 1, 75, 8),
        ("final", 1, 120, 4),
    ]
    app.journal.close()
