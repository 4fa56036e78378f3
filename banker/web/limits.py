"""The table view's limits on a LAN it cannot trust: connections, slow clients, errors.

A phone needs a handful of connections; an attacker on the same network can open
thousands and leave them idle or half-sent. So every connection comes through a gate:

- at most `PER_CLIENT` connections from one address, and `IN_ALL` in all (keeping file
  descriptors for the journal);
- where the page knows its links (`Gate(judge=...)`), a connection is judged by the first
  line of its first request: a link that opens nothing gets a short 404 (or 410 for a
  player's replaced link) and is closed at once, without waiting for its headers; a
  connection that has not shown its link within `STRANGER_SECONDS` is closed. When all
  connections are taken, a newcomer takes the place of the oldest connection that is
  either not judged yet or on the table's link (event streams kept), then the one idle
  the longest of the address holding the most: a holder of a player's link is served
  whatever a crowd of addresses sends, a byte at a time or not at all. Oldest first,
  whichever of the two: a phone's new connection, not judged until its first line is
  read, is the newest there is, so a crowd reconnecting as fast as it is closed cannot
  push it out before its line comes, however busy the machine;
- a connection that is not an event stream is closed once idle for `IDLE_SECONDS`, or
  `MAX_AGE_SECONDS` after it opened, whatever it sends (a request half-sent a byte at a
  time included);
- a bad request (an over-long line, too many headers, not HTTP) gets a short answer with
  the security headers, echoing nothing; the log gets one line per `LOG_EVERY_SECONDS`
  at most, without a traceback and never with the token.

All of it on public APIs: an asyncio protocol in front of each connection, passing
everything on to the protocol aiohttp's `web.Server` makes (as its own sites do), and
the request's transport to find a stream's connection. The one exception is the answer
to a request aiohttp cannot parse (`_Quiet`): aiohttp offers no hook for it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from aiohttp import web

PER_CLIENT = 24
"""Connections from one address: a phone uses six at most."""
IN_ALL = 200
"""Connections in all, far below the process's file descriptors."""
IDLE_SECONDS = 10.0
MAX_AGE_SECONDS = 30.0
STRANGER_SECONDS = 3.0
"""A connection must show its link (its first request line) this soon: a phone's comes
with the connection."""
FIRST_LINE_BYTES = 2048
"""The longest first request line a page answers (a phone's is under 200 bytes)."""
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


PLAYER = 2
"""A connection that came by a player's own link: the last to make room."""
TABLE = 1
"""A connection that came by the table's (read-only) link."""
STRANGER = 0
"""A connection not judged yet (its first line has not come)."""
GONE = -1
"""What `judge` says of a player's replaced link: answered 410, then closed."""


class Gate:
    """Who is connected, from where, since when, idle since when, by which link: every
    connection of one address, by its transport.

    Args:
        headers: the security headers every answer carries.
        judge: what a path's first part opens: `PLAYER`, `TABLE`, `GONE`, or None (a
            link that opens nothing). Without it, connections are not judged.
    """

    def __init__(
        self, headers: dict[str, str], judge: Callable[[str], int | None] | None = None
    ) -> None:
        self.headers = headers
        self.judge = judge
        self.answers = {status: _short_answer(status, headers) for status in (400, 404, 410)}
        """The answers to a connection refused on its first line, made once."""
        self.open: dict[asyncio.BaseTransport, _Seen] = {}
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
        if len(self.open) >= IN_ALL and self.judge is not None and self._make_room():
            return True
        if len(self.open) >= IN_ALL:
            biggest = max(counts, key=lambda k: counts[k])
            theirs = [t for t, seen in self.open.items() if seen.client == biggest]
            if counts[biggest] <= mine + 1 or not self._evict(theirs):
                self.refused += 1
                return False
        return True

    def _make_room(self) -> bool:
        """Close the oldest connection not judged yet or on the table's link, not an event
        stream; False when there is none.

        Not the strangers first: a phone's connection is a stranger from the moment it is
        accepted until its first line is read, and on a busy machine a crowd's reconnects
        come in between; taken oldest first, those reconnects are the crowd's own.
        """
        among = [
            t for t, seen in self.open.items() if seen.rank in (STRANGER, TABLE) and not seen.stream
        ]
        if not among:
            return False
        self._close(min(among, key=lambda t: self.open[t].opened))
        return True

    def judged(self, transport: asyncio.BaseTransport, line: bytes) -> int | None:
        """Judge a connection by its first request line: the rank it now has, or the
        status of the answer that closes it (400, 404, 410)."""
        seen = self.open.get(transport)
        parts = line.split(b" ")
        if seen is None or self.judge is None:
            return None
        if len(parts) != 3 or not parts[1].startswith(b"/"):
            return 400
        given = parts[1].split(b"?", 1)[0].split(b"/", 2)[1]
        try:
            rank = self.judge(given.decode("ascii"))
        except UnicodeDecodeError:
            rank = None
        if rank is None or rank == GONE:
            return 404 if rank is None else 410
        seen.rank = rank
        return None

    def enter(self, transport: asyncio.BaseTransport, client: str) -> None:
        now = time.monotonic()
        self.open[transport] = _Seen(client, now, now)
        if self.judge is None:
            self.open[transport].rank = TABLE
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    def _evict(self, among: list[asyncio.BaseTransport]) -> bool:
        idle = [t for t in among if not self.open[t].stream]
        if not idle:
            return False
        oldest = min(idle, key=lambda t: self.open[t].active)
        self._close(oldest)
        return True

    def _close(self, transport: asyncio.BaseTransport) -> None:
        seen = self.open.pop(transport, None)
        if seen is not None:
            seen.lost.set()
        self.closed_idle += 1
        if isinstance(transport, asyncio.Transport):
            transport.abort()
        else:
            transport.close()

    def touch(self, transport: asyncio.BaseTransport) -> None:
        seen = self.open.get(transport)
        if seen is not None:
            seen.active = time.monotonic()

    def streaming(self, request: web.BaseRequest) -> asyncio.Event:
        """Mark the request's connection as an event stream (never closed as idle); the
        event is set the moment the connection is lost."""
        transport = request.transport
        seen = self.open.get(transport) if transport is not None else None
        if seen is None:  # already gone
            lost = asyncio.Event()
            lost.set()
            return lost
        seen.stream = True
        return seen.lost

    def stream_over(self, request: web.BaseRequest) -> None:
        """The request's event stream ended while its connection stays: from now on the
        connection is held to the limits of any other (idle, age, making room)."""
        transport = request.transport
        seen = self.open.get(transport) if transport is not None else None
        if seen is not None:
            seen.stream = False
            seen.active = time.monotonic()

    def release(self, transport: asyncio.BaseTransport) -> None:
        seen = self.open.pop(transport, None)
        if seen is not None:
            seen.lost.set()

    async def _sweep(self) -> None:
        while self.open:
            await asyncio.sleep(SWEEP_SECONDS)
            now = time.monotonic()
            for transport, seen in list(self.open.items()):
                if seen.stream:
                    continue
                if (
                    now - seen.active > IDLE_SECONDS
                    or now - seen.opened > MAX_AGE_SECONDS
                    or (seen.rank == STRANGER and now - seen.opened > STRANGER_SECONDS)
                ):
                    self._close(transport)

    def stop(self) -> None:
        """Stop sweeping; the server's shutdown ends the streams, then the connections."""
        if self._sweeper is not None:
            self._sweeper.cancel()

    async def serve(self, runner: web.AppRunner, host: str, port: int) -> asyncio.Server:
        """Listen on `host` and `port` for `runner` (set up), every connection through
        this gate. Close the server returned, then clean the runner up, to stop.

        aiohttp's `web.Server` (`runner.server`) is the protocol factory its own sites
        hand to `loop.create_server`; here each connection meets the gate first.

        Raises:
            OSError: the address or port cannot be used.
        """
        server = runner.server
        if server is None:
            raise RuntimeError("the runner is not set up")
        loop = asyncio.get_running_loop()

        def handler() -> asyncio.Protocol:
            return _Quiet(server, self.headers, loop=loop, **HANDLER_ARGS)

        return await loop.create_server(lambda: _Door(handler, self), host, port, backlog=128)


class _Seen:
    __slots__ = ("active", "client", "lost", "opened", "rank", "stream")

    def __init__(self, client: str, opened: float, active: float) -> None:
        self.client = client
        self.opened = opened
        self.active = active
        self.stream = False
        self.rank = STRANGER
        self.lost = asyncio.Event()


def _short_answer(status: int, headers: dict[str, str]) -> bytes:
    """A whole HTTP answer with `status` alone and the security headers, closing."""
    lines = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}", "Content-Length: 0"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    lines += ["Connection: close", "", ""]
    return "\r\n".join(lines).encode("latin-1")


class _Door(asyncio.Protocol):
    """What a connection talks to: refused, it is dropped before anything is built for
    it; admitted, everything is passed on to aiohttp's protocol, and the gate hears
    when it sends and when it closes."""

    def __init__(self, make: Callable[[], asyncio.Protocol], gate: Gate) -> None:
        self._make = make
        self._gate = gate
        self._inner: asyncio.Protocol | None = None
        self._transport: asyncio.BaseTransport | None = None
        self._first: bytearray | None = bytearray() if gate.judge is not None else None
        """The first request line as it comes, until the gate has judged it."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        client = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        if not self._gate.admit(client):
            if isinstance(transport, asyncio.Transport):
                transport.abort()
            else:
                transport.close()
            return
        self._transport = transport
        self._inner = self._make()
        self._gate.enter(transport, client)
        self._inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self._inner is None or self._transport is None:
            return
        self._gate.touch(self._transport)
        if self._first is not None:
            self._first += data
            end = self._first.find(b"\n")
            if end < 0 and len(self._first) <= FIRST_LINE_BYTES:
                return  # the rest of the line is still to come
            line = bytes(self._first[: end if 0 <= end <= FIRST_LINE_BYTES else 0])
            data, self._first = bytes(self._first), None
            refusal = self._gate.judged(self._transport, line.rstrip(b"\r"))
            if refusal is not None:
                self._refuse(refusal)
                return
        self._inner.data_received(data)

    def _refuse(self, status: int) -> None:
        """Answer a first line that opens nothing, then close: no headers awaited."""
        transport = self._transport
        if transport is not None:
            self._gate.release(transport)  # its place is free at once
        if isinstance(transport, asyncio.Transport):
            transport.write(self._gate.answers[status])
            transport.close()  # once the answer is written

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._inner is not None else None

    def pause_writing(self) -> None:
        if self._inner is not None:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._inner is not None:
            self._inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._inner is not None and self._transport is not None:
            self._gate.release(self._transport)
            self._inner.connection_lost(exc)


class _Quiet(web.RequestHandler):
    """aiohttp's HTTP protocol, answering what it cannot parse with the status alone.

    aiohttp answers a request it cannot parse (an over-long line, a bad header) with the
    parser's message, which quotes the request, the token in its path included, and with
    its own Server header; it has no public hook for that answer (aio-libs/aiohttp#3287),
    so this one method is replaced. Nothing else is.
    """

    def __init__(self, manager: web.Server, headers: dict[str, str], **kwargs: Any) -> None:
        super().__init__(manager, **kwargs)
        self._security_headers = headers

    def handle_error(
        self,
        request: web.BaseRequest,
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
            status=status, text=f"{status} {phrase}\n", headers=self._security_headers
        )
        response.force_close()
        return response


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
