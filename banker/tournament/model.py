"""A tournament as a stack of director's commands, replayed like a game.

The event's state is never stored: it is the setup with every applied command replayed,
so undo and redo work exactly as they do for a game, and the journal (`EventJournal`)
only ever appends. Every command carries what it needs to replay the same way on any
machine: the seating as drawn (not the seed alone), the time a round started, the
standings a table reported.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from banker.core.errors import BadInput, BankerError, NotAllowed, UnknownName
from banker.core.money import N_, Message, joined, msg
from banker.core.rules import HouseRules

Advance = Literal["winners", "best"]
PhaseName = Literal["preliminary", "semi-final", "final"]
TieBreak = Literal["worth", "wins", "opponents"]
"""The ordered tie-breaks between players on the same points in a phase: `worth`, the
money totals (the sum of their worths at the end of each round); `wins`, tables won;
`opponents`, the points of everyone they played (strength of the field they met)."""
DEFAULT_POINTS = (5, 4, 3, 2, 1)
"""Points by place (1st, 2nd...): the national tournaments' 5-4-3-2 at tables of four,
1 for fifth at a table of five; a place beyond the table's list scores 0."""
DEFAULT_TIE_BREAKS: tuple[TieBreak, ...] = ("worth", "wins")
"""The money totals first, as the official rules break ties; then tables won."""
PHASE_WORDS: dict[str, str] = {
    "preliminary": N_("preliminaries"),
    "semi-final": N_("semi-finals"),
    "final": N_("final"),
}
"""A phase as the director and the standings say it."""
TIE_BREAK_WORDS: dict[str, str] = {
    "worth": N_("money totals"),
    "wins": N_("tables won"),
    "opponents": N_("opponents' points"),
}


class Phase(BaseModel):
    """A part of a championship: its rounds, their length, and who plays it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: PhaseName
    rounds: int = Field(default=1, ge=1, le=20)
    minutes: int = Field(ge=1, le=600)
    players: int | None = Field(default=None, ge=2, le=10_000)
    """The cut: the best this many of the phase before go on, seated by their rank;
    None for the first phase (everyone entered plays it)."""


class EventSetup(BaseModel):
    """What every table of the event must play, and how players go on."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=80)
    rounds: int = Field(ge=1, le=20)
    minutes: int = Field(ge=1, le=600)
    """The length of a round."""
    advance: Advance = "winners"
    """`winners`: each table's winner goes on; `best`: the best `best` by place then worth."""
    best: int | None = Field(default=None, ge=1)
    table_size: int = Field(default=4, ge=2, le=8)
    smaller_tables: bool = False
    """Where the players do not divide into tables of `table_size`: some tables one
    smaller (3 and 4) instead of one larger (4 and 5, the championships' way)."""
    edition: str = "us"
    """The board every table plays: a built-in edition id."""
    board: str = "United States"
    """The edition's name, as each table view reports it."""
    rules: HouseRules = Field(default_factory=HouseRules)
    seed: int = 0
    """Seeds every draw, with the round number: the same event draws the same seating."""
    join_token: str = ""
    """Guards the director's join address, where a table's banker sends its share address;
    made when the event is created and kept for the whole event."""
    phases: tuple[Phase, ...] = ()
    """A championship: preliminaries scored by points, then cuts to the semi-finals and
    the final (`advance` and `best` are not used). Empty: an event of rounds where
    `advance` says who goes on after each (events made before phases)."""
    points: tuple[int, ...] = DEFAULT_POINTS
    """A championship's points by place."""
    tie_breaks: tuple[TieBreak, ...] = DEFAULT_TIE_BREAKS
    """A championship's tie-breaks, in order; then the rank a player came into the phase
    with (the name, in the first phase)."""

    @model_validator(mode="after")
    def _phases_add_up(self) -> EventSetup:
        if not self.phases:
            return self
        if sum(p.rounds for p in self.phases) != self.rounds:
            raise ValueError("[phase-rounds]")
        first, *later = self.phases
        if first.players is not None or any(p.players is None for p in later):
            raise ValueError("[phase-cuts]")
        cuts = [p.players or 0 for p in later]
        if any(b >= a for a, b in zip(cuts, cuts[1:], strict=False)):
            raise ValueError("[phase-cuts]")
        if self.best is not None or self.advance != "winners":
            raise ValueError("[phase-advance]")
        if not 1 <= len(self.points) <= 8 or any(not 0 <= p <= 1000 for p in self.points):
            raise ValueError("[points]")
        if any(b > a for a, b in zip(self.points, self.points[1:], strict=False)):
            raise ValueError("[points]")
        if len(set(self.tie_breaks)) != len(self.tie_breaks):
            raise ValueError("[tie_breaks]")
        return self

    def phase_of(self, number: int) -> tuple[int, Phase] | None:
        """The phase (its index and itself) that round `number` belongs to; None in an
        event without phases or past its last round."""
        first = 1
        for index, phase in enumerate(self.phases):
            if number < first + phase.rounds:
                return index, phase
            first += phase.rounds
        return None

    def first_round(self, index: int) -> int:
        """The number of the first round of phase `index`."""
        return 1 + sum(p.rounds for p in self.phases[:index])

    def minutes_of(self, number: int) -> int:
        """The length of round `number`: its phase's minutes."""
        found = self.phase_of(number)
        return found[1].minutes if found is not None else self.minutes


class Place(BaseModel):
    """One player's final standing at a table."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    place: int = Field(ge=1)
    worth: int
    bankrupt: bool = False


class _Cmd(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AddPlayers(_Cmd):
    kind: Literal["players"] = "players"
    names: tuple[str, ...]


class Seat(_Cmd):
    """A round's seating, as drawn (`seating.draw`)."""

    kind: Literal["seat"] = "seat"
    round: int
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...] = ()
    seed: int = 0


class SwapPlayers(_Cmd):
    """The director swaps two players' seats in a round not yet started, with the reason
    (a couple who asked not to play each other, a seat by the door)."""

    kind: Literal["swap"] = "swap"
    round: int
    names: tuple[str, str]
    reason: str = Field(min_length=1, max_length=200)


class Withdraw(_Cmd):
    """A player leaves the event, with the reason. Seated in a round not yet started,
    their seat goes to the alternate (`alternate_for`), or the table plays without them;
    in a round under way they finish it (the table's result names them). They are drawn
    no more and a cut passes them by (the next by rank goes on instead)."""

    kind: Literal["withdraw"] = "withdraw"
    name: str
    reason: str = Field(min_length=1, max_length=200)


class EnterLate(_Cmd):
    """Players entered after the first draw, with the reason: they play from the next
    draw of the preliminaries (an event of rounds: the next round), with no points for
    the rounds before."""

    kind: Literal["late"] = "late"
    names: tuple[str, ...]
    reason: str = Field(min_length=1, max_length=200)


class AddAlternates(_Cmd):
    """Alternates, in order: not entered, they wait for a seat a withdrawal leaves in a
    round not yet started (the first takes the first)."""

    kind: Literal["alternates"] = "alternates"
    names: tuple[str, ...]


class Substitute(_Cmd):
    """`into` takes `out`'s seat in a round not yet started, with the reason: `out`
    withdraws, `into` plays from this round under their own name and score."""

    kind: Literal["substitute"] = "substitute"
    round: int
    out: str
    into: str
    reason: str = Field(min_length=1, max_length=200)


class LinkTable(_Cmd):
    """A table of the current round is followed at its share address."""

    kind: Literal["link"] = "link"
    table: int
    url: str


class StartRound(_Cmd):
    kind: Literal["start"] = "start"
    round: int
    at: str
    """When the clock started (ISO 8601, UTC)."""


class RecordResult(_Cmd):
    """A table's final standings, as its table view showed them."""

    kind: Literal["result"] = "result"
    round: int
    table: int
    places: tuple[Place, ...]
    seq: int = 0
    """The table's journal entry the standings were read at."""
    at_time: bool = False
    """The table was still playing at time: standings as they stood (flagged)."""


class CorrectResult(_Cmd):
    """The director's correction of a recorded result, with the reason."""

    kind: Literal["correct"] = "correct"
    round: int
    table: int
    places: tuple[Place, ...]
    reason: str = Field(min_length=1)


class AtTime(BaseModel):
    """A table still playing at time, as it stood: recorded with the end of the round, so
    undoing that end takes it back too."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    table: int
    places: tuple[Place, ...]
    seq: int = 0


class EndRound(_Cmd):
    kind: Literal["end"] = "end"
    round: int
    playing: tuple[int, ...] = ()
    """Tables still playing at time (flagged)."""
    at_time: tuple[AtTime, ...] = ()
    """The results of those whose standings the director could read then."""


EventCommand = Annotated[
    AddPlayers
    | Seat
    | SwapPlayers
    | LinkTable
    | StartRound
    | RecordResult
    | CorrectResult
    | EndRound
    | Withdraw
    | EnterLate
    | AddAlternates
    | Substitute,
    Field(discriminator="kind"),
]
_COMMAND = TypeAdapter(EventCommand)


def command_json(command: EventCommand) -> str:
    return command.model_dump_json()


def parse_command(text: str) -> EventCommand:
    return _COMMAND.validate_json(text)


@dataclass
class TableResult:
    places: tuple[Place, ...]
    seq: int = 0
    at_time: bool = False
    corrections: list[str] = field(default_factory=list)
    """The reasons of every correction, oldest first."""


@dataclass
class Round:
    number: int
    tables: list[tuple[str, ...]]
    byes: tuple[str, ...]
    seed: int
    urls: dict[int, str] = field(default_factory=dict)
    started: str | None = None
    ended: bool = False
    flagged: tuple[int, ...] = ()
    results: dict[int, TableResult] = field(default_factory=dict)
    swaps: list[tuple[str, str, str]] = field(default_factory=list)
    """The director's swaps, oldest first: the two players and the reason."""

    def table_of(self, player: str) -> int | None:
        for number, names in enumerate(self.tables, start=1):
            if player in names:
                return number
        return None

    @property
    def complete(self) -> bool:
        return len(self.results) == len(self.tables)


@dataclass
class EventState:
    setup: EventSetup
    players: list[str] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    withdrawn: dict[str, str] = field(default_factory=dict)
    """Who left the event, with the reason."""
    alternates: list[str] = field(default_factory=list)
    """Who waits for a seat, in order."""
    late: dict[str, int] = field(default_factory=dict)
    """Who entered after the first draw (an alternate seated, a substitute, a late entry)
    and the first round they play."""
    people: list[Message] = field(default_factory=list)
    """What happened to the players, oldest first: withdrawals, late entries, seats
    taken by alternates and substitutes, each with its reason."""

    def playing(self, names: Iterable[str]) -> list[str]:
        """`names` without those who withdrew."""
        return [n for n in names if n not in self.withdrawn]

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def round(self, number: int) -> Round:
        if not 1 <= number <= len(self.rounds):
            raise UnknownName("There is no round {n} yet.", n=str(number))
        return self.rounds[number - 1]

    def going_on(self) -> list[str]:
        """Who plays the next round: everyone before round 1, then the current round's
        qualifiers (and its byes)."""
        current = self.current
        if current is None:
            return self.playing(self.players)
        setup = self.setup
        ranked: list[tuple[int, int, str]] = []
        chosen: list[str] = []
        for number in range(1, len(current.tables) + 1):
            result = current.results.get(number)
            if result is None:
                continue
            for p in result.places:
                ranked.append((p.place, -p.worth, p.name))
                if setup.advance == "winners" and p.place == 1:
                    chosen.append(p.name)
        if setup.advance == "best":
            best = setup.best or setup.table_size
            chosen = [name for _, _, name in sorted(ranked)[:best]]
        late = [n for n, first in self.late.items() if first > current.number]
        going = chosen + [b for b in current.byes if b not in chosen]
        return self.playing(going + [n for n in late if n not in going])


def apply(state: EventState, command: EventCommand) -> tuple[EventState, Message]:
    """The event after `command`, and the receipt. Raises BankerError when refused."""
    new = _copy(state)
    if isinstance(command, AddPlayers):
        if new.rounds:
            raise NotAllowed(
                "Players are entered before the first round is drawn; after it, a late "
                "entry: enter NAME because REASON."
            )
        for name in command.names:
            if not name.strip():
                raise BadInput("A player's name cannot be empty.")
            if name in new.players:
                raise NotAllowed("{name} is already entered.", name=name)
            new.players.append(name)
        return new, msg("Entered: {names}", names=", ".join(command.names))
    if isinstance(command, AddAlternates):
        return new, _alternates(new, command)
    if isinstance(command, EnterLate):
        return new, _enter_late(new, command)
    if isinstance(command, Withdraw):
        return new, _withdraw(new, command)
    if isinstance(command, Substitute):
        return new, _substitute(new, command)
    if isinstance(command, Seat):
        if command.round != len(new.rounds) + 1:
            raise NotAllowed("The next round to draw is round {n}.", n=str(len(new.rounds) + 1))
        if new.current is not None and not new.current.ended:
            raise NotAllowed("End round {n} before drawing the next.", n=str(new.current.number))
        if command.round > new.setup.rounds:
            raise NotAllowed("The event has {n} rounds.", n=str(new.setup.rounds))
        new.rounds.append(Round(command.round, list(command.tables), command.byes, command.seed))
        return new, msg(
            "Round {n} drawn: {tables} tables, {byes} byes",
            n=str(command.round),
            tables=str(len(command.tables)),
            byes=str(len(command.byes)),
        )
    current = new.current
    if current is None:
        raise NotAllowed("Draw the first round's seating first.")
    if isinstance(command, SwapPlayers):
        return new, _swap(current, command)
    if isinstance(command, LinkTable):
        _check_table(current, command.table)
        current.urls[command.table] = command.url
        return new, msg("Table {t} followed at {url}", t=str(command.table), url=command.url)
    if isinstance(command, StartRound):
        if command.round != current.number or current.started is not None:
            raise NotAllowed("Round {n} has already started.", n=str(current.number))
        current.started = command.at
        return new, msg("Round {n} started", n=str(command.round))
    if isinstance(command, EndRound):
        if command.round != current.number or current.ended:
            raise NotAllowed("Round {n} is not being played.", n=str(command.round))
        for stood in command.at_time:
            _check_table(current, stood.table)
            _check_places(current.tables[stood.table - 1], stood.places)
            if stood.table in current.results or stood.table not in command.playing:
                raise NotAllowed("Table {t}'s result is already recorded.", t=str(stood.table))
            current.results[stood.table] = TableResult(stood.places, stood.seq, True)
        current.ended = True
        current.flagged = command.playing
        return new, msg("Round {n} ended", n=str(command.round))
    target = new.round(command.round)
    _check_table(target, command.table)
    _check_places(target.tables[command.table - 1], command.places)
    if isinstance(command, RecordResult):
        if command.table in target.results:
            raise NotAllowed(
                "Table {t}'s result is already recorded: correct it, with a reason.",
                t=str(command.table),
            )
        target.results[command.table] = TableResult(command.places, command.seq, command.at_time)
        return new, msg(
            "Round {n}, table {t}: {winner} first",
            n=str(command.round),
            t=str(command.table),
            winner=_first(command.places),
        )
    old = target.results.get(command.table)
    corrections = [*old.corrections] if old else []
    target.results[command.table] = TableResult(
        command.places,
        old.seq if old else 0,
        old.at_time if old else False,
        [*corrections, command.reason],
    )
    return new, msg(
        "Round {n}, table {t} corrected ({reason}): {winner} first",
        n=str(command.round),
        t=str(command.table),
        reason=command.reason,
        winner=_first(command.places),
    )


def replay(setup: EventSetup, commands: Iterable[EventCommand]) -> EventState:
    state = EventState(setup)
    for command in commands:
        state, _ = apply(state, command)
    return state


def places_from_table(table: dict[str, object]) -> tuple[Place, ...] | None:
    """A table's places exactly as its own `end` gives them: the table view's `final` (the
    rule book's end-of-game worth, ties to more cash then the earlier seat, the bankrupt
    last, the last to go bankrupt first). None while the table hides every worth (strict
    income tax, until its game ends) or sends no final standings.

    Raises:
        BankerError: the final standings it sends cannot be read.
    """
    final = table.get("final")
    if final is None:
        return None
    unreadable = BankerError("its final standings cannot be read")
    if not isinstance(final, list) or not 1 <= len(final) <= MAX_TABLE:
        raise unreadable
    places: list[Place] = []
    for index, row in enumerate(final, start=1):
        if not isinstance(row, dict):
            raise unreadable
        name, place, worth, bankrupt = (row.get(k) for k in ("name", "place", "worth", "bankrupt"))
        if (
            not isinstance(name, str)
            or not 1 <= len(name) <= 40
            or type(place) is not int
            or place != index
            or type(worth) is not int
            or abs(worth) > MAX_WORTH
            or not isinstance(bankrupt, bool)
        ):
            raise unreadable
        places.append(Place(name=name, place=place, worth=worth, bankrupt=bankrupt))
    return tuple(places)


MAX_TABLE = 8
"""The most players a table seats (RULES.md, "Players' names")."""
MAX_WORTH = 10**12
"""No worth at a table comes near this: one beyond it is not a table's."""


def _first(places: tuple[Place, ...]) -> str:
    return ", ".join(p.name for p in places if p.place == 1) or "?"


def _check_table(rnd: Round, table: int) -> None:
    if not 1 <= table <= len(rnd.tables):
        raise UnknownName(
            "Round {n} has tables 1 to {last}.", n=str(rnd.number), last=str(len(rnd.tables))
        )


def _check_places(seated: tuple[str, ...], places: tuple[Place, ...]) -> None:
    if sorted(p.name for p in places) != sorted(seated):
        raise NotAllowed(
            "The standings must name exactly the table's players: {names}.",
            names=", ".join(seated),
        )


def _swap(current: Round, command: SwapPlayers) -> Message:
    """Swap two players' seats in `current` (changed in place)."""
    if command.round != current.number or current.started is not None:
        raise NotAllowed(
            "Seats are swapped before the round starts: round {n} has started.",
            n=str(current.number),
        )
    first, second = command.names
    seats: dict[str, tuple[int, int]] = {}
    for t, names in enumerate(current.tables):
        for i, name in enumerate(names):
            seats[name] = (t, i)
    for name in (first, second):
        if name not in seats:
            raise NotAllowed("{name} has no seat in round {n}.", name=name, n=str(current.number))
    (ta, ia), (tb, ib) = seats[first], seats[second]
    if ta == tb:
        raise NotAllowed(
            "{a} and {b} are at the same table (table {t}).", a=first, b=second, t=str(ta + 1)
        )
    for t in (ta, tb):
        if t + 1 in current.urls:
            raise NotAllowed(
                "Table {t} is already followed: its game was set up with these players. "
                "Swap before its banker starts the game.",
                t=str(t + 1),
            )
    tables = [list(names) for names in current.tables]
    tables[ta][ia], tables[tb][ib] = second, first
    current.tables = [tuple(names) for names in tables]
    current.swaps.append((first, second, command.reason))
    return msg(
        "Round {n}: {a} (now table {ta}) and {b} (now table {tb}) swapped seats ({reason})",
        n=str(current.number),
        a=first,
        ta=str(tb + 1),
        b=second,
        tb=str(ta + 1),
        reason=command.reason,
    )


def _known(state: EventState, name: str) -> None:
    """Refuse a name already entered, waiting as an alternate or withdrawn."""
    if not name.strip():
        raise BadInput("A player's name cannot be empty.")
    if name in state.players or name in state.alternates:
        raise NotAllowed("{name} is already entered.", name=name)


def _alternates(state: EventState, command: AddAlternates) -> Message:
    for name in command.names:
        _known(state, name)
        state.alternates.append(name)
    return msg("Alternates, in order: {names}", names=", ".join(state.alternates))


def _enter_late(state: EventState, command: EnterLate) -> Message:
    if not state.rounds:
        raise NotAllowed("Before the first draw, players are entered with 'players'.")
    number = len(state.rounds) + 1  # the next draw
    found = state.setup.phase_of(number)
    if state.setup.phases and (found is None or found[0] > 0):
        raise NotAllowed("Late entries play the preliminaries: those are over.")
    if number > state.setup.rounds:
        raise NotAllowed("The event has {n} rounds.", n=str(state.setup.rounds))
    for name in command.names:
        _known(state, name)
        state.players.append(name)
        state.late[name] = number
    said = msg(
        "Entered late ({reason}): {names}; from round {n}",
        reason=command.reason,
        names=", ".join(command.names),
        n=str(number),
    )
    state.people.append(said)
    return said


def _waiting_round(state: EventState) -> Round | None:
    """The current round when it is drawn and not started, else None."""
    current = state.current
    return current if current is not None and current.started is None else None


def alternate_for(state: EventState, rnd: Round) -> str | None:
    """Who takes a seat left in `rnd` (drawn, not started): in the first round of a cut,
    the best of the phase before not already seated (the next by rank); else the first
    alternate waiting; None when there is nobody."""
    seated = {n for names in rnd.tables for n in names}
    found = state.setup.phase_of(rnd.number)
    if found is not None and found[0] > 0 and state.setup.first_round(found[0]) == rnd.number:
        from banker.tournament.scoring import ranking

        for score in ranking(state, found[0] - 1):
            if score.name not in seated and score.name not in state.withdrawn:
                return score.name
        return None
    return state.alternates[0] if state.alternates else None


def _seat_of(rnd: Round, name: str) -> tuple[int, int] | None:
    for t, names in enumerate(rnd.tables):
        if name in names:
            return t, names.index(name)
    return None


def _check_not_followed(rnd: Round, table: int) -> None:
    if table + 1 in rnd.urls:
        raise NotAllowed(
            "Table {t} is already followed: its game was set up with these players. "
            "Change the seats before its banker starts the game.",
            t=str(table + 1),
        )


def _take_seat(state: EventState, rnd: Round, seat: tuple[int, int], into: str) -> None:
    """`into` sits in `seat` of `rnd` (a round drawn, not started)."""
    t, i = seat
    names = list(rnd.tables[t])
    names[i] = into
    rnd.tables[t] = tuple(names)
    if into in state.alternates:
        state.alternates.remove(into)
    if into not in state.players:
        state.players.append(into)
        state.late[into] = rnd.number


def _withdraw(state: EventState, command: Withdraw) -> Message:
    name = command.name
    if name not in state.players:
        raise UnknownName("{name} is not entered.", name=name)
    if name in state.withdrawn:
        raise NotAllowed("{name} has already withdrawn.", name=name)
    waiting = _waiting_round(state)
    seat = _seat_of(waiting, name) if waiting is not None else None
    said = msg("{name} withdrew ({reason})", name=name, reason=command.reason)
    if waiting is not None and seat is not None:
        _check_not_followed(waiting, seat[0])
        into = alternate_for(state, waiting)
        if into is not None:
            _take_seat(state, waiting, seat, into)
            said = msg(
                "{name} withdrew ({reason}); {into} takes the seat at table {t} of round {n}",
                name=name,
                reason=command.reason,
                into=into,
                t=str(seat[0] + 1),
                n=str(waiting.number),
            )
        else:
            left = [n for n in waiting.tables[seat[0]] if n != name]
            if len(left) < 2:
                raise NotAllowed(
                    "Table {t} would have fewer than 2 players and nobody waits for the "
                    "seat: enter an alternate first ('alternates NAME').",
                    t=str(seat[0] + 1),
                )
            waiting.tables[seat[0]] = tuple(left)
            said = msg(
                "{name} withdrew ({reason}); table {t} of round {n} plays without them",
                name=name,
                reason=command.reason,
                t=str(seat[0] + 1),
                n=str(waiting.number),
            )
    elif state.current is not None and state.current.table_of(name) is not None:
        if not state.current.ended:
            said = msg(
                "{name} withdrew ({reason}) and finishes round {n}; drawn no more",
                name=name,
                reason=command.reason,
                n=str(state.current.number),
            )
    state.withdrawn[name] = command.reason
    state.people.append(said)
    return said


def _substitute(state: EventState, command: Substitute) -> Message:
    waiting = _waiting_round(state)
    if waiting is None or command.round != waiting.number:
        raise NotAllowed(
            "A substitute takes a seat in a round drawn and not yet started; "
            "after that, withdraw the player ('withdraw NAME because REASON')."
        )
    seat = _seat_of(waiting, command.out)
    if seat is None:
        raise NotAllowed(
            "{name} has no seat in round {n}.", name=command.out, n=str(waiting.number)
        )
    if command.into in state.players:
        raise NotAllowed("{name} is already entered.", name=command.into)
    if not command.into.strip():
        raise BadInput("A player's name cannot be empty.")
    _check_not_followed(waiting, seat[0])
    _take_seat(state, waiting, seat, command.into)
    state.withdrawn[command.out] = command.reason
    said = msg(
        "{into} substitutes for {out} at table {t} of round {n} ({reason})",
        into=command.into,
        out=command.out,
        t=str(seat[0] + 1),
        n=str(waiting.number),
        reason=command.reason,
    )
    state.people.append(said)
    return said


def _copy(state: EventState) -> EventState:
    rounds = [
        Round(
            r.number,
            list(r.tables),
            r.byes,
            r.seed,
            dict(r.urls),
            r.started,
            r.ended,
            r.flagged,
            dict(r.results),
            list(r.swaps),
        )
        for r in state.rounds
    ]
    return EventState(
        state.setup,
        list(state.players),
        rounds,
        dict(state.withdrawn),
        list(state.alternates),
        dict(state.late),
        list(state.people),
    )


_SETUP_LIMITS: dict[str, str] = {
    "name": N_("The event needs a name, at most 80 characters."),
    "rounds": N_("Rounds: from 1 to 20."),
    "minutes": N_("Minutes a round: from 1 to 600."),
    "best": N_("N (for the best N): at least 1."),
    "table_size": N_("Players a table: from 2 to 8."),
    "advance": N_("Who goes on: each table's winner, or the best N."),
    "edition": N_("The board: one that ships (us, uk)."),
    "phases": N_("The phases: preliminaries, then cuts to the semi-finals and the final."),
    "phase-rounds": N_("The phases' rounds must add up to the event's rounds."),
    "phase-cuts": N_(
        "Everyone plays the preliminaries; each cut after them takes fewer players than "
        "the one before, at least 2."
    ),
    "phase-advance": N_("A championship's cuts say who goes on: no --advance with them."),
    "points": N_(
        "Points by place: 1 to 8 whole numbers from 0 to 1000, a better place never scoring less."
    ),
    "tie_breaks": N_("Tie-breaks: worth, wins or opponents, each at most once."),
    "players": N_("A cut (--semi-finals, --final) takes at least 2 players."),
}


def setup_problems(exc: ValidationError) -> Message:
    """What is wrong with a new event's settings, in the table's words (never pydantic's
    own English): one sentence per field refused."""
    fields: list[str] = []
    for error in exc.errors():
        loc = error.get("loc") or ("",)
        field_name = str(loc[0])
        text = str(error.get("msg", ""))
        if not field_name and "[" in text:  # a check across fields names its own key
            field_name = text[text.index("[") + 1 : text.index("]")]
        if field_name not in fields:
            fields.append(field_name)
    said = [msg(_SETUP_LIMITS.get(f, N_("Another setting is out of range."))) for f in fields]
    return msg("The event's settings are not valid: {why}", why=joined(said, " "))
