"""Benchmark: the national board following 20 venues x 50 tables in one PostgreSQL.

A throwaway server (as the national tests start one). Each venue's event is a real event
file (200 players drawn at 50 tables, the round started) published by its real outbox.
Then writer processes play the venues' outboxes: tables change at `--rate` changes a
second over all 1,000 tables, and each venue sends what changed once a second, as the
outbox does (one transaction: the changed tables' summary rows, then a NOTIFY). The
national board (`banker.national.board.National`, LISTEN/NOTIFY) runs in this process; a
bare LISTEN client in a process of its own is the floor. Prints:

- change to national board: from the moment a table changed at its venue to the board
  holding it, p50 / p95 / max, beside the bare LISTEN client's (the same NOTIFY; the
  venue's one-second pacing is in both); goal p95 < 2 s at 1,000 tables;
- every change arrived (none missing);
- rows and bytes per round for one venue (its entries for a whole round: the draw, the
  start, 50 results, the end; and its summary rows at the measured bytes per row), and
  for all venues together; bytes as sent (payload) and as the server wrote them (WAL).

    python tests/bench/bench_national.py [--venues 20] [--tables 50] [--seconds 30] [--rate 100]

Not a test: nothing here asserts a time. Skips, saying why, without PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

FLOOR_CHANNEL = "bench_floor"
GOAL_P95 = 2.0
SEND_EVERY = 1.0
"""A venue's outbox sends what changed once a second."""


# A writer process: the outboxes of some venues.


def writer(dsn: str, venues: list[str], tables: int, rate: float, seconds: float, out: str) -> None:
    """Change random tables of `venues` at `rate` a second; each venue sends its changed
    tables once a second; write (id, changed at, sent at) of every change to `out`."""
    import psycopg

    from banker.national.outbox import CHANNEL

    rng = random.Random(hash(tuple(venues)))
    conn = psycopg.connect(dsn, autocommit=True)
    pending: dict[str, dict[int, tuple[str, float]]] = {v: {} for v in venues}
    offsets = {v: i * SEND_EVERY / len(venues) for i, v in enumerate(venues)}
    started = time.time()
    next_send = {v: started + offsets[v] for v in venues}
    log: list[tuple[str, float, float]] = []
    made = 0
    while True:
        now = time.time()
        if now - started > seconds:
            break
        due = int((now - started) * rate) - made  # changes due by now
        for _ in range(max(due, 0)):
            venue = rng.choice(venues)
            table = rng.randrange(1, tables + 1)
            made += 1
            pending[venue][table] = (f"{venues[0]}x{made}", time.time())
        for venue in venues:
            if now < next_send[venue]:
                continue
            next_send[venue] += SEND_EVERY
            changed, pending[venue] = pending[venue], {}
            if not changed:
                continue
            sent = time.time()
            rows = [
                (
                    venue,
                    table,
                    json.dumps(
                        {
                            "state": "playing",
                            "leader": "c" + ident,
                            "worth_text": f"${1500 + rng.randrange(3000):,}",
                            "players": 4,
                            "at_time": False,
                        }
                    ),
                )
                for table, (ident, _) in changed.items()
            ]
            with conn.transaction():
                with conn.cursor() as cur:
                    cur.executemany(
                        "INSERT INTO table_summary (venue, round, table_no, summary)"
                        " VALUES (%s, 1, %s, %s::jsonb)"
                        " ON CONFLICT (venue, round, table_no) DO UPDATE"
                        " SET summary = EXCLUDED.summary, changed = now()",
                        rows,
                    )
                conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, venue))
                ids = ",".join(ident for ident, _ in changed.values())
                conn.execute("SELECT pg_notify(%s, %s)", (FLOOR_CHANNEL, ids))
            log += [(ident, at, sent) for ident, at in changed.values()]
        time.sleep(0.01)
    conn.close()
    Path(out).write_text(json.dumps(log), encoding="utf-8")


def floor(dsn: str, seconds: float, out: str) -> None:
    """A bare LISTEN client: when each change's NOTIFY arrived."""
    import psycopg

    heard: dict[str, float] = {}
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("LISTEN " + FLOOR_CHANNEL)
        Path(out + ".ready").write_text("", encoding="utf-8")
        ends = time.time() + seconds
        while time.time() < ends:
            for note in conn.notifies(timeout=0.5):
                now = time.time()
                for ident in note.payload.split(","):
                    heard[ident] = now
    Path(out).write_text(json.dumps(heard), encoding="utf-8")


# The run.


def _venues(folder: Path, dsn: str, count: int, tables: int) -> list[str]:
    """Each venue's real event (players drawn at `tables` tables, the round started),
    published by its real outbox."""
    from banker.national.outbox import Outbox
    from banker.tournament.journal import EventJournal
    from banker.tournament.language import perform
    from banker.tournament.model import EventSetup, Phase

    ids = []
    for i in range(count):
        venue = f"v{i:02}"
        setup = EventSetup(
            name=f"Qualifier {venue}",
            rounds=3,
            minutes=90,
            seed=i,
            phases=(Phase(name="preliminary", rounds=3, minutes=90),),
        )
        with EventJournal.create(folder / f"{venue}.event", setup) as journal:
            perform(journal, "players " + ",".join(f"{venue}p{n:03}" for n in range(tables * 4)))
            perform(journal, "draw")
            perform(journal, "start")
        Outbox(folder / f"{venue}.event", dsn, venue, f"Venue {i}").send()
        ids.append(venue)
    return ids


def _wal(dsn: str) -> int:
    import psycopg

    with psycopg.connect(dsn) as conn:
        row = conn.execute("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')").fetchone()
    assert row is not None
    return int(row[0])


def _a_round(folder: Path, dsn: str, venue: str) -> tuple[int, int, int]:
    """One venue's entries for a whole round, sent by its outbox: (rows, payload bytes,
    WAL bytes). The draw and the start were sent at the setup; the results and the end
    are sent here; the draw and start are counted from the file."""
    from banker.national.outbox import Outbox
    from banker.tournament.journal import EventJournal
    from banker.tournament.language import perform

    path = folder / f"{venue}.event"
    with EventJournal.open(path) as journal:
        before = journal.seq
        for number, seated in enumerate(journal.state.round(1).tables, start=1):
            line = ",".join(f"{n}={3000 - 100 * k}" for k, n in enumerate(seated))
            perform(journal, f"record {number} {line}")
        perform(journal, "end now")
        rows = journal.rows(0)
    wal = _wal(dsn)
    Outbox(path, dsn, venue).send()
    wal = _wal(dsn) - wal
    drawn = [r for r in rows if r[0] > 2 and r[0] <= before]  # the draw and the start
    sent = [r for r in rows if r[0] > before]
    payload = sum(len((r[2] or "").encode()) + 40 for r in drawn + sent)
    return len(drawn) + len(sent), payload, wal


def _figures(latencies: list[float]) -> str:
    if not latencies:
        return "none"
    ordered = sorted(latencies)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"{statistics.median(ordered) * 1000:.0f} / {p95 * 1000:.0f} / {ordered[-1] * 1000:.0f} ms"
    )


def _p95(latencies: list[float]) -> float:
    ordered = sorted(latencies)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


async def _follow(dsn: str, seconds: float, seen: dict[str, float]) -> int:
    """The national board, following until `seconds` have passed; when each change
    (its leader's name) was first held by the board. Returns the board's changes."""
    from banker.national.board import National

    national = National(dsn)

    def look() -> None:
        now = time.time()
        for venue in national.venues.values():
            for summary in venue.summaries.values():
                leader = summary.get("leader") or ""
                if leader.startswith("c") and leader[1:] not in seen:
                    seen[leader[1:]] = now

    national.listeners.append(look)
    stop = asyncio.Event()
    task = asyncio.create_task(national.run(stop))
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.wait_for(task, 30)
    return national.changes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--venues", type=int, default=20)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--rate", type=float, default=100.0, help="changes a second, all tables")
    parser.add_argument(
        "--changes-per-table",
        type=int,
        default=200,
        help="summary changes of one table in a round (a 90-minute round: one every 27 s)",
    )
    parser.add_argument("--writers", type=int, default=2)
    args = parser.parse_args()
    from tests.national.conftest import NoServer, throwaway_server

    try:
        with (
            throwaway_server("-c max_connections=100") as server,
            tempfile.TemporaryDirectory() as tmp,
        ):
            _run(args, server.dsn(), Path(tmp))
    except NoServer as exc:
        print(f"skipped: {exc}")


def _run(args: argparse.Namespace, dsn: str, folder: Path) -> None:
    from banker.national.schema import init

    init(dsn)
    started = time.monotonic()
    venues = _venues(folder, dsn, args.venues, args.tables)
    total = args.venues * args.tables
    print(
        f"{args.venues} venues x {args.tables} tables = {total} tables, published in "
        f"{time.monotonic() - started:.0f} s; {args.rate:.0f} changes a second for "
        f"{args.seconds:.0f} s, each venue sending once a second"
    )
    wal_before = _wal(dsn)
    floor_out = str(folder / "floor.json")
    floor_process = subprocess.Popen(
        [sys.executable, __file__, "--floor", dsn, str(args.seconds + 8), floor_out]
    )
    while not Path(floor_out + ".ready").exists():
        time.sleep(0.05)
    share = [venues[i :: args.writers] for i in range(args.writers)]
    outs = [str(folder / f"writer{i}.json") for i in range(args.writers)]
    writers = [
        subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--writer",
                dsn,
                ",".join(part),
                str(args.tables),
                str(args.rate * len(part) / len(venues)),
                str(args.seconds),
                out,
            ]
        )  # fmt: skip
        for part, out in zip(share, outs, strict=True)
    ]
    seen: dict[str, float] = {}
    changes = asyncio.run(_follow(dsn, args.seconds + 5, seen))
    for process in writers + [floor_process]:
        process.wait(timeout=120)
    wal = _wal(dsn) - wal_before
    log = [tuple(r) for out in outs for r in json.loads(Path(out).read_text(encoding="utf-8"))]
    heard = json.loads(Path(floor_out).read_text(encoding="utf-8"))
    board = [seen[i] - at for i, at, _ in log if i in seen]
    bare = [heard[i] - at for i, at, _ in log if i in heard]
    db_board = [seen[i] - sent for i, _, sent in log if i in seen]
    db_bare = [heard[i] - sent for i, _, sent in log if i in heard]
    sizes = [len(json.dumps({"state": "playing", "leader": "c" + i, "worth_text": "$1,234",
                             "players": 4, "at_time": False})) for i, _, _ in log]  # fmt: skip
    print(f"changes sent {len(log)} (a table changed twice within its venue's second is sent "
          f"once), held by the board {len(board)}, heard by the bare client {len(bare)}; "
          f"the board changed {changes} times")  # fmt: skip
    print(f"{'':44} {'p50 / p95 / max':>24}")
    print(f"{'change at a venue to national board':44} {_figures(board):>24}")
    print(f"{'change at a venue to bare LISTEN (floor)':44} {_figures(bare):>24}")
    print(f"{'  of which from the send: board':44} {_figures(db_board):>24}")
    print(f"{'  of which from the send: bare LISTEN':44} {_figures(db_bare):>24}")
    p95 = _p95(board)
    missing = len(log) - len(board)
    met = "met" if p95 < GOAL_P95 and not missing else "not met"
    print(f"goal: p95 < {GOAL_P95:.0f} s at {total} tables, none missing: {met} "
          f"({p95:.2f} s, {missing} missing)")  # fmt: skip

    rows, payload, round_wal = _a_round(folder, dsn, venues[0])
    per_row_wal = wal / max(len(log), 1)
    summary_rows = args.changes_per_table * args.tables
    summary_bytes = int(statistics.mean(sizes)) if sizes else 0
    print(f"\nper round, one venue of {args.tables} tables:")
    print(f"  entries: {rows} rows, {payload / 1024:.1f} KB sent, {round_wal / 1024:.1f} KB WAL")
    print(f"  summaries ({args.changes_per_table} changes a table): {summary_rows} rows, "
          f"{summary_rows * summary_bytes / 1024:.0f} KB sent, "
          f"{summary_rows * per_row_wal / 1024 / 1024:.1f} MB WAL ({per_row_wal:.0f} B a row)")  # fmt: skip
    every = args.venues
    print(f"  all {every} venues: {every * (rows + summary_rows)} rows, "
          f"{every * (payload + summary_rows * summary_bytes) / 1024 / 1024:.1f} MB sent, "
          f"{every * (round_wal + summary_rows * per_row_wal) / 1024 / 1024:.0f} MB WAL")  # fmt: skip


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--writer":
        _, _, dsn, venues, tables, rate, seconds, out = sys.argv
        writer(dsn, venues.split(","), int(tables), float(rate), float(seconds), out)
    elif len(sys.argv) > 1 and sys.argv[1] == "--floor":
        _, _, dsn, seconds, out = sys.argv
        floor(dsn, float(seconds), out)
    else:
        main()
