"""Opening the app: `banker`, `banker GAME`, `banker demo`. Loads only what the app's
first screen needs."""

from __future__ import annotations

import argparse
import atexit
import sys
from typing import Any

from banker.cli.actions import ACTIONS, LANG_HELP
from banker.i18n import default_language, translator
from banker.i18n.arguments import TABLE_VIEW, add_listening, speak_arguments
from banker.i18n.languages import LANGUAGES, Language
from banker.i18n.message import N_
from banker.store.paths import resolve_game_path

try:
    import termios
except ImportError:  # no terminal settings on this system
    termios = None  # type: ignore[assignment]


def start_app(argv: list[str], demo: bool = False, language: Language | None = None) -> int:
    """Open the Textual app: the latest game, the named one, or the demo; speaking
    `language` (`--lang`, already taken off the line) instead of the game's."""
    _keys_not_flow_control()
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
        "--lang", choices=tuple(LANGUAGES), help=say(N_(LANG_HELP))
    )  # taken off the line before: listed for `--help`
    args = app_parser.parse_args(argv)
    try:  # once the terminal passes Ctrl+S on and the line is read: the app's ~0.3 s
        from banker.tui.app import run  # type: ignore[import-not-found,unused-ignore]
    except ImportError as exc:  # the app is optional for scripted use
        print(f"The app cannot start here: {exc}", file=sys.stderr)
        return 2
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
    if termios is None:
        return
    try:
        fd = sys.stdin.fileno()
        before = termios.tcgetattr(fd)
        now = list(before)
        now[0] &= ~termios.IXON
        termios.tcsetattr(fd, termios.TCSANOW, now)
    except (OSError, ValueError, termios.error):
        return  # not a terminal: nothing to change
    atexit.register(_put_back, fd, before)


def _put_back(fd: int, settings: list[Any]) -> None:
    assert termios is not None
    try:
        termios.tcsetattr(fd, termios.TCSADRAIN, settings)
    except (OSError, termios.error):
        pass  # the terminal is gone
