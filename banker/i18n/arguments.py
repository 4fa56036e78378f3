"""The command line's own words (`usage:`, `error:`, `invalid choice`) in the reader's
language.

Python's argparse says these through gettext's `_` and `ngettext`, looked up in its module
when it speaks; pointing both at a catalogue makes `--help` and every refusal of a
malformed line speak the language asked for. The sentences are listed here so the
catalogue carries them; one added by a later Python than these stays English until it is
listed too.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from banker.i18n.catalogue import default_language, translator
from banker.i18n.languages import LANGUAGES, Language, is_language
from banker.i18n.message import N_, Translator, msg

ARGPARSE_WORDS = (
    N_("usage: "),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""What argparse may say to someone typing a command (not its errors in declaring one;
its one counted sentence, for an option of two or more values, has no use here)."""


def take_language(argv: list[str]) -> tuple[list[str], Language | None]:
    """`--lang CODE` anywhere on the line (but for `new`, where it is the new game's own
    language): the language the app and the command line speak, taken off the line.

    Raises:
        SystemExit: the code is not a language Banker speaks (said in this computer's).
    """
    if argv[:1] == ["new"]:
        return argv, None
    rest: list[str] = []
    asked: str | None = None
    words = iter(argv)
    for word in words:
        if word == "--lang":
            asked = next(words, None) or ""
        elif word.startswith("--lang="):
            asked = word.removeprefix("--lang=")
        else:
            rest.append(word)
    if asked is None:
        return rest, None
    if not is_language(asked):
        said = msg(
            "--lang takes one of {codes}, not {asked!r}.", codes=", ".join(LANGUAGES), asked=asked
        )
        raise SystemExit("banker: " + said.render(translator(default_language())))
    return rest, asked


TABLE_VIEW = (
    N_("where the table view listens (default: LAN)"),
    N_("its port (default: free)"),
)
"""The help of `--share-host` and `--share-port` (the app and the demo)."""
STANDINGS_PAGE = (
    N_("where the standings page listens (default: LAN)"),
    N_("its port (default: a free one)"),
)
"""The help of a board's `--host` and `--port` (the tournament's and the national one)."""


def add_listening(
    parser: argparse.ArgumentParser,
    say: Callable[[str], str],
    helps: tuple[str, str],
    prefix: str = "--",
) -> None:
    """`{prefix}host ADDRESS` and `{prefix}port PORT`: where a page listens, said in
    `say`'s words (`--share-host` with the prefix `--share-`)."""
    parser.add_argument(f"{prefix}host", metavar=say(N_("ADDRESS")), help=say(helps[0]))
    parser.add_argument(
        f"{prefix}port", type=int, metavar=say(N_("PORT")), default=0, help=say(helps[1])
    )


def speak_arguments(say: Translator) -> None:
    """Make argparse say its words through `say` from now on (this process)."""
    argparse._ = say.gettext  # type: ignore[attr-defined]
    argparse.ngettext = say.ngettext  # type: ignore[attr-defined]
