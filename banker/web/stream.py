"""The one event stream every page of Banker pushes over: the phones' table view and the
venue's standings page alike.

Built on aio-libs' `aiohttp-sse` (`EventSourceResponse`): it writes the server-sent events,
keeps the response open, and (on Linux) asks the kernel to drop a connection whose data
goes unacknowledged for `SEND_TIMEOUT_SECONDS`. Around it, what a page on a LAN needs:

- each link (the table's, a player's own) holds a bounded number of streams and one
  client address `STREAMS_PER_CLIENT`; a new stream beyond either replaces the oldest, so
  a phone that opens the page again always gets in and one holder of one link can never
  take the streams of another link;
- the newest event first, then every change the moment it is published, one encoding of
  it shared by every stream;
- a `ping` event on an idle stream every `HEARTBEAT_SECONDS` (the pages listen for it to
  say "live"), and a stream whose last ping is still unread is ended (a phone asleep);
- a stream is never closed as idle by the connection limits (`Gate.streaming`), and its
  slot is free the moment its connection closes; the streams of a link that stopped
  opening (a player given a new one) end at once (`keep_only`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from aiohttp import web
from aiohttp_sse import EventSourceResponse

from banker.web.limits import Gate

MAX_STREAMS = 64
"""Open event streams one link may hold (a page with one link: the standings)."""
STREAMS_PER_CLIENT = 8
"""Event streams one client address may hold: its newest replaces its oldest."""
HEARTBEAT_SECONDS = 15.0
"""A ping event on idle streams, so dead connections are noticed at both ends."""
SEND_TIMEOUT_SECONDS = 2 * HEARTBEAT_SECONDS
"""A stream whose data is not acknowledged for this long is dropped."""
RETRY_MS = 1000
"""How soon a browser reconnects after losing the stream."""


class _Follower:
    """One open stream: whose link, from which address, and the event that ends it."""

    __slots__ = ("client", "ended", "link", "opened")

    def __init__(self, link: str, client: str) -> None:
        self.link = link
        self.client = client
        self.opened = time.monotonic()
        self.ended = asyncio.Event()


class EventStream:
    """The server-sent events of one page: `publish` the newest data, `serve` each client.

    Args:
        event: the event's name (`table`, `board`): what the page listens for.
        cap: how many streams a link may hold (by the link's token); `MAX_STREAMS` unless
            given.
    """

    def __init__(self, event: str, cap: Callable[[str], int] | None = None) -> None:
        self.event = event
        self.cap = cap or (lambda link: MAX_STREAMS)
        self.gate: Gate | None = None
        """The connections' limits of the address serving the page (None: a test server)."""
        self._data = ""
        self._id: str | None = None
        self._changed = asyncio.Event()
        self._followers: list[_Follower] = []
        """The open streams, oldest first."""
        self._closing = False
        self.replaced = 0
        """Streams ended to make room for a newer one of the same link or address."""

    @property
    def open(self) -> int:
        """How many clients follow the page right now."""
        return sum(not f.ended.is_set() for f in self._followers)

    def following(self, link: str) -> int:
        """How many streams follow the page by `link` right now."""
        return sum(f.link == link and not f.ended.is_set() for f in self._followers)

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

    def keep_only(self, links: set[str]) -> None:
        """End at once every stream opened by a link not in `links` (a link replaced)."""
        for follower in self._followers:
            if follower.link not in links:
                follower.ended.set()

    def _wake(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    def _make_room(self, link: str, client: str) -> None:
        """End the oldest streams of `client` and of `link` beyond their share, so the
        newcomer fits (the newest replaces the oldest)."""
        for same, most in (
            ([f for f in self._followers if f.client == client], STREAMS_PER_CLIENT),
            ([f for f in self._followers if f.link == link], max(1, self.cap(link))),
        ):
            live = [f for f in same if not f.ended.is_set()]
            for follower in live[: max(0, len(live) - most + 1)]:
                follower.ended.set()
                self.replaced += 1

    async def serve(self, request: web.Request, link: str = "") -> web.StreamResponse:
        """The request handler of the page's `events` route; `link`: the token it came by."""
        client = request.remote or "?"
        self._make_room(link, client)
        follower = _Follower(link, client)
        self._followers.append(follower)
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
                await self._follow(request, response, lost, follower.ended)
        except (ConnectionError, TimeoutError, RuntimeError):
            pass  # the client went away (asleep, the page closed) or the server stops
        finally:
            self._followers.remove(follower)
            if follower.ended.is_set() and request.transport is not None:
                request.transport.close()  # replaced: its connection goes with it
            elif self.gate is not None:
                self.gate.stream_over(request)
        return response

    async def _follow(
        self,
        request: web.Request,
        response: EventSourceResponse,
        lost: asyncio.Event,
        ended: asyncio.Event,
    ) -> None:
        changed = self._changed
        await response.send(self._data, id=self._id, event=self.event, retry=RETRY_MS)
        while not self._closing and not lost.is_set() and not ended.is_set():
            if not await first_of((changed, lost, ended), HEARTBEAT_SECONDS):
                transport = request.transport
                if transport is None or transport.get_write_buffer_size() > 0:
                    return  # the last ping is still unread: the client is gone
                await response.send("1", event="ping")
                continue
            if self._closing or lost.is_set() or ended.is_set():
                return
            changed = self._changed
            await response.send(self._data, id=self._id, event=self.event)


async def first_of(events: tuple[asyncio.Event, ...], timeout: float) -> bool:
    """Wait until one of `events` is set (True: the data changed, the connection was lost,
    the stream was ended), or `timeout` (False)."""
    waits = [asyncio.ensure_future(event.wait()) for event in events]
    try:
        done, _ = await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()
    return bool(done)
