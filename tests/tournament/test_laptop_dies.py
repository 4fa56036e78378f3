"""The director's laptop dies mid-round: the next start follows the same tables, records
what ended meanwhile, and has lost nothing recorded before."""

from __future__ import annotations

from pathlib import Path

from banker.core.commands import EndGame
from banker.tournament.director import Director
from banker.tournament.follower import Follower
from banker.tournament.journal import EventJournal
from banker.tournament.model import AddPlayers, EventSetup
from banker.tournament.seating import next_seating
from tests.tournament.conftest import Venue, until


async def test_a_new_start_picks_up_the_round_where_the_dead_laptop_left_it(
    tmp_path: Path, venue: Venue
) -> None:
    path = tmp_path / "cup.event"
    journal = EventJournal.create(path, EventSetup(name="Cup", rounds=2, minutes=60))
    journal.apply(AddPlayers(names=("Ana", "Ben", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal")))
    journal.apply(next_seating(journal.state))
    one, two = journal.state.round(1).tables
    first = await venue.open_table("one", list(one))
    second = await venue.open_table("two", list(two))
    director = Director(journal, Follower())
    await director.start()
    director.link(1, first.url)
    director.link(2, second.url)
    director.start_round()
    first.banker.apply(EndGame())
    await until(lambda: 1 in director.state.round(1).results)
    # The laptop dies: no goodbye, the follower's connections just stop.
    await director.stop()
    journal.close()
    second.banker.apply(EndGame())  # table 2 ends while nobody follows it

    again = EventJournal.open(path)
    revived = Director(again, Follower())
    await revived.start()
    try:
        assert set(revived.follower.tables) == {1, 2}  # the same tables, from the file
        await until(lambda: 2 in revived.state.round(1).results)
        assert revived.state.round(1).results[1] == journal.state.round(1).results[1]
        assert again.seq == journal.seq + 1  # only table 2's result was added
    finally:
        await revived.stop()
        again.close()
