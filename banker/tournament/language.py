"""The director's lines: one small language for the command line and the board's bar.

    players Ana,Ben,Cai,...          enter players (before round 1 is drawn)
    draw                             draw the next round's seating and print it
    seating [ROUND]                  print a round's seating and its `banker new` lines
    swap Ana,Ben because REASON      swap two players' seats before the round starts
    withdraw Ana because REASON      a player leaves (an alternate takes a seat not yet played)
    enter Zoe because REASON         a late entry: plays the preliminaries from the next draw
    alternates Yan,Zed               who waits for a seat a withdrawal leaves, in order
    substitute Ana,Zoe because REASON  Zoe takes Ana's seat in a round not yet started
    link TABLE URL                   follow a table of this round at its share address
    start                            start this round's clock
    end                              time: end this round (tables still playing are flagged)
    end now                          end it before its time (plain `end` asks first)
    record TABLE Ana=2400,Ben=1800   a table's result by hand (a paper score sheet)
    correct [ROUND] TABLE Ana=2600,Ben=1800 because REASON
    undo | redo
    standings [FILE]                 print the standings, or save them as CSV
    csv FILE                         save every round's results as CSV

Standings by hand list the players from first to last with their worth, one place each
(a tie is broken as the table breaks it: more cash, then the earlier seat), and
`Name=bankrupt` for a player who went bankrupt (last; the last to go bankrupt first).
"""

from __future__ import annotations

import contextlib
import os
import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING, Any

from banker.core.commands import alike_key, check_new_player_names, name_key
from banker.core.edition import load_edition
from banker.core.errors import BadInput, BankerError, NotAllowed
from banker.core.limits import MAX_HOLDING
from banker.i18n import ENGLISH, LANGUAGES, Translator, translator
from banker.i18n.message import N_, Message, joined, msg, plural
from banker.store.sqlfile import now
from banker.tournament.director import (
    board_words,
    complete_words,
    results_csv,
    standings_csv,
    time_left,
)
from banker.tournament.journal import EventJournal
from banker.tournament.model import (
    PHASE_WORDS,
    TIE_BREAK_WORDS,
    AddAlternates,
    AddPlayers,
    CorrectResult,
    EndRound,
    EnterLate,
    EventCommand,
    EventSetup,
    EventState,
    LinkTable,
    Place,
    RecordResult,
    Round,
    Seat,
    StartRound,
    Substitute,
    SwapPlayers,
    Withdraw,
    round_words,
)
from banker.tournament.scoring import champion, standings
from banker.tournament.seating import next_seating, seating_lines

if TYPE_CHECKING:
    from banker.tournament.director import Director

VERBS = (
    "players",
    "draw",
    "seating",
    "swap",
    "withdraw",
    "enter",
    "alternates",
    "substitute",
    "link",
    "start",
    "end",
    "record",
    "correct",
    "undo",
    "redo",
    "standings",
    "csv",
)


def perform(
    journal: EventJournal,
    line: str,
    director: Director | None = None,
    language: str = "en",
    seat: Seat | None = None,
) -> list[str]:
    """Carry out one director's line; the lines to show. Raises BankerError if refused.

    With a `director` (the board), changes go through it so the tables followed and the
    standings page follow at once; `end` then records tables still playing as they stand.
    `seat`: the next round's seating, already drawn (the board draws off its loop).
    """
    words = line.strip().split(maxsplit=1)
    if not words:
        raise BadInput("Type a director's command: {verbs}.", verbs=", ".join(VERBS))
    verb, rest = words[0].lower(), (words[1] if len(words) > 1 else "")
    say = translator(language)
    state = journal.state

    def done(message: Message) -> list[str]:
        return [message.render(say)]

    def change(command: EventCommand) -> Message:
        if director is not None:
            return director.apply(command)
        return journal.apply(command)

    if verb == "players":
        names = tuple(" ".join(n.split()) for n in rest.split(",") if n.strip())
        if not names:
            raise BadInput("Name the players, separated by commas: players Ana,Ben,Cai")
        _check_names([*state.players, *names])  # exactly the names a table accepts
        return done(change(AddPlayers(names=names)))
    if verb == "draw":
        seat = seat or next_seating(state)
        lines = done(change(seat))
        return lines + seating_lines(journal.state, seat.round, say)
    if verb == "seating":
        current = state.current
        number = int(rest) if rest.strip().isdigit() else (current.number if current else 0)
        return seating_lines(state, number, say)
    if verb == "swap":
        head, sep, reason = rest.partition(" because ")
        pair = [" ".join(n.split()) for n in (head.split(",") if "," in head else head.split())]
        if not sep or not reason.strip() or len(pair) != 2 or not all(pair):
            raise BadInput("swap Ana,Ben because REASON: two seated players and the reason.")
        current = _current(journal)
        seated = {name_key(n): n for names in current.tables for n in names}
        first, second = (seated.get(name_key(n), n) for n in pair)
        swap = SwapPlayers(round=current.number, names=(first, second), reason=reason.strip())
        return done(change(swap)) + seating_lines(journal.state, current.number, say)
    if verb in ("withdraw", "enter", "alternates", "substitute"):
        return done(change(_people(verb, rest, journal)))
    if verb == "link":
        parts = rest.split()
        if len(parts) != 2 or not parts[0].isdigit():
            raise BadInput("link TABLE URL: the table's number and its share address.")
        if not parts[1].startswith(("http://", "https://")):
            raise BadInput("{url} is not a share address (http://...).", url=parts[1])
        if director is not None:
            return done(director.link(int(parts[0]), parts[1]))
        return done(journal.apply(LinkTable(table=int(parts[0]), url=parts[1])))
    if verb == "start":
        if director is not None:
            return done(director.start_round())
        current = _current(journal)
        return done(journal.apply(StartRound(round=current.number, at=now())))
    if verb == "end":
        _ask_before_time(journal, rest)
        if director is not None:
            return done(director.end_round())
        current = _current(journal)
        playing = tuple(n for n in range(1, len(current.tables) + 1) if n not in current.results)
        lines = done(journal.apply(EndRound(round=current.number, playing=playing)))
        if playing:
            still = msg(
                "Still playing at time (record their results by hand): {tables}",
                tables=", ".join(str(n) for n in playing),
            )
            lines.append(still.render(say))
        return lines
    if verb == "record":
        table, places = _table_and_places(rest)
        current = _current(journal)
        return done(change(RecordResult(round=current.number, table=table, places=places)))
    if verb == "correct":
        head, sep, reason = rest.partition(" because ")
        if not sep or not reason.strip():
            raise BadInput("A correction needs its reason: correct TABLE ... because REASON")
        parts = head.split()
        number = _current(journal).number
        if len(parts) == 3 and parts[0].isdigit():
            number = int(parts.pop(0))
        table = int(parts[0]) if parts and parts[0].isdigit() and len(parts[0]) <= 4 else 0
        before = _recorded(journal, number, table)
        table, places = _table_and_places(" ".join(parts), before)
        command = CorrectResult(round=number, table=table, places=places, reason=reason.strip())
        return done(change(command))
    if verb == "undo":
        return done(director.undo() if director is not None else journal.undo())
    if verb == "redo":
        return done(journal.redo())
    if verb == "standings":
        where = rest.strip()
        if where:
            force = where.endswith(" --force")
            target = Path(where.removesuffix(" --force").strip()).expanduser()
            save_results(target, standings_csv(state), journal.path, force=force)
            return [done_saving(target, say)]
        return standings_lines(state, standings(state), say)
    if verb == "csv":
        where = rest.strip()
        force = where.endswith(" --force")
        where = where.removesuffix(" --force").strip()
        if not where:
            raise BadInput("csv FILE: where to save every round's results.")
        target = Path(where).expanduser()
        save_results(target, results_csv(state), journal.path, force=force)
        return [done_saving(target, say)]
    raise BadInput(
        "{verb!r} is not a director's command: {verbs}.", verb=verb, verbs=", ".join(VERBS)
    )


def standings_lines(
    state: EventState, rows: list[dict[str, Any]], say: Translator = ENGLISH
) -> list[str]:
    """The standings as printed, one line a player: a championship's phase, points and
    tie-breaks; an event of rounds' furthest round, place and worth there."""
    setup = state.setup

    money = load_edition(setup.edition).money
    width = max((len(r["name"]) for r in rows), default=0)
    lines: list[str] = []
    for r in rows:
        if setup.phases:
            breaks = joined(
                [
                    msg(
                        "{what} {value}",
                        what=msg(TIE_BREAK_WORDS[b]),
                        value=money(r["money"]) if b == "worth" else r[b],
                    )
                    for b in setup.tie_breaks
                ],
                ", ",
            )
            said = plural(
                r["points"],
                "{phase}: {n} point ({breaks})",
                "{phase}: {n} points ({breaks})",
                phase=msg(PHASE_WORDS[r["stage"]]),
                breaks=breaks,
            )
        else:
            said = msg(
                "round {round} place {place} worth {worth}",
                round=r["round"],
                place=r["place"] or "-",
                worth=r["worth"],
            )
        gone = ""
        if r.get("withdrawn"):
            gone = " " + msg("(withdrew: {why})", why=state.withdrawn[r["name"]]).render(say)
        lines.append(f"{r['rank']:>3}. {r['name']:<{width}}  " + said.render(say) + gone)
    return lines


def _ask_before_time(journal: EventJournal, rest: str) -> None:
    """`end` before the round's time, with tables still playing, asks first: `end now`.

    Raises:
        NotAllowed: the question, when `end` is not followed by `now`.
        BadInput: anything else follows `end`.
    """
    word = rest.strip().lower()
    if word not in ("", "now"):
        raise BadInput("end: the round's time is up; end now: end it before its time.")

    current = _current(journal)
    left = time_left(journal.state)
    playing = [n for n in range(1, len(current.tables) + 1) if n not in current.results]
    if word == "" and left is not None and left > 0 and playing:
        raise NotAllowed(
            plural(
                len(playing),
                "Round {r} has {left} left and table {tables} is still playing: 'end now' "
                "ends it early (it is recorded as it stands).",
                "Round {r} has {left} left and tables {tables} are still playing: 'end now' "
                "ends it early (they are recorded as they stand).",
                r=current.number,
                left=f"{left // 60}:{left % 60:02}",
                tables=", ".join(str(t) for t in playing),
            )
        )


def save_results(target: Path, text: str, event: Path, force: bool = False) -> None:
    """Write the results to `target` whole (a temporary file, then its name): never over
    the event file itself, nor over another file unless `force`.

    Raises:
        BadInput: refused, or it cannot be written; the reason says which.
    """
    try:
        same = target.exists() and event.exists() and target.samefile(event)
    except OSError:
        same = False
    if same or target.suffix in (".event", ".banker"):
        raise BadInput(
            "{path} is an event or a game file: the results go to a file of their own "
            "(results.csv).",
            path=str(target),
        )
    if (target.exists() or target.is_symlink()) and not force:
        raise BadInput(
            "A file already exists at {path}: choose another name, or add --force to replace it.",
            path=str(target),
        )
    if not target.parent.is_dir():
        raise BadInput(
            "Cannot save {path}: there is no folder {folder}.",
            path=str(target),
            folder=str(target.parent),
        )
    building = target.with_name(f".{target.name}.{os.getpid()}.saving")
    try:
        building.write_text(text, encoding="utf-8")
        os.replace(building, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            building.unlink(missing_ok=True)
        raise BadInput("Cannot save {path}: {why}", path=str(target), why=exc) from None


def inert(text: str) -> str:
    """`text` with every control and format character taken out (line breaks kept): what
    Banker prints never moves the cursor, sets a title or clears a terminal."""
    return "".join(ch for ch in text if ch == "\n" or unicodedata.category(ch) not in ("Cc", "Cf"))


_PEOPLE_FORMS = {
    "withdraw": N_("withdraw Ana because REASON: an entered player and the reason."),
    "enter": N_("enter Zoe,Yan because REASON: the late entries and the reason."),
    "alternates": N_("alternates Yan,Zed: who waits for a seat, in order."),
    "substitute": N_(
        "substitute Ana,Zoe because REASON: the seated player, who takes the seat, and the reason."
    ),
}


def _people(verb: str, rest: str, journal: EventJournal) -> EventCommand:
    """`withdraw`, `enter`, `alternates` and `substitute` as the director types them."""
    state = journal.state
    head, sep, reason = rest.partition(" because ")
    reason = reason.strip()
    names = [" ".join(n.split()) for n in head.split(",") if n.strip()]
    needs_reason = verb != "alternates"
    wanted = {"withdraw": 1, "substitute": 2}.get(verb)
    if (
        not names
        or (needs_reason and (not sep or not reason))
        or (not needs_reason and sep)
        or (wanted is not None and len(names) != wanted)
    ):
        raise BadInput(_PEOPLE_FORMS[verb])
    known = {name_key(n): n for n in [*state.players, *state.alternates]}
    if verb == "withdraw":
        return Withdraw(name=known.get(name_key(names[0]), names[0]), reason=reason)
    if verb == "substitute":
        out = known.get(name_key(names[0]), names[0])
        into = known.get(name_key(names[1]), names[1])
        if into not in state.alternates:
            _check_names([*state.players, *state.alternates, into])
        current = _current(journal)
        return Substitute(round=current.number, out=out, into=into, reason=reason)
    _check_names([*state.players, *state.alternates, *names])
    if verb == "enter":
        return EnterLate(names=tuple(names), reason=reason)
    return AddAlternates(names=tuple(names))


def _check_names(names: list[str]) -> None:
    """Refuse a name a table's `banker new` would refuse (too long, no letter, a comma or
    semicolon, a control character, a command word), or two that a table could not tell
    apart (`ana` and `ANA`): the draw prints one `banker new` line per table with them."""
    for name in names:  # each as a new game checks it (beside another: a game has two)
        check_new_player_names([name, "Zz" if name_key(name) != "zz" else "Yy"])
    keys: dict[str, str] = {}
    for name in names:
        key = alike_key(name)
        if key in keys:
            raise BadInput(
                "{a!r} and {b!r} would read alike at a table (case, spaces and punctuation "
                "aside): give the players names a table can tell apart.",
                a=keys[key],
                b=name,
            )
        keys[key] = name


def done_saving(target: object, say: Translator) -> str:
    return msg("Saved every round's results to {path}.", path=str(target)).render(say)


def _recorded(journal: EventJournal, number: int, table: int) -> tuple[Place, ...]:
    """The places recorded for a table, if any (what a correction corrects)."""
    rounds = journal.state.rounds
    if not 1 <= number <= len(rounds):
        return ()
    result = rounds[number - 1].results.get(table)
    return result.places if result is not None else ()


def _current(journal: EventJournal) -> Round:
    current = journal.state.current
    if current is None:
        raise BankerError("Draw the first round's seating first.")
    return current


WORTH = re.compile(r"-?[0-9]{1,13}")
"""A worth as typed: whole dollars, ASCII digits (at most 13)."""


def _bankrupt_words() -> frozenset[str]:
    """`bankrupt` as typed in any of the game's languages (`Jon=muflis`, `Jon=ล้มละลาย`)."""

    return frozenset(translator(code)(N_("bankrupt")).casefold() for code in LANGUAGES)


def _table_and_places(text: str, recorded: tuple[Place, ...] = ()) -> tuple[int, tuple[Place, ...]]:
    """A table's standings by hand: the table's number, then `Name=worth` for each player
    from first to last (one place each: the director breaks a tie as the table does, by
    cash then seat), `Name=bankrupt` for one who went bankrupt (last, the last to go
    first). In a correction (`recorded`: the result it corrects), a player recorded
    bankrupt and given 0 stays bankrupt."""
    parts = text.split(maxsplit=1)
    if len(parts) != 2 or not parts[0].isdigit() or len(parts[0]) > 4:
        raise BadInput("Give the table's number, then Name=worth for each player, first to last.")
    was_bankrupt = {p.name for p in recorded if p.bankrupt}
    places: list[Place] = []
    for item in parts[1].split(","):
        name, sep, worth = item.strip().rpartition("=")
        name, worth = name.strip(), worth.strip()
        if not sep or not name or len(name) > 40:
            raise BadInput("{item}: write Name=worth, e.g. Ana=2400.", item=item.strip()[:60])
        if worth.casefold() in _bankrupt_words():
            bankrupt, amount = True, 0
        elif WORTH.fullmatch(worth) and abs(int(worth)) <= MAX_HOLDING:
            amount = int(worth)
            bankrupt = amount == 0 and name in was_bankrupt
        else:
            raise BadInput(
                "{item}: write Name=worth (a whole number of at most {most}), or "
                "Name=bankrupt, e.g. Ana=2400.",
                item=item.strip()[:60],
                most=f"{MAX_HOLDING:,}",
            )
        if places and places[-1].bankrupt and not bankrupt:
            raise BadInput(
                "{name} is listed after {gone}, who went bankrupt: the bankrupt come last.",
                name=name,
                gone=places[-1].name,
            )
        if places and not bankrupt and amount > places[-1].worth:
            raise BadInput(
                "{name} ({worth}) is listed after {before} ({less}): list the players from "
                "first to last.",
                name=name,
                worth=amount,
                before=places[-1].name,
                less=places[-1].worth,
            )
        places.append(Place(name=name, place=len(places) + 1, worth=amount, bankrupt=bankrupt))
    return int(parts[0]), tuple(places)


ROUND_STATES = {"ended": N_("ended"), "playing": N_("playing"), "drawn": N_("drawn")}


def show_lines(journal: EventJournal, say: Translator = ENGLISH) -> list[str]:
    """The event as the director reads it: its settings, then each round's tables and
    results, in the language of `say`."""
    state = journal.state
    setup = state.setup
    lines = [
        msg(
            "{event}, on the {board} board at tables of {size} (or {other} where the "
            "players do not divide): {how}",
            event=setup.name,
            board=board_words(setup.board),
            size=setup.table_size,
            other=setup.table_size + (-1 if setup.smaller_tables else 1),
            how=format_words(setup),
        ).render(say),
        plural(len(state.players), "{n} player entered.", "{n} players entered.").render(say),
    ]
    if state.alternates:
        waiting = msg("Alternates, in order: {names}", names=", ".join(state.alternates))
        lines.append(waiting.render(say))
    lines += ["  " + said.render(say) for said in state.people]
    for rnd in state.rounds:
        status = "ended" if rnd.ended else ("playing" if rnd.started else "drawn")
        said = msg(ROUND_STATES[status])
        if setup.phases:  # "Round 4, semi-finals": the number the commands take, and its name
            named = msg(
                "Round {n}, {words} ({state}):",
                n=rnd.number,
                words=round_words(setup, rnd.number),
                state=said,
            )
        else:
            named = msg("Round {n} ({state}):", n=rnd.number, state=said)
        lines.append(named.render(say))
        for number, names in enumerate(rnd.tables, start=1):
            result = rnd.results.get(number)
            url = rnd.urls.get(number) or say.gettext(N_("not linked"))
            table = msg("Table {t}: {names}", t=number, names=", ".join(names)).render(say)
            lines.append(f"  {table}  [{url}]")
            if result is not None:
                marks = f" ({say.gettext(N_('at time'))})" if result.at_time else ""
                if result.corrections:
                    fixed = msg("corrected: {why}", why="; ".join(result.corrections))
                    marks += f" ({fixed.render(say)})"
                gone = f" ({say.gettext(N_('bankrupt'))})"
                ranked = ", ".join(
                    f"{p.place}. {p.name} {p.worth}{gone if p.bankrupt else ''}"
                    for p in result.places
                )
                lines.append(f"    {ranked}{marks}")
        if rnd.byes:
            lines.append("  " + msg("Bye: {names}", names=", ".join(rnd.byes)).render(say))
    won = champion(state)
    if won is not None:
        lines.append(complete_words(state, won).render(say))
    return lines


def format_words(setup: EventSetup) -> Message:
    """How the event is played, in a sentence: a championship's phases, points and
    tie-breaks, or an event's rounds and who goes on after each."""
    if not setup.phases:
        how = (
            msg("each table's winner goes on")
            if setup.advance == "winners"
            else msg("the best {n} go on", n=setup.best or 0)
        )
        return msg(
            "{rounds} rounds of {minutes} minutes; {how}.",
            rounds=setup.rounds,
            minutes=setup.minutes,
            how=how,
        )
    first, *cuts = setup.phases
    parts = [
        plural(
            first.rounds,
            "{n} preliminary round of {minutes} minutes",
            "{n} preliminary rounds of {minutes} minutes",
            minutes=first.minutes,
        )
    ]
    for phase in cuts:
        parts.append(
            msg(
                "the best {n} to the {phase} ({minutes} minutes)",
                n=phase.players or 0,
                phase=msg(PHASE_WORDS[phase.name]),
                minutes=phase.minutes,
            )
        )
    breaks = joined([msg(TIE_BREAK_WORDS[b]) for b in setup.tie_breaks], ", ")
    return msg(
        "{phases}; points by place {points}, ties broken by {breaks}.",
        phases=joined(parts, "; "),
        points="-".join(str(p) for p in setup.points),
        breaks=breaks,
    )
