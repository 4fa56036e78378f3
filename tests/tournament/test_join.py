"""A table joins in one step: its banker sends the share address to the director's join
address, guarded by the event's own token; the answer says what the table plays differently."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
import pytest

from banker.cli import main
from banker.core.errors import BankerError
from banker.tournament.director import Director
from banker.tournament.follower import Follower
from banker.tournament.join import JOINS_PER_MINUTE, JoinDesk, check_share_url
from banker.tournament.journal import EventJournal
from banker.tournament.model import AddPlayers, EventSetup
from banker.tournament.seating import next_seating
from tests.tournament.conftest import Venue


def seated_event(tmp_path: Path) -> EventJournal:
    """An event of 8 players, round 1 drawn: two tables of 4."""
    journal = EventJournal.create(tmp_path / "j.event", EventSetup(name="J", rounds=1, minutes=30))
    journal.apply(AddPlayers(names=("Ana", "Ben", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal")))
    journal.apply(next_seating(journal.state))
    return journal


async def test_a_table_sends_its_share_address_and_hears_what_differs(
    tmp_path: Path, venue: Venue
) -> None:
    journal = seated_event(tmp_path)
    assert len(journal.setup.join_token) >= 20
    one, two = journal.state.round(1).tables
    good = await venue.open_table("good", list(one))
    odd = await venue.open_table("odd", list(two[:3]), edition="uk")
    director = Director(journal, Follower())
    desk = JoinDesk(director)
    await director.start()
    join = await desk.start("127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as session:
            async with session.post(join, data={"table": "1", "url": good.url}) as response:
                assert response.status == 200
                assert "as the event" in await response.text()
            async with session.post(join, data={"table": "2", "url": odd.url}) as response:
                text = await response.text()
                assert response.status == 200 and "differs" in text and "United Kingdom" in text
                assert "seated" in text
            async with session.post(join, data={"table": "9", "url": good.url}) as response:
                assert response.status == 422
            async with session.post(
                join, data={"table": "1", "url": "file:///etc/passwd"}
            ) as response:
                assert response.status == 422
            async with session.post(
                join.replace(desk.token, "x" * 22), data={"table": "1", "url": good.url}
            ) as response:
                assert response.status == 404
            async with session.get(join) as response:
                assert response.status == 405
            async with session.post(
                join, data={"table": "1", "url": "http://a/" + "x" * 5000}
            ) as response:
                assert response.status == 413
        assert journal.state.round(1).urls == {1: good.url, 2: odd.url}
        # The table's side, from the shell: the same step.
        assert await asyncio.to_thread(main, ["tournament", "join", join, "1", good.url]) == 0
        assert await asyncio.to_thread(main, ["tournament", "join", join, "7", good.url]) == 1
    finally:
        await desk.stop()
        await director.stop()
    journal.close()


@pytest.mark.parametrize(
    "url",
    [
        "http://8.8.8.8:8000/abcdefghijklmnop/",  # public
        "http://169.254.169.254:80/abcdefghijklmnop/",  # link-local (cloud metadata)
        "http://224.0.0.1:80/abcdefghijklmnop/",  # multicast
        "http://example.com:80/abcdefghijklmnop/",  # a name to look up
        "http://127.0.0.1/abcdefghijklmnop/",  # no port
        "http://127.0.0.1:8000/a/b/c/",  # not a token
        "http://127.0.0.1:8000/abcdefghijklmnop/\x1b[2J",  # escape codes
    ],
)
def test_a_share_address_is_on_this_computer_or_the_venues_network(url: str) -> None:
    """Before: any host was taken (public, link-local, other ports) and followed for ever."""
    with pytest.raises(BankerError):
        check_share_url(url)


def test_loopback_and_private_addresses_are_share_addresses() -> None:
    for url in (
        "http://127.0.0.1:8781/abcdefghijklmnop/",
        "http://192.168.1.20:8781/abcdefghijklmnop/",
        "http://10.0.0.7:8781/abcdefghijklmnop/",
        "http://[::1]:8781/abcdefghijklmnop/",
    ):
        assert check_share_url(url) == url


async def test_a_linked_table_is_not_moved_by_a_join_and_a_repeat_is_not_an_entry(
    tmp_path: Path, venue: Venue
) -> None:
    """Before: anyone holding the join address could re-point a table at a fake view (a
    fake winner recorded in 2 s), and every POST, the same one included, was a journal
    entry (783 a second)."""
    journal = seated_event(tmp_path)
    one, two = journal.state.round(1).tables
    good = await venue.open_table("good", list(one))
    other = await venue.open_table("other", list(one))
    director = Director(journal, Follower())
    desk = JoinDesk(director)
    await director.start()
    join = await desk.start("127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as session:
            async with session.post(join, data={"table": "1", "url": good.url}) as response:
                assert response.status == 200
            entries = journal.seq
            for _ in range(5):  # the same again: answered, not journaled
                async with session.post(join, data={"table": "1", "url": good.url}) as response:
                    assert response.status == 200
            assert journal.seq == entries
            async with session.post(join, data={"table": "1", "url": other.url}) as response:
                assert response.status == 409 and "confirm" in await response.text()
            assert journal.state.round(1).urls[1] == good.url and journal.seq == entries
            assert director.relinks == {1: other.url}
            assert any(other.url in m.render() for m in director.problems)  # on the board
            director.link(1, other.url)  # the director's own line accepts it
            assert journal.state.round(1).urls[1] == other.url and not director.relinks
            statuses = []
            for _ in range(JOINS_PER_MINUTE + 3):  # a flood from one address is cut off
                async with session.post(join, data={"table": "1", "url": other.url}) as r:
                    statuses.append(r.status)
            assert 429 in statuses and statuses.count(200) <= JOINS_PER_MINUTE
    finally:
        await desk.stop()
        await director.stop()
    journal.close()
