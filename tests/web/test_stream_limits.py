"""Event streams: the standings page's stays open like the table view's (heartbeats, never
closed as idle); one client address, or one link, cannot take every stream of either page:
its newest stream replaces its oldest. Addresses 127.0.0.2 and up play other machines
(Linux)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from banker.store import Journal
from banker.tournament.director import Director, board_json
from banker.tournament.journal import EventJournal
from banker.tournament.model import AddPlayers, EventSetup
from banker.web import limits
from banker.web import stream as stream_module
from banker.web.server import TableView
from banker.web.standings import StandingsView
from banker.web.stream import RETRY_MS, STREAMS_PER_CLIENT

pytestmark = pytest.mark.skipif(
    sys.platform != "linux", reason="other loopback addresses than 127.0.0.1 are Linux's"
)


async def stream(
    port: int, path: str, source: str
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, bytes]:
    """An event stream opened from `source`: its reader, writer and status line."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    writer.write(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    await writer.drain()
    status = await asyncio.wait_for(reader.readline(), 30)
    return reader, writer, status


async def ended(reader: asyncio.StreamReader) -> bool:
    """Whether the server ends the stream (it sends what it has, then closes)."""
    try:
        while await asyncio.wait_for(reader.read(65536), 30):
            pass
    except TimeoutError:
        return False
    return True


async def assert_one_address_gets_its_share(port: int, path: str, mine: str, other: str) -> None:
    """`mine` holds `STREAMS_PER_CLIENT` streams at most: one more replaces its oldest (before:
    refused with 503, and so was everyone once one holder had them all); `other`, another
    machine, still gets one."""
    held = [await stream(port, path, mine) for _ in range(STREAMS_PER_CLIENT)]
    assert all(b" 200 " in status for _, _, status in held)
    _, extra, status = await stream(port, path, mine)
    assert b" 200 " in status
    assert await ended(held[0][0])  # the oldest made room
    _, another, status = await stream(port, path, other)
    assert b" 200 " in status
    for writer in [*(w for _, w, _ in held), extra, another]:
        writer.close()


@pytest.fixture
async def standings(tmp_path: Path) -> AsyncIterator[tuple[StandingsView, EventJournal]]:
    journal = EventJournal.create(tmp_path / "e.event", EventSetup(name="E", rounds=1, minutes=9))
    journal.apply(AddPlayers(names=("Ana", "Ben")))
    director = Director(journal)
    view = StandingsView(lambda: board_json(director))
    await view.start("127.0.0.1", 0)
    yield view, journal
    await view.stop()
    journal.close()


async def test_the_standings_stream_is_never_closed_as_idle(
    standings: tuple[StandingsView, EventJournal], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: the standings page's own stream was cut by the idle sweep every 10 s."""
    monkeypatch.setattr(limits, "IDLE_SECONDS", 0.2)
    monkeypatch.setattr(limits, "SWEEP_SECONDS", 0.05)
    view, journal = standings
    assert view.port is not None and view.token is not None
    reader, writer, status = await stream(view.port, f"/{view.token}/events", "127.0.0.1")
    assert b" 200 " in status
    await asyncio.sleep(1.0)  # five idle limits
    journal.apply(AddPlayers(names=("Cai",)))
    view.notify()
    seen = b""
    while b"Cai" not in seen:
        chunk = await asyncio.wait_for(reader.read(65536), 30)
        assert chunk, "the stream was closed"
        seen += chunk
    writer.close()


async def test_one_address_cannot_take_every_standings_stream(
    standings: tuple[StandingsView, EventJournal],
) -> None:
    view, _ = standings
    assert view.port is not None and view.token is not None
    await assert_one_address_gets_its_share(
        view.port, f"/{view.token}/events", "127.0.0.7", "127.0.0.8"
    )


async def test_one_address_cannot_take_every_phone_stream(banker: Journal) -> None:
    """Before: 64 streams held with the table's token refused every phone."""
    view = TableView(banker)
    await view.start("127.0.0.1", 0)
    try:
        assert view.port is not None and view.token is not None
        await assert_one_address_gets_its_share(
            view.port, f"/{view.token}/events", "127.0.0.5", "127.0.0.6"
        )
    finally:
        await view.stop()


async def read_until(reader: asyncio.StreamReader, wanted: bytes) -> bytes:
    seen = b""
    while wanted not in seen:
        chunk = await asyncio.wait_for(reader.read(65536), 30)
        assert chunk, f"the stream closed before {wanted!r}"
        seen += chunk
    return seen


async def test_both_pages_stream_the_same_way(
    standings: tuple[StandingsView, EventJournal],
    banker: Journal,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One event stream for both pages: the newest data first with the reconnect delay, a
    ping event (which the pages listen for) on an idle stream, the security headers."""
    monkeypatch.setattr(stream_module, "HEARTBEAT_SECONDS", 0.2)
    board, _ = standings
    table = TableView(banker)
    await table.start("127.0.0.1", 0)
    try:
        for view, first in ((board, b"event: board\ndata: {"), (table, b"event: table\ndata: {")):
            assert view.port is not None and view.token is not None
            reader, writer, status = await stream(view.port, f"/{view.token}/events", "127.0.0.1")
            assert b" 200 " in status
            seen = await read_until(reader, b"event: ping\ndata: 1\n\n")
            head = seen[: seen.index(b"\r\n\r\n")]
            assert b"Content-Type: text/event-stream" in head
            assert b"Content-Security-Policy" in head and b"Server: banker" in head
            assert first in seen and f"retry: {RETRY_MS}\n".encode() in seen
            assert seen.index(first) < seen.index(b"event: ping")
            writer.close()
        assert b"id: 1\n" in seen  # the table's events carry its entry number
    finally:
        await table.stop()
