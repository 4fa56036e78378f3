"""The director trusts no table: a table view that sends nonsense is shown as "bad data"
with the reason, and every other table goes on being followed and recorded.

Fake table views on loopback (a real HTTP server sending the same event stream a table
view sends, with hostile data) beside an honest table served by real `banker share`."""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banker.core import commands as c
from banker.core.commands import EndGame, Pay, Setup
from banker.core.edition import load_edition
from banker.core.endgame import final_places
from banker.core.errors import BankerError
from banker.core.game import Game
from banker.tournament.director import Director, board_json
from banker.tournament.follower import Follower
from banker.tournament.journal import EventJournal
from banker.tournament.model import AddPlayers, EventSetup, Place, RecordResult
from banker.tournament.seating import next_seating
from banker.tournament.tableview import seen_table
from banker.web.table import table_json
from tests.core.test_properties import US, commands
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


def the_reviews_lie(t: dict[str, Any]) -> None:
    """The review's D6, as its fake table sent it: a worth of 10^12 written "$3", another
    of -10^12 for a player not bankrupt, every cash text a markup of "$0" and the first
    player's cash 10^12. Before, recorded at once: 5 points and the money-totals
    tie-break to the liar."""
    for player in t["players"]:
        player["cash_text"] = "[blink]$0[/blink]"
    t["players"][0]["cash"] = 10**12
    t["final"][0] |= {"worth": 10**12, "worth_text": "$3", "cash": 10**12}
    t["final"][-1] |= {"worth": -(10**12), "worth_text": "-$1,000,000,000,000"}
    t["ended"] = True


def a_worth_its_own_text_contradicts(t: dict[str, Any]) -> None:
    t["final"][1]["worth"] += 1000


def a_cash_its_own_text_contradicts(t: dict[str, Any]) -> None:
    t["players"][2]["cash"] += 1


def a_negative_worth_without_a_debt(t: dict[str, Any]) -> None:
    """Written as the game writes it, but no debt of the view takes the player below 0."""
    t["final"][-1] |= {"worth": -40, "worth_text": "-$40"}


def a_worth_beyond_cash_and_deeds(t: dict[str, Any]) -> None:
    """Nobody holds a deed: the worth can only be the cash."""
    place = t["final"][0]
    place |= {"worth": place["worth"] + 500, "worth_text": f"${place['worth'] + 500:,}"}


def a_final_cash_not_the_players(t: dict[str, Any]) -> None:
    t["final"][0]["cash"] += 100


def a_bankrupt_with_a_worth(t: dict[str, Any]) -> None:
    name = t["final"][-1]["name"]
    next(p for p in t["players"] if p["name"] == name)["bankrupt"] = True
    t["final"][-1]["bankrupt"] = True


HOSTILE: dict[str, Callable[[dict[str, Any]], None]] = {
    f.__name__: f
    for f in (
        worth_a_word,
        a_name_that_is_a_number,
        ten_thousand_players,
        escape_codes,
        markup_and_a_fake_win,
        a_ranking_of_others,
        the_reviews_lie,
        a_worth_its_own_text_contradicts,
        a_cash_its_own_text_contradicts,
        a_negative_worth_without_a_debt,
        a_worth_beyond_cash_and_deeds,
        a_final_cash_not_the_players,
        a_bankrupt_with_a_worth,
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
        by_hand = tuple(Place(name=n, place=i, worth=1500) for i, n in enumerate(seating[0], 1))
        director.apply(RecordResult(round=1, table=1, places=by_hand))  # the director can
        assert event.state.round(1).results[1].places == by_hand
    finally:
        await director.stop()
        await fake.stop()


OWNED = {
    "Alice": ("Mediterranean Avenue", "Baltic Avenue"),
    "Bob": ("Park Place", "Boardwalk"),
    "Carol": ("Reading Railroad", "Electric Company"),
}
"""A table's deeds when the honest game below starts: two colour groups whole, a railroad
and a utility, so buildings, mortgages and rents all happen."""
SEATED = list(OWNED)
who = st.sampled_from(SEATED)
owned = st.sampled_from([(p, d) for p, deeds in OWNED.items() for d in deeds])
streets_owned = st.sampled_from([(p, d) for p, deeds in OWNED.items() for d in deeds][:4])
HONEST_MOVES = st.one_of(
    streets_owned.flatmap(
        lambda pd: st.builds(
            c.BuildHouses, player=st.just(pd[0]), deed=st.just(pd[1]), count=st.integers(1, 4)
        )
    ),
    streets_owned.map(lambda pd: c.BuildHotel(player=pd[0], deed=pd[1])),
    streets_owned.map(lambda pd: c.SellHouses(player=pd[0], deed=pd[1], count=1)),
    owned.map(lambda pd: c.Mortgage(player=pd[0], deed=pd[1])),
    owned.map(lambda pd: c.LiftMortgage(player=pd[0], deed=pd[1])),
    st.builds(
        c.PayRent, player=who, deed=st.sampled_from([d for ds in OWNED.values() for d in ds])
    ),
    st.builds(
        c.Pay,
        player=who,
        amount=st.sampled_from([40, 900, 2500, 6000]),  # some beyond the cash: a debt
        to=st.one_of(st.none(), who),
    ),
    st.builds(c.Collect, player=who, amount=st.sampled_from([10, 500, 3000])),
    st.builds(c.DeclareBankrupt, player=who),
    st.builds(c.Settle, player=who),
    st.builds(c.PassGo, player=who),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(  # three moves of a game under way to one of any command
        st.integers(0, 3).flatmap(lambda k: commands() if k == 0 else HONEST_MOVES),
        min_size=5,
        max_size=40,
    )
)
def test_an_honest_tables_view_is_never_refused(made: list[Any]) -> None:
    """Whatever the game went through (buildings, mortgages, debts, bankruptcies, trades,
    the end): the view a real table sends passes every check, at every step. Before the
    checks, nothing here could fail; with them, an honest table taken for a liar would
    lose its result."""
    game = Game(Setup(players=SEATED, edition=US))
    for player, deeds in OWNED.items():
        for deed in deeds:
            game.do(c.Buy(player=player, deed=deed))
    for command in [*made, EndGame()]:
        try:
            game.do(command)
        except BankerError:
            continue
        seen_table(table_json(game.state, game.seq, []), US)


def test_a_table_on_another_shipped_board_is_not_taken_for_a_liar() -> None:
    """The event plays the US board; a table playing the same names at 100 times the
    amounts is told apart by its board's name ("differs" on the board), not refused: its
    worths are possible on the board it plays."""
    from banker.core.edition import load_edition

    game = Game(Setup(players=SEATED, edition=load_edition("us100")))
    game.do(c.Buy(player="Bob", deed="Boardwalk"))
    game.do(c.Buy(player="Bob", deed="Park Place"))
    game.do(c.BuildHouses(player="Bob", deed="Park Place", count=1))
    game.do(EndGame())
    view = table_json(game.state, game.seq, [])
    bob = next(p for p in seen_table(view, US)["final"] if p["name"] == "Bob")
    assert bob["worth"] - bob["cash"] == 35_000 + 40_000 + 20_000  # beyond any US deed
