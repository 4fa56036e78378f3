"""People who come and go: withdrawals, late entries, alternates taking a seat,
substitutes; each journaled with its reason, undone like any other command."""

from __future__ import annotations

from pathlib import Path

import pytest

from banker.core.errors import BankerError, NotAllowed
from banker.i18n.message import ENGLISH
from banker.tournament.director import standings_csv
from banker.tournament.journal import EventJournal
from banker.tournament.language import perform
from banker.tournament.model import (
    EventSetup,
    Phase,
    Place,
    RecordResult,
    Seat,
)
from banker.tournament.scoring import cut, ranking, standings
from banker.tournament.seating import next_seating

NAMES = "Ana,Ben,Cai,Dee,Eve,Fay,Gus,Hal"


def _event(tmp_path: Path, **changes: object) -> EventJournal:
    fields: dict[str, object] = {
        "name": "Open",
        "rounds": 3,
        "minutes": 60,
        "seed": 2,
        "phases": (
            Phase(name="preliminary", rounds=2, minutes=60),
            Phase(name="final", minutes=90, players=4),
        ),
    }
    fields.update(changes)
    journal = EventJournal.create(tmp_path / "open.event", EventSetup.model_validate(fields))
    perform(journal, f"players {NAMES}")
    return journal


def _record_all(journal: EventJournal) -> None:
    """Start, record every table (seated order = place, worth 3000 down) and end."""
    rnd = journal.state.current
    assert rnd is not None
    perform(journal, "start")
    for t, names in enumerate(rnd.tables, start=1):
        places = tuple(
            Place(name=n, place=i, worth=3000 - 500 * i) for i, n in enumerate(names, start=1)
        )
        journal.apply(RecordResult(round=rnd.number, table=t, places=places))
    perform(journal, "end")


def test_a_withdrawal_before_the_round_gives_the_seat_to_the_first_alternate(
    tmp_path: Path,
) -> None:
    journal = _event(tmp_path)
    perform(journal, "alternates Yan,Zed")
    perform(journal, "draw")
    table = journal.state.round(1).table_of("Cai")
    said = perform(journal, "withdraw cai because a family emergency")
    assert said == [
        f"Cai withdrew (a family emergency); Yan takes the seat at table {table} of round 1"
    ]
    state = journal.state
    assert "Yan" in state.round(1).tables[(table or 0) - 1]
    assert state.alternates == ["Zed"] and state.withdrawn == {"Cai": "a family emergency"}
    path = journal.path
    journal.close()
    with EventJournal.open(path) as again:  # replayed the same
        assert again.state.round(1).table_of("Yan") == table
        again.undo()
        assert again.state.round(1).table_of("Cai") == table
        assert again.state.alternates == ["Yan", "Zed"] and not again.state.withdrawn


def test_with_nobody_waiting_the_table_plays_without_them_and_they_are_drawn_no_more(
    tmp_path: Path,
) -> None:
    journal = _event(tmp_path)
    perform(journal, "draw")
    table = journal.state.round(1).table_of("Ana") or 0
    perform(journal, "withdraw Ana because ill")
    assert len(journal.state.round(1).tables[table - 1]) == 3
    _record_all(journal)
    seat = next_seating(journal.state)
    assert sorted(n for t in seat.tables for n in t) == sorted(NAMES.split(",")[1:])
    # in the standings, with what she played (nothing) and the reason
    row = next(r for r in standings(journal.state) if r["name"] == "Ana")
    assert row["withdrawn"] and row["points"] == 0
    assert standings_csv(journal.state).splitlines()[-1].endswith(",ill")


def test_a_withdrawal_during_a_round_finishes_it_and_the_cut_passes_them_by(
    tmp_path: Path,
) -> None:
    journal = _event(tmp_path)
    perform(journal, "draw")
    perform(journal, "start")
    rnd = journal.state.round(1)
    first = rnd.tables[0][0]  # first at table 1 in both rounds' results below
    said = perform(journal, f"withdraw {first} because a train to catch")
    assert said == [f"{first} withdrew (a train to catch) and finishes round 1; drawn no more"]
    assert journal.state.round(1).tables == rnd.tables  # the table plays on
    for t, names in enumerate(rnd.tables, start=1):
        places = tuple(
            Place(name=n, place=i, worth=3000 - 500 * i) for i, n in enumerate(names, start=1)
        )
        journal.apply(RecordResult(round=1, table=t, places=places))
    perform(journal, "end")
    perform(journal, "draw")
    assert journal.state.round(2).table_of(first) is None
    _record_all(journal)
    best = [s.name for s in ranking(journal.state, 0)]
    assert first in best  # ranked with what they played...
    assert first not in cut(journal.state, 1)  # ...but the next by rank goes on
    assert cut(journal.state, 1) == [n for n in best if n != first][:4]


def test_a_finalist_withdrawing_before_the_final_gives_the_seat_to_the_next_by_rank(
    tmp_path: Path,
) -> None:
    journal = _event(tmp_path)
    for _ in range(2):
        perform(journal, "draw")
        _record_all(journal)
    ranked = [s.name for s in ranking(journal.state, 0)]
    perform(journal, "draw")
    assert sorted(journal.state.round(3).tables[0]) == sorted(ranked[:4])
    said = perform(journal, f"withdraw {ranked[1]} because called away")
    assert f"{ranked[4]} takes the seat at table 1 of round 3" in said[0]
    assert sorted(journal.state.round(3).tables[0]) == sorted([*ranked[:1], *ranked[2:5]])


def test_a_late_entry_plays_from_the_next_draw_with_no_points_before(tmp_path: Path) -> None:
    journal = _event(tmp_path)
    perform(journal, "draw")
    said = perform(journal, "enter Zoe because her flight landed late")
    assert said == ["Entered late (her flight landed late): Zoe; from round 2"]
    assert journal.state.round(1).table_of("Zoe") is None
    _record_all(journal)
    perform(journal, "draw")
    assert journal.state.round(2).table_of("Zoe") is not None
    _record_all(journal)
    with pytest.raises(NotAllowed) as refused:  # the preliminaries are over
        perform(journal, "enter Yan because late")
    assert "preliminaries" in refused.value.message.render(ENGLISH)


def test_a_substitute_takes_a_seat_before_the_round_starts_and_not_after(
    tmp_path: Path,
) -> None:
    journal = _event(tmp_path)
    perform(journal, "draw")
    table = journal.state.round(1).table_of("Ben")
    said = perform(journal, "substitute ben,Zoe because Ben's car broke down")
    assert said == [f"Zoe substitutes for Ben at table {table} of round 1 (Ben's car broke down)"]
    assert journal.state.round(1).table_of("Zoe") == table
    assert journal.state.withdrawn == {"Ben": "Ben's car broke down"}
    perform(journal, "start")
    with pytest.raises(NotAllowed):
        perform(journal, "substitute Cai,Yan because late")


def test_a_followed_table_keeps_its_seats(tmp_path: Path) -> None:
    journal = _event(tmp_path)
    perform(journal, "alternates Yan")
    perform(journal, "draw")
    table = journal.state.round(1).table_of("Dee")
    perform(journal, f"link {table} http://127.0.0.1:9/t/abc/")
    with pytest.raises(NotAllowed) as refused:
        perform(journal, "withdraw Dee because ill")
    assert "already followed" in refused.value.message.render(ENGLISH)
    assert not journal.state.withdrawn and journal.state.alternates == ["Yan"]


@pytest.mark.parametrize(
    "line",
    [
        "withdraw Ana",
        "withdraw Ana,Ben because ill",
        "withdraw because ill",
        "enter Zoe",
        "alternates Yan because why",
        "substitute Ana because ill",
        "withdraw Nobody because ill",
        "enter Ana because again",
        "alternates ana",
        "alternates Pot",  # a table could not tell Pot from the Free Parking pot
        "enter Ａna because late",  # Ana, fullwidth
        "alternates Bank",
    ],
)
def test_people_lines_that_do_not_fit_change_nothing(tmp_path: Path, line: str) -> None:
    journal = _event(tmp_path)
    perform(journal, "draw")
    before = len(journal.entries())
    with pytest.raises(BankerError):
        perform(journal, line)
    assert len(journal.entries()) == before


def test_a_table_of_two_left_without_a_seat_taker_is_refused(tmp_path: Path) -> None:
    journal = _event(
        tmp_path, table_size=2, rounds=2, phases=(Phase(name="preliminary", rounds=2, minutes=60),)
    )
    journal.apply(
        Seat(round=1, tables=(("Ana", "Ben"), ("Cai", "Dee"), ("Eve", "Fay"), ("Gus", "Hal")))
    )
    with pytest.raises(NotAllowed) as refused:
        perform(journal, "withdraw Ana because ill")
    assert "alternates NAME" in refused.value.message.render(ENGLISH)
    perform(journal, "alternates Zed")
    perform(journal, "withdraw Ana because ill")
    assert journal.state.round(1).tables[0] == ("Zed", "Ben")
