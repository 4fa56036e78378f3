"""`banker tournament ...`: the director's commands from the shell."""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
from pathlib import Path

from pydantic import ValidationError

from banker.core.edition import load_edition
from banker.core.errors import BadInput
from banker.core.money import N_, Message, joined, msg, plural
from banker.i18n import ENGLISH, Translator, default_language, translator
from banker.i18n.arguments import STANDINGS_PAGE, add_listening
from banker.i18n.catalogue import ENGLISH_CATALOGUE, Catalogue, EnglishCatalogue
from banker.launch import TOURNAMENT_HELP
from banker.tournament.journal import EventJournal, resolve_event_path
from banker.tournament.language import VERBS, done_saving, inert, perform, save_results
from banker.tournament.model import (
    DEFAULT_POINTS,
    DEFAULT_TIE_BREAKS,
    PHASE_WORDS,
    TIE_BREAK_WORDS,
    EventSetup,
    Phase,
    setup_problems,
)

_HELP = {
    "players": N_("enter players: NAMES separated by commas"),
    "draw": N_("draw the next round's seating (seeded, journaled) and print it"),
    "seating": N_("print a round's seating and one 'banker new' line per table"),
    "swap": N_("swap two players' seats before the round starts: Ana,Ben because REASON"),
    "withdraw": N_("a player leaves the event: NAME because REASON"),
    "enter": N_("late entries, for the preliminaries from the next draw: NAMES because REASON"),
    "alternates": N_("who waits for a seat a withdrawal leaves, in order: NAMES"),
    "substitute": N_("one takes another's seat before the round starts: NAME,NAME because REASON"),
    "link": N_("follow a table of this round: TABLE URL (its share address)"),
    "start": N_("start this round's clock"),
    "end": N_("time: end this round; tables still playing are flagged ('end now' before time)"),
    "record": N_("a table's result by hand: TABLE Ana=2400,Ben=1800,..."),
    "correct": N_("correct a result: [ROUND] TABLE Ana=...,... because REASON"),
    "undo": N_("undo the last director's command (journaled)"),
    "redo": N_("redo what was undone"),
    "standings": N_("print the standings, or save them as CSV: [FILE]"),
    "csv": N_("save every round's results as CSV: FILE"),
}


def add_parser(
    sub: argparse._SubParsersAction[argparse.ArgumentParser],
    say: Catalogue | EnglishCatalogue = ENGLISH_CATALOGUE,
) -> None:
    """Register `banker tournament` and its actions, their help said in `say`'s language."""
    t = say.gettext
    tour = sub.add_parser("tournament", help=t(TOURNAMENT_HELP))
    acts = tour.add_subparsers(dest="tournament_action", metavar=t(N_("ACTION")))
    new = acts.add_parser("new", help=t(N_("create an event file (in your games folder)")))
    new.add_argument(
        "event", metavar="EVENT", help=t(N_("a name (kept in your games folder) or a path"))
    )
    new.add_argument("--name", help=t(N_("the event's title (default: EVENT)")))
    new.add_argument(
        "--rounds",
        type=int,
        default=3,
        help=t(N_("preliminary rounds, scored by points (default 3)")),
    )
    new.add_argument("--minutes", type=int, default=90, help=t(N_("round length (default 90)")))
    new.add_argument(
        "--semi-finals",
        type=int,
        metavar="N",
        help=t(N_("the best N of the preliminaries play semi-finals, seated by rank")),
    )
    new.add_argument(
        "--semi-minutes",
        type=int,
        default=75,
        help=t(N_("a semi-final's length (default 75)")),
    )
    new.add_argument(
        "--final",
        type=int,
        metavar="N",
        help=t(N_("the best N go on to a final (from the semi-finals when there are some)")),
    )
    new.add_argument(
        "--final-minutes", type=int, default=120, help=t(N_("the final's length (default 120)"))
    )
    new.add_argument(
        "--points",
        default=",".join(str(p) for p in DEFAULT_POINTS),
        metavar="5,4,3,2,1",
        help=t(N_("points by place, first to last")),
    )
    new.add_argument(
        "--tie-breaks",
        default=",".join(DEFAULT_TIE_BREAKS),
        metavar="worth,wins",
        help=t(
            N_(
                "between equal points, in order: worth (money totals), wins, opponents "
                "(the points of those met)"
            )
        ),
    )
    new.add_argument(
        "--advance",
        metavar="winners|best:N",
        help=t(
            N_(
                "instead of points and phases: after each round, each table's winner or "
                "the best N by place then worth go on"
            )
        ),
    )
    new.add_argument(
        "--table-size", type=int, default=4, help=t(N_("players per table (default 4)"))
    )
    new.add_argument(
        "--smaller-tables",
        action="store_true",
        help=t(
            N_(
                "where the players do not divide into full tables, some tables one smaller "
                "(3 and 4) instead of one larger (4 and 5)"
            )
        ),
    )
    new.add_argument("--edition", default="us", help=t(N_("the board every table plays: us or uk")))
    new.add_argument("--rules", help=t(N_("a TOML file of the house rules every table must use")))
    new.add_argument("--seed", type=int, default=0, help=t(N_("seeds every draw (default 0)")))
    for verb in VERBS:
        if verb == "csv":
            continue  # its own action below, printing or saving
        act = acts.add_parser(verb, help=t(_HELP[verb]))
        act.add_argument("event", metavar="EVENT")
        act.add_argument("words", metavar="WORDS", nargs=argparse.REMAINDER)
    for name, text in (
        ("show", N_("the event: rounds, tables, results")),
        ("log", N_("its journal")),
    ):
        act = acts.add_parser(name, help=t(text))
        act.add_argument("event", metavar="EVENT")
    out = acts.add_parser("csv", help=t(N_("every round's results as CSV")))
    out.add_argument("event", metavar="EVENT")
    out.add_argument("-o", "--output", metavar=t(N_("FILE")), help=t(N_("a file (default: print)")))
    out.add_argument("--force", action="store_true", help=t(N_("replace the file if there is one")))
    out.add_argument(
        "--standings",
        action="store_true",
        help=t(N_("the standings (rank, points, tie-breaks) instead of every round's results")),
    )
    rec = acts.add_parser(
        "recover", help=t(N_("save every intact entry of a damaged event file into a new one"))
    )
    rec.add_argument("event", metavar="EVENT")
    rec.add_argument("--to", help=t(N_("the new event file (default: EVENT-recovered.event)")))
    publish = acts.add_parser(
        "publish",
        help=t(N_("send the event's entries to the national database, and keep sending")),
    )
    publish.add_argument("event", metavar="EVENT")
    publish.add_argument(
        "--to", required=True, metavar="DSN", help=t(N_("the national database's address"))
    )
    publish.add_argument(
        "--venue",
        required=True,
        metavar=t(N_("ID")),
        help=t(N_("this venue's id in the championship, e.g. kl-1")),
    )
    join = acts.add_parser(
        "join", help=t(N_("a table's side: send its share address to the director"))
    )
    join.add_argument(
        "join_url", metavar="JOIN_URL", help=t(N_("the director's join address (on the board)"))
    )
    join.add_argument(
        "table", metavar="TABLE", type=int, help=t(N_("this table's number in the round"))
    )
    join.add_argument(
        "share_url",
        metavar="SHARE_URL",
        help=t(N_("this table's share address ('banker share' prints it)")),
    )
    board = acts.add_parser(
        "board", help=t(N_("the live board of every table, and the standings page"))
    )
    board.add_argument("event", metavar="EVENT")
    add_listening(board, t, STANDINGS_PAGE)
    board.add_argument(
        "--publish",
        metavar="DSN",
        help=t(N_("also send the event and its tables to the national database at DSN")),
    )
    board.add_argument(
        "--venue",
        metavar=t(N_("ID")),
        help=t(N_("this venue's id in the championship, e.g. kl-1 (with --publish)")),
    )


def run(args: argparse.Namespace) -> int:
    action = args.tournament_action
    language = getattr(args, "said_in", None) or default_language()
    say = translator(language)
    if action is None:
        print("banker tournament new|" + "|".join(VERBS) + "|show|log|csv|board EVENT ...")
        return 0
    if action == "new":
        return _new(args, say)
    if action == "publish":
        return _publish(resolve_event_path(args.event), args.to, args.venue, say)
    if action == "join":
        import asyncio

        from banker.tournament.join import send_join

        try:
            status, answer = asyncio.run(
                send_join(args.join_url, args.table, args.share_url, language)
            )
        except OSError as exc:
            raise BadInput(
                "Cannot reach the director at {url}: {why}", url=args.join_url, why=exc
            ) from None
        if status == 404:
            answer = say(N_("The director does not know this address."))
        print(inert(answer.strip()))
        return 0 if status == 200 else 1
    path = resolve_event_path(args.event)
    if action == "board":
        from banker.tui.board import run_board

        publish = None
        if args.publish or args.venue:
            if not (args.publish and args.venue):
                raise BadInput("--publish DSN --venue ID: both, to publish the event.")
            publish = (args.publish, _venue_id(args.venue))
        return run_board(path, args.host, args.port, language, publish)
    if action == "recover":
        return _recover(path, args.to, say)
    if action in ("show", "log", "csv"):
        with EventJournal.open(path, read_only=True) as journal:
            if action == "log":
                undone = say.gettext(N_("(undone)"))
                for entry in journal.entries():
                    mark = f"  {undone}" if entry.undone else ""
                    print(inert(f"{entry.seq:>5}  {entry.at}  {entry.message.render(say)}{mark}"))
            elif action == "csv":
                from banker.tournament.director import results_csv, standings_csv

                made = standings_csv if args.standings else results_csv
                text = made(journal.state)
                if args.output:
                    target = Path(args.output).expanduser()
                    save_results(target, text, journal.path, force=args.force)
                    print(done_saving(target, say))
                else:
                    sys.stdout.write(text)
            else:
                print(inert("\n".join(show_lines(journal, say))))
        return 0
    # what only reads the event opens it read-only: it answers while the board holds it
    with EventJournal.open(path, read_only=action in READ_ONLY) as journal:
        for line in perform(journal, " ".join([action, *args.words]), language=language):
            print(inert(line))
    return 0


def _venue_id(venue: str) -> str:
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,39}", venue):
        raise BadInput("--venue: lower-case letters, digits and dashes, e.g. kl-1.")
    return venue


def _publish(path: Path, dsn: str, venue: str, say: Translator) -> int:
    """Send the event's entries to the national database until Ctrl+C, catching up
    whenever the database comes back."""
    import asyncio
    import signal

    from banker.national.outbox import Outbox

    outbox = Outbox(path, dsn, _venue_id(venue))

    async def publish() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, stop.set)
        await outbox.run(stop)

    try:  # Ctrl+C at any moment stops it, saying what was sent
        outbox.send()  # the first time at once: a wrong address is said here, not retried
        said = msg(
            "Publishing {event} as venue {venue}: Ctrl+C stops.", event=str(path), venue=venue
        )
        print(said.render(say), flush=True)
        asyncio.run(publish())
    except KeyboardInterrupt:
        pass
    finally:
        outbox.close()
    print(plural(outbox.sent, "{n} entry sent.", "{n} entries sent.").render(say), flush=True)
    return 0


READ_ONLY = frozenset({"standings", "seating"})
"""The director's verbs that only read the event (`show`, `log` and `csv` too)."""


def _recover(path: Path, to: str | None, say: Translator) -> int:
    from banker.tournament.journal import recover

    target = Path(to).expanduser() if to else path.with_name(f"{path.stem}-recovered.event")
    report = recover(path, target)
    saved = plural(
        report.saved,
        "Saved {n} entry of {source} into {target}.",
        "Saved {n} entries of {source} into {target}.",
        source=str(path),
        target=str(target),
    )
    print(saved.render(say))
    for line in report.lost:
        print(inert("  " + msg("lost {what}", what=line).render(say)))
    return 0 if not report.lost else 1


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
            board=_board_words(setup.board),
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
        lines.append(
            msg("Round {n} ({state}):", n=rnd.number, state=msg(ROUND_STATES[status])).render(say)
        )
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


def _board_words(name: str) -> Message | str:
    from banker.tournament.director import _board_words as words

    return words(name)


def _new(args: argparse.Namespace, say: Translator = ENGLISH) -> int:
    from banker.store.files import load_rules

    advance, best = "winners", None
    phases: tuple[Phase, ...] = ()
    if args.advance is not None:
        kind, _, count = args.advance.partition(":")
        if kind == "best" and count.isdigit() and int(count) >= 1:
            advance, best = "best", int(count)
        elif args.advance != "winners":
            raise BadInput("--advance is winners, or best:N (e.g. best:16).")
        if args.semi_finals is not None or args.final is not None:
            raise BadInput("A championship's cuts say who goes on: no --advance with them.")
    else:
        phases = _phases(args)
    edition = load_edition(args.edition)
    try:
        setup = EventSetup(
            name=args.name or Path(args.event).stem,
            rounds=sum(p.rounds for p in phases) if phases else args.rounds,
            minutes=args.minutes,
            advance=advance,
            best=best,
            phases=phases,
            points=_numbers(args.points),
            tie_breaks=tuple(w.strip() for w in args.tie_breaks.split(",") if w.strip()),
            table_size=args.table_size,
            smaller_tables=args.smaller_tables,
            edition=args.edition,
            board=edition.name,
            rules=load_rules(args.rules),
            seed=args.seed,
        )
    except ValidationError as exc:
        raise BadInput(setup_problems(exc)) from None
    path = resolve_event_path(args.event)
    with EventJournal.create(path, setup):
        pass
    made = msg("New event at {path}: {how}", path=str(path), how=format_words(setup))
    print(made.render(say))
    line = f"banker tournament players {args.event} NAME,NAME,...; draw"
    print(msg("Next: {line}", line=line).render(say))
    return 0


def _numbers(text: str) -> tuple[int, ...]:
    """`5,4,3,2,1` as whole numbers.

    Raises:
        BadInput: one is not a whole number.
    """
    words = [w.strip() for w in text.split(",")]
    if not all(w.isdigit() and w.isascii() for w in words):
        raise BadInput("--points: whole numbers by place, first to last (e.g. 5,4,3,2,1).")
    return tuple(int(w) for w in words)


def _phases(args: argparse.Namespace) -> tuple[Phase, ...]:
    """The championship the line asks for: the preliminaries, then the semi-finals and
    the final when it names them."""
    try:
        phases = [Phase(name="preliminary", rounds=args.rounds, minutes=args.minutes)]
        if args.semi_finals is not None:
            phases.append(
                Phase(name="semi-final", minutes=args.semi_minutes, players=args.semi_finals)
            )
        if args.final is not None:
            phases.append(Phase(name="final", minutes=args.final_minutes, players=args.final))
    except ValidationError as exc:
        raise BadInput(setup_problems(exc)) from None
    return tuple(phases)
