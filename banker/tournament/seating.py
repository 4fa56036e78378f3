"""The draw: the next round's tables from those going on, seeded, with as few repeat
pairings as there can be.

Everyone is seated: tables of the event's size, and where the count does not divide some
one larger (tables of 4 and 5, as championships play) or, when the event says so, one
smaller (3 and 4). The seating is found in two steps: a seeded random search (many
shuffles, the best improved by swapping players between tables) gives a first one, then
an exact search (branch and bound) finds one with fewer pairs meeting again or proves
there is none. The same event, round and players always draw the same seating; the
journal stores the seating itself, so a later Banker with a different draw still replays
the event.
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from banker.core.errors import NotAllowed
from banker.core.money import msg, plural
from banker.core.rules import HouseRules
from banker.i18n.message import ENGLISH, Translator
from banker.tournament.model import EventState, Seat

SHUFFLES = 200
"""Random seatings tried before improving the best by swaps."""
SEARCH_WORK = 4_000_000
"""How much the exact search may do (partial seatings times tables looked at, about a
second) before it settles for the best seating found: the draws of a few dozen players
finish well within it."""
MOST_AT_A_TABLE = 8
"""A Monopoly table seats 2 to 8 players."""


@dataclass(frozen=True)
class Draw:
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...]
    repeats: int
    """Pairs of players who meet again (the fewest there can be, when `exact`)."""
    exact: bool = True
    """Whether the search looked at every seating it had to (False only for a field too
    large to search to the end: then the best of a long search)."""


def table_sizes(players: int, size: int, smaller: bool = False) -> list[int]:
    """The tables for `players`: of `size`, and where the count does not divide, some
    of `size` + 1 (or `size` - 1 when `smaller`), the larger first. Everyone is seated:
    no byes. When not even that fits (7 players at tables of 4 and 5), tables as even as
    can be, of 2 to 8.

    Raises:
        NotAllowed: fewer than 2 players.
    """
    if players < 2:
        raise NotAllowed("A round needs at least 2 players going on.")
    lo, hi = (size - 1, size) if smaller else (size, size + 1)
    lo, hi = max(lo, 2), min(hi, MOST_AT_A_TABLE)
    count = -(-players // size) if smaller else players // size
    if count >= 1 and lo * count <= players <= hi * count:
        return _even(players, count)
    count = max(1, round(players / size), -(-players // MOST_AT_A_TABLE))
    while count > 1 and players < 2 * count:
        count -= 1
    return _even(players, count)


def _even(players: int, count: int) -> list[int]:
    base, extra = divmod(players, count)
    return [base + 1] * extra + [base] * (count - extra)


def met_before(state: EventState, before: int | None = None) -> set[frozenset[str]]:
    """Every pair of players who have already shared a table (in the rounds before round
    `before`, when given)."""
    pairs: set[frozenset[str]] = set()
    for rnd in state.rounds:
        if before is not None and rnd.number >= before:
            continue
        for names in rnd.tables:
            pairs.update(frozenset(p) for p in combinations(names, 2))
    return pairs


def repeats_at(tables: Iterable[Iterable[str]], met: set[frozenset[str]]) -> list[tuple[str, str]]:
    """The pairs of `tables` who met before, in table order."""
    return [
        (a, b) for table in tables for a, b in combinations(table, 2) if frozenset((a, b)) in met
    ]


def draw(
    players: Iterable[str],
    table_size: int,
    seed: int,
    met: set[frozenset[str]] | None = None,
    smaller: bool = False,
) -> Draw:
    """Seat every one of `players` at tables of `table_sizes`, with as few pairs meeting
    again as there can be: a seeded random search gives a first seating, then an exact
    search (branch and bound) finds a better one or proves there is none."""
    pool = sorted(players)
    met = met or set()
    sizes = table_sizes(len(pool), table_size, smaller)
    rng = random.Random(seed)
    order = pool[:]
    rng.shuffle(order)
    index = {name: i for i, name in enumerate(order)}
    n = len(order)
    clash = [[False] * n for _ in range(n)]
    for pair in met:
        a, b = tuple(pair) if len(pair) == 2 else (None, None)
        if a in index and b in index:
            clash[index[a]][index[b]] = clash[index[b]][index[a]] = True
    first, cost = _shuffled(n, sizes, clash, rng)
    best, best_cost, exact = _exact(n, sizes, clash, first, cost)
    tables = tuple(tuple(order[i] for i in t) for t in best)
    return Draw(tables, (), best_cost, exact)


def _cost(tables: list[list[int]], clash: list[list[bool]]) -> int:
    return sum(clash[a][b] for t in tables for a, b in combinations(t, 2))


def _shuffled(
    n: int, sizes: list[int], clash: list[list[bool]], rng: random.Random
) -> tuple[list[list[int]], int]:
    """The best of many shuffles, improved by swapping players between tables."""
    best: list[list[int]] = []
    best_cost = -1
    order = list(range(n))
    for _ in range(SHUFFLES):
        rng.shuffle(order)
        tables, at = [], 0
        for size in sizes:
            tables.append(order[at : at + size])
            at += size
        cost = _cost(tables, clash)
        if best_cost < 0 or cost < best_cost:
            best, best_cost = [t[:] for t in tables], cost
        if cost == 0:
            return best, 0
    improved = best_cost > 0
    while improved:
        improved = False
        for a, b in combinations(range(len(best)), 2):
            for i in range(len(best[a])):
                for j in range(len(best[b])):
                    best[a][i], best[b][j] = best[b][j], best[a][i]
                    cost = _cost(best, clash)
                    if cost < best_cost:
                        best_cost, improved = cost, True
                    else:
                        best[a][i], best[b][j] = best[b][j], best[a][i]
    return best, best_cost


def _exact(
    n: int, sizes: list[int], clash: list[list[bool]], best: list[list[int]], best_cost: int
) -> tuple[list[list[int]], int, bool]:
    """Branch and bound over every seating, players placed one by one (tables of one size
    taken in order, so no seating is looked at twice under another numbering); a branch
    is left as soon as it holds as many repeats as the best seating found."""
    tables: list[list[int]] = [[] for _ in sizes]
    nodes = 0
    found = [t[:] for t in best]

    def place(player: int, cost: int) -> bool:
        nonlocal nodes, best_cost, found
        if cost >= best_cost:
            return True
        if player == n:
            best_cost, found = cost, [t[:] for t in tables]
            return True
        nodes += len(tables)
        if nodes > SEARCH_WORK:
            return False
        tried_empty: set[int] = set()
        for k, table in enumerate(tables):
            if len(table) == sizes[k]:
                continue
            if not table:  # an empty table of a size already tried is the same seating
                if sizes[k] in tried_empty:
                    continue
                tried_empty.add(sizes[k])
            added = sum(clash[player][other] for other in table)
            table.append(player)
            finished = place(player + 1, cost + added)
            table.pop()
            if not finished:
                return False
            if best_cost == 0:
                return True
        return True

    complete = best_cost == 0 or place(0, 0)
    return found, best_cost, complete


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
    seed = state.setup.seed * 1000 + number
    setup = state.setup
    result = draw(state.going_on(), setup.table_size, seed, met_before(state), setup.smaller_tables)
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
    again = repeats_at(rnd.tables, met_before(state, before=number))
    if again:
        pairs = ", ".join(f"{a} & {b}" for a, b in again)
        said = plural(
            len(again),
            "{n} pair meets again (the fewest the draw could find): {pairs}",
            "{n} pairs meet again (the fewest the draw could find): {pairs}",
            pairs=pairs,
        )
        lines.append("  " + said.render(say))
    elif number > 1:
        lines.append("  " + msg("No two players meet again.").render(say))
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
