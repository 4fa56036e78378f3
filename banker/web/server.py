"""The table view's web server: link-guarded, in the caller's own event loop.

One `TableView` serves one game. `start()` binds an aiohttp site on the running loop
(no thread, no other process); phones load a small page that follows the game over
server-sent events. Every route sits under an unguessable link: the table's token (anyone
at the table, read-only), or a player's own secret (`banker.web.links`), both kept from
one start to the next by the callers that keep their address; anything else, a wrong or
replaced link included, is 404. Files are served only from an in-memory table of the
package's own assets.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from importlib import resources
from itertools import count

from aiohttp import web
from aiohttp.typedefs import Handler

from banker.core.asks import Asks
from banker.core.errors import BankerError
from banker.core.phone import for_sale
from banker.core.proposals import Proposals
from banker.i18n import N_, translator
from banker.i18n.message import Message, msg
from banker.store.journal import Journal
from banker.web.actions import (
    ACT_SECONDS,
    MOST_BYTES,
    Actor,
    Answer,
    Answers,
    TradeRequest,
    read_request,
    trade_step,
)
from banker.web.limits import GONE, PLAYER, TABLE, Gate, quiet_logs
from banker.web.links import Holder, Links, new_key
from banker.web.net import url_host
from banker.web.qr import QrText, qr_text
from banker.web.site import (
    SECURITY_HEADERS,
    Served,
    ShareError,
    listen,
    secure_headers,
)
from banker.web.stream import MAX_STREAMS, EventStream
from banker.web.table import PAGE_WORDS, asks_json, owing_json, source_json, trades_json

TOKEN_BYTES = 16
"""128 bits of randomness in every sharing token."""
POLL_SECONDS = 0.25
"""How often the server looks for entries it was not told about (another process's)."""

PLAYER_STREAMS = 4
"""Event streams one player's link may hold: a phone and a tablet, reloaded; the newest
replaces the oldest."""
TABLE_STREAMS = MAX_STREAMS // 2
"""Event streams the table's link may hold (a venue screen, onlookers): with eight
players' links at `PLAYER_STREAMS`, the page never holds more than `MAX_STREAMS`."""
LINK = r"{link:[A-Za-z0-9_-]{16,64}}"
"""The first part of every path: a token or a player's secret."""

HOLDER = web.RequestKey("holder", Holder)
"""Whose link a request came by (set by the guard)."""

_TYPES = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}


@dataclass(frozen=True)
class _Asset:
    body: bytes
    content_type: str


def _load_assets() -> tuple[str, dict[str, _Asset]]:
    """The page template and the static files, read once from the package."""
    folder = resources.files("banker.web") / "static"
    page = ""
    assets: dict[str, _Asset] = {}
    for item in folder.iterdir():
        name = item.name
        if name == "index.html":
            page = item.read_text(encoding="utf-8")
            continue
        suffix = name[name.rfind(".") :] if "." in name else ""
        if suffix in _TYPES and item.is_file():
            assets[name] = _Asset(item.read_bytes(), _TYPES[suffix])
    return page, assets


class TableView:
    """The read-only table view of one game, for the players' phones.

    Use it from a running asyncio loop (a Textual app's, or `asyncio.run`)::

        view = TableView(journal)
        url = await view.start()          # the LAN address, a free port
        qr = view.qr()                    # QrText: lines to draw black on white
        ...
        view.notify()                     # after each banker action (optional but immediate)
        await view.stop()

    Args:
        journal: the game. The app passes the journal it writes to; `banker share` passes
            one opened read-only. Replace `view.journal` to show another game.
        follow: also read what other processes journal to the same file (for a
            read-only journal: `banker share`). Without it, the view still notices new
            entries in `journal` itself within `POLL_SECONDS`.
    """

    def __init__(
        self, journal: Journal, *, follow: bool = False, actor: Actor | None = None
    ) -> None:
        self._journal: Journal | None = None
        self.journal = journal  # with no trade and no request yet (`_fresh_desk`)
        self.follow = follow
        self.actor = actor
        """Applies what a player's phone asks, as the game's one writer (the banker's app);
        None: the table only reads (`banker share` beside the app), and the pages say so."""
        self.answers = Answers()
        """The phones' actions answered, for their retries."""
        self.asking: tuple[str, str] | None = None
        """The player and the deed of the landing the banker's dialog asks about now:
        that player's page asks "buy or auction?" (set by the app, `ask`)."""
        self.taxing: str | None = None
        """The player whose income-tax choice the banker's landing dialog asks now: their
        page offers the choice (set by the app, `ask_tax`)."""
        self.on_queue: Callable[[], None] = lambda: None
        """Called when what waits for the banker may have changed (a trade both accepted,
        one that went stale): the app redraws its queue."""
        self._moves = 0
        """Counts what changes the pages without a journal entry (questions, trades)."""
        self.token: str | None = None
        """The current sharing token; None while not sharing. New at every `start()`
        unless one is given."""
        self.host: str | None = None
        self.port: int | None = None
        self._page, self._assets = _load_assets()
        self._runner: Served | None = None
        self._watcher: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._table: bytes = b""
        self._sent: tuple[Journal, int, int] | None = None
        """The journal and seq of the table phones have now."""
        self.links = Links(new_key())
        """The players' own links (`banker.web.links`), from a key kept with the address."""
        self.streams = EventStream("table", self._streams_of)
        """The phones' event streams (`banker.web.stream`)."""
        self._closing = False
        self.gate = Gate(SECURITY_HEADERS, self._judge)
        """The connections' limits (`banker.web.limits`)."""

    # The public face: start, stop, notify, the URLs and their QR codes.

    @property
    def running(self) -> bool:
        return self._runner is not None

    @property
    def url(self) -> str:
        """The table's address for phones, token included (empty while not sharing)."""
        return self._url_for(self.token)

    def _url_for(self, link: str | None) -> str:
        if link is None or self.token is None or self.host is None or self.port is None:
            return ""
        return f"http://{url_host(self.host)}:{self.port}/{link}/"

    @property
    def link_key(self) -> str:
        """What every player's secret is worked out from: keep it with the address."""
        return self.links.key

    def player_url(self, player: str) -> str:
        """`player`'s own link: their page, opened as them."""
        state = self.journal.game.state
        names = [p.name for p in state.players]
        return self._url_for(self.links.secrets(state)[names.index(player)])

    def player_urls(self) -> dict[str, str]:
        """Every player's own link, by name, in seating order."""
        return {p.name: self.player_url(p.name) for p in self.journal.game.state.players}

    def holder(self, given: str) -> Holder | int | None:
        """Whose link `given` (a path's first part) is now; `GONE`: a player's link that
        was replaced; None: it opens nothing."""
        if not given or not self.token:
            return None
        state = self.journal.game.state
        holder = self.links.holder(state, self.token, given)
        if holder is None and self.links.replaced(state, given):
            return GONE
        return holder

    def _judge(self, given: str) -> int | None:
        """What a connection's first link opens, for the gate: a player's own link ranks
        above the table's; a replaced one is told so; anything else opens nothing."""
        holder = self.holder(given)
        if isinstance(holder, Holder):
            return PLAYER if holder.is_player else TABLE
        return holder

    def _streams_of(self, link: str) -> int:
        return TABLE_STREAMS if link == self.token else PLAYER_STREAMS

    def qr(self, player: str | None = None) -> QrText:
        """The QR code of the table's URL, or of one player's page."""
        return qr_text(self.url if player is None else self.player_url(player))

    @property
    def phones(self) -> int:
        """How many phones follow the game right now."""
        return self.streams.open

    async def start(
        self,
        host: str | None = None,
        port: int = 0,
        token: str | None = None,
        key: str | None = None,
    ) -> str:
        """Start serving on the running loop; returns the URL.

        Args:
            host: the address to listen on; by default this computer's address on the
                local network (127.0.0.1 without one).
            port: the port; 0 takes a free one.
            token: the token of an earlier start, to keep its address; None: a new one.
            key: the link key of an earlier start, to keep the players' links; None:
                the one this view has.

        Raises:
            ShareError: the address or port cannot be used.
        """
        if self._runner is not None:
            return self.url
        if key is not None:
            self.links = Links(key)
        app = self.make_app(token)
        quiet_logs(lambda: self.token)
        self.gate = Gate(SECURITY_HEADERS, self._judge)
        self.streams.gate = self.gate
        try:
            self._runner, self.host, self.port = await listen(
                app,
                host,
                port,
                N_(
                    "Cannot share the table on {host} port {port}: {why}. Choose another "
                    "address or port, or leave them out to take a free one."
                ),
                self.gate,
            )
        except ShareError:
            self.token = None
            raise
        return self.url

    async def stop(self) -> None:
        """Stop serving: phones see that sharing ended; the token is forgotten."""
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()  # runs _on_shutdown: streams end, the watcher stops
        self.token = self.host = self.port = None

    def ask(self, player: str, deed: str) -> None:
        """The banker's landing dialog asks whether `player` buys `deed` or it goes to
        auction: their own page asks them too."""
        self.asking = (player, deed)
        self.moved()

    def unask(self) -> None:
        """The dialog closed: the pages stop asking."""
        if self.asking is not None:
            self.asking = None
            self.moved()

    def ask_tax(self, player: str | None) -> None:
        """The banker's landing dialog asks `player` how to pay income tax (None: no
        longer): their page offers the choice."""
        if self.taxing != player:
            self.taxing = player
            self.moved()

    def moved(self) -> None:
        """Something the pages show changed without a journal entry: publish it."""
        self._moves += 1
        self.notify()

    def notify(self) -> None:
        """Tell the phones the game changed. Cheap; safe from any thread.

        The table is rebuilt on the loop after the caller returns, so a banker's
        keypress is not kept waiting by the phones.
        """
        if self._loop is not None and not self._closing:
            self._loop.call_soon_threadsafe(self._publish_quietly)

    # The aiohttp application.

    def make_app(self, token: str | None = None) -> web.Application:
        """A new application under `token` or a new one (tests serve it with aiohttp's
        test server)."""
        self.token = token or secrets.token_urlsafe(TOKEN_BYTES)
        self._closing = False
        self._loop = asyncio.get_running_loop()
        self.streams.start(None)
        self._sent = None
        self._publish()
        base = f"/{LINK}/"
        app = web.Application(middlewares=[self._guard], client_max_size=MOST_BYTES)
        app.router.add_get(base, self._page_handler, allow_head=False)
        app.router.add_get(base + r"p/{player:\d{1,2}}", self._page_handler, allow_head=False)
        app.router.add_get(base + "events", self._events_handler, allow_head=False)
        app.router.add_get(base + "table.json", self._table_handler, allow_head=False)
        app.router.add_get(base + "s/{name}", self._asset_handler, allow_head=False)
        app.router.add_post(base + "act", self._act_handler)
        app.on_response_prepare.append(secure_headers)
        app.on_startup.append(self._on_startup)
        app.on_shutdown.append(self._on_shutdown)
        return app

    async def _on_startup(self, app: web.Application) -> None:
        self._watcher = asyncio.get_running_loop().create_task(self._watch())

    async def _on_shutdown(self, app: web.Application) -> None:
        """End the event streams first, so the server need not wait for them."""
        self._closing = True
        self.streams.close()
        if self._watcher is not None:
            self._watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watcher
            self._watcher = None

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """404 for anything outside a link that opens the game now; 405 for anything but
        GET. Who the link belongs to is `request[HOLDER]`."""
        first = request.raw_path.split("?", 1)[0].split("/", 2)
        holder = self.holder(first[1] if len(first) > 1 else "")
        if holder == GONE:
            raise web.HTTPGone()  # the page says: ask the banker for the new code
        if not isinstance(holder, Holder):
            raise web.HTTPNotFound()
        acting = holder.is_player and request.path.endswith("/act")
        if request.method != "GET" and not (acting and request.method == "POST"):
            raise web.HTTPMethodNotAllowed(request.method, ["POST" if acting else "GET"])
        request[HOLDER] = holder
        return await handler(request)

    async def _act_handler(self, request: web.Request) -> web.Response:
        """A player's phone acts: checked, applied once by the banker's app, answered in
        the game's words."""
        holder = request[HOLDER]
        seat = holder.seat
        assert seat is not None  # the guard lets only a player's own link post
        if self.actor is None:
            return self._answer(
                409,
                Answer(
                    False,
                    msg(
                        "This table is shown read-only here: actions from phones go to "
                        "the banker's app."
                    ),
                ),
            )
        actor = self.actor
        body = await request.read()  # at most MOST_BYTES (413 beyond)
        read = read_request(body)
        if isinstance(read, Message):
            return self._answer(400, Answer(False, read))
        given = self.answers.known(seat, read.id)
        if given is not None:  # a retry: the first answer, applied once
            return self._answer(200, await asyncio.shield(given))
        if not self.answers.allowed(seat):
            return self._answer(429, Answer(False, msg("Too many actions at once: wait a moment.")))
        future = self.answers.begin(seat, read.id)
        if isinstance(read, TradeRequest):  # the table's proposals, not the game: here
            answer = self._trade_step(seat, read)
            future.set_result(answer)
            return self._answer(200, answer)
        try:
            answer = await asyncio.wait_for(actor(seat, read), ACT_SECONDS)
        except TimeoutError:
            self.answers.forget(seat, read.id)
            answer = Answer(False, msg("The banker's app did not answer: try again."))
            future.set_result(answer)
            return self._answer(503, answer)
        future.set_result(answer)
        return self._answer(200, answer)

    def _trade_step(self, seat: int, request: TradeRequest) -> Answer:
        """A step of a trade from a phone, checked against the game as it stands."""
        self._take_stale()
        answer = trade_step(self.proposals, self.asks, self.journal.game.state, seat, request)
        self.moved()
        self.on_queue()
        return answer

    def check_proposals(self) -> None:
        """Take off the table the proposals the game moved under (each noted with why)."""
        if self._take_stale():
            self.moved()
            self.on_queue()

    @property
    def journal(self) -> Journal:
        """The game shown. Another game (a new one, one reopened) starts with no trade
        and no request: they belong to the game they were made in."""
        assert self._journal is not None
        return self._journal

    @journal.setter
    def journal(self, journal: Journal) -> None:
        if journal is not self._journal:
            self._journal = journal
            self._fresh_desk()

    def _fresh_desk(self) -> None:
        """No proposal and no request; one count of arrivals orders the banker's queue."""
        arrivals = count(1).__next__
        self.proposals = Proposals(arrivals)
        """The trades the players work out on their phones (`banker.core.proposals`): the
        table keeps them while it is shared; only the trade the banker makes is journaled."""
        self.asks = Asks(arrivals)
        """The requests from the players' phones waiting for the banker (`banker.core.asks`)."""

    def _take_stale(self) -> bool:
        """Take out the proposals and requests the game moved under (each noted with
        why). True if any left."""
        state = self.journal.game.state
        stale = bool(self.proposals.stale(state))
        return bool(self.asks.stale(state)) or stale

    def _answer(self, status: int, answer: Answer) -> web.Response:
        said = answer.said.render(translator(self.journal.game.state.language))
        return web.json_response({"ok": answer.ok, "said": said}, status=status)

    async def _events_handler(self, request: web.Request) -> web.StreamResponse:
        holder = request[HOLDER]
        return await self.streams.serve(request, holder.link)

    async def _page_handler(self, request: web.Request) -> web.Response:
        holder = request[HOLDER]
        player = -1 if holder.seat is None else holder.seat
        if "player" in request.match_info:
            player = int(request.match_info["player"])
            if holder.is_player or player >= len(self.journal.game.state.players):
                raise web.HTTPNotFound()
        html = self._page.replace("{{base}}", f"/{holder.link}/")
        html = html.replace("{{player}}", str(player))
        html = html.replace("{{own}}", "1" if holder.is_player else "0")
        language = self.journal.game.state.language
        translate = translator(language)
        html = html.replace("{{lang}}", language)
        for key, words in PAGE_WORDS.items():
            html = html.replace("{{" + key + "}}", escape(translate(words)))
        response = web.Response(text=html, content_type="text/html", charset="utf-8")
        response.enable_compression()
        return response

    async def _asset_handler(self, request: web.Request) -> web.Response:
        asset = self._assets.get(request.match_info["name"])
        if asset is None:
            raise web.HTTPNotFound()
        response = web.Response(body=asset.body, content_type=asset.content_type, charset="utf-8")
        response.enable_compression()
        return response

    async def _table_handler(self, request: web.Request) -> web.Response:
        return web.Response(body=self._table, content_type="application/json")

    # Keeping the phones up to date.

    def _publish(self) -> None:
        """Rebuild the table if the game moved on, and wake every stream."""
        key = (self.journal, self.journal.game.seq, self._moves)
        if self._sent is not None and self._sent[0] is key[0] and self._sent[1:] == key[1:]:
            return
        if self._take_stale():
            self.on_queue()
        state = self.journal.game.state
        self.streams.keep_only(self.links.all(state, self.token))
        table = source_json(self.journal)
        table["acts"] = self.actor is not None
        table["ask"] = self._ask_json()
        table.update(trades_json(state, self.proposals))
        table.update(asks_json(state, self.asks, self.taxing if self.actor else None))
        table.update(owing_json(state))
        text = json.dumps(table, ensure_ascii=False, separators=(",", ":"))
        self._table = text.encode()
        self._sent = key
        self.streams.publish(text, str(table["seq"]))

    def _ask_json(self) -> dict[str, object] | None:
        """The landing's question as the asked player's page shows it, while it is open."""
        if self.asking is None or self.actor is None:
            return None
        state = self.journal.game.state
        sale = for_sale(state, *self.asking)
        if sale is None:
            return None
        say = translator(state.language)
        return {
            "player": sale.player,
            "deed": sale.deed,
            "price": sale.price,
            "price_text": state.money(sale.price),
            "refusal": None if sale.refusal is None else sale.refusal.render(say),
        }

    def _publish_quietly(self) -> None:
        try:
            self._publish()
        except (BankerError, sqlite3.Error):
            pass  # the game was closed or is busy: the watcher tries again

    async def _watch(self) -> None:
        """Every `POLL_SECONDS`: follow the file (when asked) and publish what is new."""
        while not self._closing:
            await asyncio.sleep(POLL_SECONDS)
            if self.follow:
                try:
                    self.journal.refresh()  # one indexed read; applies only new entries
                except (BankerError, sqlite3.Error):
                    continue  # a write in progress or a busy file: try again next time
            self._publish_quietly()
