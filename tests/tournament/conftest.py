"""Real table views on loopback for the director to follow, and a cable to pull."""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from aiohttp import web
from textual.app import App
from textual.widgets import Input

from banker.core.commands import Collect, EndGame, Setup
from banker.core.edition import load_edition
from banker.core.rules import HouseRules
from banker.store import Journal
from banker.tournament.director import Director, board_json
from banker.tournament.journal import EventJournal
from banker.tournament.model import AddPlayers, EventSetup
from banker.tournament.seating import next_seating
from banker.web.share import serve


def seated(path: Path, setup: EventSetup, names: Sequence[str]) -> EventJournal:
    """A new event with its players added and its first round seated."""
    journal = EventJournal.create(path, setup)
    journal.apply(AddPlayers(names=tuple(names)))
    journal.apply(next_seating(journal.state))
    return journal


async def until(check: Callable[[], object], limit: float = 60.0) -> object:
    """Wait for `check()` to be truthy (bounded against a hang, not a measure of speed);
    its value, or fail saying what was awaited."""
    for _ in range(int(limit / 0.02)):
        value = check()
        if value:
            return value
        await asyncio.sleep(0.02)
    raise AssertionError(f"never happened: {getattr(check, '__name__', check)}")


async def submit(app: App[None], line: str) -> None:
    """A line on the director's bar, handed over as Enter hands it (typing it key by key
    is the keys' tests' concern, and slow for long lines)."""
    bar = app.screen.query_one("#bar", Input)
    bar.value = line
    await bar.action_submit()


@dataclass
class Table:
    """One table: the banker's journal, and `banker share` serving its read-only view."""

    banker: Journal
    share: asyncio.Task[None]
    stop: asyncio.Event
    url: str

    @property
    def port(self) -> int:
        return int(self.url.split(":")[2].split("/")[0])


class Cable:
    """A TCP relay on loopback between the director and one table, to unplug and plug back."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.port = 0
        self._server: asyncio.AbstractServer | None = None
        self._writers: set[asyncio.StreamWriter] = set()

    async def plug(self) -> None:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def unplug(self) -> None:
        assert self._server is not None
        self._server.close()
        for writer in list(self._writers):
            writer.transport.abort()
        self._writers.clear()
        await self._server.wait_closed()
        self._server = None

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        self._writers |= {writer, up_writer}

        async def pump(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(ConnectionError, OSError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.close()

        await asyncio.gather(pump(reader, up_writer), pump(up_reader, writer))


@dataclass
class Venue:
    folder: Path
    tables: list[Table] = field(default_factory=list)

    async def open_table(
        self, name: str, players: list[str], edition: str = "us", rules: HouseRules | None = None
    ) -> Table:
        path = self.folder / f"{name}.banker"
        banker = Journal.create(
            path,
            Setup(players=players, edition=load_edition(edition), rules=rules or HouseRules()),
        )
        out = io.StringIO()
        stop = asyncio.Event()
        share = asyncio.get_running_loop().create_task(
            serve(path, "127.0.0.1", 0, out=out, stop=stop)
        )
        found = await until(lambda: re.search(r"http://127\.0\.0\.1:\d+/[\w-]+/", out.getvalue()))
        assert isinstance(found, re.Match)
        table = Table(banker, share, stop, found.group(0))
        self.tables.append(table)
        return table

    async def close(self) -> None:
        for table in self.tables:
            table.stop.set()
            await table.share
            table.banker.close()


async def play_round(
    director: Director,
    venue: Venue,
    number: int,
    collects: Callable[[str], int],
    limit: float = 60.0,
) -> None:
    """Each table of round `number` opens its game from the seating, shares it, is
    linked; every player collects `collects(name)`, the table ends its game: recorded at
    once; then the director ends the round."""
    rnd = director.state.round(number)
    tables = [
        await venue.open_table(f"r{number}t{t}", list(names))
        for t, names in enumerate(rnd.tables, start=1)
    ]
    for t, table in enumerate(tables, start=1):
        director.link(t, table.url)
    director.start_round()
    await until(
        lambda: all(t["status"] == "playing" for t in board_json(director)["tables"]), limit
    )
    for table, names in zip(tables, rnd.tables, strict=True):
        for name in names:
            table.banker.apply(Collect(player=name, amount=collects(name)))
        table.banker.apply(EndGame())
    await until(lambda: director.state.round(number).complete, limit)
    director.end_round()


@pytest.fixture
async def venue(tmp_path: Path) -> AsyncIterator[Venue]:
    v = Venue(tmp_path)
    yield v
    await v.close()


class FakeTableView:
    """A table view on loopback that sends whatever it is given over the same event stream
    a real one sends: the table event, then again every `every` seconds (a flood) or a
    ping every second."""

    def __init__(self, table: object, every: float | None = None) -> None:
        import json

        self.event = f"event: table\ndata: {json.dumps(table)}\n\n".encode()
        self.every = every
        self.runner: web.AppRunner | None = None
        self.url = ""

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/fakefakefake/events", self._events)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}/fakefakefake/"

    async def _events(self, request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        try:
            await response.write(self.event)
            while True:
                await asyncio.sleep(self.every or 1.0)
                await response.write(self.event if self.every else b"event: ping\ndata: 1\n\n")
        except (ConnectionError, RuntimeError):
            return response

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()
