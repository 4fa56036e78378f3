"""The director trusts no table: a table view that sends nonsense is shown as "bad data"
with the reason, and every other table goes on being followed and recorded.

Fake table views on loopback (a real HTTP server sending the same event stream a table
view sends, with hostile data) beside an honest table served by real `banker share`."""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from banker.core.commands import EndGame, Pay, Setup
from banker.core.edition import load_edition
from banker.core.endgame import final_places
from banker.core.game import Game
from banker.tournament.director import Director, board_json
from banker.tournament.follower import Follower
from banker.tournament.journal import EventJournal
from banker.tournament.model import AddPlayers, EventSetup
from banker.tournament.seating import next_seating
from banker.tournament.tableview import seen_table
from banker.web.table import table_json
from tests.tournament.conftest import FakeTableView, Venue, until

NAMES = ("Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal")


def honest(names: tuple[str, ...]) -> dict[str, Any]:
    game = Game(Setup(players=list(names), edition=load_edition("us")))
    game.do(Pay(player=names[0], amount=100))
    return table_json(game.state, game.seq, [])


def worth_a_word(t: dict[str, Any]) -> None:
    t["players"][0]["cash"] = "lots"


def a_name_that_is_a_number(t: dict[str, Any]) -> None:
    t["players"][0]["name"] = "12345"
    t["final"] = None


def ten_thousand_players(t: dict[str, Any]) -> None:
    t["players"] = [dict(t["players"][0], name=f"P{i}") for i in range(10_000)]


def escape_codes(t: dict[str, Any]) -> None:
    t["players"][1]["name"] = "Ben\x1b]0;owned\x07"


def markup_and_a_fake_win(t: dict[str, Any]) -> None:
    t["final"][0]["worth"] = 99_999.5  # not a whole number
    t["winner"] = "[/]Zed"


def a_ranking_of_others(t: dict[str, Any]) -> None:
    t["final"][0]["name"] = "Zed"


HOSTILE: dict[str, Callable[[dict[str, Any]], None]] = {
    f.__name__: f
    for f in (
        worth_a_word,
        a_name_that_is_a_number,
        ten_thousand_players,
        escape_codes,
        markup_and_a_fake_win,
        a_ranking_of_others,
    )
}


@pytest.mark.parametrize("hurt", list(HOSTILE))
def test_a_table_view_out_of_bounds_is_refused_with_the_reason(hurt: str) -> None:
    """Before: the board took a table view's JSON as it came: a worth that was not a
    number crashed it, a name that was a number blanked it."""
    table = honest(NAMES[:4])
    assert seen_table(copy.deepcopy(table))["players"][0]["name"] == NAMES[0]
    HOSTILE[hurt](table)
    with pytest.raises(Exception) as refused:
        seen_table(table)
    assert refused.type.__name__ == "BankerError" and str(refused.value)


@pytest.fixture
async def event(tmp_path: Any) -> AsyncIterator[EventJournal]:
    setup = EventSetup(name="Cup", rounds=1, minutes=60, seed=3, table_size=4)
    journal = EventJournal.create(tmp_path / "cup.event", setup)
    journal.apply(AddPlayers(names=NAMES))
    journal.apply(next_seating(journal.state))
    yield journal
    journal.close()


@pytest.mark.parametrize("hurt", list(HOSTILE))
async def test_a_hostile_table_harms_no_other(hurt: str, event: EventJournal, venue: Venue) -> None:
    seating = event.state.round(1).tables
    bad = honest(seating[0])
    HOSTILE[hurt](bad)
    fake = FakeTableView(bad)
    await fake.start()
    real = await venue.open_table("real", list(seating[1]))
    director = Director(event, Follower(read_timeout=5))
    await director.start()
    try:
        director.link(1, fake.url)
        director.link(2, real.url)
        director.start_round()
        await until(lambda: director.follower.tables[1].status == "bad data")
        await until(lambda: director.follower.tables[2].status == "playing")
        board = board_json(director)  # the board and the standings page draw
        row = board["tables"][0]
        assert row["status"] == "bad data" and row["problem"] and row["leader"] is None
        real.banker.apply(EndGame())  # the honest table is still recorded, rightly
        await until(lambda: 2 in event.state.round(1).results)
        want = [(f.player, f.place, f.worth) for f in final_places(real.banker.game.state)]
        got = [(p.name, p.place, p.worth) for p in event.state.round(1).results[2].places]
        assert got == want
        director.end_round()  # and the bad one is not recorded from anything it sent
        assert 1 not in event.state.round(1).results and 1 in event.state.round(1).flagged
    finally:
        await director.stop()
        await fake.stop()
