"""The director's board in Malay and Thai shows no English the catalogue missed: the board
with a round under way (a table linked, one recorded, one not), a table's detail, the
director's lines typed in its bar (answers and refusals), the standings page's code, and
the new event's form with its reasons, at 80x24 and 120x40 (`tests.english`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Input

from banker.tournament.journal import EventJournal
from banker.tournament.language import perform
from banker.tournament.model import EventSetup
from banker.tui.board import BoardApp
from tests.english import english_in
from tests.tui.test_no_english_on_screen import seen

NAMES = ["Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal"]
SHOWN = ["Cup", *NAMES, *(name[:2] for name in NAMES)]
"""The event's and players' names, and a name cut by a narrow column (`Fa`)."""
GRID = [(language, size) for language in ("ms", "th") for size in ((80, 24), (120, 40))]
IDS = [f"{language}-{w}x{h}" for language, (w, h) in GRID]


async def typed(app: App[object], pilot: object, line: str) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    bar = app.screen.query_one("#bar", Input)
    bar.value = line  # set whole, Thai marks and all
    bar.focus()
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize(("language", "size"), GRID, ids=IDS)
async def test_the_board_and_its_answers_show_no_english(
    language: str, size: tuple[int, int], tmp_path: Path
) -> None:
    journal = EventJournal.create(
        tmp_path / "cup.event", EventSetup(name="Cup", rounds=2, minutes=90)
    )
    for line in (
        "players " + ",".join(NAMES),
        "draw",
        "start",
        "link 1 http://127.0.0.1:9/t/gone/",  # nobody answers there: lost contact
    ):
        perform(journal, line)
    second = journal.state.round(1).tables[1]
    worths = (2400, 1800, 1500, 900)
    perform(
        journal, "record 2 " + ",".join(f"{n}={w}" for n, w in zip(second, worths, strict=True))
    )
    app = BoardApp(journal, host="127.0.0.1", language=language)
    screens: dict[str, str] = {}
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screens["board"] = seen(app)
        await pilot.press("down")  # a table's detail
        await pilot.pause()
        screens["detail"] = seen(app)
        for line in ("standings", "seating", "bogus", "record 9 Ana=x", "correct 2 Hal=1"):
            await typed(app, pilot, line)
            screens[line] = seen(app).replace(line, " ")  # a refused line stays to mend
        await pilot.press("f2")
        await pilot.pause()
        screens["f2"] = seen(app)
        await pilot.press("escape")
        await pilot.pause()
    journal.close()
    leaks = {k: w for k, text in screens.items() if (w := english_in(text, language, SHOWN))}
    assert not leaks, leaks


@pytest.mark.parametrize(("language", "size"), GRID, ids=IDS)
async def test_the_new_event_form_and_its_reasons_show_no_english(
    language: str, size: tuple[int, int], tmp_path: Path
) -> None:
    app = BoardApp(None, serve=False, new_at=tmp_path / "cup.event", language=language)
    screens: dict[str, str] = {}
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screens["form"] = seen(app)
        app.screen.query_one("#rounds", Input).value = "0"
        app.screen.query_one("#size", Input).value = "1"
        app.screen.query_one("#name", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        screens["refused"] = seen(app)
    leaks = {k: w for k, text in screens.items() if (w := english_in(text, language, ["cup"]))}
    assert not leaks, leaks
    assert screens["refused"] != screens["form"]  # the reasons were shown
