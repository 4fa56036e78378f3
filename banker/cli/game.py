"""`banker new`, `do`, `show`, `log`, `share`, `demo`, `edition`, `verify`, `recover`,
`backup`: a game from the shell or a script."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from banker.cli.actions import Say, said_in, say_in
from banker.core.commands import Command, Setup, check_new_player_names
from banker.core.edition import BUILTIN_EDITIONS, load_edition
from banker.core.engine import apply
from banker.core.errors import BadInput, BankerError
from banker.core.limits import MAX_SCRIPT_BYTES
from banker.core.report import raise_lines, state_json, state_text, worth_lines
from banker.core.state import new_game_state
from banker.i18n import default_language, translator
from banker.i18n.arguments import TABLE_VIEW, add_listening
from banker.i18n.languages import LANGUAGES
from banker.i18n.message import N_, Message, joined, msg, plural
from banker.store import Journal, resolve_game_path
from banker.store.entries import LAST_WRITE_CUT
from banker.store.files import load_rules, read_small
from banker.store.paths import banker_command, custom_editions, game_argument
from banker.store.sqlfile import said_aside


def add_new(new: argparse.ArgumentParser, say: Say) -> None:
    t = say.gettext
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
        choices=tuple(LANGUAGES),
        help=t(N_("the game's language (default: your computer's, if Banker speaks it)")),
    )
    new.add_argument(
        "--deal",
        metavar="N|all",
        help=t(N_("deal the deeds at the start: N per player, or all (paid unless --free)")),
    )
    new.add_argument("--free", action="store_true", help=t(N_("dealt deeds cost nothing")))
    new.set_defaults(run=_new)


def add_do(do: argparse.ArgumentParser, say: Say) -> None:
    t = say.gettext
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
    do.set_defaults(run=_do, language_of=_language_of)


def add_show(show: argparse.ArgumentParser, say: Say) -> None:
    show.add_argument("game", metavar=say.gettext(N_("GAME")))
    show.add_argument("--json", action="store_true", help=say.gettext(N_("as JSON")))
    show.set_defaults(run=_show, language_of=_language_of)


def add_log(log: argparse.ArgumentParser, say: Say) -> None:
    log.add_argument("game", metavar=say.gettext(N_("GAME")))
    log.set_defaults(run=_log, language_of=_language_of)


def add_share(share: argparse.ArgumentParser, say: Say) -> None:
    t = say.gettext
    share.add_argument("game", metavar=t(N_("GAME")))
    share.add_argument(
        "--host",
        metavar=t(N_("ADDRESS")),
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
    share.set_defaults(run=_share, language_of=_language_of)


def add_demo(demo: argparse.ArgumentParser, say: Say) -> None:
    add_listening(demo, say.gettext, TABLE_VIEW, "--share-")
    demo.set_defaults(run=_demo)


def add_edition(edition: argparse.ArgumentParser, say: Say) -> None:
    t = say.gettext
    steps = edition.add_subparsers(dest="edition_action", metavar="list|check")
    edition.set_defaults(run=_edition_list)
    steps.add_parser("list", help=t(N_("the editions that ship, and your own")))
    check = steps.add_parser("check", help=t(N_("validate an edition file and say what is wrong")))
    check.add_argument("file", metavar=t(N_("FILE")))
    check.set_defaults(run=_edition_check)


def add_verify(verify: argparse.ArgumentParser, say: Say) -> None:
    verify.add_argument("game", metavar=say.gettext(N_("GAME")))
    verify.set_defaults(run=_verify, language_of=_language_of)


def add_recover(rec: argparse.ArgumentParser, say: Say) -> None:
    t = say.gettext
    rec.add_argument("game", metavar=t(N_("GAME")))
    rec.add_argument("--to", help=t(N_("the new game file (default: GAME-recovered.banker)")))
    rec.set_defaults(run=_recover, language_of=_language_of)


def add_backup(backup: argparse.ArgumentParser, say: Say) -> None:
    t = say.gettext
    backup.add_argument("game", metavar=t(N_("GAME")))
    backup.add_argument("file", metavar=t(N_("FILE")), help=t(N_("the copy (a new file)")))
    backup.set_defaults(run=_backup, language_of=_language_of)


def _demo(args: argparse.Namespace) -> int:
    flags = ["--share-port", str(args.share_port)]
    if args.share_host:
        flags += ["--share-host", args.share_host]
    from banker.cli.app import start_app  # start-up: a game's command does not load the app's

    return start_app(flags, demo=True, language=args.said_in)


def _deal(setup: Setup) -> Command:
    """The deal for a new game, checked before any file is made."""
    from banker.core.deal import make_deal  # start-up: only `new --deal` deals

    assert setup.rules.deal_deeds is not None
    start = new_game_state(setup.players, setup.edition, setup.rules)
    dealt = make_deal(start, setup.rules.deal_deeds, setup.rules.deal_paid)
    apply(start, dealt)  # raises with the reason if a player cannot pay their hand
    return dealt


def _whole(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise BadInput("--deal takes a number of deeds per player (1 or more), or 'all'.")
    return int(text)


def _new(args: argparse.Namespace) -> int:
    names = check_new_player_names(args.players.split(","))
    language = args.lang or args.said_in or default_language()  # `banker --lang th new`
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
        for said in said_aside(journal.set_aside):
            print(say_in(said, language))
        if first:
            print(say_in(journal.entries(limit=1)[0].message, language))
    made = msg(
        "New game at {path}: {players} on the {board} board.",
        path=path,
        players=joined(names),
        board=setup.edition.name_words,
    )
    print(say_in(made, language))
    opened = msg("Open it with: {banker} {name}", banker=banker_command(), name=game_argument(path))
    print(say_in(opened, language))
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
    return [say_in(result, language or journal.game.state.language)]


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


def _do(args: argparse.Namespace) -> int:
    if (args.command is None) == (args.file is None):
        raise BadInput("Give one command, or a script with -f FILE (not both).")
    with Journal.open(resolve_game_path(args.game)) as journal:
        _read_only_note(journal, args.said_in)

        def language() -> str:  # what the line says is said in: --lang, else the game's
            return args.said_in or journal.game.state.language

        if args.command is not None:
            try:
                for out in run_line(journal, args.command, args.said_in):
                    print(out)
            except BankerError as exc:
                print(say_in(exc, language()), file=sys.stderr)
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
                why = say_in(exc, language())
                where = msg("{file}, line {n}: {why}", file=args.file, n=number, why=why)
                print(say_in(where, language()), file=sys.stderr)
                return 1
    return 0


def _read_only_note(journal: Journal, asked: str | None) -> None:
    if journal.note is not None:
        said = msg("Read-only: {path} ({why}).", path=journal.path, why=journal.note)
        print(say_in(said, asked or journal.game.state.language), file=sys.stderr)
    if journal.torn:
        said = msg(LAST_WRITE_CUT, path=journal.path)
        print(say_in(said, asked or journal.game.state.language), file=sys.stderr)


def _show(args: argparse.Namespace) -> int:
    with Journal.open(resolve_game_path(args.game), read_only=True) as journal:
        _read_only_note(journal, args.said_in)
        state = journal.game.state
        if args.json:
            print(json.dumps(state_json(state), indent=2, ensure_ascii=False))
        else:
            print("\n".join(state_text(state, translator(args.said_in or state.language))))
    return 0


def _edition_check(args: argparse.Namespace) -> int:
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
    print(good.render(said_in(args)))
    return 0


def _edition_list(args: argparse.Namespace) -> int:
    say = said_in(args)
    for ident in BUILTIN_EDITIONS:
        edition = load_edition(ident)
        name = msg("{name} ({currency})", name=edition.name_words, currency=edition.currency)
        print(f"{ident:<8} {name.render(say)}")
    for path in sorted(custom_editions()):
        print(f"{str(path):<8} ({msg('your own').render(say)})")
    return 0


def _recover(args: argparse.Namespace) -> int:

    from banker.store.recover import recover  # start-up: only `recover` reads damaged files

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
    for said in said_aside(report.set_aside):
        print(said.render(say))
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
    moved = Journal.backup(source, target)
    done = msg(
        "A copy of {source} is at {target}: one file, complete.", source=source, target=target
    )
    say = translator(args.said_in or _language_of(args))
    for said in said_aside(moved):
        print(said.render(say))
    print(done.render(say))
    return 0


def _share(args: argparse.Namespace) -> int:
    from banker.web.share import run_share  # aiohttp's 180 ms: only when sharing

    return run_share(resolve_game_path(args.game), args.host, args.port, args.players)
