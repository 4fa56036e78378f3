"""Following many table views at once, over their event streams, from one event loop.

Each followed table has one task holding one connection to its `events` stream (the
same stream the phones read; the director never writes to a table). Every `table`
event replaces what the board knows of that table. A connection that fails, ends, or
stays silent past two heartbeats marks the table "lost contact" since that moment; the
task keeps trying (a growing pause, at most `RETRY_MAX` seconds) and the first table
received after that marks it "picked up". Tables are told apart by their number in the
round, so a table that comes back under a new share address is simply linked again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

import aiohttp

from banker.core.edition import Edition
from banker.core.errors import BankerError
from banker.i18n.message import Message, msg
from banker.tournament.tableview import seen_table
from banker.web.stream import HEARTBEAT_SECONDS

RETRY_FIRST = 0.5
RETRY_MAX = 30.0
"""The longest pause between tries to reach a table that lost contact."""
GIVE_UP_AFTER = 30 * 60
"""Seconds of lost contact after which the table is no longer tried: it joins again."""
READ_TIMEOUT = 2 * HEARTBEAT_SECONDS + 1
"""No byte for this long (not even a ping) and the connection is taken as lost."""
MAX_EVENT_BYTES = 256 << 10
"""A table event larger than this is not a table view's (a full one of 8 players is about
20 KB): the connection is dropped before any of it is parsed."""

Status = Literal["connecting", "playing", "ended", "lost", "bad data"]


@dataclass
class TableLive:
    """What the board knows of one table right now."""

    number: int
    url: str
    status: Status = "connecting"
    table: dict[str, Any] | None = None
    """The table view's last JSON document."""
    seq: int = 0
    lost_since: str | None = None
    """When contact was lost (ISO 8601, UTC), while it is."""
    pickups: int = 0
    """How many times contact came back after being lost."""
    received: float = 0.0
    """`time.monotonic()` when the last table arrived (for the benchmark)."""
    events: int = 0
    problem: Message | None = None
    """Why its last table view was refused ("bad data"), while it is."""


class _Refused(Exception):
    """A table view the board cannot trust: the connection is dropped, and the table is
    asked again only after `RETRY_MAX` (one hostile table costs one look that often)."""

    def __init__(self, why: Message) -> None:
        super().__init__()
        self.why = why


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Follower:
    """Follows table views; calls `on_change(table)` on the loop after every change."""

    def __init__(
        self,
        on_change: Callable[[TableLive], None] | None = None,
        *,
        read_timeout: float = READ_TIMEOUT,
    ) -> None:
        self.on_change = on_change
        self.read_timeout = read_timeout
        self.edition: Edition | None = None
        """The board every table plays, when known: it bounds a view's figures."""
        self.tables: dict[int, TableLive] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._session: aiohttp.ClientSession | None = None

    async def start(self) -> None:
        if self._session is None:
            connector = aiohttp.TCPConnector(limit=0, force_close=True)
            self._session = aiohttp.ClientSession(connector=connector)

    async def stop(self) -> None:
        for number in list(self._tasks):
            await self.unfollow(number)
        if self._session is not None:
            await self._session.close()
            self._session = None

    def follow(self, number: int, url: str) -> TableLive:
        """Follow table `number` at its share address (replacing an earlier address)."""
        if not url.endswith("/"):
            url += "/"
        live = self.tables.get(number)
        if live is not None and live.url == url and number in self._tasks:
            return live
        old = self._tasks.pop(number, None)
        if old is not None:
            old.cancel()
        live = TableLive(number, url)
        self.tables[number] = live
        self._tasks[number] = asyncio.get_running_loop().create_task(self._run(live))
        return live

    def drop(self, number: int) -> None:
        """Stop following table `number` (its task ends on the loop's next turn)."""
        task = self._tasks.pop(number, None)
        self.tables.pop(number, None)
        if task is not None:
            task.cancel()

    async def unfollow(self, number: int) -> None:
        task = self._tasks.pop(number, None)
        self.tables.pop(number, None)
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def _changed(self, live: TableLive) -> None:
        if self.on_change is not None:
            self.on_change(live)

    def _bad(self, live: TableLive, why: Message) -> None:
        """A table view the board cannot trust: said, and nothing of it used (the last
        one that was sound stays, for its players' names)."""
        changed = live.status != "bad data" or live.problem != why
        live.status, live.problem = "bad data", why
        if changed:
            self._changed(live)

    def _lost(self, live: TableLive) -> None:
        if live.status != "lost":
            live.status = "lost"
            live.lost_since = _now()
            self._changed(live)

    async def _run(self, live: TableLive) -> None:
        pause = RETRY_FIRST
        failing_since: float | None = None
        answered = live.events
        while True:
            try:
                await self._stream(live)
                pause = RETRY_FIRST  # it was connected: try again soon
            except asyncio.CancelledError:
                raise
            except _Refused as refused:
                self._bad(live, refused.why)
                await asyncio.sleep(RETRY_MAX)  # it is there, but not to be read
                continue
            except (aiohttp.ClientError, OSError, TimeoutError, ValueError):
                pass
            self._lost(live)
            if live.events != answered:  # it answered since the failures began: afresh
                failing_since, answered = None, live.events
            failing_since = failing_since or time.monotonic()
            if time.monotonic() - failing_since > GIVE_UP_AFTER:
                return  # no more tries: the table joins again (or the director links it)
            await asyncio.sleep(pause)
            pause = min(pause * 2, RETRY_MAX)

    async def _stream(self, live: TableLive) -> None:
        assert self._session is not None
        timeout = aiohttp.ClientTimeout(total=None, sock_connect=5, sock_read=self.read_timeout)
        async with self._session.get(
            live.url + "events", timeout=timeout, allow_redirects=False
        ) as response:
            if response.status != 200:
                raise aiohttp.ClientResponseError(response.request_info, (), status=response.status)
            buffer = b""
            async for chunk in response.content.iter_any():
                buffer = (buffer + chunk).replace(b"\r\n", b"\n")  # either line end
                while b"\n\n" in buffer:
                    block, buffer = buffer.split(b"\n\n", 1)
                    self._event(live, block)
                if len(buffer) > MAX_EVENT_BYTES:
                    raise _Refused(msg("its table view is too large"))

    def _event(self, live: TableLive, block: bytes) -> None:
        kind = "message"
        data: list[str] = []
        for line in block.decode("utf-8", "replace").split("\n"):
            if line.startswith("event:"):
                kind = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip())
        if kind != "table" or not data:
            return
        if live.status == "lost":
            live.pickups += 1
            live.lost_since = None
        try:
            table = seen_table(json.loads("\n".join(data)), self.edition)
        except (ValueError, RecursionError):
            raise _Refused(msg("it is not JSON")) from None
        except BankerError as exc:
            raise _Refused(exc.message) from None
        live.table = table
        live.problem = None
        live.seq = table["seq"]
        live.status = "ended" if table["ended"] or table["winner"] else "playing"
        live.received = time.monotonic()
        live.events += 1
        self._changed(live)
