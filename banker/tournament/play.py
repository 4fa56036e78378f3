"""What a director's command does to the event: `apply`, the event's one writer, checked
and then done on a copy (the state before is never changed), with its receipt.

The event's records are in `model`; who takes an empty seat and how a round is drawn in
`seating`; the standings in `scoring`.
"""

from __future__ import annotations

from banker.core.errors import BadInput, NotAllowed, UnknownName
from banker.i18n.message import Message, msg, plural
from banker.tournament.model import (
    AddAlternates,
    AddPlayers,
    EndRound,
    EnterLate,
    EventCommand,
    EventState,
    LinkTable,
    Place,
    RecordResult,
    Round,
    Seat,
    StartRound,
    Substitute,
    SwapPlayers,
    TableResult,
    Withdraw,
)
from banker.tournament.seating import alternate_for


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
            "Round {n} drawn: {tables}, {byes}",
            n=str(command.round),
            tables=plural(len(command.tables), "{n} table", "{n} tables"),
            byes=plural(len(command.byes), "{n} bye", "{n} byes"),
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
