"""The national board as the national director reads it, over a real PostgreSQL server:
at 80x24 the cut line and the rows either side of it are on screen (before, 6 ranking
rows, a cut of 8 out of sight); each venue's round is its own on the standings page
(before, the page's head said "round 5 of 5", one venue's); a venue is "ended" only once
its director ended the round (before, as soon as every table was recorded)."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest
from textual.widgets import DataTable

from banker.i18n import translator
from banker.national.board import National
from banker.national.outbox import Outbox
from banker.national.schema import init
from banker.tournament.language import perform
from banker.tui.national import NationalApp, NationalScreen
from tests.national.test_board import _venue, _worth
from tests.tournament.conftest import until
from tests.tournament.test_board_shows_everyone import lines_in

VENUES = {"jb-3": ("Johor Bahru", "J"), "kl-1": ("Kuala Lumpur", "K"), "pg-2": ("Penang", "P")}


@pytest.mark.parametrize(("size", "language"), [((80, 24), "en"), ((160, 50), "th")])
async def test_the_cut_line_is_in_sight_and_each_venue_has_its_own_round(
    tmp_path: Path, database: str, size: tuple[int, int], language: str
) -> None:
    say = translator(language)
    init(database)
    journals = {}
    for venue, (_name, letter) in VENUES.items():
        journals[venue] = _venue(tmp_path / f"{venue}.event", [f"{letter}{i}" for i in range(1, 9)])
    # Penang draws its final and records it, but its director has not ended the round
    penang = journals["pg-2"]
    perform(penang, "draw")
    perform(penang, "start")
    finalists = sorted(penang.state.round(3).tables[0], key=lambda n: -_worth(n, 3))
    perform(penang, "record 1 " + ",".join(f"{n}={_worth(n, 3)}" for n in finalists))
    for venue, journal in journals.items():
        Outbox(journal.path, database, venue, VENUES[venue][0]).send()

    national = National(database, cut=8, name="Malaysia Open")
    app = NationalApp(national, host="127.0.0.1", language=language)
    async with app.run_test(size=size) as pilot:
        await until(lambda: isinstance(app.screen, NationalScreen))
        screen = app.screen
        venues = screen.query_one("#venues", DataTable)
        ranking = screen.query_one("#ranking", DataTable)
        await until(lambda: venues.row_count == 3 and ranking.row_count == 24)
        names = [str(ranking.get_row_at(i)[1]) for i in range(24)]

        def around_the_cut() -> bool:
            shown = " ".join(lines_in(app, ranking))
            return all(f" {n} " in f" {shown} " for n in names[6:9])

        await until(around_the_cut)
        # the cut line: the last one through is underlined, the next one not
        assert all("underline" in str(c.style) for c in ranking.get_row_at(7))
        assert not any("underline" in str(c.style) for c in ranking.get_row_at(8))
        # a venue whose every table is recorded still plays until its director ends it
        state = {str(venues.get_row_at(i)[0]): str(venues.get_row_at(i)[4]) for i in range(3)}
        assert state["Penang"] == say("playing"), state
        assert state["Kuala Lumpur"] == say("ended"), state
        assert app.page is not None
        async with aiohttp.ClientSession() as session:
            async with session.get(app.page.url + "board.json") as response:
                board = await response.json()
        assert board["round_words"] == say("{n} venues").format(n=3)
        cards = {c["title"]: c["round_words"] for c in board["tables"]}
        assert cards["Penang"] == say("Final")
        assert cards["Kuala Lumpur"] == say("Preliminary round {n} of {of}").format(n=2, of=2)
        # a window made smaller (a laptop's terminal): the cut comes back into sight
        ranking.scroll_home(animate=False)
        await pilot.resize_terminal(81, 24)
        await until(around_the_cut)
        perform(penang, "end")
        Outbox(penang.path, database, "pg-2", "Penang").send()
        await until(lambda: str(venues.get_row_at(2)[4]) == say("ended"))
        await pilot.pause()
    for journal in journals.values():
        journal.close()
