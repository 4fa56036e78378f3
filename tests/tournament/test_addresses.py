"""Addresses that stay: the standings page and the join address keep their port and
token across the board's restarts (kept in the event file), and a restarted `banker
share` keeps its token; a kept port another program took moves, and says so."""

from __future__ import annotations

import asyncio
import io
import socket
import sqlite3
from pathlib import Path

import aiohttp
import pytest
from textual.widgets import Static

from banker.core.commands import Setup
from banker.core.edition import load_edition
from banker.store.journal import Journal
from banker.tournament.journal import EventJournal
from banker.tournament.model import AddPlayers, EventSetup
from banker.tui.board import BoardApp
from banker.web.share import serve
from tests.tournament.conftest import until


def _event(path: Path) -> None:
    with EventJournal.create(path, EventSetup(name="Open", rounds=1, minutes=60)) as journal:
        journal.apply(AddPlayers(names=("Ana", "Ben", "Cai", "Dee")))


async def _addresses(path: Path) -> tuple[str, str, str]:
    """Open the board on the event, read its two addresses and the log, close it."""
    with EventJournal.open(path) as journal:
        app = BoardApp(journal, "127.0.0.1", 0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await until(lambda: app.standings is not None and app.standings.url)
            assert app.standings is not None and app.desk is not None
            async with aiohttp.ClientSession() as session:
                async with session.get(app.standings.url + "board.json") as answer:
                    assert answer.status == 200
            said = str(app.screen.query_one("#said", Static).render())
            return app.standings.url, app.desk.url, said


async def test_the_boards_addresses_stay_the_same_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "open.event"
    _event(path)
    first = await _addresses(path)
    again = await _addresses(path)
    assert again[:2] == first[:2]  # before: a new port and token at every start
    assert "moved" not in again[2]


async def test_a_kept_port_taken_meanwhile_moves_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "open.event"
    _event(path)
    url, _, _ = await _addresses(path)
    port = int(url.split(":")[2].split("/")[0])
    token = url.rstrip("/").rsplit("/", 1)[1]
    with socket.socket() as squatter:  # another program on the page's port
        squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        squatter.bind(("127.0.0.1", port))
        squatter.listen()
        moved, _, said = await _addresses(path)
    assert f":{port}/" not in moved and moved.endswith(f"/{token}/")  # the token stays
    assert "The standings page moved to" in said and moved in said.replace("\n", "")
    assert (await _addresses(path))[0] == moved  # and the new place is kept


async def test_a_kept_address_that_is_not_sound_is_not_used(tmp_path: Path) -> None:
    path = tmp_path / "open.event"
    _event(path)
    url, _, _ = await _addresses(path)
    with sqlite3.connect(path) as db:  # someone edits the file
        db.execute("UPDATE addresses SET token = '<script>', port = 99999")
    again, _, _ = await _addresses(path)
    assert again != url and "<script>" not in again
    with EventJournal.open(path) as journal:
        assert journal.address("standings") is not None  # a sound one kept again


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BANKER_HOME", str(tmp_path / "home"))
    path = tmp_path / "friday.banker"
    Journal.create(path, Setup(players=["Ana", "Ben"], edition=load_edition("us"))).close()
    return path


async def _share_once(path: Path) -> str:
    out = io.StringIO()
    stop = asyncio.Event()
    task = asyncio.create_task(serve(path, "127.0.0.1", 0, out=out, stop=stop))
    await until(lambda: "http://" in out.getvalue())
    url = next(w for w in out.getvalue().split() if w.startswith("http://"))
    async with aiohttp.ClientSession() as session:
        async with session.get(url) as answer:
            assert answer.status == 200
    stop.set()
    await task
    return url


async def test_a_restarted_share_keeps_its_address(game: Path) -> None:
    first = await _share_once(game)
    assert await _share_once(game) == first  # before: a new token, the phones' links dead
    (game.parent / "home" / "shares.json").write_text("{not json")
    assert await _share_once(game) != first  # a spoiled note: a new address, no harm
