"""The one event stream every page of Banker pushes over: the phones' table view and the
venue's standings page alike.

Built on aio-libs' `aiohttp-sse` (`EventSourceResponse`): it writes the server-sent events,
keeps the response open, and (on Linux) asks the kernel to drop a connection whose data
goes unacknowledged for `SEND_TIMEOUT_SECONDS`. Around it, what a page on a LAN needs:

- at most `MAX_STREAMS` streams in all and `STREAMS_PER_CLIENT` from one client address
  (503 beyond), so one client never locks the others out;
- the newest event first, then every change the moment it is published, one encoding of
  it shared by every stream;
- a `ping` event on an idle stream every `HEARTBEAT_SECONDS` (the pages listen for it to
  say "live"), and a stream whose last ping is still unread is ended (a phone asleep);
- a stream is never closed as idle by the connection limits (`Gate.streaming`), and its
  slot is free the moment its connection closes.
"""

from __future__ import annotations

import asyncio

from aiohttp import web
from aiohttp_sse import EventSourceResponse

from banker.web.limits import Gate

MAX_STREAMS = 64
"""Open event streams allowed at once on one page: a table of phones is far below it."""
STREAMS_PER_CLIENT = 8
"""Event streams one client address may hold: one client never locks the others out."""
HEARTBEAT_SECONDS = 15.0
"""A ping event on idle streams, so dead connections are noticed at both ends."""
SEND_TIMEOUT_SECONDS = 2 * HEARTBEAT_SECONDS
"""A stream whose data is not acknowledged for this long is dropped."""
RETRY_MS = 1000
"""How soon a browser reconnects after losing the stream."""


class EventStream:
    """The server-sent events of one page: `publish` the newest data, `serve` each client.

    Args:
        event: the event's name (`table`, `board`): what the page listens for.
    """

    def __init__(self, event: str) -> None:
        self.event = event
        self.gate: Gate | None = None
        """The connections' limits of the address serving the page (None: a test server)."""
        self._data = ""
        self._id: str | None = None
        self._changed = asyncio.Event()
        self._by_client: dict[str, int] = {}
        self._open = 0
        self._closing = False

    @property
    def open(self) -> int:
        """How many clients follow the page right now."""
        return self._open

    def start(self, gate: Gate | None) -> None:
        """Serve again (after `close`), through `gate`."""
        self.gate = gate
        self._closing = False
        self._changed = asyncio.Event()

    def publish(self, data: str, event_id: str | None = None) -> None:
        """The newest data (one line of JSON): every stream sends it now."""
        self._data, self._id = data, event_id
        self._wake()

    def close(self) -> None:
        """End every stream (the server is stopping)."""
        self._closing = True
        self._wake()

    def _wake(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def serve(self, request: web.Request) -> web.StreamResponse:
        """The request handler of the page's `events` route."""
        client = request.remote or "?"
        if self._open >= MAX_STREAMS or self._by_client.get(client, 0) >= STREAMS_PER_CLIENT:
            raise web.HTTPServiceUnavailable()
        self._open += 1
        self._by_client[client] = self._by_client.get(client, 0) + 1
        lost = self.gate.streaming(request) if self.gate is not None else asyncio.Event()
        """Set the moment the client's connection closes: its slot is free at once."""
        response = EventSourceResponse(
            sep="\n",
            send_timeout=SEND_TIMEOUT_SECONDS,
            # The library's own pings are comments a page cannot see; ours are events.
            ping_interval=24 * 3600,
        )
        try:
            await response.prepare(request)
            async with response:
                await self._follow(request, response, lost)
        except (ConnectionError, TimeoutError, RuntimeError):
            pass  # the client went away (asleep, the page closed) or the server stops
        finally:
            self._open -= 1
            left = self._by_client.get(client, 1) - 1
            if left:
                self._by_client[client] = left
            else:
                self._by_client.pop(client, None)
        return response

    async def _follow(
        self, request: web.Request, response: EventSourceResponse, lost: asyncio.Event
    ) -> None:
        changed = self._changed
        await response.send(self._data, id=self._id, event=self.event, retry=RETRY_MS)
        while not self._closing and not lost.is_set():
            if not await first_of(changed, lost, HEARTBEAT_SECONDS):
                transport = request.transport
                if transport is None or transport.get_write_buffer_size() > 0:
                    return  # the last ping is still unread: the client is gone
                await response.send("1", event="ping")
                continue
            if self._closing or lost.is_set():
                return
            changed = self._changed
            await response.send(self._data, id=self._id, event=self.event)


async def first_of(changed: asyncio.Event, lost: asyncio.Event, timeout: float) -> bool:
    """Wait until the data changes or the connection is lost (True), or `timeout` (False)."""
    waits = [asyncio.ensure_future(changed.wait()), asyncio.ensure_future(lost.wait())]
    try:
        done, _ = await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()
    return bool(done)
