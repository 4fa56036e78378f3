"""Corrections and undo keep the truth: hand standings place each player once, as the
table would; a correction says who went bankrupt and keeps it; undoing an early end
takes back the results recorded at time with it; the draw refuses while a result is
missing and names the table."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from banker.core.errors import BankerError, NotAllowed
from banker.tournament.director import Director, results_csv
from banker.tournament.follower import TableLive
from banker.tournament.journal import EventJournal
from banker.tournament.language import perform
from banker.tournament.model import AddPlayers, EventSetup, StartRound
from banker.tournament.seating import next_seating

NAMES = ("Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal")


@pytest.fixture
def journal(tmp_path: Path) -> EventJournal:
    j = EventJournal.create(
        tmp_path / "cup.event", EventSetup(name="Cup", rounds=2, minutes=60, seed=1)
    )
    j.apply(AddPlayers(names=NAMES))
    j.apply(next_seating(j.state))
    j.apply(StartRound(round=1, at="2099-01-01T10:00:00+00:00"))
    return j


def seated(journal: EventJournal, table: int) -> tuple[str, ...]:
    return journal.state.round(1).tables[table - 1]


def places(journal: EventJournal, table: int) -> list[tuple[str, int, int, bool]]:
    result = journal.state.round(1).results[table]
    return [(p.name, p.place, p.worth, p.bankrupt) for p in result.places]


def test_hand_standings_place_each_player_once_and_say_who_went_bankrupt(
    journal: EventJournal,
) -> None:
    """Before: equal worth shared a place (the table gives it to the earlier seat) and
    nothing could say who went bankrupt."""
    a, b, c, d = seated(journal, 1)
    perform(journal, f"record 1 {a}=1600,{b}=1500,{c}=1500,{d}=bankrupt")
    assert places(journal, 1) == [
        (a, 1, 1600, False),
        (b, 2, 1500, False),
        (c, 3, 1500, False),
        (d, 4, 0, True),
    ]
    rows = [r for r in csv.DictReader(io.StringIO(results_csv(journal.state))) if r["table"] == "1"]
    assert [r["bankrupt"] for r in rows] == ["", "", "", "yes"]


def test_a_correction_keeps_the_bankrupt_and_can_name_one(journal: EventJournal) -> None:
    """Before: `correct 1 ... Jon=0` dropped the recorded bankrupt flag (the CSV's
    `bankrupt` empty), and the syntax could not say who went bankrupt."""
    a, b, c, d = seated(journal, 1)
    perform(journal, f"record 1 {a}=2000,{b}=1500,{c}=1000,{d}=bankrupt")
    perform(journal, f"correct 1 {a}=2100,{b}=1500,{c}=1000,{d}=0 because hotel miscounted")
    assert places(journal, 1)[3] == (d, 4, 0, True)
    perform(journal, f"correct 1 {a}=2100,{b}=1500,{c}=bankrupt,{d}=bankrupt because order")
    assert places(journal, 1)[2:] == [(c, 3, 0, True), (d, 4, 0, True)]
    rows = [r for r in csv.DictReader(io.StringIO(results_csv(journal.state))) if r["table"] == "1"]
    assert [r["bankrupt"] for r in rows] == ["", "", "yes", "yes"]


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("{a}=1500,{b}=1600,{c}=1,{d}=0", "first to last"),
        ("{a}=bankrupt,{b}=1600,{c}=1,{d}=0", "the bankrupt come last"),
        ("{a}=²,{b}=1600,{c}=1,{d}=0", "whole number"),
        ("{a}=" + "9" * 4301 + ",{b}=1,{c}=1,{d}=0", "whole number"),
        ("{a}=1.5,{b}=1,{c}=1,{d}=0", "whole number"),
    ],
)
def test_hand_standings_that_cannot_be_right_are_refused(
    journal: EventJournal, line: str, why: str
) -> None:
    a, b, c, d = seated(journal, 1)
    with pytest.raises(BankerError, match=why):
        perform(journal, "record 1 " + line.format(a=a, b=b, c=c, d=d))
    assert 1 not in journal.state.round(1).results


def table_view(names: tuple[str, ...]) -> dict[str, object]:
    final = [
        {"name": n, "place": i, "worth": 2000 - 100 * i, "cash": 1000, "bankrupt": False}
        for i, n in enumerate(names, start=1)
    ]
    players = [{"name": n, "cash_text": "$1,000", "bankrupt": False} for n in names]
    return {"players": players, "final": final, "board": "United States", "seq": 9}


async def test_undoing_an_early_end_takes_back_the_results_recorded_at_time(
    journal: EventJournal,
) -> None:
    """Before: the at-time results were entries of their own, kept by the undo of the end:
    the round reopened with its tables recorded, and their later real ends were not."""
    for number in (1, 2):
        perform(journal, f"link {number} http://127.0.0.1:9/t{number}/")
    director = Director(journal)
    await director.start()
    for number in (1, 2):
        view = table_view(seated(journal, number))
        director.follower.tables[number] = TableLive(
            number, f"http://127.0.0.1:9/t{number}/", "playing", view, 9
        )
    try:
        director.end_round()
        rnd = journal.state.round(1)
        assert rnd.ended and set(rnd.results) == {1, 2} and rnd.flagged == (1, 2)
        assert all(r.at_time for r in rnd.results.values())
        director.undo()  # ended early by mistake
        rnd = journal.state.round(1)
        assert not rnd.ended and rnd.results == {} and rnd.flagged == ()
    finally:
        await director.stop()
    journal.close()
    again = EventJournal.open(journal.path, read_only=True)  # and so it reads back
    assert again.state.round(1).results == {}
    again.close()


def test_the_draw_refuses_while_a_result_is_missing_and_names_the_table(
    journal: EventJournal,
) -> None:
    """Before: the draw left the players of an unrecorded table out of the next round,
    without a word."""
    a, b, c, d = seated(journal, 1)
    perform(journal, f"record 1 {a}=2000,{b}=1500,{c}=1000,{d}=500")
    perform(journal, "end now")
    with pytest.raises(NotAllowed, match="no result for table 2"):
        perform(journal, "draw")
    assert len(journal.state.rounds) == 1
    e, f, g, h = seated(journal, 2)
    perform(journal, f"record 2 {e}=2000,{f}=1500,{g}=1000,{h}=500")
    perform(journal, "draw")
    assert len(journal.state.rounds) == 2
