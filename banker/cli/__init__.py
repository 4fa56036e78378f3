"""The `banker` command: one front door for the app, the games, the tournament and the
national championship.

Every action is listed once (`banker.cli.actions.ACTIONS`) with the module that adds its
arguments and names the function that runs it (`set_defaults(run=...)`): `game`,
`tournament`, `national`; `app` opens the app. The front door loads only the module the
line names, so opening the app loads only what its first screen needs, `banker do` only
the game's commands, and the tournament's and the national board's models only for a
line that names them or asks for help.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from importlib import import_module
from types import ModuleType
from typing import NoReturn

from banker import __version__
from banker.cli.actions import ACTIONS, LANG_HELP, QUICK_EXIT, opens_app, say_in
from banker.core.errors import BankerError
from banker.i18n import default_language, translator
from banker.i18n.arguments import speak_arguments, take_language
from banker.i18n.catalogue import ENGLISH_CATALOGUE, Catalogue, EnglishCatalogue
from banker.i18n.languages import LANGUAGES
from banker.i18n.message import N_

__all__ = ["main", "run"]


def run() -> NoReturn:
    """The `banker` command itself (`main` is its body, for tests and other callers)."""
    leave(main(), sys.argv[1:])


def leave(code: int, argv: Sequence[str]) -> NoReturn:
    """End the process with `code`. After a quick action (its game closed, everything it
    printed flushed here) the interpreter's own teardown is skipped: collecting and
    unloading every module cost about a twentieth of a `banker do`."""
    if not argv or argv[0] not in QUICK_EXIT:
        sys.exit(code)
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        pass  # the reader had all it wanted (`banker log GAME | head`)
    except (OSError, ValueError):
        code = code or 120  # what was printed could not be written: as Python's own exit
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()
    os._exit(code)


def _home(name: str) -> ModuleType:
    """The module under `banker.cli` that `name` names, loaded only when the line needs
    it (a game's command does not pay for the tournament's models, nor the app for the
    command line's)."""
    return import_module(f"banker.cli.{name}")


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    argv, asked = take_language(argv)
    if opens_app(argv):  # `banker GAME --lang th` as well as `banker --lang th GAME`
        return int(_home("app").start_app(argv, language=asked))
    if "--verbose" in argv:  # the libraries' own reasons too, after the table's words
        argv = [word for word in argv if word != "--verbose"]
        import logging  # start-up: only for --verbose

        logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="(%(message)s)")
    say = translator(asked or _new_games_language(argv) or default_language())
    speak_arguments(say)  # `--help` and a malformed line's refusal, in the language asked
    parser = _parser(say, argv)
    args, unknown = parser.parse_known_args(argv)
    args.said_in = asked  # what the lines are said in (and a new game's language)
    if unknown and getattr(args, "command", "") is None and len(unknown) == 1:
        args.command = unknown[0]  # `do`'s line starting with '-': the language says why
    elif unknown:
        parser.error(say.gettext(N_("unrecognized arguments: %s")) % " ".join(unknown))
    if getattr(args, "run", None) is None:
        parser.print_help()
        return 0
    try:
        return int(args.run(args))
    except BankerError as exc:
        language = asked or getattr(args, "lang", None) or args.language_of(args)
        print(say_in(exc, language), file=sys.stderr)
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


def _parser(
    say: Catalogue | EnglishCatalogue = ENGLISH_CATALOGUE, argv: Sequence[str] | None = None
) -> argparse.ArgumentParser:
    """The command line's form, its help said in `say`'s language. Each action's own
    arguments only for the action the line names, or every action's for `--help` or
    when `argv` is not given."""
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
    parser.set_defaults(language_of=_default_language)
    sub = parser.add_subparsers(dest="action", metavar=t(N_("ACTION")))
    every = argv is None or bool({"-h", "--help"} & set(argv))
    named = next((word for word in argv or () if not word.startswith("-")), None)
    for name, action in ACTIONS.items():
        form = sub.add_parser(name, help=t(action.help))
        if every or name == named:
            getattr(_home(action.home), f"add_{name}")(form, say)
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


def _default_language(args: argparse.Namespace) -> str:
    return default_language()


def _new_games_language(argv: list[str]) -> str | None:
    """`banker new ... --lang th`: the new game's language, which its refusals speak too."""
    if argv[:1] != ["new"]:
        return None
    for i, word in enumerate(argv):
        code = argv[i + 1] if word == "--lang" and i + 1 < len(argv) else word[7:]
        if (word == "--lang" or word.startswith("--lang=")) and code in LANGUAGES:
            return code
    return None


def _quiet_stdout() -> None:
    """Point stdout at nothing, so Python's last flush at exit finds no closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
