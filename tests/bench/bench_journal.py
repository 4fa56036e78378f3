"""Benchmark: applying and journaling one command, and opening a long game.

Prints each figure next to its floor measured in the same run: a bare SQLite insert
and commit with the journal's own settings (WAL, synchronous=FULL). Not a test: the
machines are shared and noisy, so nothing here asserts a time.

    python tests/bench/bench_journal.py [--commands 10000] [--quick]
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.store import Journal


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def bare_table(folder: Path) -> sqlite3.Connection:
    """The floor's file: the journal's own settings (WAL, synchronous=FULL), one table."""
    conn = sqlite3.connect(folder / "bare.db", isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute(
        "CREATE TABLE t (seq INTEGER PRIMARY KEY, kind TEXT, command TEXT, target INTEGER, message TEXT, at TEXT)"
    )
    return conn


def bare_commit(conn: sqlite3.Connection, i: int) -> float:
    """The floor: one row inserted and committed."""
    payload = '{"verb":"collect","player":"Alice","amount":1}'
    start = time.perf_counter()
    conn.execute("BEGIN IMMEDIATE")
    conn.execute(
        "INSERT INTO t VALUES (?, 'command', ?, NULL, ?, '2026-01-01T00:00:00')",
        (i, payload, '{"t": "x", "p": {}}'),
    )
    conn.execute("COMMIT")
    return time.perf_counter() - start


def new_game(path: Path) -> Journal:
    setup = c.Setup(players=[f"Player {i}" for i in range(1, 9)], edition=load_edition("us"))
    return Journal.create(path, setup)


def mixed_commands() -> list[c.Command]:
    """A realistic turn mix: salary, rent, a card, a build, a tax."""
    return [
        c.PassGo(player="Player 1"),
        c.PayRent(player="Player 2", deed="Boardwalk"),
        c.Collect(player="Player 2", amount=100),
        c.DrawCard(player="Player 3", card="chance-dividend"),
        c.BuildHouses(player="Player 1", deed="Park Place"),
        c.SellHouses(player="Player 1", deed="Park Place"),
        c.PayTax(player="Player 4", kind="income_percent"),
        c.Collect(player="Player 4", amount=150),
        c.Pay(player="Player 5", amount=20, to="Player 6"),
        c.Pay(player="Player 6", amount=20, to="Player 5"),
    ]


UNDER_WAY = 1500
"""Commands applied (and rows committed to the floor's file) before the second figure is
timed: a game under way, whose -wal has been filled and checkpointed, as in play (a new
file's first commits each make its -wal longer, which costs both sides more)."""


def journaled_commands(folder: Path, n: int, warm: int = 0) -> tuple[list[float], list[float]]:
    """Each command applied and journaled, beside one bare commit taken just before it
    (the floor, measured in turn with it so that both see the machine alike)."""
    game = folder / f"timed-{warm}"
    game.mkdir()
    journal = new_game(game / "timed.banker")
    journal.apply(c.Buy(player="Player 1", deed="Boardwalk"))
    journal.apply(c.Buy(player="Player 1", deed="Park Place"))
    journal.apply(c.Collect(player="Player 1", amount=100_000))
    bare = bare_table(game)
    mix = mixed_commands()
    for i in range(warm):  # a game under way: both files hold rows, their -wal in use
        bare_commit(bare, i)
        journal.apply(mix[i % len(mix)])
    floor, times = [], []
    for i in range(warm, warm + n):
        floor.append(bare_commit(bare, i))
        start = time.perf_counter()
        journal.apply(mix[i % len(mix)])
        times.append(time.perf_counter() - start)
    journal.close()
    bare.close()
    return floor, times


def build_long_game(path: Path, n: int) -> None:
    journal = new_game(path)
    journal.apply(c.Buy(player="Player 1", deed="Boardwalk"))
    journal.apply(c.Buy(player="Player 1", deed="Park Place"))
    journal.apply(c.Collect(player="Player 1", amount=100_000))
    journal._conn.execute("PRAGMA synchronous = OFF")  # only to build the fixture quickly
    mix = mixed_commands()
    for i in range(n - 3):
        journal.apply(mix[i % len(mix)])
    journal.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--commands", type=int, default=10_000, help="length of the long game")
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    args = parser.parse_args()
    samples = 200 if args.quick else 1000
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        floors, times = journaled_commands(folder, samples)
        floor, ours = _median_ms(floors), _median_ms(times)
        print(f"{'figure':<44}{'measured':>12}{'floor':>12}{'ratio':>8}")
        print(
            f"{'apply + journal one command (median)':<44}{ours:>10.3f}ms{floor:>10.3f}ms{ours / floor:>7.2f}x"
        )
        print(f"{'  of which on top of the commit':<44}{ours - floor:>10.3f}ms")
        floors, times = journaled_commands(folder, samples, UNDER_WAY)
        floor, ours = _median_ms(floors), _median_ms(times)
        print(
            f"{'  the same in a game under way':<44}{ours:>10.3f}ms{floor:>10.3f}ms{ours / floor:>7.2f}x"
        )
        opened: dict[int, float] = {}
        for n in sorted({1_000, 10_000, args.commands}):
            path = folder / f"long-{n}.banker"
            build_long_game(path, n)
            opened[n] = median_of(lambda p=path: Journal.open(p, read_only=True), 7)  # type: ignore[misc]
            writing = median_of(lambda p=path: Journal.open(p), 7)  # type: ignore[misc]
            whole = median_of(lambda p=path: verify(p), 3)  # type: ignore[misc]
            print(
                f"{f'open a game of {n:,} commands':<44}{opened[n] * 1000:>10.1f}ms"
                f"{'goal 500ms' if n == 10_000 else '':>12}"
            )
            print(f"{'  to write to it':<44}{writing * 1000:>10.1f}ms")
            print(f"{'  every entry checked (banker verify)':<44}{whole * 1000:>10.1f}ms")
        longest = max(opened)
        print(
            f"open {longest:,} commands / open 1,000: {opened[longest] / opened[1_000]:.2f}x "
            "(goal: within 1.5x, from the checkpoint)"
        )


def median_of(opening: Callable[[], Journal], repeat: int) -> float:
    """The median time of `opening` a game; its close (the saved view) is not counted."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        journal = opening()
        times.append(time.perf_counter() - start)
        journal.close()
    return statistics.median(times)


def verify(path: Path) -> Journal:
    journal = Journal.open(path, read_only=True)
    journal.verify()
    return journal


if __name__ == "__main__":
    main()
