"""A championship's standings: points by place over a phase's rounds, ordered
tie-breaks, and the cut that seats the best of one phase in the next by their rank.

Each phase ranks its own players: most points first (the event's points by place, summed
over the phase's recorded tables), then the event's tie-breaks in their order, then the
rank the player came into the phase with (by name in the first phase). The event's
standings put those who reached a later phase above those who did not: the final's
players by the final, then the semi-finals' other players by the semi-finals, then the
rest by the preliminaries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from banker.core.errors import NotAllowed
from banker.tournament.model import EventSetup, EventState, Round


@dataclass(frozen=True)
class Score:
    """One player in one phase."""

    name: str
    points: int
    worth: int
    """The money totals: the sum of the player's worths at the end of each round."""
    wins: int
    opponents: int
    """The points, in this phase, of everyone the player met at a table in it."""
    played: int
    """Tables with a recorded result."""
    place: int
    """The place at the last recorded table (0 before the first)."""
    last_worth: int
    """The worth at that table."""

    def breaks(self, order: tuple[str, ...]) -> tuple[int, ...]:
        return tuple(getattr(self, name) for name in order)


def points_for(setup: EventSetup, place: int) -> int:
    """The points a place scores (0 past the event's list)."""
    return setup.points[place - 1] if 1 <= place <= len(setup.points) else 0


def phase_rounds(state: EventState, index: int) -> list[Round]:
    """The rounds of phase `index` drawn so far."""
    setup = state.setup
    first = setup.first_round(index)
    last = first + setup.phases[index].rounds - 1
    return [r for r in state.rounds if first <= r.number <= last]


def _seated(rounds: list[Round]) -> list[str]:
    names: list[str] = []
    for rnd in rounds:
        for table in rnd.tables:
            names.extend(n for n in table if n not in names)
    return names


def entrants(state: EventState, index: int) -> list[str]:
    """Who plays phase `index`, in the order they came into it: everyone entered in the
    first phase (by name); in a later one those seated in it, by their rank in the phase
    before (the cut, once its first round is drawn; before, the cut it would make)."""
    if index == 0:
        names = list(state.players)
        names.extend(n for n in _seated(phase_rounds(state, 0)) if n not in names)
        return sorted(names, key=lambda n: (n.casefold(), n))
    rounds = phase_rounds(state, index)
    if not rounds:
        return cut(state, index)
    seated = _seated(rounds)
    before = [s.name for s in ranking(state, index - 1)]
    return [n for n in before if n in seated] + [n for n in seated if n not in before]


def ranking(state: EventState, index: int) -> list[Score]:
    """Phase `index`'s players, best first."""
    setup = state.setup
    names = entrants(state, index)
    came = {name: i for i, name in enumerate(names)}
    points = dict.fromkeys(names, 0)
    worth = dict.fromkeys(names, 0)
    wins = dict.fromkeys(names, 0)
    played = dict.fromkeys(names, 0)
    last: dict[str, tuple[int, int]] = {}
    met: dict[str, list[str]] = {name: [] for name in names}
    for rnd in phase_rounds(state, index):
        for number in sorted(rnd.results):
            places = rnd.results[number].places
            for p in places:  # exactly the table's seated players (`model._check_places`)
                points[p.name] += points_for(setup, p.place)
                worth[p.name] += p.worth
                wins[p.name] += p.place == 1
                played[p.name] += 1
                last[p.name] = (p.place, p.worth)
                met[p.name].extend(o.name for o in places if o.name != p.name)
    scores = [
        Score(
            name=name,
            points=points[name],
            worth=worth[name],
            wins=wins[name],
            opponents=sum(points[o] for o in met[name]),
            played=played[name],
            place=last.get(name, (0, 0))[0],
            last_worth=last.get(name, (0, 0))[1],
        )
        for name in came
    ]
    order = setup.tie_breaks
    return sorted(
        scores,
        key=lambda s: (-s.points, *(-b for b in s.breaks(order)), came[s.name]),
    )


def cut(state: EventState, index: int) -> list[str]:
    """The players going on to phase `index` (a later phase), best first.

    Raises:
        NotAllowed: the phase before has fewer players than the cut takes.
    """
    phase = state.setup.phases[index]
    wanted = phase.players or 0
    before = [s for s in ranking(state, index - 1) if s.name not in state.withdrawn]
    if len(before) < wanted:
        raise NotAllowed(
            "The {phase} takes the best {n}, but only {have} of the phase before are still "
            "in the event.",
            phase=phase.name,
            n=wanted,
            have=len(before),
        )
    return [s.name for s in before[:wanted]]


def reached(state: EventState) -> int:
    """The furthest phase with a round drawn (0 before the first draw)."""
    if not state.rounds:
        return 0
    found = state.setup.phase_of(state.rounds[-1].number)
    return found[0] if found is not None else len(state.setup.phases) - 1


def championship(state: EventState) -> list[dict[str, Any]]:
    """A championship's standings: those in the furthest phase by its ranking, then those
    out at each phase before by that phase's ranking. Each row carries its phase, the
    points and tie-breaks there, the place and worth at the last table played and the
    worth over every round."""
    setup = state.setup
    total: dict[str, int] = {}
    furthest: dict[str, int] = {}
    for rnd in state.rounds:
        for table in rnd.tables:
            for name in table:
                furthest[name] = rnd.number
        for result in rnd.results.values():
            for p in result.places:
                total[p.name] = total.get(p.name, 0) + p.worth
    rows: list[dict[str, Any]] = []
    placed: set[str] = set()
    for index in range(reached(state), -1, -1):
        for score in ranking(state, index):
            if score.name in placed:
                continue
            placed.add(score.name)
            rows.append(
                {
                    "rank": len(rows) + 1,
                    "name": score.name,
                    "stage": setup.phases[index].name,
                    "points": score.points,
                    "money": score.worth,
                    "wins": score.wins,
                    "opponents": score.opponents,
                    "round": furthest.get(score.name, 0),
                    "place": score.place,
                    "worth": score.last_worth,
                    "total": total.get(score.name, 0),
                    "byes": 0,
                    "withdrawn": score.name in state.withdrawn,
                }
            )
    return rows


def standings(state: EventState) -> list[dict[str, Any]]:
    """Every player, ranked: a championship's by its phases and points
    (`championship`); an event of rounds by the furthest round reached, the place
    there, the worth there and in total, in that order."""
    if state.setup.phases:
        return championship(state)
    rows: dict[str, dict[str, Any]] = {
        name: {"name": name, "round": 0, "place": 0, "worth": 0, "total": 0, "byes": 0}
        for name in state.players
    }
    for rnd in state.rounds:
        for name in rnd.byes:
            row = rows.setdefault(
                name, {"name": name, "round": 0, "place": 0, "worth": 0, "total": 0, "byes": 0}
            )
            row["byes"] += 1
            row["round"], row["place"], row["worth"] = rnd.number, 0, 0
        for names in rnd.tables:
            for name in names:
                row = rows.setdefault(
                    name, {"name": name, "round": 0, "place": 0, "worth": 0, "total": 0, "byes": 0}
                )
                row["round"], row["place"], row["worth"] = rnd.number, 0, 0
        for result in rnd.results.values():
            for p in result.places:
                row = rows.setdefault(
                    p.name,
                    {"name": p.name, "round": 0, "place": 0, "worth": 0, "total": 0, "byes": 0},
                )
                row["round"], row["place"], row["worth"] = rnd.number, p.place, p.worth
                row["total"] += p.worth
    ranked = sorted(
        rows.values(),
        key=lambda r: (-r["round"], r["place"] or 99, -r["worth"], -r["total"], r["name"]),
    )
    for rank, row in enumerate(ranked, start=1):
        row["rank"] = rank
        row["withdrawn"] = row["name"] in state.withdrawn
    return ranked


def champion(state: EventState, ranked: list[dict[str, Any]] | None = None) -> str | None:
    """Who won the event, once its last round has every table's result (the final's,
    in a championship); None until then. `ranked`: its standings, when already worked
    out (they are looked at only once the event is won)."""
    last = state.rounds[-1] if state.rounds else None
    if last is None or last.number < state.setup.rounds or not last.complete:
        return None
    ranked = standings(state) if ranked is None else ranked
    return str(ranked[0]["name"]) if ranked else None
