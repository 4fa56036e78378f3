"""`banker tournament ...`: the director's commands from the shell, and the board."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from pathlib import Path

from pydantic import ValidationError

from banker.cli.actions import Say, line_language, said_in
from banker.core.edition import load_edition
from banker.core.errors import BadInput
from banker.i18n.arguments import STANDINGS_PAGE, add_listening
from banker.i18n.message import N_, msg, plural
from banker.national.outbox import Outbox
from banker.national.venues import VENUE_ID
from banker.store.files import load_rules
from banker.store.sqlfile import said_aside
from banker.tournament.director import results_csv, standings_csv
from banker.tournament.join import send_join
from banker.tournament.journal import EventJournal, recover, resolve_event_path
from banker.tournament.language import (
    VERBS,
    done_saving,
    format_words,
    inert,
    perform,
    save_results,
    show_lines,
)
from banker.tournament.model import (
    DEFAULT_POINTS,
    DEFAULT_TIE_BREAKS,
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


_EVENT = N_("the event: its name in your games folder, or a path")

_SYNTAX = {
    "players": ("NAMES", N_("the players' names, separated by commas"), "Ana,Ben,Cai,Dee,Eve"),
    "draw": ("", N_("nothing: the next round is drawn from those going on"), ""),
    "seating": ("[ROUND]", N_("a round's number (the current round without one)"), "2"),
    "swap": (
        "NAME,NAME because REASON",
        N_("two players seated in the round not yet started, and why"),
        "Ana,Ben because they came together",
    ),
    "withdraw": (
        "NAME because REASON",
        N_("the player who leaves the event, and why; an alternate takes the seat"),
        "Ana because she is unwell",
    ),
    "enter": (
        "NAMES because REASON",
        N_("the late players, separated by commas, and why"),
        "Zoe because her train was late",
    ),
    "alternates": ("NAMES", N_("separated by commas, the first to sit first"), "Yan,Zed"),
    "substitute": (
        "NAME,NAME because REASON",
        N_("the second takes the first one's seat, and why"),
        "Ana,Zoe because Ana is unwell",
    ),
    "link": (
        "TABLE URL",
        N_("the table's number and the address its 'banker share' prints"),
        "2 http://192.168.1.20:8000/Xo3f.../",
    ),
    "start": ("", N_("nothing: the round's clock starts now"), ""),
    "end": ("[now]", N_("'end' at time; 'end now' ends the round before its time"), "now"),
    "record": (
        "TABLE NAME=WORTH,...",
        N_(
            "every player from first to last with their worth; NAME=bankrupt for a player "
            "who went bankrupt"
        ),
        "4 Lea=1900,Kim=1650,Gus=1200,Ben=bankrupt",
    ),
    "correct": (
        "[ROUND] TABLE NAME=WORTH,... because REASON",
        N_("as 'record' (the current round without ROUND), and why"),
        "1 3 Ned=1525,Cai=1525,Lea=1475,Fay=1400 because slip misread",
    ),
    "undo": ("", N_("nothing: the last director's command is taken back"), ""),
    "redo": ("", N_("nothing: what was undone is done again"), ""),
    "standings": ("[FILE]", N_("a CSV file to save them in (printed without one)"), "cup.csv"),
}
"""Each action's words after the event: their form (typed as it stands), what they say
(in the reader's language) and an example, for its `--help`."""


def _verb_help(act: argparse.ArgumentParser, verb: str, say: Say) -> None:
    """An action's form and an example under its `--help`."""
    t = say.gettext
    form, _words, example = _SYNTAX[verb]
    act.usage = f"%(prog)s EVENT {form}".rstrip()
    act.description = t(_HELP[verb])
    act.epilog = f"{t(N_('For example:'))}\n  banker tournament {verb} cup {example}".rstrip()
    act.formatter_class = argparse.RawDescriptionHelpFormatter


def add_tournament(tour: argparse.ArgumentParser, say: Say) -> None:
    """`banker tournament` and its actions, their help said in `say`'s language."""
    t = say.gettext
    tour.set_defaults(run=_usage)
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
    new.set_defaults(run=_new)
    for verb in VERBS:
        if verb == "csv":
            continue  # its own action below, printing or saving
        act = acts.add_parser(verb, help=t(_HELP[verb]))
        _verb_help(act, verb, say)
        act.add_argument("event", metavar="EVENT", help=t(_EVENT))
        act.add_argument(
            "words", metavar="WORDS", nargs=argparse.REMAINDER, help=t(_SYNTAX[verb][1])
        )
        act.set_defaults(run=_perform)
    for name, text, runs in (
        ("show", N_("the event: rounds, tables, results"), _show),
        ("log", N_("its journal"), _log),
    ):
        act = acts.add_parser(
            name,
            help=t(text),
            epilog=f"{t(N_('For example:'))}\n  banker tournament {name} cup",
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        act.add_argument("event", metavar="EVENT", help=t(_EVENT))
        act.set_defaults(run=runs)
    out = acts.add_parser("csv", help=t(N_("every round's results as CSV")))
    out.add_argument("event", metavar="EVENT")
    out.add_argument("-o", "--output", metavar=t(N_("FILE")), help=t(N_("a file (default: print)")))
    out.add_argument("--force", action="store_true", help=t(N_("replace the file if there is one")))
    out.add_argument(
        "--standings",
        action="store_true",
        help=t(N_("the standings (rank, points, tie-breaks) instead of every round's results")),
    )
    out.set_defaults(run=_csv)
    rec = acts.add_parser(
        "recover", help=t(N_("save every intact entry of a damaged event file into a new one"))
    )
    rec.add_argument("event", metavar="EVENT")
    rec.add_argument("--to", help=t(N_("the new event file (default: EVENT-recovered.event)")))
    rec.set_defaults(run=_recover)
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
    publish.set_defaults(run=_publish)
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
    join.set_defaults(run=_join)
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
    board.set_defaults(run=_board)


def _usage(args: argparse.Namespace) -> int:
    print("banker tournament new|" + "|".join(VERBS) + "|show|log|csv|board EVENT ...")
    return 0


def _join(args: argparse.Namespace) -> int:
    say = said_in(args)
    try:
        status, answer = asyncio.run(
            send_join(args.join_url, args.table, args.share_url, line_language(args))
        )
    except OSError as exc:
        raise BadInput(
            "Cannot reach the director at {url}: {why}", url=args.join_url, why=exc
        ) from None
    if status == 404:
        answer = say.gettext(N_("The director does not know this address."))
    print(inert(answer.strip()))
    return 0 if status == 200 else 1


def _board(args: argparse.Namespace) -> int:
    from banker.tui.board import run_board  # the screens (~0.3 s): only for the board

    publish = None
    if args.publish or args.venue:
        if not (args.publish and args.venue):
            raise BadInput("--publish DSN --venue ID: both, to publish the event.")
        publish = (args.publish, _venue_id(args.venue))
    language = line_language(args)
    return run_board(resolve_event_path(args.event), args.host, args.port, language, publish)


def _show(args: argparse.Namespace) -> int:
    with EventJournal.open(resolve_event_path(args.event), read_only=True) as journal:
        print(inert("\n".join(show_lines(journal, said_in(args)))))
    return 0


def _log(args: argparse.Namespace) -> int:
    say = said_in(args)
    with EventJournal.open(resolve_event_path(args.event), read_only=True) as journal:
        undone = say.gettext(N_("(undone)"))
        for entry in journal.entries():
            mark = f"  {undone}" if entry.undone else ""
            print(inert(f"{entry.seq:>5}  {entry.at}  {entry.message.render(say)}{mark}"))
    return 0


def _csv(args: argparse.Namespace) -> int:
    with EventJournal.open(resolve_event_path(args.event), read_only=True) as journal:
        made = standings_csv if args.standings else results_csv
        text = made(journal.state)
        if args.output:
            target = Path(args.output).expanduser()
            save_results(target, text, journal.path, force=args.force)
            print(done_saving(target, said_in(args)))
        else:
            sys.stdout.write(text)
    return 0


def _perform(args: argparse.Namespace) -> int:
    action = args.tournament_action
    language = line_language(args)
    # what only reads the event opens it read-only: it answers while the board holds it
    path = resolve_event_path(args.event)
    with EventJournal.open(path, read_only=action in READ_ONLY) as journal:
        for line in perform(journal, " ".join([action, *args.words]), language=language):
            print(inert(line))
    return 0


def _venue_id(venue: str) -> str:
    if not VENUE_ID.fullmatch(venue):
        raise BadInput("--venue: lower-case letters, digits and dashes, e.g. kl-1.")
    return venue


def _publish(args: argparse.Namespace) -> int:
    """Send the event's entries to the national database until Ctrl+C, catching up
    whenever the database comes back."""
    path, venue, say = resolve_event_path(args.event), args.venue, said_in(args)
    outbox = Outbox(path, args.to, _venue_id(venue))

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


def _recover(args: argparse.Namespace) -> int:
    path, to, say = resolve_event_path(args.event), args.to, said_in(args)
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


def _new(args: argparse.Namespace) -> int:
    say = said_in(args)
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
    with EventJournal.create(path, setup) as journal:
        for said in said_aside(journal.set_aside):
            print(said.render(say))
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
