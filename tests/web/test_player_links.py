"""Each player's own link: it opens the table view as that player, it is not the table's
link with a number on it, and the banker can replace it (journaled) so the old one stops
at once, its open streams included."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import aiohttp
import pytest

from banker.core.commands import NewLink
from banker.store import Journal
from banker.web.links import Links, player_secret
from banker.web.server import PLAYER_STREAMS, TABLE_STREAMS, TableView
from tests.web.conftest import HOSTILE
from tests.web.test_stream_limits import ended, stream


async def status(session: aiohttp.ClientSession, url: str) -> int:
    async with session.get(url) as response:
        return response.status


async def page(session: aiohttp.ClientSession, url: str) -> str:
    async with session.get(url) as response:
        assert response.status == 200, url
        return await response.text()


async def test_each_player_has_a_link_of_their_own(view: TableView) -> None:
    urls = view.player_urls()
    assert list(urls) == ["Alice", "Bob", HOSTILE]
    assert view.token is not None
    async with aiohttp.ClientSession() as session:
        for seat, url in enumerate(urls.values()):
            assert view.token not in url  # the table's link does not lead to a player's
            html = await page(session, url)
            assert f'data-player="{seat}" data-own="1"' in html
            assert f'data-base="/{url.rsplit("/", 2)[1]}/"' in html  # its own links after
            table: dict[str, Any] = await (await session.get(url + "table.json")).json()
            assert table["players"][seat]["name"] == list(urls)[seat]
            assert await status(session, url + "p/0") == 404  # only the table's link has those
        assert 'data-own="0"' in await page(session, view.url)
        assert 'data-player="1" data-own="0"' in await page(session, view.url + "p/1")


async def test_a_new_link_stops_the_old_one_at_once(view: TableView, banker: Journal) -> None:
    old = view.player_url("Bob")
    alice = view.player_url("Alice")
    assert view.port is not None
    reader, writer, first = await stream(view.port, f"/{old.rsplit('/', 2)[1]}/events", "127.0.0.1")
    assert b" 200 " in first
    banker.apply(NewLink(player="Bob"))
    view.notify()
    new = view.player_url("Bob")
    assert new != old and view.player_url("Alice") == alice  # only Bob's changed
    async with aiohttp.ClientSession() as session:
        assert await status(session, old) == 410  # gone, and the page says so
        assert await status(session, old + "table.json") == 410
        assert await status(session, old.replace(old.rsplit("/", 2)[1], "x" * 22)) == 404
        assert await status(session, new) == 200
        assert await status(session, alice) == 200
        assert await ended(reader)  # the stream opened by the old link is over
        writer.close()
        entry = banker.entries(limit=1)[0]
        assert entry.message.render() == (
            "Bob's phone link is new: the old one no longer opens their page."
        )
        banker.undo()  # undone like any command: the old link opens again
        assert view.player_url("Bob") == old
        assert await status(session, old) == 200
        assert await status(session, new) == 404  # never given out now


def test_a_link_comes_from_the_key_the_seat_the_name_and_how_many_were_given() -> None:
    key = "k" * 43
    first = player_secret(key, 1, "Bob", 0)
    assert len(first) == 22 and first.isascii()
    others = {
        player_secret(key, 1, "Bob", 1),
        player_secret(key, 0, "Bob", 0),
        player_secret(key, 1, "Bab", 0),
        player_secret("j" * 43, 1, "Bob", 0),
    }
    assert first not in others and len(others) == 4
    assert player_secret(key, 1, "Bob", 0) == first  # the same key keeps the same link


async def test_the_kept_key_keeps_every_players_link(banker: Journal) -> None:
    one = TableView(banker)
    await one.start("127.0.0.1", 0)
    key, urls = one.link_key, one.player_urls()
    port, token = one.port, one.token
    await one.stop()
    again = TableView(banker)
    await again.start("127.0.0.1", port or 0, token, key)
    try:
        assert again.player_urls() == urls
    finally:
        await again.stop()
    assert Links(key + "x").secrets(banker.game.state) != Links(key).secrets(banker.game.state)


@pytest.mark.skipif(sys.platform != "linux", reason="other loopback addresses are Linux's")
async def test_streams_hoarded_by_the_tables_link_leave_every_player_live(
    view: TableView,
) -> None:
    """Attack 20: 400 streams tried through the table's token from 50 addresses; before,
    64 were held and every phone's stream got 503. Now the table's link holds its share
    and no more (a replaced stream's connection is closed with it), and each player's own
    link has room of its own."""
    assert view.port is not None and view.token is not None
    hoarded = []
    for n in range(400):
        hoarded.append(await stream(view.port, f"/{view.token}/events", f"127.0.3.{n % 50 + 1}"))
    assert all(b" 200 " in s for _, _, s in hoarded)
    assert view.streams.following(view.token) <= TABLE_STREAMS
    secrets = [url.rsplit("/", 2)[1] for url in view.player_urls().values()]
    phones = []
    for secret in secrets:
        phones.append(await stream(view.port, f"/{secret}/events", "127.0.4.1"))
        assert view.streams.following(secret) == 1
    assert all(b" 200 " in s for _, _, s in phones)
    for n in range(PLAYER_STREAMS + 2):  # one player's reloads replace only their own
        phones.append(await stream(view.port, f"/{secrets[0]}/events", f"127.0.5.{n + 1}"))
    assert view.streams.following(secrets[0]) == PLAYER_STREAMS
    assert [view.streams.following(s) for s in secrets[1:]] == [1, 1]
    for _, writer, _ in [*hoarded, *phones]:
        writer.close()
    await asyncio.sleep(0)
