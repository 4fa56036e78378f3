"""The `banker` command: start and run games from the shell or a script."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from banker import __version__
from banker.core.commands import Command, Setup, check_player_names
from banker.core.edition import load_edition
from banker.core.errors import BadInput, BankerError
from banker.core.money import N_, Message, joined, msg, plural
from banker.core.report import raise_lines, state_json, state_text, worth_lines
from banker.i18n import default_language, translator
from banker.i18n.arguments import (
    STANDINGS_PAGE,
    TABLE_VIEW,
    add_listening,
    speak_arguments,
    take_language,
)
from banker.i18n.catalogue import ENGLISH_CATALOGUE, Catalogue, EnglishCatalogue
from banker.i18n.languages import LANGUAGES
from banker.launch import LANG_HELP, TOURNAMENT_HELP, opens_app, start_app
from banker.store import Journal, resolve_game_path
from banker.store.files import load_rules, read_small
from banker.store.paths import custom_editions


def _parser(
    say: Catalogue | EnglishCatalogue = ENGLISH_CATALOGUE, argv: Sequence[str] | None = None
) -> argparse.ArgumentParser:
    """The command line's form, its help said in `say`'s language. The tournament's
    actions (and the event's models they import) only for a line that names them or asks
    for help, or when `argv` is not given: a game's command does not pay for them."""
    t = say.gettext
    parser = argparse.ArgumentParser(
        prog="banker",
        description=t(
            N_("The bank of a real Monopoly table: cash, deeds, mortgages, buildings, rent.")
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"banker {__version__}",
        help=t(N_("show program's version number and exit")),
    )
    sub = parser.add_subparsers(dest="action", metavar=t(N_("ACTION")))

    new = sub.add_parser("new", help=t(N_("start a new game file")))
    new.add_argument(
        "game", metavar=t(N_("GAME")), help=t(N_("a name (kept in your games folder) or a path"))
    )
    new.add_argument(
        "--players", required=True, help=t(N_("names in turn order, e.g. Alice,Bob,Carol"))
    )
    new.add_argument("--edition", default="us", help=t(N_("us, uk or the path of an edition file")))
    new.add_argument("--rules", help=t(N_("a TOML file of house rules")))
    new.add_argument(
        "--lang",
        choices=("en", "ms", "th"),
        help=t(N_("the game's language (default: your computer's, if Banker speaks it)")),
    )
    new.add_argument(
        "--deal",
        metavar="N|all",
        help=t(N_("deal the deeds at the start: N per player, or all (paid unless --free)")),
    )
    new.add_argument("--free", action="store_true", help=t(N_("dealt deeds cost nothing")))

    do = sub.add_parser("do", help=t(N_("apply commands to a game")))
    do.add_argument("game", metavar=t(N_("GAME")))
    do.add_argument(
        "command",
        metavar=t(N_("COMMAND")),
        nargs="?",
        help=t(N_("one command, e.g. 'rent Bob Boardwalk'")),
    )
    do.add_argument(
        "-f",
        "--file",
        metavar=t(N_("FILE")),
        help=t(N_("a script: one command per line, # for comments")),
    )

    show = sub.add_parser("show", help=t(N_("print the state of a game")))
    show.add_argument("game", metavar=t(N_("GAME")))
    show.add_argument("--json", action="store_true", help=t(N_("as JSON")))

    log = sub.add_parser("log", help=t(N_("print the journal of a game")))
    log.add_argument("game", metavar=t(N_("GAME")))

    share = sub.add_parser(
        "share", help=t(N_("serve a read-only view of a game to the players' phones"))
    )
    share.add_argument("game", metavar=t(N_("GAME")))
    share.add_argument(
        "--host", metavar=t(N_("ADDRESS")),
        help=t(N_("the address to listen on (default: this computer's on the local network)")),
    )
    share.add_argument(
        "--port",
        type=int,
        metavar=t(N_("PORT")),
        default=0,
        help=t(N_("the port (default: a free one)")),
    )
    share.add_argument(
        "--players",
        action="store_true",
        help=t(N_("also draw a QR code for each player's own page")),
    )

    demo = sub.add_parser("demo", help=t(N_("open the app on a game in full swing")))
    add_listening(demo, t, TABLE_VIEW, "--share-")

    edition = sub.add_parser("edition", help=t(N_("list the editions, or check an edition file")))
    edition_sub = edition.add_subparsers(dest="edition_action", metavar="list|check")
    edition_sub.add_parser("list", help=t(N_("the editions that ship, and your own")))
    check = edition_sub.add_parser(
        "check", help=t(N_("validate an edition file and say what is wrong"))
    )
    check.add_argument("file", metavar=t(N_("FILE")))

    verify = sub.add_parser(
        "verify", help=t(N_("check every entry of a game file, from the first"))
    )
    verify.add_argument("game", metavar=t(N_("GAME")))

    rec = sub.add_parser("recover", help=t(N_("save every intact entry of a damaged game file")))
    rec.add_argument("game", metavar=t(N_("GAME")))
    rec.add_argument("--to", help=t(N_("the new game file (default: GAME-recovered.banker)")))

    backup = sub.add_parser(
        "backup", help=t(N_("a safe copy of a game, even while it is being played"))
    )
    backup.add_argument("game", metavar=t(N_("GAME")))
    backup.add_argument("file", metavar=t(N_("FILE")), help=t(N_("the copy (a new file)")))

    if argv is None or {"tournament", "-h", "--help"} & set(argv):
        from banker.tournament.cli import add_parser as add_tournament

        add_tournament(sub, say)
    else:
        sub.add_parser("tournament", help=t(TOURNAMENT_HELP))
    national = sub.add_parser(
        "national", help=t(N_("a national championship: many venues, one PostgreSQL"))
    )
    steps = national.add_subparsers(dest="national_action", metavar=t(N_("ACTION")))
    init = steps.add_parser(
        "init", help=t(N_("create or bring up to date the national database's schema"))
    )
    init.add_argument(
        "dsn", metavar="DSN", help=t(N_("the database, e.g. postgresql://host/championship"))
    )
    venue = steps.add_parser(
        "venue", help=t(N_("register a venue and make the role it publishes with"))
    )
    venue.add_argument("dsn", metavar="DSN", help=t(N_("the database, as its owner")))
    venue.add_argument("venue", metavar=t(N_("ID")), help=t(N_("the venue's id, e.g. kl-1")))
    venue.add_argument("name", metavar=t(N_("NAME")), help=t(N_("the venue's name")))
    board = steps.add_parser(
        "board", help=t(N_("the national board: every venue live, the national cut, its page"))
    )
    out = steps.add_parser("csv", help=t(N_("the national ranking and its cut, as CSV")))
    for step in (board, out):
        step.add_argument("dsn", metavar="DSN", help=t(N_("the national database's address")))
        step.add_argument(
            "--cut", type=int, default=0, help=t(N_("how many go on from every venue together"))
        )
        step.add_argument(
            "--tie-breaks",
            default="worth,wins",
            metavar="worth,wins",
            help=t(N_("between equal points, in order: worth (money totals), wins, opponents")),
        )
    board.add_argument("--name", default="", help=t(N_("the championship's name")))
    add_listening(board, t, STANDINGS_PAGE)
    out.add_argument("-o", "--output", metavar=t(N_("FILE")), help=t(N_("a file (default: print)")))
    out.add_argument("--force", action="store_true", help=t(N_("replace the file if there is one")))
    parser.epilog = (
        t(
            N_(
                "Run 'banker' alone to open the app on your latest game, or 'banker GAME' "
                "for a game."
            )
        )
        + " --lang: "
        + t(LANG_HELP)
        + " --verbose: "
        + t(N_("also print the reasons a library gave (TOML, SQLite, PostgreSQL), as given."))
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    argv, asked = take_language(argv)
    if opens_app(argv):
        return start_app(argv, language=asked)
    if "--verbose" in argv:  # the libraries' own reasons too, after the table's words
        argv = [word for word in argv if word != "--verbose"]
        import logging

        logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="(%(message)s)")
    say = translator(asked or _new_games_language(argv) or default_language())
    speak_arguments(say)  # `--help` and a malformed line's refusal, in the language asked
    parser = _parser(say, argv)
    args, unknown = parser.parse_known_args(argv)
    if args.action == "new" and args.lang is None:
        args.lang = asked  # `banker --lang th new ...`: the new game's language too
    args.said_in = asked  # what the tournament's lines are said in
    if unknown and args.action == "do" and args.command is None and len(unknown) == 1:
        args.command = unknown[0]  # a line starting with '-': the language says what is wrong
    elif unknown:
        parser.error(say.gettext(N_("unrecognized arguments: %s")) % " ".join(unknown))
    try:
        if args.action == "demo":
            flags = ["--share-port", str(args.share_port)]
            if args.share_host:
                flags += ["--share-host", args.share_host]
            return start_app(flags, demo=True, language=asked)
        if args.action == "new":
            return _new(args)
        if args.action == "do":
            return _do(args)
        if args.action == "show":
            return _show(args)
        if args.action == "log":
            return _log(args)
        if args.action == "share":
            return _share(args)
        if args.action == "verify":
            return _verify(args)
        if args.action == "recover":
            return _recover(args)
        if args.action == "backup":
            return _backup(args)
        if args.action == "edition":
            return _edition(args)
        if args.action == "tournament":
            from banker.tournament.cli import run as run_tournament

            return run_tournament(args)
        if args.action == "national":
            return _national(args, say)
        parser.print_help()
        return 0
    except BankerError as exc:
        language = asked or getattr(args, "lang", None) or _language_of(args)
        print(_say(exc, language), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except RecursionError:  # an edition or rules file nested thousands deep
        print("The file given is nested too deeply to be read.", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `banker log GAME | head`: the reader has all it wanted
        _quiet_stdout()
        return 0
    except Exception as exc:  # never a traceback at the table
        print(f"Unexpected error, nothing more was changed: {exc!r}", file=sys.stderr)
        return 2


MAX_SCRIPT_BYTES = 4 << 20
"""A script of about 80,000 commands: more than any game is played with."""


def _deal(setup: Setup) -> Command:
    """The deal for a new game, checked before any file is made."""
    from banker.core.deal import make_deal
    from banker.core.engine import apply
    from banker.core.state import new_game_state

    assert setup.rules.deal_deeds is not None
    start = new_game_state(setup.players, setup.edition, setup.rules)
    dealt = make_deal(start, setup.rules.deal_deeds, setup.rules.deal_paid)
    apply(start, dealt)  # raises with the reason if a player cannot pay their hand
    return dealt


def _quiet_stdout() -> None:
    """Point stdout at nothing, so Python's last flush at exit finds no closed pipe."""

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _whole(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise BadInput("--deal takes a number of deeds per player (1 or more), or 'all'.")
    return int(text)


def _new(args: argparse.Namespace) -> int:
    names = check_player_names(args.players.split(","))
    language = args.lang or default_language()
    setup = Setup(
        players=names,
        edition=load_edition(args.edition),
        rules=load_rules(args.rules),
        language=language,
    )
    rules = setup.rules
    if args.free and args.deal is None and rules.deal_deeds is None:
        raise BadInput(
            "--free gives the dealt deeds for nothing, but no deal is asked for: add "
            "--deal N (or --deal all), or leave --free out."
        )
    if args.deal is not None or rules.deal_deeds is not None:
        how = args.deal if args.deal is not None else str(rules.deal_deeds)
        per = "all" if how == "all" else _whole(how)
        setup = setup.replace(
            rules=rules.replace(deal_deeds=per, deal_paid=not args.free and rules.deal_paid)
        )
    path = resolve_game_path(args.game)
    first = [_deal(setup)] if setup.rules.deal_deeds is not None else []
    with Journal.create(path, setup, first) as journal:
        if first:
            print(_say(journal.entries(limit=1)[0].message, language))
    made = msg(
        "New game at {path}: {players} on the {board} board.",
        path=path,
        players=joined(names),
        board=setup.edition.name_words,
    )
    print(_say(made, language))
    from banker.store.paths import banker_command, game_argument

    opened = msg(
        "Open it with: {banker} {name}", banker=banker_command(), name=game_argument(path)
    )
    print(_say(opened, language))
    return 0


def run_line(journal: Journal, line: str, language: str | None = None) -> list[str]:
    """Apply one line of the command language; the lines to print, in `language` (the
    game's when None)."""
    # the language's reader only where a line is read: `show` and `log` do not load it
    from banker.core.language import RaiseQuery, Redo, Undo, WorthQuery, read_line

    state = journal.game.state
    parsed = read_line(line, state)
    if isinstance(parsed, WorthQuery):
        return worth_lines(state, parsed.player, translator(language or state.language))
    if isinstance(parsed, RaiseQuery):
        return raise_lines(state, parsed.player, translator(language or state.language))
    result: Message
    if isinstance(parsed, Undo):
        result = journal.undo()
    elif isinstance(parsed, Redo):
        result = journal.redo()
    else:
        result = journal.apply(parsed)
    return [_say(result, language or journal.game.state.language)]


def _new_games_language(argv: list[str]) -> str | None:
    """`banker new ... --lang th`: the new game's language, which its refusals speak too."""
    if argv[:1] != ["new"]:
        return None
    for i, word in enumerate(argv):
        code = argv[i + 1] if word == "--lang" and i + 1 < len(argv) else word[7:]
        if (word == "--lang" or word.startswith("--lang=")) and code in LANGUAGES:
            return code
    return None


def _language_of(args: argparse.Namespace) -> str:
    """The language a refusal is said in: the named game's, else this computer's."""
    game = getattr(args, "game", None)
    if isinstance(game, str):
        try:
            with Journal.open(resolve_game_path(game), read_only=True) as journal:
                return journal.game.state.language
        except (BankerError, OSError):
            pass
    return default_language()


def _say(message: Message | BankerError, language: str) -> str:
    """A receipt or a refusal in the game's language."""
    if isinstance(message, BankerError):
        message = message.message
    return message.render(translator(language))


def _do(args: argparse.Namespace) -> int:
    if (args.command is None) == (args.file is None):
        raise BadInput("Give one command, or a script with -f FILE (not both).")
    with Journal.open(resolve_game_path(args.game)) as journal:
        def language() -> str:  # what the line says is said in: --lang, else the game's
            return args.said_in or journal.game.state.language

        if args.command is not None:
            try:
                for out in run_line(journal, args.command, args.said_in):
                    print(out)
            except BankerError as exc:
                print(_say(exc, language()), file=sys.stderr)
                return 1
            return 0
        try:
            text = read_small(Path(args.file), MAX_SCRIPT_BYTES)
        except (OSError, UnicodeDecodeError) as exc:
            raise BadInput("Cannot read the script {f}: {why}", f=args.file, why=exc) from None
        # A line ends at a newline only: a comment runs to it, whatever else it holds
        # (a NEL or U+2028 inside a comment does not start a command).
        lines = [line.removesuffix("\r") for line in text.split("\n")]
        for number, raw in enumerate(lines, start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            try:
                for out in run_line(journal, line, args.said_in):
                    print(out, flush=True)  # each receipt shows as soon as it is saved
            except BankerError as exc:
                why = _say(exc, language())
                where = msg("{file}, line {n}: {why}", file=args.file, n=number, why=why)
                print(_say(where, language()), file=sys.stderr)
                return 1
    return 0


def _read_only_note(journal: Journal, asked: str | None) -> None:
    if journal.note is not None:
        said = msg("Read-only: {path} ({why}).", path=journal.path, why=journal.note)
        print(_say(said, asked or journal.game.state.language), file=sys.stderr)


def _show(args: argparse.Namespace) -> int:
    with Journal.open(resolve_game_path(args.game), read_only=True) as journal:
        _read_only_note(journal, args.said_in)
        state = journal.game.state
        if args.json:
            print(json.dumps(state_json(state), indent=2, ensure_ascii=False))
        else:
            print("\n".join(state_text(state, translator(args.said_in or state.language))))
    return 0


def _edition(args: argparse.Namespace) -> int:
    from banker.core.edition import BUILTIN_EDITIONS

    say = translator(args.said_in or default_language())
    if args.edition_action == "check":
        edition = load_edition(Path(args.file))
        streets = sum(d.group is not None for d in edition.deeds)
        good = msg(
            "{file}: a good edition. {name}: {deeds} deeds ({streets} streets in {groups} "
            "colour groups), {cards} cards, start {start}, salary {salary}, scale {scale}.",
            file=args.file,
            name=edition.name_words,
            deeds=len(edition.deeds),
            streets=streets,
            groups=len(edition.groups),
            cards=len(edition.cards),
            start=edition.money(edition.starting_cash),
            salary=edition.money(edition.salary),
            scale=edition.scale,
        )
        print(good.render(say))
        return 0
    for ident in BUILTIN_EDITIONS:
        edition = load_edition(ident)
        name = msg("{name} ({currency})", name=edition.name_words, currency=edition.currency)
        print(f"{ident:<8} {name.render(say)}")
    for path in sorted(custom_editions()):
        print(f"{str(path):<8} ({msg('your own').render(say)})")
    return 0


def _recover(args: argparse.Namespace) -> int:
    from banker.store.recover import recover

    report = recover(resolve_game_path(args.game), args.to)
    say = translator(args.said_in or report.language)
    if report.read_only:
        print(
            msg(
                "Read-only: {path} ({why}); it was only read.",
                path=str(report.source),
                why=report.read_only,
            ).render(say)
        )
    saved = plural(
        report.saved,
        "Saved {n} entry of {source} into {target}.",
        "Saved {n} entries of {source} into {target}.",
        source=str(report.source),
        target=str(report.target),
    )
    print(saved.render(say))
    for line in report.lost:
        print("  " + msg("lost {what}", what=line).render(say))
    return 0 if not report.lost else 1


def _log(args: argparse.Namespace) -> int:
    with Journal.open(resolve_game_path(args.game), read_only=True) as journal:
        _read_only_note(journal, args.said_in)
        translate = translator(args.said_in or journal.game.state.language)
        for entry in journal.entries():
            mark = "  " + translate.gettext("(undone)") if entry.undone else ""
            try:
                text = entry.message.render(translate)
            except (KeyError, IndexError, ValueError):  # a translation that does not fit
                text = entry.message.render()
            print(f"{entry.seq:>6}  {entry.at}  {text}{mark}")
    return 0


def _verify(args: argparse.Namespace) -> int:
    path = resolve_game_path(args.game)
    with Journal.open(path, read_only=True) as journal:
        _read_only_note(journal, args.said_in)
        entries = journal.verify()
        done = msg(
            "{path} is sound: every one of its {n} entries is as it was written, and the "
            "game adds up.",
            path=path,
            n=f"{entries:,}",
        )
        print(done.render(translator(args.said_in or journal.game.state.language)))
    return 0


def _backup(args: argparse.Namespace) -> int:
    source = resolve_game_path(args.game)
    target = Path(args.file)
    Journal.backup(source, target)
    done = msg(
        "A copy of {source} is at {target}: one file, complete.", source=source, target=target
    )
    print(done.render(translator(args.said_in or _language_of(args))))
    return 0


def _national(args: argparse.Namespace, say: Catalogue | EnglishCatalogue) -> int:
    if args.national_action == "venue":
        from banker.national.venues import add_venue, role_of

        password = add_venue(args.dsn, args.venue, args.name)
        said = msg(
            "Venue {venue} added. Its director publishes as the role {role}, password "
            "{password} (shown once: hand it over now).",
            venue=args.venue,
            role=role_of(args.venue),
            password=password,
        )
        print(said.render(say))
        return 0
    if args.national_action in ("board", "csv"):
        return _national_board(args)
    if args.national_action != "init":
        raise BadInput("banker national init DSN: create the national database's schema.")
    from banker.national.schema import init, migrations

    applied = init(args.dsn)
    if applied:
        said = msg("Applied: {names}.", names=", ".join(applied))
    else:
        said = msg("The national database is up to date.")
    print(said.render(say))
    print(msg("Schema version {n}.", n=len(migrations())).render(say))
    return 0


def _national_board(args: argparse.Namespace) -> int:
    import asyncio

    from banker.national.board import TIE_BREAK_KEYS, National
    from banker.national.schema import client

    client()  # said before the board opens, not as an empty board

    breaks = tuple(w.strip() for w in args.tie_breaks.split(",") if w.strip())
    if not breaks or any(b not in TIE_BREAK_KEYS for b in breaks) or len(set(breaks)) < len(breaks):
        raise BadInput("--tie-breaks: worth, wins and opponents, in the order they count.")
    if not 0 <= args.cut <= 100_000:
        raise BadInput("--cut: how many players go on, 0 for none.")
    national = National(args.dsn, args.cut, getattr(args, "name", ""), breaks)
    if args.national_action == "board":
        from banker.tui.national import run_national_board

        return run_national_board(national, args.host, args.port, args.said_in)
    asyncio.run(national.load())
    text = national.cut_csv()
    if not args.output:
        print(text, end="")
        return 0
    path = Path(args.output).expanduser()
    if path.exists() and not args.force:
        raise BadInput("{path} exists: --force replaces it.", path=str(path))
    path.write_text(text, encoding="utf-8")
    return 0


def _share(args: argparse.Namespace) -> int:
    from banker.web.share import run_share  # aiohttp only loads when sharing

    return run_share(resolve_game_path(args.game), args.host, args.port, args.players)


if __name__ == "__main__":
    from banker.launch import leave

    leave(main(), sys.argv[1:])
