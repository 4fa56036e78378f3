"""`banker national board DSN` as the national director uses it, driven by Pilot over a
real PostgreSQL server: every venue a row, the national ranking with its cut, the bar's
`cut N` and `csv FILE`, the national standings page (token, security headers, its board
equal to the screen's), at 80x24 and 160x50, in English and in Thai."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import aiohttp
import pytest
from textual.widgets import DataTable, Input, Static

from banker.national.board import National
from banker.national.outbox import Outbox
from banker.national.schema import init
from banker.tournament.journal import EventJournal
from banker.tui.national import NationalApp, NationalScreen
from tests.national.test_board import VENUES, _expected, _venue
from tests.tournament.conftest import until


def _publish(tmp_path: Path, database: str) -> dict[str, EventJournal]:
    init(database)
    journals = {v: _venue(tmp_path / f"{v}.event", names) for v, (_, names) in VENUES.items()}
    for venue, journal in journals.items():
        Outbox(journal.path, database, venue, VENUES[venue][0]).send()
    return journals


def _cells(table: DataTable[object], column: int) -> list[str]:
    return [str(table.get_row_at(i)[column]) for i in range(table.row_count)]


async def _type(app: NationalApp, line: str) -> None:
    bar = app.screen.query_one("#bar", Input)
    bar.value = line
    await bar.action_submit()


def _said(app: NationalApp) -> str:
    return str(app.screen.query_one("#said", Static).render())


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_national_board_follows_every_venue(
    tmp_path: Path, database: str, size: tuple[int, int]
) -> None:
    journals = _publish(tmp_path, database)
    want = _expected(journals, 4)
    national = National(database, cut=4, name="Malaysia Open")
    app = NationalApp(national, host="127.0.0.1", language="en")
    async with app.run_test(size=size) as pilot:
        await until(lambda: isinstance(app.screen, NationalScreen))
        screen = app.screen
        venues = screen.query_one("#venues", DataTable)
        ranking = screen.query_one("#ranking", DataTable)
        await until(lambda: venues.row_count == 2 and ranking.row_count == 16)
        assert screen.has_class("narrow") == (size[0] < NationalScreen.NARROW)
        assert _cells(venues, 0) == ["Kuala Lumpur", "Penang"]
        assert _cells(venues, 2) == ["2/2", "2/2"]
        assert _cells(ranking, 1) == [w[0] for w in want]
        assert [c == "through" for c in _cells(ranking, 6)] == [w[4] for w in want]
        head = str(screen.query_one("#head", Static).render())
        assert "Malaysia Open" in head and "the best 4" in head
        # Every column of a venue's row within the screen's width.
        assert sum(c.get_render_width(venues) for c in venues.columns.values()) <= size[0]

        await _type(app, "cut 2")
        await pilot.pause()
        await until(
            lambda: [c == "through" for c in _cells(ranking, 6)] == [True, True] + [False] * 14
        )
        saved = tmp_path / "cut.csv"
        await _type(app, f"csv {saved}")
        await until(lambda: saved.exists())
        rows = list(csv.reader(io.StringIO(saved.read_text(encoding="utf-8"))))
        assert [(r[1], r[2], int(r[3]), int(r[4])) for r in rows[1:]] == [w[:4] for w in want]
        assert [r[6] for r in rows[1:3]] == ["yes", "yes"] and rows[3][6] == "no"
        await _type(app, f"csv {saved}")
        await until(lambda: "force" in _said(app))
        await _type(app, "give P2 the cup")
        await until(lambda: "takes csv FILE" in _said(app))

        page = app.page
        assert page is not None and page.url
        async with aiohttp.ClientSession() as session:
            async with session.get(page.url) as response:
                assert response.status == 200
                assert "script-src 'self'" in response.headers["Content-Security-Policy"]
                assert "Venues" in await response.text()
            async with session.get(page.url + "board.json") as response:
                board = await response.json()
            assert [r["name"] for r in board["standings"]] == [w[0] for w in want]
            assert [r["through"] for r in board["standings"]][:3] == [True, True, False]
            assert [c["title"] for c in board["tables"]] == ["Kuala Lumpur", "Penang"]
            wrong = page.url.replace(page.token or "", "x" * 22)
            async with session.get(wrong) as response:
                assert response.status == 404
            async with session.post(page.url) as response:
                assert response.status == 405
    for journal in journals.values():
        journal.close()


async def test_the_national_board_in_thai(tmp_path: Path, database: str) -> None:
    journals = _publish(tmp_path, database)
    national = National(database, cut=4)
    app = NationalApp(national, serve=False, language="th")
    async with app.run_test(size=(80, 24)):
        await until(lambda: isinstance(app.screen, NationalScreen))
        venues = app.screen.query_one("#venues", DataTable)
        await until(lambda: venues.row_count == 2)
        labels = [str(c.label) for c in venues.columns.values()]
        assert labels[0] == "สนาม"
        head = str(app.screen.query_one("#head", Static).render())
        assert "National championship" not in head  # said in Thai
        await _type(app, "cut")
        await until(lambda: _said(app))
        assert "takes csv FILE" not in _said(app)  # the refusal in Thai too
    for journal in journals.values():
        journal.close()


async def test_the_national_page_keeps_its_address(
    tmp_path: Path, database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BANKER_HOME", str(tmp_path / "home"))
    journals = _publish(tmp_path, database)
    urls = []
    for _ in range(2):  # the national director restarts the board
        app = NationalApp(National(database, cut=4), host="127.0.0.1")
        async with app.run_test(size=(80, 24)):
            await until(lambda a=app: isinstance(a.screen, NationalScreen))
            assert app.page is not None
            urls.append(app.page.url)
    assert urls[0] == urls[1]  # the same port and token: the QR code on the wall still works
    kept = list((tmp_path / "home").rglob("shares.json"))
    assert kept and "postgresql" not in kept[0].read_text()  # kept by a hash, no address
    for journal in journals.values():
        journal.close()
