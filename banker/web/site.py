"""What every address Banker serves shares: an unguessable token first in the path, the
security headers on every response, and a site that refuses the address it cannot use in
words the banker can read. The table view, the standings page and the director's join
address all listen through here."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable

from aiohttp import web
from aiohttp.typedefs import Handler, Middleware

from banker.core.errors import BankerError
from banker.web.limits import Gate
from banker.web.net import lan_address

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
    "Server": "banker",
}
"""Sent with every response: nothing from elsewhere runs, and the token never leaks."""


class ShareError(BankerError):
    """An address cannot be served (the address or port is not available)."""


async def secure_headers(request: web.Request, response: web.StreamResponse) -> None:
    """Every response carries the security headers (add to `on_response_prepare`)."""
    response.headers.update(SECURITY_HEADERS)


def token_guard(token: Callable[[], str | None], *, get_only: bool = True) -> Middleware:
    """404 for anything outside the current token (compared in constant time); with
    `get_only`, 405 for anything but GET inside it."""

    @web.middleware
    async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
        expected = token()
        first = request.raw_path.split("?", 1)[0].split("/", 2)
        given = first[1] if len(first) > 1 else ""
        if not expected or not secrets.compare_digest(given.encode(), expected.encode()):
            raise web.HTTPNotFound()
        if get_only and request.method != "GET":
            raise web.HTTPMethodNotAllowed(request.method, ["GET"])
        return await handler(request)

    return guard


class Served:
    """An application being served: `cleanup()` stops listening, ends its connections
    and runs its shutdown."""

    def __init__(self, runner: web.AppRunner, server: asyncio.Server, gate: Gate) -> None:
        self.runner = runner
        self.server = server
        self.gate = gate

    async def cleanup(self) -> None:
        self.gate.stop()
        self.server.close()
        await self.runner.cleanup()


async def listen(
    app: web.Application, host: str | None, port: int, refusal: str, gate: Gate
) -> tuple[Served, str, int]:
    """Serve `app` on `host` (this computer's LAN address by default) and `port` (0: a
    free one), every connection through `gate`. Returns what is served, the host to put in
    addresses and the port taken.

    Raises:
        ShareError: `refusal` (a template with {host}, {port} and {why}) when the address
            or port cannot be used; nothing is left listening.
    """
    listen_on = host or lan_address()
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
    await runner.setup()
    try:
        server = await gate.serve(runner, listen_on, port)
    except OSError as exc:
        await runner.cleanup()
        raise ShareError(refusal, host=listen_on, port=port, why=exc.strerror or exc) from None
    bound = int(server.sockets[0].getsockname()[1])
    shown = lan_address() if listen_on in ("0.0.0.0", "::") else listen_on
    return Served(runner, server, gate), shown, bound
