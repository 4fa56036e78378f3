"""The draw: the next round's tables from those going on, seeded, avoiding repeat pairings.

The draw is a seeded random search: many shuffles, each scored by how many pairs of
players would meet again, the best kept, then improved by swapping players between
tables while that lowers the score. Byes go to those who have had the fewest so far.
The same event, round and players always draw the same seating; the journal stores the
seating itself, so a later Banker with a different draw still replays the event.
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from banker.core.errors import NotAllowed
from banker.core.money import msg
from banker.core.rules import HouseRules
from banker.i18n.message import ENGLISH, Translator
from banker.tournament.model import EventState, Seat

SHUFFLES = 200
"""Random seatings tried before improving the best by swaps."""


@dataclass(frozen=True)
class Draw:
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...]
    repeats: int
    """Pairs of players who meet again (as few as the draw could find)."""


def met_before(state: EventState) -> set[frozenset[str]]:
    """Every pair of players who have already shared a table."""
    pairs: set[frozenset[str]] = set()
    for rnd in state.rounds:
        for names in rnd.tables:
            pairs.update(frozenset(p) for p in combinations(names, 2))
    return pairs


def draw(
    players: Iterable[str],
    table_size: int,
    seed: int,
    met: set[frozenset[str]] | None = None,
    byes_so_far: dict[str, int] | None = None,
) -> Draw:
    """Seat `players` at tables of `table_size`; the rest get a bye."""
    pool = sorted(players)
    met = met or set()
    byes_so_far = byes_so_far or {}
    if len(pool) < 2:
        raise NotAllowed("A round needs at least 2 players going on.")
    rng = random.Random(seed)
    size = min(table_size, len(pool))
    count = len(pool) // size

    def score(tables: list[list[str]]) -> int:
        return sum(frozenset(p) in met for t in tables for p in combinations(t, 2))

    best: list[list[str]] | None = None
    best_byes: list[str] = []
    best_score = -1
    order = pool[:]
    for _ in range(SHUFFLES):
        rng.shuffle(order)
        order.sort(key=lambda name: -byes_so_far.get(name, 0))  # stable: shuffled in ties
        seated, byes = order[: count * size], order[count * size :]
        tables = [seated[i * size : (i + 1) * size] for i in range(count)]
        s = score(tables)
        if best is None or s < best_score:
            best, best_byes, best_score = [t[:] for t in tables], byes, s
        if s == 0:
            break
    assert best is not None
    improved = best_score > 0
    while improved:
        improved = False
        for a, b in combinations(range(count), 2):
            for i in range(size):
                for j in range(size):
                    best[a][i], best[b][j] = best[b][j], best[a][i]
                    s = score(best)
                    if s < best_score:
                        best_score, improved = s, True
                    else:
                        best[a][i], best[b][j] = best[b][j], best[a][i]
    return Draw(tuple(tuple(t) for t in best), tuple(sorted(best_byes)), best_score)


def next_seating(state: EventState) -> Seat:
    """The next round's seating command, drawn from those going on.

    Raises:
        NotAllowed: a table of the current round has no result yet (its players would be
            left out of the draw without a word).
    """
    current = state.current
    if current is not None:
        missing = [n for n in range(1, len(current.tables) + 1) if n not in current.results]
        if missing:
            raise NotAllowed(
                "Round {n} has no result for table {tables} yet: record it first "
                "(record TABLE Name=worth,... first to last), then draw.",
                n=current.number,
                tables=", ".join(str(t) for t in missing),
            )
    number = len(state.rounds) + 1
    byes: dict[str, int] = {}
    for rnd in state.rounds:
        for name in rnd.byes:
            byes[name] = byes.get(name, 0) + 1
    seed = state.setup.seed * 1000 + number
    result = draw(state.going_on(), state.setup.table_size, seed, met_before(state), byes)
    return Seat(round=number, tables=result.tables, byes=result.byes, seed=seed)


def seating_lines(state: EventState, number: int, say: Translator = ENGLISH) -> list[str]:
    """The round's seating as printed, in `say`'s language: one line per table, then one
    `banker new` per table (a command, typed as it stands)."""
    rnd = state.round(number)
    setup = state.setup
    lines = [msg("Round {n} of {event}:", n=number, event=setup.name).render(say)]
    for table, names in enumerate(rnd.tables, start=1):
        lines.append("  " + msg("Table {t}: {names}", t=table, names=", ".join(names)).render(say))
    if rnd.byes:
        lines.append("  " + msg("Bye: {names}", names=", ".join(rnd.byes)).render(say))
    lines.append("")
    rules = ""
    if setup.rules != HouseRules():
        rules = " --rules RULES.toml"
        told = msg("The event's house rules: give each table the event's RULES.toml.")
        lines.append(told.render(say))
    slug = "".join(c if c.isalnum() else "-" for c in setup.name.lower()).strip("-") or "event"
    for table, names in enumerate(rnd.tables, start=1):
        players = ",".join(names)
        lines.append(
            f"banker new {slug}-r{number}-t{table} --edition {setup.edition} "
            f"--players {shlex.quote(players)}{rules}"
        )
    return lines
