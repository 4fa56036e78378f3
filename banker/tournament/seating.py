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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations

from banker.core.errors import NotAllowed
from banker.core.rules import HouseRules
from banker.i18n.message import ENGLISH, Translator, msg, plural
from banker.tournament import scoring
from banker.tournament.model import EventState, Round, Seat
from banker.tournament.scoring import champion, ranking

SHUFFLES = 200
"""Random seatings tried before improving the best by swaps."""
SEARCH_WORK = 2_000_000
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
    ahead: int = 0,
) -> Draw:
    """Seat every one of `players` at tables of `table_sizes`, with as few pairs meeting
    again as there can be: a seeded random search gives a first seating, then an exact
    search (branch and bound) finds a better one or proves there is none.

    `ahead`: how many more rounds the same players will play (the preliminaries): the
    seating is then the first of a plan for all of them with the fewest repeats in all.
    Round by round, 16 players at tables of 4 run into 4 repeats by the fourth round;
    planned, none."""
    pool = sorted(players)
    met = met or set()
    sizes = table_sizes(len(pool), table_size, smaller)
    rng = random.Random(seed)
    order = pool[:]
    rng.shuffle(order)
    index = {name: i for i, name in enumerate(order)}
    n = len(order)
    clash = [[0] * n for _ in range(n)]
    for pair in met:
        a, b = tuple(pair) if len(pair) == 2 else (None, None)
        if a in index and b in index:
            clash[index[a]][index[b]] = clash[index[b]][index[a]] = 1
    # a first plan, one round at a time: this round's seating the fewest there can be,
    # the later ones from the shuffles; then the best plan there is, if better
    work = [0]
    seating, least = _fewest(n, sizes, clash, _shuffled(n, sizes, clash, rng), work, SEARCH_WORK)
    greedy, total = [seating], least
    for _ in range(ahead):
        _mark(clash, greedy[-1], 1)
        seating, cost = _shuffled(n, sizes, clash, rng)
        greedy.append(seating)
        total += cost
    for seating in greedy[:-1]:
        _mark(clash, seating, -1)
    # every later round has at least this round's fewest: the pairs who met only grow
    plan, _ = _best(n, sizes, clash, (greedy, total), work, SEARCH_WORK, least * (1 + ahead))
    best = plan[0]
    best_cost = _cost(best, clash)
    exact = work[0] <= SEARCH_WORK
    tables = tuple(tuple(order[i] for i in t) for t in best)
    return Draw(tables, (), best_cost, exact)


def _cost(tables: list[list[int]], clash: list[list[int]]) -> int:
    return sum(clash[a][b] > 0 for t in tables for a, b in combinations(t, 2))


def _shuffled(
    n: int, sizes: list[int], clash: list[list[int]], rng: random.Random
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


def _each_seating(
    n: int,
    sizes: list[int],
    clash: list[list[int]],
    room: Callable[[], int],
    work: list[int],
    limit: int,
    found: Callable[[list[list[int]], int], bool],
) -> None:
    """Give `found` every seating with fewer repeats than `room()` (read at each step: it
    shrinks as better ones are found), until it says stop; players placed one by one,
    tables of one size taken in order, so no seating comes twice under another numbering.
    Stops too when `work` (partial seatings times tables looked at) passes `limit`."""
    tables: list[list[int]] = [[] for _ in sizes]

    def place(player: int, cost: int) -> bool:
        if cost >= room():
            return False
        if player == n:
            return found(tables, cost)
        work[0] += len(tables)
        if work[0] > limit:
            return True
        tried_empty: set[int] = set()
        for k, table in enumerate(tables):
            if len(table) == sizes[k]:
                continue
            if not table:
                if sizes[k] in tried_empty:
                    continue
                tried_empty.add(sizes[k])
            added = sum(clash[player][other] > 0 for other in table)
            table.append(player)
            stop = place(player + 1, cost + added)
            table.pop()
            if stop:
                return True
        return False

    place(0, 0)


def _mark(clash: list[list[int]], tables: list[list[int]], step: int) -> None:
    for table in tables:
        for a, b in combinations(table, 2):
            clash[a][b] += step
            clash[b][a] += step


def _best(
    n: int,
    sizes: list[int],
    clash: list[list[int]],
    start: tuple[list[list[list[int]]], int],
    work: list[int],
    limit: int,
    floor: int = 0,
) -> tuple[list[list[list[int]]], int]:
    """The seatings of as many rounds as `start` plans (this one, then the next with the
    same players) with the fewest repeats in all: plans with `floor` repeats (fewer there
    cannot be) are looked for first, then with one more, and so on below `start`'s (which
    is kept if none is found, or when `work` passes `limit` first)."""
    for target in range(floor, start[1]):
        plan = _plan_within(n, sizes, clash, len(start[0]), target, work, limit)
        if plan is not None:
            return plan, target
        if work[0] > limit:
            break
    return start


def _plan_within(
    n: int,
    sizes: list[int],
    clash: list[list[int]],
    rounds: int,
    target: int,
    work: list[int],
    limit: int,
) -> list[list[list[int]]] | None:
    """The first plan of `rounds` seatings found with at most `target` repeats in all;
    a branch is left as soon as it holds more, or cannot stay within it."""
    chosen: list[list[list[int]]] = []

    def go(k: int, total: int) -> bool:
        if k == rounds:
            return True
        # every round left has at least the fewest repeats one round can have now
        if k > 0 and total + _least(n, sizes, clash, work, limit) * (rounds - k) > target:
            return False
        fresh = not any(any(row) for row in clash)  # nobody has met: every seating alike
        done = False

        def take(tables: list[list[int]], cost: int) -> bool:
            nonlocal done
            seating = [t[:] for t in tables]
            chosen.append(seating)
            _mark(clash, seating, 1)
            done = go(k + 1, total + cost)
            _mark(clash, seating, -1)
            if not done:
                chosen.pop()
            return done or fresh or work[0] > limit

        _each_seating(n, sizes, clash, lambda: target + 1 - total, work, limit, take)
        return done

    return chosen if go(0, 0) else None


def _least(n: int, sizes: list[int], clash: list[list[int]], work: list[int], limit: int) -> int:
    """The fewest repeats one round can have now (0 if `work` passes `limit` first)."""
    most = sum(size * (size - 1) // 2 for size in sizes) + 1
    (_, fewest), spent = _fewest(n, sizes, clash, ([], most), work, limit), work[0]
    return fewest if spent <= limit else 0


def _fewest(
    n: int,
    sizes: list[int],
    clash: list[list[int]],
    start: tuple[list[list[int]], int],
    work: list[int],
    limit: int,
) -> tuple[list[list[int]], int]:
    """The seating of one round with the fewest repeats: each one found with fewer than
    the best so far becomes the best, until none is left (or `work` passes `limit`)."""
    best, best_cost = start

    def better(tables: list[list[int]], cost: int) -> bool:
        nonlocal best, best_cost
        best, best_cost = [t[:] for t in tables], cost
        return cost == 0

    _each_seating(n, sizes, clash, lambda: best_cost, work, limit, better)
    return best, best_cost


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
    if number > setup.rounds:
        raise _complete(state)
    if setup.phases:
        return _championship_seating(state, number, seed)
    going = state.going_on()
    # an event where the best N go on and N holds everyone plays its rounds with the same
    # players: the draw plans them all (the fewest repeats over the rounds left)
    everyone = setup.advance == "best" and (setup.best or setup.table_size) >= len(going)
    ahead = setup.rounds - number if everyone else 0
    result = draw(going, setup.table_size, seed, met_before(state), setup.smaller_tables, ahead)
    return Seat(round=number, tables=result.tables, byes=result.byes, seed=seed)


def _complete(state: EventState) -> NotAllowed:
    """The refusal of a draw after the last round: who won, once it is known."""
    won = champion(state)
    if won is None:
        return NotAllowed("The event has {n} rounds.", n=str(state.setup.rounds))
    return NotAllowed("The event is complete: {name} is the champion.", name=won)


def _championship_seating(state: EventState, number: int, seed: int) -> Seat:
    """A championship's next round: the first round of a cut seats its players by rank
    (`scoring.seeded`); every other round is drawn among the phase's players, planning
    the phase's rounds left for the fewest repeats."""
    setup = state.setup
    found = setup.phase_of(number)
    if found is None:
        raise _complete(state)
    index, phase = found
    first = setup.first_round(index)
    if index > 0 and number == first:
        ranked = scoring.cut(state, index)
        tables = seeded(ranked, setup.table_size, setup.smaller_tables)
        return Seat(round=number, tables=tables, seed=seed)
    going = state.playing(scoring.entrants(state, index))
    ahead = first + phase.rounds - 1 - number
    result = draw(going, setup.table_size, seed, met_before(state), setup.smaller_tables, ahead)
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
    for first, second, reason in rnd.swaps:
        swapped = msg(
            "Swapped by the director: {a} and {b} ({reason})", a=first, b=second, reason=reason
        )
        lines.append("  " + swapped.render(say))
    again = repeats_at(rnd.tables, met_before(state, before=number))
    found = setup.phase_of(number)
    by_rank = found is not None and found[0] > 0 and number == setup.first_round(found[0])
    if again and by_rank:  # a cut seats its players by rank: no draw searched for them
        said = plural(
            len(again),
            "{n} pair meets again (the seating follows the ranking): {pairs}",
            "{n} pairs meet again (the seating follows the ranking): {pairs}",
            pairs=", ".join(f"{a} & {b}" for a, b in again),
        )
        lines.append("  " + said.render(say))
    elif again:
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


def seeded(ranked: list[str], size: int, smaller: bool = False) -> tuple[tuple[str, ...], ...]:
    """Tables seated by rank, as a cut seats the next phase: the best one at each table
    in turn, then back the other way (8 players at 2 tables: 1, 4, 5, 8 and 2, 3, 6, 7),
    so every table holds the same mix of strengths."""
    sizes = table_sizes(len(ranked), size, smaller)
    tables: list[list[str]] = [[] for _ in sizes]
    left = list(ranked)
    forward = True
    while left:
        order = range(len(sizes)) if forward else range(len(sizes) - 1, -1, -1)
        for t in order:
            if left and len(tables[t]) < sizes[t]:
                tables[t].append(left.pop(0))
        forward = not forward
    return tuple(tuple(t) for t in tables)


def alternate_for(state: EventState, rnd: Round) -> str | None:
    """Who takes a seat left in `rnd` (drawn, not started): in the first round of a cut,
    the best of the phase before not already seated (the next by rank); else the first
    alternate waiting; None when there is nobody."""
    seated = {n for names in rnd.tables for n in names}
    found = state.setup.phase_of(rnd.number)
    if found is not None and found[0] > 0 and state.setup.first_round(found[0]) == rnd.number:
        for score in ranking(state, found[0] - 1):
            if score.name not in seated and score.name not in state.withdrawn:
                return score.name
        return None
    return state.alternates[0] if state.alternates else None
