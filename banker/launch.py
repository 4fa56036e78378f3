"""The `banker` command's front door: opening the app loads only what its first screen
needs; every other action goes on to the command-line tools (`banker.cli`)."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from banker.i18n.languages import LANGUAGES, Language
from banker.i18n.message import N_

ACTIONS = (
    "new",
    "do",
    "show",
    "log",
    "share",
    "demo",
    "verify",
    "recover",
    "backup",
    "edition",
    "tournament",
    "national",
)
"""The command line's actions; anything else opens the app (`banker`, `banker GAME`)."""
TOURNAMENT_HELP = N_("direct a tournament: many tables, rounds, standings")
"""`banker tournament`'s line in the help (said in the language asked)."""


ACTION_LANGUAGES = tuple(LANGUAGES)
LANG_HELP = N_(
    "en, ms or th, anywhere on the line: the app, the demo and the boards open in it, and "
    "what the command line prints is said in it; the game keeps its own language (the "
    "default) until L or 'language' changes it. For 'new': the new game's language."
)
"""What `--lang` does, said the same in every help that lists it."""


QUICK_EXIT = frozenset({"do", "show", "log", "verify"})
"""Actions whose process ends at once when they are done (`leave`)."""


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


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from banker.i18n.arguments import take_language

    rest, asked = take_language(argv)
    if opens_app(rest):  # `banker GAME --lang th` as well as `banker --lang th GAME`
        return start_app(rest, language=asked)
    from banker.cli import main as cli_main

    return cli_main(argv)


def opens_app(argv: Sequence[str]) -> bool:
    """`banker`, `banker GAME` and `banker --share-...` open the app."""
    return (
        not argv
        or argv[0].startswith("--share")
        or (argv[0] not in ACTIONS and not argv[0].startswith("-"))
    )


def start_app(argv: list[str], demo: bool = False, language: Language | None = None) -> int:
    """Open the Textual app: the latest game, the named one, or the demo; speaking
    `language` (`--lang`, already taken off the line) instead of the game's."""
    _keys_not_flow_control()
    from banker.i18n import default_language, translator
    from banker.i18n.arguments import TABLE_VIEW, add_listening, speak_arguments

    say = translator(language or default_language())
    speak_arguments(say)  # a malformed line's refusal and `--help`, in the language asked
    app_parser = argparse.ArgumentParser(
        prog="banker",
        description=say(N_("Open the app on GAME, or on your latest game.")),
        epilog=say(N_("Other actions: {actions} ('banker --help').")).format(
            actions=", ".join(ACTIONS)
        ),
    )
    app_parser.add_argument("game", nargs="?", metavar=say(N_("GAME")))
    add_listening(app_parser, say, TABLE_VIEW, "--share-")
    app_parser.add_argument(
        "--lang", choices=ACTION_LANGUAGES, help=say(N_(LANG_HELP))
    )  # taken off the line before: listed for `--help`
    args = app_parser.parse_args(argv)
    try:
        from banker.tui.app import run  # type: ignore[import-not-found,unused-ignore]
    except ImportError as exc:  # the app is optional for scripted use
        print(f"The app cannot start here: {exc}", file=sys.stderr)
        return 2
    from banker.store.paths import resolve_game_path

    game = resolve_game_path(args.game) if args.game else None
    return int(
        run(
            game,
            demo=demo,
            share_host=args.share_host,
            share_port=args.share_port,
            language=language,
        )
    )


def _keys_not_flow_control() -> None:
    """Ctrl+S typed before the app has the terminal would be the terminal's own "stop
    output" (flow control) and never reach the app, which then hangs drawing its first
    screen: the terminal passes Ctrl+S and Ctrl+Q on from the first moment, and gets its
    own settings back when the process ends (after the app has put back what it found)."""
    try:
        import termios
    except ImportError:  # no terminal settings on this system
        return
    try:
        fd = sys.stdin.fileno()
        before = termios.tcgetattr(fd)
        now = list(before)
        now[0] &= ~termios.IXON
        termios.tcsetattr(fd, termios.TCSANOW, now)
    except (OSError, ValueError, termios.error):
        return  # not a terminal: nothing to change
    import atexit

    atexit.register(_put_back, fd, before)


def _put_back(fd: int, settings: list[Any]) -> None:
    import termios

    try:
        termios.tcsetattr(fd, termios.TCSADRAIN, settings)
    except (OSError, termios.error):
        pass  # the terminal is gone
