"""The event file: journaled like a game, replayed the same, undone the same; the draw."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from banker.core.errors import JournalError, NotAllowed
from banker.tournament.director import results_csv
from banker.tournament.journal import EventJournal
from banker.tournament.model import (
    AddPlayers,
    CorrectResult,
    EndRound,
    EventSetup,
    Place,
    RecordResult,
    StartRound,
)
from banker.tournament.scoring import standings
from banker.tournament.seating import (
    draw,
    met_before,
    next_seating,
    repeats_at,
    seating_lines,
    table_sizes,
)

NAMES = [f"P{i:02}" for i in range(1, 15)]


def _event(tmp_path: Path) -> EventJournal:
    setup = EventSetup(name="Nationals", rounds=3, minutes=90, seed=7)
    journal = EventJournal.create(tmp_path / "nationals.event", setup)
    journal.apply(AddPlayers(names=tuple(NAMES)))
    return journal


def _places(names: tuple[str, ...]) -> tuple[Place, ...]:
    return tuple(Place(name=n, place=i + 1, worth=3000 - 500 * i) for i, n in enumerate(names))


def test_the_event_reopens_as_it_was_left_undo_included(tmp_path: Path) -> None:
    journal = _event(tmp_path)
    seat = next_seating(journal.state)
    journal.apply(seat)
    journal.apply(StartRound(round=1, at="2026-01-01T10:00:00+00:00"))
    first = seat.tables[0]
    journal.apply(RecordResult(round=1, table=1, places=_places(first)))
    journal.undo()
    journal.redo()
    journal.undo()  # the result again
    path = journal.path
    journal.close()
    with EventJournal.open(path) as again:
        assert again.state.round(1).results == {}
        assert again.state.round(1).tables == list(seat.tables)
        again.redo()
        assert again.state.round(1).results[1].places == _places(first)
        kinds = [e.kind for e in again.entries()]
    assert kinds == [
        "setup",
        "command",
        "command",
        "command",
        "command",
        "undo",
        "redo",
        "undo",
        "redo",
    ]


def test_the_event_file_is_locked_and_not_a_game(tmp_path: Path) -> None:
    journal = _event(tmp_path)
    with pytest.raises(JournalError):
        EventJournal.open(journal.path)
    with EventJournal.open(journal.path, read_only=True) as reader:
        assert reader.state.players == NAMES
        with pytest.raises(JournalError):
            reader.apply(AddPlayers(names=("Late",)))
    journal.close()
    from banker.store import Journal

    with pytest.raises(JournalError):
        Journal.open(journal.path)


def test_a_correction_needs_a_reason_and_keeps_it(tmp_path: Path) -> None:
    journal = _event(tmp_path)
    seat = next_seating(journal.state)
    journal.apply(seat)
    journal.apply(StartRound(round=1, at="2026-01-01T10:00:00+00:00"))
    names = seat.tables[0]
    journal.apply(RecordResult(round=1, table=1, places=_places(names)))
    with pytest.raises(NotAllowed):
        journal.apply(RecordResult(round=1, table=1, places=_places(names)))
    with pytest.raises(ValueError):
        CorrectResult(round=1, table=1, places=_places(names), reason="")
    swapped = (names[1], names[0], *names[2:])
    journal.apply(CorrectResult(round=1, table=1, places=_places(swapped), reason="miscount"))
    result = journal.state.round(1).results[1]
    assert result.places[0].name == names[1] and result.corrections == ["miscount"]
    assert "miscount" in results_csv(journal.state)
    with pytest.raises(NotAllowed):  # standings must name the table's own players
        journal.apply(CorrectResult(round=1, table=1, places=_places(seat.tables[1]), reason="x"))
    journal.close()


def test_the_draw_is_seeded_seats_everyone_and_avoids_repeat_pairings(tmp_path: Path) -> None:
    one = draw(NAMES, 4, seed=3)  # 14 players: tables of 5, 5 and 4, nobody left out
    assert one == draw(NAMES, 4, seed=3)
    assert [len(t) for t in one.tables] == [5, 5, 4] and one.byes == ()
    seated = [n for t in one.tables for n in t]
    assert sorted(seated) == sorted(NAMES)
    met = {frozenset(p) for t in one.tables for p in itertools.combinations(t, 2)}
    two = draw(NAMES, 4, seed=4, met=met)
    # 5 from 3 earlier tables share one with another twice (2+2+1), 4 once: 5 at least
    assert two.repeats == 5 and two.exact
    assert len(repeats_at(two.tables, met)) == 5
    smaller = draw(NAMES, 4, seed=3, smaller=True)
    assert [len(t) for t in smaller.tables] == [4, 4, 3, 3]


@pytest.mark.parametrize(
    ("players", "size", "smaller", "tables"),
    [
        (16, 4, False, [4, 4, 4, 4]),
        (17, 4, False, [5, 4, 4, 4]),
        (19, 4, False, [5, 5, 5, 4]),
        (17, 4, True, [4, 4, 3, 3, 3]),
        (7, 4, False, [4, 3]),  # 4 and 5 cannot seat 7: as even as can be
        (11, 4, False, [4, 4, 3]),
        (2, 4, False, [2]),
        (17, 8, False, [6, 6, 5]),  # never more than 8 at a table
        (9, 2, False, [3, 2, 2, 2]),
    ],
)
def test_everyone_is_seated_at_tables_of_the_size_and_one_more(
    players: int, size: int, smaller: bool, tables: list[int]
) -> None:
    assert table_sizes(players, size, smaller) == tables


def test_round_two_is_drawn_from_the_winners_and_printed_as_commands(tmp_path: Path) -> None:
    setup = EventSetup(name="Club night", rounds=2, minutes=60, advance="best", best=4, seed=1)
    journal = EventJournal.create(tmp_path / "club.event", setup)
    journal.apply(AddPlayers(names=tuple(NAMES[:12])))
    journal.apply(next_seating(journal.state))
    journal.apply(StartRound(round=1, at="2026-01-01T10:00:00+00:00"))
    for number, names in enumerate(journal.state.round(1).tables, start=1):
        journal.apply(RecordResult(round=1, table=number, places=_places(names)))
    journal.apply(EndRound(round=1))
    seat = next_seating(journal.state)
    journal.apply(seat)
    assert len(seat.tables) == 1
    firsts = {t[0] for t in journal.state.round(1).tables}
    assert firsts <= set(seat.tables[0])  # every table's winner, then the best second
    lines = seating_lines(journal.state, 2)
    assert lines[1].startswith("  Table 1: ")
    assert lines[-1].startswith("banker new club-night-r2-t1 --edition us --players ")
    assert standings(journal.state)[0]["round"] == 2
    assert met_before(journal.state)
    journal.close()


def test_a_table_still_playing_past_the_rounds_time_is_flagged_on_the_board(tmp_path: Path) -> None:
    from banker.tournament.director import Director, board_json
    from banker.tournament.follower import TableLive

    journal = _event(tmp_path)
    journal.apply(next_seating(journal.state))
    journal.apply(StartRound(round=1, at="2026-01-01T10:00:00+00:00"))  # long past its 90 minutes
    director = Director(journal)
    names = journal.state.round(1).tables[0]
    players = [
        {"name": n, "worth": 1500, "bankrupt": False, "cash_text": "$1,500", "worth_text": "$1,500"}
        for n in names
    ]
    director.follower.tables[1] = TableLive(
        1, "http://127.0.0.1:9/t/", "playing", {"players": players, "board": "United States"}, 3
    )
    board = board_json(director)
    assert board["time_left"] < 0
    assert [t["over_time"] for t in board["tables"]] == [True, True, True]
    assert (
        board["tables"][0]["status"] == "playing" and board["tables"][1]["status"] == "not linked"
    )
    journal.apply(RecordResult(round=1, table=1, places=_places(names)))
    assert board_json(director)["tables"][0]["over_time"] is False
    journal.close()


def test_with_winners_going_on_each_tables_winner_plays_the_next_round(
    tmp_path: Path,
) -> None:
    journal = _event(tmp_path)  # 14 players, tables of 4: tables of 5, 5 and 4
    journal.apply(next_seating(journal.state))
    first = journal.state.round(1)
    assert not first.byes
    journal.apply(StartRound(round=1, at="2026-01-01T10:00:00+00:00"))
    for number, names in enumerate(first.tables, start=1):
        journal.apply(RecordResult(round=1, table=number, places=_places(names)))
    journal.apply(EndRound(round=1))
    going = journal.state.going_on()
    assert sorted(going) == sorted(t[0] for t in first.tables)
    seat = next_seating(journal.state)
    assert [len(t) for t in seat.tables] == [3] and not seat.byes  # the three winners
    journal.close()


def test_a_planned_phase_seats_16_players_4_rounds_without_a_repeat() -> None:
    """Drawn one round at a time, 16 players at tables of 4 meet again by the fourth
    round; told the rounds the same players have left, the draw plans them and no two meet
    twice (tests/bench/bench_seating.py: 40 seeds)."""
    for seed in (1, 2):
        met: set[frozenset[str]] = set()
        for number in range(1, 5):
            drawn = draw(
                [f"P{i:02}" for i in range(16)], 4, seed * 10 + number, met, ahead=4 - number
            )
            assert drawn.repeats == 0 and drawn.exact
            assert not repeats_at(drawn.tables, met)
            met |= {frozenset(p) for t in drawn.tables for p in itertools.combinations(t, 2)}


def test_the_seating_names_the_pairs_who_meet_again(tmp_path: Path) -> None:
    setup = EventSetup(name="Club", rounds=2, minutes=60, advance="best", best=8)
    journal = EventJournal.create(tmp_path / "club.event", setup)
    journal.apply(AddPlayers(names=tuple(NAMES[:8])))
    journal.apply(next_seating(journal.state))
    first = journal.state.round(1).tables
    assert "meet again" not in "\n".join(seating_lines(journal.state, 1))
    journal.apply(StartRound(round=1, at="2026-01-01T10:00:00+00:00"))
    for number, names in enumerate(first, start=1):
        journal.apply(RecordResult(round=1, table=number, places=_places(names)))
    journal.apply(EndRound(round=1))
    drawn = next_seating(journal.state)
    journal.apply(drawn)
    said = [line for line in seating_lines(journal.state, 2) if "meet again" in line]
    # 8 players from two tables of 4 at two tables of 4: each table holds 2 + 2, 4 pairs
    assert said == [
        "  4 pairs meet again (the fewest the draw could find): "
        + ", ".join(f"{a} & {b}" for a, b in repeats_at(drawn.tables, met_before(journal.state, 2)))
    ]
    journal.close()


def test_the_director_swaps_two_seats_before_the_round_with_a_reason(tmp_path: Path) -> None:
    from banker.core.errors import BankerError
    from banker.tournament.language import perform

    journal = _event(tmp_path)
    perform(journal, "draw")
    before = journal.state.round(1).tables
    a, b = before[0][0], before[1][0]
    lines = perform(journal, f"swap {a.lower()}, {b} because married couple")
    after = journal.state.round(1).tables
    assert after[0][0] == b and after[1][0] == a and after[2] == before[2]
    assert f"Swapped by the director: {a} and {b} (married couple)" in "\n".join(lines)
    path = journal.path
    journal.close()
    with EventJournal.open(path) as again:  # journaled, with its reason
        assert again.state.round(1).tables == after
        assert again.state.round(1).swaps == [(a, b, "married couple")]
        refusals = {
            f"swap {a} because x": "two seated players",
            f"swap {a},{b}": "two seated players",
            f"swap {a},Zed because x": "Zed has no seat in round 1",
            f"swap {a},{after[1][1]} because x": r"are at the same table \(table 2\)",
        }
        for line, why in refusals.items():
            with pytest.raises(BankerError, match=why):
                perform(again, line)
        perform(again, "link 2 http://127.0.0.1:9/t/x/")
        with pytest.raises(BankerError, match="Table 2 is already followed"):
            perform(again, f"swap {after[0][1]},{after[1][1]} because x")
        perform(again, "undo")  # the link
        perform(again, "start")
        with pytest.raises(BankerError, match="round 1 has started"):
            perform(again, f"swap {after[0][1]},{after[1][1]} because x")
        perform(again, "undo")  # the start
        perform(again, "undo")  # the swap
        assert again.state.round(1).tables == before and again.state.round(1).swaps == []


def test_an_event_where_everyone_goes_on_plans_its_rounds_without_a_repeat(
    tmp_path: Path,
) -> None:
    """16 players, 4 rounds, the best 16 going on (everyone): no two meet twice."""
    setup = EventSetup(name="League", rounds=4, minutes=60, advance="best", best=16, seed=5)
    journal = EventJournal.create(tmp_path / "league.event", setup)
    journal.apply(AddPlayers(names=tuple(f"P{i:02}" for i in range(16))))
    for number in range(1, 5):
        seat = next_seating(journal.state)
        assert not repeats_at(seat.tables, met_before(journal.state)), number
        journal.apply(seat)
        journal.apply(StartRound(round=number, at="2026-01-01T10:00:00+00:00"))
        for table, names in enumerate(seat.tables, start=1):
            journal.apply(RecordResult(round=number, table=table, places=_places(names)))
        journal.apply(EndRound(round=number))
    journal.close()
