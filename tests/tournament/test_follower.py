"""The follower says when a table is out of reach, whatever the way it went."""

from __future__ import annotations

import asyncio

import pytest

from banker.tournament.follower import Follower
from tests.tournament.conftest import Venue, until


async def test_a_silent_table_a_wrong_address_and_a_closed_port_are_all_lost_contact(
    venue: Venue,
) -> None:
    held: list[asyncio.StreamWriter] = []

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)  # takes the connection, then says nothing at all

    server = await asyncio.start_server(silent, "127.0.0.1", 0)
    silent_port = server.sockets[0].getsockname()[1]
    table = await venue.open_table("real", ["Ana", "Ben"])
    seen: list[tuple[int, str]] = []
    follower = Follower(lambda live: seen.append((live.number, live.status)), read_timeout=0.5)
    await follower.start()
    try:
        follower.follow(1, f"http://127.0.0.1:{silent_port}/token/")
        follower.follow(2, table.url.replace(table.url.split("/")[3], "not-the-token"))
        follower.follow(3, "http://127.0.0.1:9/token/")  # nothing listens on the discard port
        follower.follow(4, table.url)
        await until(lambda: all(follower.tables[n].status == "lost" for n in (1, 2, 3)))
        await until(lambda: follower.tables[4].status == "playing")
        assert all(follower.tables[n].lost_since for n in (1, 2, 3))
        assert follower.tables[4].table is not None and follower.tables[4].lost_since is None
        assert (4, "playing") in seen and (1, "lost") in seen
        await follower.unfollow(4)
        assert 4 not in follower.tables
    finally:
        await follower.stop()
        for writer in held:
            writer.close()
        server.close()
        await server.wait_closed()


async def test_a_redirect_is_not_followed(venue: Venue) -> None:
    """Before: the director followed redirects, so a table view could send it anywhere."""
    from aiohttp import web

    table = await venue.open_table("real", ["Ana", "Ben"])

    async def elsewhere(request: web.Request) -> web.Response:
        raise web.HTTPFound(table.url + "events")

    app = web.Application()
    app.router.add_get("/abcdefghijklmnop/events", elsewhere)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    follower = Follower(read_timeout=0.5)
    await follower.start()
    try:
        follower.follow(1, f"http://127.0.0.1:{port}/abcdefghijklmnop/")
        await until(lambda: follower.tables[1].status == "lost")
        await asyncio.sleep(1.5)  # tries again: never the table it was sent to
        assert follower.tables[1].table is None and follower.tables[1].status == "lost"
    finally:
        await follower.stop()
        await runner.cleanup()


async def test_a_table_out_of_reach_is_tried_less_and_less_then_no_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before: a table out of reach was tried every 5 s for ever. The pauses now double
    (to `RETRY_MAX`) and after `GIVE_UP_AFTER` of failures the table is left alone (it
    joins again); here both are shortened to seconds."""
    import banker.tournament.follower as follower_module

    monkeypatch.setattr(follower_module, "RETRY_FIRST", 0.05)
    monkeypatch.setattr(follower_module, "GIVE_UP_AFTER", 0.5)
    follower = Follower(read_timeout=0.5)
    await follower.start()
    try:
        follower.follow(1, "http://127.0.0.1:9/abcdefghijklmnop/")
        await until(lambda: follower._tasks[1].done())
        assert follower.tables[1].status == "lost"
    finally:
        await follower.stop()
