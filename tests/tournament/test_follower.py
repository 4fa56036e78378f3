"""The follower says when a table is out of reach, whatever the way it went."""

from __future__ import annotations

import asyncio

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
