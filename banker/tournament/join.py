"""The director's join address: a table's banker sends its share address in one step.

A small server beside the standings page, under the event's own join token (kept in the
event file, so the address stays the same for the whole event). It answers one thing:
POST `join` with the table's number and its share address. Anything else, a wrong token
included, is 404; bodies are small and only a share address on the table's own network
is taken (http, no credentials). The director then follows the table like any other and
the answer says what the table plays that the event does not (board, rules, seating).
The director still never writes to a table: the table writes to the director.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import time
from urllib.parse import urlsplit

from aiohttp import web

from banker.core.errors import BankerError
from banker.i18n import N_, is_language, joined, msg, translator
from banker.tournament.director import Director, differences
from banker.web.limits import Gate
from banker.web.net import url_host
from banker.web.site import SECURITY_HEADERS, Served, listen, secure_headers, token_guard

FIRST_TABLE_WAIT = 3.0
"""How long the answer waits for the table's first state, to say what differs."""


TOKEN_PATH = re.compile(r"/[A-Za-z0-9_-]{8,64}/?")
"""A share address's path: its token, nothing more."""
JOINS_PER_MINUTE = 12
"""Join requests one client address may send in a minute; more are refused (429)."""


def check_share_url(url: str) -> str:
    """A table view's address, or BankerError saying why it is not one: http, a host on
    this computer or the venue's own network (loopback or a private address, never a
    public, link-local or multicast one, never a name to look up), a port, the token."""
    text = url.strip()
    if len(text) > 300 or any(not ch.isprintable() or ch.isspace() for ch in text):
        raise BankerError("{url} is not a share address (http://...).", url=text[:80])
    parts = urlsplit(text)
    try:
        port = parts.port
    except ValueError:
        port = None
    if (
        parts.scheme != "http"
        or not parts.hostname
        or parts.username
        or parts.password
        or parts.query
        or parts.fragment
        or port is None
        or not TOKEN_PATH.fullmatch(parts.path)
    ):
        raise BankerError("{url} is not a share address (http://...).", url=text)
    if not _venue_host(parts.hostname):
        raise BankerError(
            "{url} is not on this computer or the venue's network: a share address is on "
            "the local network (127.0.0.1, 10.x, 172.16-31.x, 192.168.x).",
            url=text,
        )
    return text


def _venue_host(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False  # a name could lead anywhere once looked up
    if ip.is_link_local or ip.is_multicast or ip.is_unspecified:
        return False
    return ip.is_loopback or (ip.is_private and not ip.is_reserved)


class JoinDesk:
    def __init__(self, director: Director, language: str = "en") -> None:
        self.director = director
        self.language = language
        """The answer's language when the table does not say its own."""
        self.host: str | None = None
        self.port: int | None = None
        self._runner: Served | None = None
        self._asked: dict[str, list[float]] = {}
        """When each client address last asked (the rate limit)."""

    @property
    def token(self) -> str:
        return self.director.journal.setup.join_token

    @property
    def url(self) -> str:
        if self.host is None or self.port is None:
            return ""
        return f"http://{url_host(self.host)}:{self.port}/{self.token}/join"

    def make_app(self) -> web.Application:
        app = web.Application(
            middlewares=[token_guard(lambda: self.token, get_only=False)], client_max_size=4096
        )
        app.router.add_post(f"/{self.token}/join", self._join)
        app.on_response_prepare.append(secure_headers)
        return app

    async def start(self, host: str | None = None, port: int = 0) -> str:
        self._runner, self.host, self.port = await listen(
            self.make_app(),
            host,
            port,
            N_("Cannot open the join address on {host} port {port}: {why}."),
            Gate(SECURITY_HEADERS),
        )
        return self.url

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
        self.host = self.port = None

    def _admitted(self, client: str) -> bool:
        """At most `JOINS_PER_MINUTE` requests a minute from one client address."""
        now = time.monotonic()
        for who in [w for w, times in self._asked.items() if times[-1] < now - 60]:
            del self._asked[who]  # forgotten after a quiet minute: the map stays small
        times = [t for t in self._asked.get(client, []) if t >= now - 60]
        if len(times) >= JOINS_PER_MINUTE:
            return False
        self._asked[client] = [*times, now]
        return True

    async def _join(self, request: web.Request) -> web.Response:
        if not self._admitted(request.remote or "?"):
            return web.Response(status=429, text="\n")
        form = await request.post()
        table, url = str(form.get("table", "")), str(form.get("url", ""))
        asked = str(form.get("lang", ""))
        say = translator(asked if is_language(asked) else self.language)
        try:
            if not table.isdigit() or len(table) > 4:
                raise BankerError("Give the table's number.")
            number = int(table)
            url = check_share_url(url)
            current = self.director.state.current
            linked = current.urls.get(number) if current is not None else None
            if linked is not None and linked.rstrip("/") == url.rstrip("/"):
                pass  # the same address again: already followed, nothing journaled
            elif linked is not None:  # never moved by whoever holds the join address
                self.director.ask_relink(number, url)
                said = msg(
                    "Table {n} is already linked: the director must confirm the new address "
                    "on the board.",
                    n=number,
                )
                return web.Response(status=409, text=said.render(say) + "\n")
            else:
                self.director.link(number, url, joined=True)
        except BankerError as exc:
            return web.Response(status=422, text=exc.message.render(say) + "\n")
        except ValueError:  # a command the model refuses: the same plain answer
            return web.Response(status=422, text=msg("Give the table's number.").render(say) + "\n")
        live = self.director.follower.tables.get(number)
        for _ in range(int(FIRST_TABLE_WAIT / 0.05)):
            if live is None or live.table is not None:
                break
            await asyncio.sleep(0.05)
        if live is None or live.table is None:
            said = msg("Table {n} linked; the director cannot reach it yet.", n=number)
            return web.Response(text=said.render(say) + "\n")
        found = differences(self.director.state, number, live.table)
        if not found:
            said = msg("Table {n} linked: board, rules and seating as the event.", n=number)
            return web.Response(text=said.render(say) + "\n")
        said = msg("Table {n} linked, but it differs: {what}", n=number, what=joined(found, "; "))
        return web.Response(text=said.render(say) + "\n")


async def send_join(
    join_url: str, table: int, share_url: str, language: str = "en"
) -> tuple[int, str]:
    """The table's side: send its share address to the director, asking for the answer in
    `language`. (status, answer)."""
    import aiohttp

    timeout = aiohttp.ClientTimeout(total=10)
    try:
        async with aiohttp.ClientSession(timeout=timeout) as session:
            data = {"table": str(table), "url": share_url, "lang": language}
            async with session.post(join_url, data=data) as response:
                return response.status, await response.text()
    except aiohttp.ClientError as exc:
        if isinstance(exc, OSError):  # a connection refused or cut: its errno says which
            raise
        raise OSError(str(exc)) from None
