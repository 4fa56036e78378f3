"""A championship's phases: points by place over the preliminaries, ordered tie-breaks, a
cut seated by rank, each phase's own minutes. Every figure here is worked out by hand."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from pydantic import ValidationError

from banker.core.errors import NotAllowed
from banker.i18n import translator
from banker.i18n.message import ENGLISH
from banker.tournament.director import standings_columns, standings_csv, time_left
from banker.tournament.journal import EventJournal
from banker.tournament.language import standings_lines
from banker.tournament.model import (
    AddPlayers,
    EndRound,
    EventSetup,
    EventState,
    Phase,
    Place,
    RecordResult,
    Seat,
    StartRound,
    setup_problems,
)
from banker.tournament.play import apply
from banker.tournament.scoring import cut, ranking, standings
from banker.tournament.seating import met_before, next_seating, repeats_at, seeded


def _setup(**changes: object) -> EventSetup:
    fields: dict[str, object] = {
        "name": "Nationals",
        "rounds": 3,
        "minutes": 90,
        "phases": (
            Phase(name="preliminary", rounds=2, minutes=90),
            Phase(name="final", minutes=120, players=4),
        ),
    }
    fields.update(changes)
    return EventSetup.model_validate(fields)


def _table(*rows: tuple[str, int]) -> tuple[Place, ...]:
    """A table's standings, first to last: (name, worth)."""
    return tuple(Place(name=n, place=i, worth=w) for i, (n, w) in enumerate(rows, start=1))


def _play(state: EventState, number: int, *tables: tuple[Place, ...]) -> EventState:
    state, _ = apply(state, StartRound(round=number, at="2026-05-02T09:00:00+00:00"))
    for t, places in enumerate(tables, start=1):
        state, _ = apply(state, RecordResult(round=number, table=t, places=places))
    state, _ = apply(state, EndRound(round=number))
    return state


def _preliminaries(setup: EventSetup) -> EventState:
    """Eight players, two preliminary rounds at tables of four, seated by hand."""
    state = EventState(setup)
    state, _ = apply(state, AddPlayers(names=tuple("ABCDEFGH")))
    state, _ = apply(state, Seat(round=1, tables=(tuple("ABCD"), tuple("EFGH"))))
    state = _play(
        state,
        1,
        _table(("A", 3000), ("B", 2000), ("C", 1000), ("D", 0)),
        _table(("E", 2500), ("F", 2200), ("G", 900), ("H", 400)),
    )
    state, _ = apply(state, Seat(round=2, tables=(tuple("AECG"), tuple("BFDH"))))
    return _play(
        state,
        2,
        _table(("E", 2800), ("C", 1500), ("A", 1400), ("G", 100)),
        _table(("B", 3100), ("H", 1800), ("F", 1200), ("D", 300)),
    )


def test_points_by_place_add_up_over_the_preliminaries_worth_breaking_ties() -> None:
    state = _preliminaries(_setup())
    # 5-4-3-2: E 5+5, B 4+5, A 5+3, C 3+4 and F 4+3 (F's money 3400 beats C's 2500)...
    got = [(s.name, s.points, s.worth, s.wins) for s in ranking(state, 0)]
    assert got == [
        ("E", 10, 5300, 2),
        ("B", 9, 5100, 1),
        ("A", 8, 4400, 1),
        ("F", 7, 3400, 0),
        ("C", 7, 2500, 0),
        ("H", 6, 2200, 0),
        ("G", 5, 1000, 0),
        ("D", 4, 300, 0),
    ]


def test_the_tie_breaks_apply_in_the_order_set() -> None:
    # opponents' points: C met A, B, D then A, E, G = 8+9+4+8+10+5 = 44;
    # F met E, G, H then B, D, H = 10+5+6+9+4+6 = 40: now C is above F
    state = _preliminaries(_setup(tie_breaks=("opponents", "worth")))
    scores = {s.name: s for s in ranking(state, 0)}
    assert (scores["C"].opponents, scores["F"].opponents) == (44, 40)
    assert [s.name for s in ranking(state, 0)][3:5] == ["C", "F"]


def test_other_points_by_place_change_the_order() -> None:
    # 10-6-3-0: E 20, B 16, A 13, C 9 (3+6), F 9 (6+3; money 3400), H 6, G 3, D 0
    state = _preliminaries(_setup(points=(10, 6, 3, 0)))
    assert [(s.name, s.points) for s in ranking(state, 0)] == [
        ("E", 20),
        ("B", 16),
        ("A", 13),
        ("F", 9),
        ("C", 9),
        ("H", 6),
        ("G", 3),
        ("D", 0),
    ]


def test_the_cut_seats_the_best_by_rank_and_the_final_ranks_them_first() -> None:
    state = _preliminaries(_setup())
    assert cut(state, 1) == ["E", "B", "A", "F"]
    seat = next_seating(state)
    assert seat.round == 3 and seat.tables == (("E", "B", "A", "F"),)
    state, _ = apply(state, seat)
    state = _play(state, 3, _table(("F", 2600), ("A", 2400), ("E", 2000), ("B", 1000)))
    rows = standings(state)
    assert [(r["rank"], r["name"], r["stage"], r["points"]) for r in rows] == [
        (1, "F", "final", 5),
        (2, "A", "final", 4),
        (3, "E", "final", 3),
        (4, "B", "final", 2),
        (5, "C", "preliminary", 7),
        (6, "H", "preliminary", 6),
        (7, "G", "preliminary", 5),
        (8, "D", "preliminary", 4),
    ]
    assert [r["total"] for r in rows][:2] == [3400 + 2600, 4400 + 2400]


def test_seeding_by_rank_snakes_across_the_tables() -> None:
    ranked = [f"R{i}" for i in range(1, 9)]
    assert seeded(ranked, 4) == (
        ("R1", "R4", "R5", "R8"),
        ("R2", "R3", "R6", "R7"),
    )
    # 17 at tables of 4 and 5: the table of five takes the fifth seat of the snake
    tables = seeded([f"R{i}" for i in range(1, 18)], 4)
    assert [len(t) for t in tables] == [5, 4, 4, 4]
    assert tables[0][:2] == ("R1", "R8") and tables[3][:2] == ("R4", "R5")


def test_each_phase_has_its_own_minutes() -> None:
    state = _preliminaries(_setup())
    state, _ = apply(state, next_seating(state))
    state, _ = apply(state, StartRound(round=3, at="2026-05-02T13:00:00+00:00"))
    at = datetime(2026, 5, 2, 14, 0, tzinfo=UTC)
    assert time_left(state, at) == 60 * 60  # the final's 120 minutes, one hour gone
    assert _setup().minutes_of(1) == 90 and _setup().minutes_of(3) == 120


def test_a_cut_larger_than_the_field_is_refused_with_the_reason() -> None:
    setup = _setup(
        phases=(
            Phase(name="preliminary", rounds=2, minutes=90),
            Phase(name="final", minutes=120, players=12),
        )
    )
    state = _preliminaries(setup)
    with pytest.raises(NotAllowed) as refused:
        next_seating(state)
    said = refused.value.message.render(ENGLISH)
    assert "final" in said and "12" in said and "8" in said


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"rounds": 4}, "add up"),
        (
            {
                "phases": (
                    Phase(name="preliminary", rounds=2, minutes=90),
                    Phase(name="final", minutes=60),
                )
            },
            "each cut",
        ),
        (
            {
                "rounds": 4,
                "phases": (
                    Phase(name="preliminary", rounds=2, minutes=90),
                    Phase(name="semi-final", minutes=60, players=4),
                    Phase(name="final", minutes=60, players=4),
                ),
            },
            "fewer players",
        ),
        ({"points": (2, 3, 1)}, "better place"),
        ({"points": ()}, "1 to 8"),
        ({"tie_breaks": ("worth", "worth")}, "at most once"),
        ({"advance": "best", "best": 4}, "--advance"),
    ],
)
def test_settings_that_do_not_fit_are_refused_in_the_tables_words(
    changes: dict[str, object], words: str
) -> None:
    with pytest.raises(ValidationError) as refused:
        _setup(**changes)
    assert words in setup_problems(refused.value).render(ENGLISH)


def _play_drawn(journal: EventJournal, worth: dict[str, int]) -> None:
    """Draw, start and record the next round: each table in the order of `worth`."""
    seat = next_seating(journal.state)
    journal.apply(seat)
    journal.apply(StartRound(round=seat.round, at="2026-05-02T09:00:00+00:00"))
    for t, names in enumerate(seat.tables, start=1):
        order = sorted(names, key=lambda n: -worth[n])
        places = _table(*((n, worth[n] + 100 * seat.round) for n in order))
        journal.apply(RecordResult(round=seat.round, table=t, places=places))
    journal.apply(EndRound(round=seat.round))


def test_seventeen_players_through_preliminaries_a_cut_to_eight_semis_and_a_final(
    tmp_path: Path,
) -> None:
    setup = EventSetup(
        name="Nationals",
        rounds=5,
        minutes=90,
        seed=3,
        phases=(
            Phase(name="preliminary", rounds=3, minutes=90),
            Phase(name="semi-final", minutes=75, players=8),
            Phase(name="final", minutes=120, players=4),
        ),
    )
    names = [f"P{i:02}" for i in range(1, 18)]
    worth = {n: 1000 + 37 * i for i, n in enumerate(names)}  # P17 always richest
    with EventJournal.create(tmp_path / "nationals.event", setup) as journal:
        journal.apply(AddPlayers(names=tuple(names)))
        for _ in range(3):
            _play_drawn(journal, worth)
        state = journal.state
        assert [sorted(len(t) for t in r.tables) for r in state.rounds] == [[4, 4, 4, 5]] * 3
        for rnd in state.rounds:  # planned together: as few repeats as the draw could find
            assert len(repeats_at(rnd.tables, met_before(state, before=rnd.number))) <= 3
        eight = cut(state, 1)
        assert eight == [s.name for s in ranking(state, 0)][:8]
        _play_drawn(journal, worth)  # the semi-finals, seeded by rank
        semis = journal.state.round(4).tables
        assert tuple(semis) == seeded(eight, 4)
        _play_drawn(journal, worth)  # the final: both winners, then both seconds
        final = journal.state.round(5).tables
        winners = [max(t, key=lambda n: worth[n]) for t in semis]
        seconds = [sorted(t, key=lambda n: -worth[n])[1] for t in semis]
        assert sorted(final[0]) == sorted(winners + seconds)
        rows = standings(journal.state)
        assert [r["stage"] for r in rows] == ["final"] * 4 + ["semi-final"] * 4 + [
            "preliminary"
        ] * 9
        assert [r["name"] for r in rows[:4]] == sorted(final[0], key=lambda n: -worth[n])
        assert len({r["name"] for r in rows}) == 17
        with pytest.raises(NotAllowed):
            next_seating(journal.state)


def test_the_standings_csv_carries_rank_phase_points_and_tie_breaks() -> None:
    state = _preliminaries(_setup(tie_breaks=("wins", "worth", "opponents")))
    state, _ = apply(state, next_seating(state))
    state = _play(state, 3, _table(("F", 2600), ("A", 2400), ("E", 2000), ("B", 1000)))
    lines = standings_csv(state).splitlines()
    assert lines[0] == "rank,player,phase,points,wins,worth,opponents,total_worth,withdrawn"
    # the final's own points, tables won, money and opponents (4+3+2 for F)
    assert lines[1] == "1,F,final,5,1,2600,9,6000,"
    assert lines[4] == "4,B,final,2,0,1000,12,6100,"
    # the preliminaries' for the rest: C 7 points, no win, 2500, 44 from those met
    assert lines[5] == "5,C,preliminary,7,0,2500,44,2500,"
    assert len(lines) == 9


def test_the_line_and_the_page_say_the_phase_points_and_tie_breaks() -> None:
    state = _preliminaries(_setup())
    rows = standings(state)
    lines = standings_lines(state, rows)
    assert (
        lines[0].split()
        == "1. E preliminaries: 10 points (money totals $5,300, tables won 2)".split()
    )
    malay = standings_lines(state, rows, translator("ms"))
    assert "mata" in malay[0] and "points" not in malay[0]
    columns = [c["label"] for c in standings_columns(state.setup)]
    assert columns == ["#", "Player", "Phase", "Points", "Money totals", "Tables won"]


def test_the_command_line_makes_a_championship_and_refuses_what_does_not_fit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from banker.cli import main

    path = tmp_path / "cup.event"
    line = ["tournament", "new", str(path), "--semi-finals", "8", "--final", "4"]
    assert main([*line, "--points", "6,4,2,1", "--tie-breaks", "opponents,worth"]) == 0
    with EventJournal.open(path, read_only=True) as journal:
        setup = journal.state.setup
    assert [(p.name, p.rounds, p.minutes, p.players) for p in setup.phases] == [
        ("preliminary", 3, 90, None),
        ("semi-final", 1, 75, 8),
        ("final", 1, 120, 4),
    ]
    assert (setup.rounds, setup.points, setup.tie_breaks) == (
        5,
        (6, 4, 2, 1),
        ("opponents", "worth"),
    )
    said = capsys.readouterr().out
    assert "the best 8 to the semi-finals (75 minutes)" in said
    for bad in (["--points", "5,x"], ["--final", "1"], ["--advance", "best:4", "--final", "4"]):
        assert main(["tournament", "new", str(tmp_path / "other.event"), *bad]) != 0
        assert not (tmp_path / "other.event").exists()
