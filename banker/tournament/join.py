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
import secrets
from urllib.parse import urlsplit

from aiohttp import web
from aiohttp.typedefs import Handler

from banker.core.errors import BankerError
from banker.tournament.director import Director, differences
from banker.web.net import lan_address, url_host
from banker.web.server import ShareError, _secure_headers

FIRST_TABLE_WAIT = 3.0
"""How long the answer waits for the table's first state, to say what differs."""


def check_share_url(url: str) -> str:
    """A table view's address, or BankerError saying why it is not one."""
    parts = urlsplit(url.strip())
    if parts.scheme != "http" or not parts.hostname or parts.username or parts.password:
        raise BankerError("{url} is not a share address (http://...).", url=url)
    if len(url) > 300 or parts.query or parts.fragment:
        raise BankerError("{url} is not a share address (http://...).", url=url)
    return url.strip()


class JoinDesk:
    def __init__(self, director: Director) -> None:
        self.director = director
        self.host: str | None = None
        self.port: int | None = None
        self._runner: web.AppRunner | None = None

    @property
    def token(self) -> str:
        return self.director.journal.setup.join_token

    @property
    def url(self) -> str:
        if self.host is None or self.port is None:
            return ""
        return f"http://{url_host(self.host)}:{self.port}/{self.token}/join"

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=4096)
        app.router.add_post(f"/{self.token}/join", self._join)
        app.on_response_prepare.append(_secure_headers)
        return app

    async def start(self, host: str | None = None, port: int = 0) -> str:
        listen = host or lan_address()
        runner = web.AppRunner(self.make_app(), access_log=None, shutdown_timeout=1.0)
        await runner.setup()
        try:
            await web.TCPSite(runner, listen, port).start()
        except OSError as exc:
            await runner.cleanup()
            raise ShareError(
                "Cannot open the join address on {host} port {port}: {why}.",
                host=listen,
                port=port,
                why=exc.strerror or exc,
            ) from None
        self._runner = runner
        self.port = int(runner.addresses[0][1])
        self.host = lan_address() if listen in ("0.0.0.0", "::") else listen
        return self.url

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
        self.host = self.port = None

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        first = request.raw_path.split("?", 1)[0].split("/", 2)
        given = first[1] if len(first) > 1 else ""
        if not self.token or not secrets.compare_digest(given.encode(), self.token.encode()):
            raise web.HTTPNotFound()
        return await handler(request)

    async def _join(self, request: web.Request) -> web.Response:
        form = await request.post()
        table, url = str(form.get("table", "")), str(form.get("url", ""))
        try:
            if not table.isdigit():
                raise BankerError("Give the table's number.")
            number = int(table)
            self.director.link(number, check_share_url(url))
        except (BankerError, ValueError) as exc:
            return web.Response(status=422, text=f"{exc}\n")
        live = self.director.follower.tables.get(number)
        for _ in range(int(FIRST_TABLE_WAIT / 0.05)):
            if live is None or live.table is not None:
                break
            await asyncio.sleep(0.05)
        if live is None or live.table is None:
            return web.Response(text=f"Table {number} linked; the director cannot reach it yet.\n")
        found = differences(self.director.state, number, live.table)
        if not found:
            return web.Response(
                text=f"Table {number} linked: board, rules and seating as the event.\n"
            )
        return web.Response(
            text=f"Table {number} linked, but it differs: " + "; ".join(found) + "\n"
        )


async def send_join(join_url: str, table: int, share_url: str) -> tuple[int, str]:
    """The table's side: send its share address to the director. (status, answer)."""
    import aiohttp

    timeout = aiohttp.ClientTimeout(total=10)
    try:
        async with aiohttp.ClientSession(timeout=timeout) as session:
            data = {"table": str(table), "url": share_url}
            async with session.post(join_url, data=data) as response:
                return response.status, await response.text()
    except aiohttp.ClientError as exc:
        raise OSError(str(exc)) from None
