"""The event's standings page, for a screen at the venue: the live board and the standings.

The same conventions as the table view (`banker.web.server`): served from the caller's
own event loop, every route under an unguessable token (kept in the event file, so the
page keeps its address across restarts; anything else, a wrong token included, is 404),
GET only (405 otherwise), the same security headers and content security policy (no
inline script, nothing from elsewhere), the page's files from an in-memory table, and
the board pushed over server-sent events with a ping on idle streams. It reads the
director's board through a callable and never changes anything.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from html import escape
from importlib import resources
from typing import Any

from aiohttp import web

from banker.i18n import translator
from banker.i18n.message import N_
from banker.web.limits import TABLE, Gate
from banker.web.net import url_host
from banker.web.qr import QrText, qr_text
from banker.web.server import TOKEN_BYTES
from banker.web.site import (
    SECURITY_HEADERS,
    Served,
    ShareError,
    listen,
    secure_headers,
    token_guard,
)
from banker.web.stream import EventStream

PAGE_WORDS = {
    "title": N_("Banker: the tournament"),
    "heading": N_("The tournament"),
    "connecting": N_("connecting"),
    "tables": N_("Tables"),
    "standings": N_("Standings"),
    "player": N_("Player"),
    "round": N_("Round"),
    "place": N_("Place"),
    "worth": N_("Worth"),
    "noscript": N_("This page needs JavaScript to follow the event."),
}
"""The words of the page's first paint, filled in by the server."""

WORDS = [
    N_("Round"),
    N_("Table"),
    N_("playing"),
    N_("ended"),
    N_("lost contact"),
    N_("connecting"),
    N_("not linked"),
    N_("bad data"),
    N_("still playing at time"),
    N_("past time"),
    N_("last turn"),
    N_("corrected"),
    N_("bye"),
    N_("live"),
    N_("reconnecting"),
    N_("sharing stopped"),
    N_("Player"),
    N_("Place"),
    N_("Worth"),
    N_("Phase"),
    N_("Points"),
    N_("Money totals"),
    N_("Tables won"),
    N_("Opponents' points"),
    N_("preliminaries"),
    N_("semi-finals"),
    N_("final"),
    N_("withdrew"),
    N_("Venue"),
    N_("National cut"),
    N_("through"),
    N_("through, tied at the cut"),
    N_("tied at the cut"),
    N_("waiting"),
    N_("recorded"),
]
"""Words the script shows, sent translated with every board."""

_FILES = {
    "standings.js": "text/javascript",
    "standings.css": "text/css",
}


class StandingsView:
    """The standings page of one event, read-only, token-guarded.

    Args:
        source: returns the board (`banker.tournament.director.board_json`).
        language: the page's language (en, ms, th).
        page_words: words of the first paint to replace (by `PAGE_WORDS` key).
    """

    def __init__(
        self,
        source: Callable[[], dict[str, Any]],
        language: str = "en",
        page_words: dict[str, str] | None = None,
    ) -> None:
        self.source = source
        self.language = language
        self.page_words = {**PAGE_WORDS, **(page_words or {})}
        """The first paint's words (`PAGE_WORDS`, some replaced: the national page's)."""
        self.token: str | None = None
        self.host: str | None = None
        self.port: int | None = None
        folder = resources.files("banker.web") / "static" / "standings"
        self._page = (folder / "standings.html").read_text(encoding="utf-8")
        self._assets = {name: (folder / name).read_bytes() for name in _FILES}
        self._runner: Served | None = None
        self.gate = Gate(SECURITY_HEADERS)
        """The connections' limits (`banker.web.limits`)."""
        self.streams = EventStream("board")
        """The screens' event streams (`banker.web.stream`)."""
        self._board = b""
        self._closing = False

    @property
    def url(self) -> str:
        if self.token is None or self.host is None or self.port is None:
            return ""
        return f"http://{url_host(self.host)}:{self.port}/{self.token}/"

    @property
    def clock_url(self) -> str:
        """The projector's page: the round's clock, large."""
        return self.url + "clock" if self.url else ""

    def qr(self) -> QrText:
        return qr_text(self.url)

    @property
    def screens(self) -> int:
        """How many pages follow the board right now."""
        return self.streams.open

    async def start(self, host: str | None = None, port: int = 0, token: str | None = None) -> str:
        """Serve the page; `token` keeps the address of an earlier start (else a new one).

        Raises:
            ShareError: the address or port cannot be used.
        """
        if self._runner is not None:
            return self.url
        app = self.make_app(token)
        self.gate = Gate(SECURITY_HEADERS, self._judge)
        self.streams.gate = self.gate
        try:
            self._runner, self.host, self.port = await listen(
                app,
                host,
                port,
                N_("Cannot share the standings on {host} port {port}: {why}."),
                self.gate,
            )
        except ShareError:
            self.token = None
            raise
        return self.url

    def _judge(self, given: str) -> int | None:
        """The page's one link, for the gate: anything else opens nothing."""
        token = self.token
        if token and secrets.compare_digest(given.encode(), token.encode()):
            return TABLE
        return None

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
        self.token = self.host = self.port = None

    def notify(self) -> None:
        """The board changed: rebuild it and wake every stream (call on the loop)."""
        if not self._closing:
            self._publish()

    def make_app(self, token: str | None = None) -> web.Application:
        self.token = token or secrets.token_urlsafe(TOKEN_BYTES)
        self._closing = False
        self.streams.start(None)
        self._board = b""
        self._publish()
        base = f"/{self.token}/"
        app = web.Application(middlewares=[token_guard(lambda: self.token)])
        app.router.add_get(base, self._page_handler, allow_head=False)
        app.router.add_get(base + "clock", self._clock_handler, allow_head=False)
        app.router.add_get(base + "events", self.streams.serve, allow_head=False)
        app.router.add_get(base + "board.json", self._board_handler, allow_head=False)
        app.router.add_get(base + "s/{name}", self._asset_handler, allow_head=False)
        app.on_response_prepare.append(secure_headers)
        app.on_shutdown.append(self._on_shutdown)
        return app

    async def _on_shutdown(self, app: web.Application) -> None:
        self._closing = True
        self.streams.close()

    async def _page_handler(self, request: web.Request) -> web.Response:
        return self._page_as("standings")

    async def _clock_handler(self, request: web.Request) -> web.Response:
        """The projector's page: the event, the round and its clock, large."""
        return self._page_as("projector")

    def _page_as(self, view: str) -> web.Response:
        translate = translator(self.language)
        html = self._page.replace("{{base}}", f"/{self.token}/").replace("{{view}}", view)
        html = html.replace("{{lang}}", self.language)
        for key, words in self.page_words.items():
            html = html.replace("{{" + key + "}}", escape(translate(words)))
        return web.Response(text=html, content_type="text/html", charset="utf-8")

    async def _asset_handler(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in self._assets:
            raise web.HTTPNotFound()
        return web.Response(body=self._assets[name], content_type=_FILES[name], charset="utf-8")

    async def _board_handler(self, request: web.Request) -> web.Response:
        return web.Response(body=self._board, content_type="application/json")

    def _publish(self) -> None:
        board = dict(self.source())
        translate = translator(self.language)
        board["words"] = {w: translate(w) for w in WORDS}
        text = json.dumps(board, ensure_ascii=False, separators=(",", ":"))
        if text.encode() == self._board:
            return
        self._board = text.encode()
        self.streams.publish(text)
