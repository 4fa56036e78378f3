"""Benchmark: repeat pairings of the draw over a whole preliminary phase.

For each of 40 seeds, 16 players play 4 rounds at tables of 4, every round drawn by
`banker.tournament.seating.draw` told how many rounds the same players have left, as an
event's preliminaries are. Printed beside the fewest repeats any 4 rounds can have, found
by an exhaustive search written apart from the draw (tables chosen one at a time from the
players left, every seating of every round, a branch left once it cannot do better than
the best found). Goal: the draw's repeats equal to that minimum in every seed. Also shown:
the draw's time per round, and the same rounds drawn one at a time (no plan), which is
how the draw worked before.

    python tests/bench/bench_seating.py [--seeds 40]
"""

from __future__ import annotations

import argparse
import statistics
import time
from itertools import combinations

from banker.tournament.seating import draw

PLAYERS = 16
TABLE = 4
ROUNDS = 4


def drawn(seed: int, plan: bool) -> tuple[int, list[float]]:
    """The repeats of one event's rounds and each draw's time in seconds."""
    names = [f"P{i:02}" for i in range(1, PLAYERS + 1)]
    met: set[frozenset[str]] = set()
    repeats, times = 0, []
    for number in range(1, ROUNDS + 1):
        started = time.perf_counter()
        result = draw(names, TABLE, seed * 1000 + number, met, ahead=ROUNDS - number if plan else 0)
        times.append(time.perf_counter() - started)
        for table in result.tables:
            for pair in combinations(table, 2):
                repeats += frozenset(pair) in met
        met |= {frozenset(p) for t in result.tables for p in combinations(t, 2)}
    return repeats, times


def exhaustive_minimum() -> tuple[int, int]:
    """The fewest repeats of `ROUNDS` rounds of `PLAYERS` at tables of `TABLE`, and the
    tables looked at. The first round is any seating (players are only names); each later
    round is every way of choosing its tables, the least-numbered player left always at
    the next table, so that no seating is counted twice. Every schedule with no repeat is
    looked for, then every one with one, and so on: the first found is the fewest."""
    met = [[0] * PLAYERS for _ in range(PLAYERS)]
    looked = [0]

    def seat_round(number: int, left: tuple[int, ...], total: int, most: int) -> bool:
        if total > most:
            return False
        if not left:
            return number == ROUNDS or seat_round(number + 1, tuple(range(PLAYERS)), total, most)
        first, rest = left[0], left[1:]
        for others in combinations(rest, TABLE - 1):
            looked[0] += 1
            table = (first, *others)
            cost = sum(met[a][b] > 0 for a, b in combinations(table, 2))
            for a, b in combinations(table, 2):
                met[a][b] += 1
                met[b][a] += 1
            found = seat_round(
                number, tuple(p for p in rest if p not in others), total + cost, most
            )
            for a, b in combinations(table, 2):
                met[a][b] -= 1
                met[b][a] -= 1
            if found:
                return True
        return False

    for table in (tuple(range(t, t + TABLE)) for t in range(0, PLAYERS, TABLE)):
        for a, b in combinations(table, 2):
            met[a][b] = met[b][a] = 1
    most = 0
    while not seat_round(2, tuple(range(PLAYERS)), 0, most):
        most += 1
    return most, looked[0]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seeds", type=int, default=40)
    args = parser.parse_args()
    started = time.perf_counter()
    minimum, looked = exhaustive_minimum()
    took = time.perf_counter() - started
    print(
        f"{PLAYERS} players, {ROUNDS} rounds at tables of {TABLE}: the fewest repeats there "
        f"can be, by exhaustive search: {minimum} ({looked:,} tables looked at, {took:.1f} s)"
    )
    planned, alone, times = [], [], []
    for seed in range(args.seeds):
        repeats, took_each = drawn(seed, plan=True)
        planned.append(repeats)
        times.extend(took_each)
        alone.append(drawn(seed, plan=False)[0])
    equal = sum(r == minimum for r in planned)
    print(f"{'seed':>6}{'draw':>7}{'minimum':>9}{'one round at a time':>21}")
    for seed, (repeats, single) in enumerate(zip(planned, alone, strict=True)):
        print(f"{seed:>6}{repeats:>7}{minimum:>9}{single:>21}")
    print(
        f"draw equal to the minimum in {equal} of {args.seeds} seeds (goal: all); "
        f"one round at a time: {sum(r == minimum for r in alone)} of {args.seeds}, "
        f"median {statistics.median(alone)} repeats"
    )
    print(
        f"time per draw: median {statistics.median(times) * 1000:.0f} ms, "
        f"max {max(times) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
