"""Every action of the `banker` command, listed once: its word, its line in the help, and
the module under `banker.cli` that adds its arguments (`add_<action>`, naming the
function that runs it with `set_defaults(run=...)`); and how every action speaks."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from banker.core.errors import BankerError
from banker.i18n.catalogue import Catalogue, EnglishCatalogue, default_language, translator
from banker.i18n.message import N_, Message

Say = Catalogue | EnglishCatalogue
"""What an action's help and lines are said with."""


@dataclass(frozen=True)
class Action:
    home: str
    """The module under `banker.cli` that adds its arguments."""
    help: str
    """Its line in `banker --help` (said in the language asked)."""


ACTIONS: dict[str, Action] = {
    "new": Action("game", N_("start a new game file")),
    "do": Action("game", N_("apply commands to a game")),
    "show": Action("game", N_("print the state of a game")),
    "log": Action("game", N_("print the journal of a game")),
    "share": Action("game", N_("serve a read-only view of a game to the players' phones")),
    "demo": Action("game", N_("open the app on a game in full swing")),
    "edition": Action("game", N_("list the editions, or check an edition file")),
    "verify": Action("game", N_("check every entry of a game file, from the first")),
    "recover": Action("game", N_("save every intact entry of a damaged game file")),
    "backup": Action("game", N_("a safe copy of a game, even while it is being played")),
    "tournament": Action("tournament", N_("direct a tournament: many tables, rounds, standings")),
    "national": Action("national", N_("a national championship: many venues, one PostgreSQL")),
}
"""The command line's actions, in the order the help lists them; anything else opens the
app (`banker`, `banker GAME`)."""

QUICK_EXIT = frozenset({"do", "show", "log", "verify"})
"""Actions whose process ends at once when they are done (`banker.cli.leave`)."""

LANG_HELP = N_(
    "en, ms or th, anywhere on the line: the app, the demo and the boards open in it, and "
    "what the command line prints is said in it; the game keeps its own language (the "
    "default) until L or 'language' changes it. For 'new': the new game's language."
)
"""What `--lang` does, said the same in every help that lists it."""


def opens_app(argv: list[str]) -> bool:
    """`banker`, `banker GAME` and `banker --share-...` open the app."""
    return (
        not argv
        or argv[0].startswith("--share")
        or (argv[0] not in ACTIONS and not argv[0].startswith("-"))
    )


def line_language(args: argparse.Namespace) -> str:
    """The language an action's lines are said in: `--lang`, else this computer's."""
    return str(args.said_in or default_language())


def said_in(args: argparse.Namespace) -> Say:
    """What an action's lines are said with (`line_language`)."""
    return translator(line_language(args))


def say_in(message: Message | BankerError, language: str) -> str:
    """A receipt or a refusal in `language`."""
    if isinstance(message, BankerError):
        message = message.message
    return message.render(translator(language))
