"""A table joins in one step: its banker sends the share address to the director's join
address, guarded by the event's own token; the answer says what the table plays differently."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp

from banker.cli import main
from banker.tournament.director import Director
from banker.tournament.follower import Follower
from banker.tournament.join import JoinDesk
from banker.tournament.journal import EventJournal
from banker.tournament.model import AddPlayers, EventSetup
from banker.tournament.seating import next_seating
from tests.tournament.conftest import Venue


async def test_a_table_sends_its_share_address_and_hears_what_differs(
    tmp_path: Path, venue: Venue
) -> None:
    journal = EventJournal.create(tmp_path / "j.event", EventSetup(name="J", rounds=1, minutes=30))
    assert len(journal.setup.join_token) >= 20
    journal.apply(AddPlayers(names=("Ana", "Ben", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal")))
    journal.apply(next_seating(journal.state))
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
