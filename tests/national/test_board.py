"""The national board on a real PostgreSQL server: each venue's event replayed from the
entries its outbox sent, the national cut across venues worked out here by hand, a venue
that sends nonsense stopped without harming the others, a silent venue shown as lost,
and a change at a venue reaching the board through LISTEN/NOTIFY."""

from __future__ import annotations

import asyncio
import csv
import io
from pathlib import Path

import psycopg

from banker.national.board import National
from banker.national.outbox import Outbox
from banker.national.schema import init
from banker.tournament.journal import EventJournal
from banker.tournament.language import perform
from banker.tournament.model import EventSetup, Phase
from tests.tournament.conftest import until

POINTS = (5, 4, 3, 2, 1)
VENUES = {
    "kl-1": ("Kuala Lumpur", [f"K{i}" for i in range(1, 9)]),
    "pg-2": ("Penang", [f"P{i}" for i in range(1, 9)]),
}


def _worth(name: str, rnd: int) -> int:
    """Each player's worth at the end of round `rnd`: fixed and different for everyone."""
    return 1000 + 10 * ((int(name[1:]) * 7 + rnd * 3) % 11) + int(name[1:]) + (name[0] == "P")


def _venue(path: Path, names: list[str]) -> EventJournal:
    """A venue's qualifier: two preliminary rounds of two tables of 4, played out."""
    setup = EventSetup(
        name="Qualifier",
        rounds=3,
        minutes=60,
        seed=5,
        phases=(
            Phase(name="preliminary", rounds=2, minutes=60),
            Phase(name="final", minutes=60, players=4),
        ),
    )
    journal = EventJournal.create(path, setup)
    perform(journal, "players " + ",".join(names))
    for rnd in (1, 2):
        perform(journal, "draw")
        perform(journal, "start")
        for number, table in enumerate(journal.state.round(rnd).tables, start=1):
            ordered = sorted(table, key=lambda n, r=rnd: -_worth(n, r))  # first to last
            places = ",".join(f"{n}={_worth(n, rnd)}" for n in ordered)
            perform(journal, f"record {number} {places}")
        perform(journal, "end now")
    return journal


def _expected(journals: dict[str, EventJournal], cut: int) -> list[tuple[str, str, int, int, bool]]:
    """Worked out here: points 5-4-3-2-1 by worth at each table, then money totals, then
    wins, then the rank at the venue (not needed: no ties here), over every venue."""
    rows = []
    for venue, journal in journals.items():
        points: dict[str, int] = {}
        money: dict[str, int] = {}
        for rnd in (1, 2):
            for table in journal.state.round(rnd).tables:
                ordered = sorted(table, key=lambda n, r=rnd: -_worth(n, r))
                for place, name in enumerate(ordered, start=1):
                    points[name] = points.get(name, 0) + POINTS[place - 1]
                    money[name] = money.get(name, 0) + _worth(name, rnd)
        rows += [(name, venue, points[name], money[name]) for name in points]
    rows.sort(key=lambda r: (-r[2], -r[3]))
    return [(*r, i < cut) for i, r in enumerate(rows)]


async def test_the_national_cut_across_venues_from_their_entries(
    tmp_path: Path, database: str
) -> None:
    init(database)
    journals = {v: _venue(tmp_path / f"{v}.event", names) for v, (_, names) in VENUES.items()}
    for venue, journal in journals.items():
        Outbox(journal.path, database, venue, VENUES[venue][0]).send()
    national = National(database, cut=4)
    async with await psycopg.AsyncConnection.connect(database, autocommit=True) as conn:
        assert await national.refresh(conn, set())
        board = national.board_json()
        want = _expected(journals, 4)
        got = [
            (r["name"], r["venue_id"], r["points"], r["money"], r["through"])
            for r in board["standings"]
        ]
        assert got == want
        assert [r["rank"] for r in board["standings"]] == list(range(1, 17))
        rows = list(csv.reader(io.StringIO(national.cut_csv())))
        assert rows[0] == [
            "rank",
            "player",
            "venue",
            "points",
            "money_totals",
            "tables_won",
            "through",
            "tied_at_cut",
        ]
        assert not any(r[7] for r in rows[1:])  # no two equal here
        assert [(r[1], r[2], int(r[3]), int(r[4]), r[6] == "yes") for r in rows[1:]] == want
        venues = {v["id"]: v for v in board["venues"]}
        assert venues["kl-1"]["name"] == "Kuala Lumpur"
        assert (venues["kl-1"]["round"], venues["kl-1"]["recorded"]) == (2, 2)
        assert venues["kl-1"]["status"] == "ended"
        for venue in VENUES:  # each venue's leader: its best, as worked out here
            best = next(w for w in want if w[1] == venue)
            assert venues[venue]["leader"] == {"name": best[0], "points": best[2]}
        for venue, journal in journals.items():  # each table's summary: its winner
            tables = venues[venue]["table_rows"]
            winners = [max(t, key=lambda n: _worth(n, 2)) for t in journal.state.round(2).tables]
            assert [t["leader"] for t in tables] == winners
            assert all(t["state"] == "recorded" for t in tables)
        # Nothing new: the next look changes nothing.
        assert not await national.refresh(conn, set())
    for journal in journals.values():
        journal.close()


async def test_a_venue_sending_nonsense_is_stopped_and_the_others_go_on(
    tmp_path: Path, database: str
) -> None:
    init(database)
    journal = _venue(tmp_path / "kl.event", VENUES["kl-1"][1])
    Outbox(journal.path, database, "kl-1").send()
    bad = _venue(tmp_path / "bad.event", [f"B{i}" for i in range(1, 9)])
    Outbox(bad.path, database, "bad").send()
    with psycopg.connect(database, autocommit=True) as conn:  # a rogue venue's next entries
        # rows of a megabyte, as a database held them before version 4 bounded them (the
        # board must still not read them): the bounds are lifted for this test
        conn.execute("ALTER TABLE table_summary DROP CONSTRAINT summary_size")
        conn.execute("ALTER TABLE entry DROP CONSTRAINT entry_size")
        conn.execute(
            "INSERT INTO entry (venue, seq, kind, command, at) VALUES"
            " ('bad', %s, 'command', '{\"verb\": \"give everyone 5 points\"}', now())",
            (len(bad.rows()) + 1,),
        )
        conn.execute(
            "INSERT INTO table_summary (venue, round, table_no, summary) VALUES"
            ' (\'kl-1\', 2, 1, \'{"state": "recorded", "leader": "\\u001b[2J",'
            ' "worth_text": "", "players": 4, "at_time": false}\')'
            " ON CONFLICT (venue, round, table_no) DO UPDATE SET summary = EXCLUDED.summary"
        )
        conn.execute(  # and a summary of a megabyte: not even read
            "INSERT INTO table_summary (venue, round, table_no, summary) VALUES"
            " ('kl-1', 2, 2, jsonb_build_object('state', 'recorded', 'leader', repeat('x', %s),"
            " 'worth_text', '', 'players', 4, 'at_time', false))"
            " ON CONFLICT (venue, round, table_no) DO UPDATE SET summary = EXCLUDED.summary",
            (1 << 20,),
        )
    huge = _venue(tmp_path / "huge.event", [f"H{i}" for i in range(1, 9)])
    Outbox(huge.path, database, "huge").send()
    with psycopg.connect(database, autocommit=True) as conn:  # an entry of a megabyte
        conn.execute(
            "INSERT INTO entry (venue, seq, kind, command, at) VALUES"
            " ('huge', %s, 'command', repeat('{', %s), now())",
            (len(huge.rows()) + 1, 1 << 20),
        )
    national = National(database, cut=4)
    async with await psycopg.AsyncConnection.connect(database, autocommit=True) as conn:
        await national.refresh(conn, set())
    board = national.board_json()
    venues = {v["id"]: v for v in board["venues"]}
    assert venues["huge"]["status"] == "bad data"
    assert "too long" in venues["huge"]["problem"]
    assert venues["bad"]["status"] == "bad data"
    assert f"entry {len(bad.rows()) + 1}" in venues["bad"]["problem"]
    # Its good entries still count; the refused one changed nothing.
    assert national.venues["bad"].seq == len(bad.rows())
    assert venues["kl-1"]["status"] == "ended"
    assert venues["kl-1"]["table_rows"] == []  # the escape and the megabyte refused
    assert len(board["standings"]) == 24  # the good entries of all three count
    journal.close()
    bad.close()
    huge.close()


async def test_a_silent_venue_is_lost_and_a_change_arrives_by_notification(
    tmp_path: Path, database: str
) -> None:
    init(database)
    journal = _venue(tmp_path / "kl.event", VENUES["kl-1"][1])
    outbox = Outbox(journal.path, database, "kl-1")
    outbox.send()
    national = National(database, cut=2)
    changes: list[int] = []
    national.listeners.append(lambda: changes.append(national.changes))
    stop = asyncio.Event()
    task = asyncio.create_task(national.run(stop))
    try:
        await until(lambda: national.venues.get("kl-1") and national.venues["kl-1"].seq)
        assert national.board_json()["venues"][0]["status"] == "ended"
        await until(lambda: changes)  # the first look is told (after its state is read)
        seen = len(changes)
        perform(journal, "withdraw K1 because ill")
        await asyncio.to_thread(outbox.send)
        await until(lambda: "K1" in national.venues["kl-1"].state.withdrawn)  # type: ignore[union-attr]
        # The listeners hear of it once the look is whole (its summaries read after it).
        await until(lambda: len(changes) > seen)
        assert not any(
            r["through"] for r in national.board_json()["standings"] if r["name"] == "K1"
        )
        with psycopg.connect(database, autocommit=True) as conn:
            conn.execute("UPDATE contact SET seen = now() - interval '5 minutes'")
        await until(lambda: national.board_json()["venues"][0]["status"] == "lost")
        assert national.board_json()["venues"][0]["lost_since"]
        await asyncio.to_thread(outbox.send)  # its heartbeat again: back
        await until(lambda: national.board_json()["venues"][0]["status"] == "ended")
    finally:
        stop.set()
        await asyncio.wait_for(task, 30)
        outbox.close()
        journal.close()


async def test_players_equal_across_the_cut_are_marked_tied(tmp_path: Path, database: str) -> None:
    """J and K players score alike (the same worths): at a cut of 3, the third and fourth
    are equal in points and every tie-break. The venue's id orders them, and the board
    says they are tied, for the director to settle."""
    init(database)
    for venue, letter in (("kl-1", "K"), ("jb-3", "J")):
        journal = _venue(tmp_path / f"{venue}.event", [f"{letter}{i}" for i in range(1, 9)])
        Outbox(journal.path, database, venue).send()
        journal.close()
    national = National(database, cut=3)
    async with await psycopg.AsyncConnection.connect(database, autocommit=True) as conn:
        await national.refresh(conn, set())
    rows = national.ranking()
    top = [(r["name"], r["through"], r["tied_at_cut"]) for r in rows[:5]]
    assert top == [
        ("J2", True, False),
        ("K2", True, False),
        ("J5", True, True),
        ("K5", False, True),
        ("J1", False, False),
    ]
    board = national.board_json()
    assert [r["through_words"] for r in board["standings"][2:4]] == [
        "through, tied at the cut",
        "tied at the cut",
    ]
    lines = list(csv.reader(io.StringIO(national.cut_csv())))
    assert [line[7] for line in lines[3:6]] == ["yes", "yes", ""]


async def test_undo_and_redo_at_a_venue_are_replayed_and_a_refused_command_changes_nothing(
    tmp_path: Path, database: str
) -> None:
    init(database)
    journal = _venue(tmp_path / "kl.event", VENUES["kl-1"][1])
    outbox = Outbox(journal.path, database, "kl-1")
    national = National(database, cut=4)

    async def withdrawn() -> bool:
        await asyncio.to_thread(outbox.send)
        async with await psycopg.AsyncConnection.connect(database, autocommit=True) as conn:
            await national.refresh(conn, set())
        state = national.venues["kl-1"].state
        assert state is not None and national.venues["kl-1"].seq == journal.seq
        return "K1" in state.withdrawn

    perform(journal, "withdraw K1 because ill")
    assert await withdrawn()
    perform(journal, "undo")
    assert not await withdrawn()
    perform(journal, "redo")
    assert await withdrawn()
    # A command the event refuses: the same withdrawal again (K1 has withdrawn already).
    refused = journal.rows(0)[-3][2]  # the withdrawal, before its undo and redo
    assert refused is not None and "withdraw" in refused.lower()
    with psycopg.connect(database, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO entry (venue, seq, kind, command, at) VALUES ('kl-1', %s, 'command',"
            " %s, now())",
            (journal.seq + 1, refused),
        )
    async with await psycopg.AsyncConnection.connect(database, autocommit=True) as conn:
        await national.refresh(conn, set())
    venue = national.venues["kl-1"]
    assert venue.problem is not None and venue.seq == journal.seq
    assert venue.state is not None and "K1" in venue.state.withdrawn  # as it was
    assert [e.seq for e in venue.history.applied][-1] < journal.seq + 1
    outbox.close()
    journal.close()
