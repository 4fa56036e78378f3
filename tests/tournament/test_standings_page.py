"""The standings page keeps the table view's conventions, names stay text, the CSV stays data."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from banker.tournament.director import Director, board_json, results_csv
from banker.tournament.journal import EventJournal
from banker.tournament.model import AddPlayers, EventSetup, Place, RecordResult, Seat, StartRound
from banker.web.site import SECURITY_HEADERS
from banker.web.standings import StandingsView
from tests.web.chromium import Chromium, find_chromium

HOSTILE = "<img src=x onerror=alert(1)>"
FORMULA = '=HYPERLINK("http://x")'
NAMES = (HOSTILE, FORMULA, "Ana", "Ben")


@pytest.fixture
def director(tmp_path: Path) -> Director:
    journal = EventJournal.create(
        tmp_path / "h.event", EventSetup(name="Hostile <b>cup</b>", rounds=1, minutes=30)
    )
    journal.apply(AddPlayers(names=NAMES))
    journal.apply(Seat(round=1, tables=(NAMES,)))
    journal.apply(StartRound(round=1, at="2026-01-01T10:00:00+00:00"))
    places = tuple(Place(name=n, place=i + 1, worth=2000 - i) for i, n in enumerate(NAMES))
    journal.apply(RecordResult(round=1, table=1, places=places))
    return Director(journal)


async def test_the_page_is_token_guarded_get_only_and_names_are_never_markup(
    director: Director,
) -> None:
    view = StandingsView(lambda: board_json(director))
    page = await view.start("127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as session:
            async with session.get(page) as response:
                html = await response.text()
                for header, value in SECURITY_HEADERS.items():
                    assert response.headers[header] == value
            assert HOSTILE not in html and "http://" not in html and "https://" not in html
            for path in ("s/standings.js", "s/standings.css", "board.json"):
                async with session.get(page + path) as response:
                    assert response.status == 200, path
            async with session.get(page + "s/../../etc/passwd") as response:
                assert response.status == 404
            async with session.put(page + "board.json") as response:
                assert response.status == 405
            root = page.split(view.token or "")[0]
            async with session.get(root) as response:
                assert response.status == 404
        if find_chromium() is not None:
            async with Chromium() as browser:
                await browser.open(page, width=1024, height=700)
                shown: Any = await browser.wait_for(
                    "Array.from(document.querySelectorAll('#standings td')).map(t => t.textContent)",
                    10,
                )
                assert HOSTILE in shown and FORMULA in shown
                assert await browser.evaluate("document.images.length") == 0
                assert await browser.evaluate("document.scripts.length") == 1
                title = await browser.evaluate("document.getElementById('title').textContent")
                assert title.startswith("Hostile <b>cup</b>")
    finally:
        await view.stop()
        director.journal.close()


def test_the_csv_never_hands_a_spreadsheet_a_formula(director: Director) -> None:
    rows = list(csv.DictReader(io.StringIO(results_csv(director.state))))
    assert [r["player"] for r in rows] == [HOSTILE, "'" + FORMULA, "Ana", "Ben"]
    assert [r["place"] for r in rows] == ["1", "2", "3", "4"]
    director.journal.close()
