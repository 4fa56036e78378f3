"""The table view's limits on a LAN it cannot trust: connections, slow clients, errors.

A phone needs a handful of connections; an attacker on the same network can open
thousands and leave them idle or half-sent. So every connection comes through a gate:

- at most `PER_CLIENT` connections from one address, and `IN_ALL` in all (keeping file
  descriptors for the journal); when all are taken, the one idle the longest that is not
  an event stream makes room for the newcomer, so token holders keep being served;
- a connection that is not an event stream is closed once idle for `IDLE_SECONDS`, or
  `MAX_AGE_SECONDS` after it opened, whatever it sends (a request half-sent a byte at a
  time included);
- a bad request (an over-long line, too many headers, not HTTP) gets a short answer with
  the security headers, echoing nothing; the log gets one line per `LOG_EVERY_SECONDS`
  at most, without a traceback and never with the token.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler
from aiohttp.web_request import BaseRequest
from aiohttp.web_server import Server

PER_CLIENT = 24
"""Connections from one address: a phone uses six at most."""
IN_ALL = 200
"""Connections in all, far below the process's file descriptors."""
IDLE_SECONDS = 10.0
MAX_AGE_SECONDS = 30.0
SWEEP_SECONDS = 1.0
LOG_EVERY_SECONDS = 10.0

log = logging.getLogger("banker.web")
http_log = logging.getLogger("banker.web.http")
"""What aiohttp says about connections and requests, through `QuietLog`."""

HANDLER_ARGS: dict[str, Any] = {
    "keepalive_timeout": IDLE_SECONDS,
    "max_line_size": 2048,
    "max_field_size": 4096,
    "max_headers": 40,
    "lingering_time": 1.0,
    "access_log": None,
    "logger": http_log,
}
"""Bounds on every request: a phone's are a few hundred bytes."""


class QuietLog(logging.Filter):
    """One record per `LOG_EVERY_SECONDS` (with how many were left out), no traceback,
    the token replaced wherever it appears."""

    def __init__(self, token: Callable[[], str | None]) -> None:
        super().__init__()
        self._token = token
        self._next = 0.0
        self._skipped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        if now < self._next:
            self._skipped += 1
            return False
        self._next = now + LOG_EVERY_SECONDS
        try:
            text = record.getMessage()
        except Exception:  # a record that cannot be formatted: its template alone
            text = str(record.msg)
        if record.exc_info and record.exc_info[1] is not None:
            text += f": {type(record.exc_info[1]).__name__}"
        token = self._token()
        if token:
            text = text.replace(token, "<token>")
        if self._skipped:
            text += f" ({self._skipped} more like it not logged)"
            self._skipped = 0
        record.msg, record.args = text[:300], None
        record.exc_info = record.exc_text = None
        record.stack_info = None
        return True


class Gate:
    """Who is connected, from where, since when, idle since when."""

    def __init__(self, headers: dict[str, str]) -> None:
        self.headers = headers
        self.open: dict[_Handler, _Seen] = {}
        self.refused = 0
        self.closed_idle = 0
        self._sweeper: asyncio.Task[None] | None = None

    def admit(self, client: str) -> bool:
        """Whether a new connection from `client` may come in (room made if need be).

        A client at its share is refused. When all connections are taken, the client
        holding the most gives up its longest-idle one, if it holds more than the
        newcomer's would then: token holders keep a way in, and an attacker's reconnects
        are refused at the door instead of churning the others.
        """
        counts: dict[str, int] = {}
        for seen in self.open.values():
            counts[seen.client] = counts.get(seen.client, 0) + 1
        mine = counts.get(client, 0)
        if mine >= PER_CLIENT:
            self.refused += 1
            return False
        if len(self.open) >= IN_ALL:
            biggest = max(counts, key=lambda k: counts[k])
            theirs = [h for h, seen in self.open.items() if seen.client == biggest]
            if counts[biggest] <= mine + 1 or not self._evict(theirs):
                self.refused += 1
                return False
        return True

    def enter(self, handler: _Handler, client: str) -> None:
        now = time.monotonic()
        self.open[handler] = _Seen(client, now, now)
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    def _evict(self, among: list[_Handler]) -> bool:
        idle = [h for h in among if not self.open[h].stream]
        if not idle:
            return False
        oldest = min(idle, key=lambda h: self.open[h].active)
        self._close(oldest)
        return True

    def _close(self, handler: _Handler) -> None:
        seen = self.open.pop(handler, None)
        if seen is not None:
            seen.lost.set()
        self.closed_idle += 1
        transport = handler.transport
        if transport is not None:
            transport.abort()

    def touch(self, handler: _Handler) -> None:
        seen = self.open.get(handler)
        if seen is not None:
            seen.active = time.monotonic()

    def streaming(self, handler: object) -> asyncio.Event:
        """Mark a connection as an event stream; the event is set when it is lost."""
        if not isinstance(handler, _Handler):
            return asyncio.Event()  # served without the gate (a test server): never lost
        seen = self.open.get(handler)
        if seen is None:  # already gone
            lost = asyncio.Event()
            lost.set()
            return lost
        seen.stream = True
        return seen.lost

    def release(self, handler: _Handler) -> None:
        seen = self.open.pop(handler, None)
        if seen is not None:
            seen.lost.set()

    async def _sweep(self) -> None:
        while self.open:
            await asyncio.sleep(SWEEP_SECONDS)
            now = time.monotonic()
            for handler, seen in list(self.open.items()):
                if seen.stream:
                    continue
                if now - seen.active > IDLE_SECONDS or now - seen.opened > MAX_AGE_SECONDS:
                    self._close(handler)

    def stop(self) -> None:
        """Stop sweeping; the server's shutdown ends the streams, then the connections."""
        if self._sweeper is not None:
            self._sweeper.cancel()


class _Seen:
    __slots__ = ("active", "client", "lost", "opened", "stream")

    def __init__(self, client: str, opened: float, active: float) -> None:
        self.client = client
        self.opened = opened
        self.active = active
        self.stream = False
        self.lost = asyncio.Event()


class _Door(asyncio.Protocol):
    """What a connection talks to first: admitted, it is handed to aiohttp's protocol;
    refused, it is dropped before anything is built for it."""

    def __init__(self, make: Callable[[], _Handler], gate: Gate) -> None:
        self._make = make
        self._gate = gate

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        client = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        if not self._gate.admit(client):
            if isinstance(transport, asyncio.Transport):
                transport.abort()
            else:
                transport.close()
            return
        handler = self._make()
        self._gate.enter(handler, client)
        transport.set_protocol(handler)
        handler.connection_made(transport)


class _Handler(RequestHandler):
    """aiohttp's HTTP protocol, through the gate, answering bad requests quietly."""

    def __init__(self, manager: Server, gate: Gate, **kwargs: Any) -> None:
        super().__init__(manager, **kwargs)
        self._gate = gate

    def data_received(self, data: bytes) -> None:
        self._gate.touch(self)
        super().data_received(data)

    def connection_lost(self, exc: BaseException | None) -> None:
        self._gate.release(self)
        super().connection_lost(exc)

    def handle_error(
        self,
        request: BaseRequest,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        """The status alone, with the security headers; nothing of the request echoed."""
        if status >= 500:
            log.warning("error answering a request: %s", type(exc).__name__ if exc else status)
        else:
            log.info("bad request refused: %s", status)
        try:
            phrase = HTTPStatus(status).phrase
        except ValueError:
            phrase = ""
        response = web.Response(
            status=status, text=f"{status} {phrase}\n", headers=self._gate.headers
        )
        response.force_close()
        return response


class GatedSite(web.TCPSite):
    """A TCP site whose every connection comes through `gate`."""

    def __init__(self, runner: web.AppRunner, host: str, port: int, gate: Gate) -> None:
        super().__init__(runner, host, port)
        self.gate = gate

    async def start(self) -> None:
        await web.BaseSite.start(self)
        loop = asyncio.get_running_loop()
        server = self._runner.server
        assert server is not None

        def handler() -> _Handler:
            return _Handler(server, self.gate, loop=loop, **HANDLER_ARGS)

        self._server = await loop.create_server(
            lambda: _Door(handler, self.gate), self._host, self._port, backlog=128
        )

    async def stop(self) -> None:
        self.gate.stop()
        await super().stop()


def quiet_logs(token: Callable[[], str | None]) -> None:
    """Bound what the server's loggers write, and keep the token out of it."""
    for name in (
        "banker.web",
        "banker.web.http",
        "aiohttp.server",
        "aiohttp.web",
        "aiohttp.access",
    ):
        logger = logging.getLogger(name)
        for old in [f for f in logger.filters if isinstance(f, QuietLog)]:
            logger.removeFilter(old)
        logger.addFilter(QuietLog(token))
