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
from urllib.parse import urlsplit

from aiohttp import web

from banker.core.errors import BankerError
from banker.i18n import N_, is_language, joined, msg, translator
from banker.tournament.director import Director, differences
from banker.web.limits import Gate
from banker.web.net import url_host
from banker.web.site import SECURITY_HEADERS, listen, secure_headers, token_guard

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
    def __init__(self, director: Director, language: str = "en") -> None:
        self.director = director
        self.language = language
        """The answer's language when the table does not say its own."""
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

    async def _join(self, request: web.Request) -> web.Response:
        form = await request.post()
        table, url = str(form.get("table", "")), str(form.get("url", ""))
        asked = str(form.get("lang", ""))
        say = translator(asked if is_language(asked) else self.language)
        try:
            if not table.isdigit() or len(table) > 4:
                raise BankerError("Give the table's number.")
            number = int(table)
            self.director.link(number, check_share_url(url))
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
