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
from pydantic_core import PydanticCustomError

from banker.core.errors import BankerError, UnknownName
from banker.core.limits import MAX_HOLDING, MAX_PLAYERS
from banker.core.rules import HouseRules
from banker.i18n.message import N_, Message, joined, msg

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
def round_words(setup: EventSetup, number: int) -> Message:
    """Round `number` as the director and the standings name it: "Preliminary round 2
    of 3", "Semi-finals", "Final" in a championship (not "Round 4/5" from three
    preliminary rounds); "Round 2 of 5" in an event without phases."""
    found = setup.phase_of(number)
    if found is None:
        return msg("Round {n} of {of}", n=number, of=setup.rounds)
    index, phase = found
    within = number - setup.first_round(index) + 1
    if phase.name == "preliminary":
        return msg("Preliminary round {n} of {of}", n=within, of=phase.rounds)
    name = msg(N_("Semi-finals")) if phase.name == "semi-final" else msg(N_("Final"))
    if phase.rounds > 1:
        return msg("{phase}, round {n} of {of}", phase=name, n=within, of=phase.rounds)
    return name


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
            raise _across("phase-rounds")
        first, *later = self.phases
        if first.players is not None or any(p.players is None for p in later):
            raise _across("phase-cuts")
        cuts = [p.players or 0 for p in later]
        if any(b >= a for a, b in zip(cuts, cuts[1:], strict=False)):
            raise _across("phase-cuts")
        if self.best is not None or self.advance != "winners":
            raise _across("phase-advance")
        if not 1 <= len(self.points) <= 8 or any(not 0 <= p <= 1000 for p in self.points):
            raise _across("points")
        if any(b > a for a, b in zip(self.points, self.points[1:], strict=False)):
            raise _across("points")
        if len(set(self.tie_breaks)) != len(self.tie_breaks):
            raise _across("tie_breaks")
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
    if not isinstance(final, list) or not 1 <= len(final) <= MAX_PLAYERS:
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
            or abs(worth) > MAX_HOLDING
            or not isinstance(bankrupt, bool)
        ):
            raise unreadable
        places.append(Place(name=name, place=place, worth=worth, bankrupt=bankrupt))
    return tuple(places)


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


def _across(key: str) -> PydanticCustomError:
    """A check across a new event's settings refused: the key of `_SETUP_LIMITS` that
    says why, as the error's own type (read back by `setup_problems`, never from text)."""
    return PydanticCustomError(key, "settings refused: {key}", {"key": key})


def setup_problems(exc: ValidationError) -> Message:
    """What is wrong with a new event's settings, in the table's words (never pydantic's
    own English): one sentence per field refused."""
    fields: list[str] = []
    for error in exc.errors():
        loc = error.get("loc") or ("",)
        field_name = str(loc[0]) or error["type"]  # a check across fields: its own key
        if field_name not in fields:
            fields.append(field_name)
    said = [msg(_SETUP_LIMITS.get(f, N_("Another setting is out of range."))) for f in fields]
    return msg("The event's settings are not valid: {why}", why=joined(said, " "))
