"""The check that a screen, a page or a line of output in Malay or Thai carries no English
the catalogue missed. It cannot be fooled by a catalogue: a word is allowed only when it
is a name (a player's, a deed's as printed on the board), an amount, a key, a word of the
command language, or a listed exception; in Malay, also a word that the Malay catalogue
itself uses (Malay is written in Latin letters). English left in the code is caught
because its words ("paid", "rent", "Income") are in no translation."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

import polib

from banker.core.edition import BUILTIN_EDITIONS, load_edition
from tools.i18n_extract import LOCALE

WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)*")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")

KEYS = {
    "Enter", "Esc", "esc", "Tab", "Space", "space", "ctrl", "Ctrl", "shift", "Shift", "Backspace", "F",
    "pgup", "pgdn"
}  # fmt: skip
"""Keys as the footers and hints name them; single letters are keys too (`l Landed`)."""

EXCEPTIONS = {
    "GO",  # printed on the board in every language
    "Banker",  # the app's name
    "banker",  # its command
    "x",  # 4 x 9 = $36
    "QR",
    "URL",
    "CSV",
    "TOML",
    "UTF",  # UTF-8, the text encoding
    "RULES",  # RULES.toml, a file the director hands out
    "JSON",
    "SQLite",
    "PostgreSQL",  # the database server's name
    "JavaScript",
    "Wi",
    "Fi",
    "http",
    "https",
}


TYPED = re.compile(
    r"'[^']*'|\"[^\"]*\"|\S*[/\\]\S*|(?<![\w-])--?[A-Za-z][\w-]*|\S+\.(?:banker|event|toml|csv)\b|(?m:^\s*banker (?:(?!: ).)*$)"
)
"""What the banker typed, echoed back in quotes, a command shown in quotes, paths and
flags (`--edition us`), and a whole line that is a command to type (`banker new ...`, never `banker: error: ...`)."""

EXAMPLES = {"board", "me", "av", "st", "ch", "tax", "chance", "at", "fix", "doubles", "all"}
"""Words of the command language's own examples, shown unquoted (`me av` for
Mediterranean Avenue): typed as they stand in any language."""

DIRECTORS_FORMS = {
    "tournament", "because", "TABLE", "ROUND", "REASON", "FILE", "NAME", "NAMES", "EVENT",
    "WORTH", "now"
}  # fmt: skip
"""The director's command forms (`correct [ROUND] TABLE ... because REASON`), typed as
they stand in any language."""


@cache
def command_words() -> frozenset[str]:
    """The verbs, the words typed after the names (`income flat`, `pot`, `lift`), and the
    capitals of the verbs' forms (`pay PLAYER AMOUNT`), which stand for what is typed."""
    from banker.core.language import USAGE, VERBS
    from banker.core.verbs import WORDS
    from banker.tournament.language import VERBS as DIRECTORS

    typed = {w for word in WORDS for k in (*word.keywords, *word.aliases) for w in k.split()}
    forms = {w for usage in USAGE.values() for w in WORD.findall(usage) if w.isupper()}
    editions = frozenset(BUILTIN_EDITIONS)  # `--edition uk`
    return (
        frozenset(VERBS) | frozenset(DIRECTORS) | EXAMPLES | DIRECTORS_FORMS | typed | forms
    ) | editions


@cache
def board_names() -> frozenset[str]:
    """The words of every deed's name as printed (names stay as on the board), and the
    table's own short forms of them (`Penn RR`, `Electric Co.`), folded: a deed card
    prints its name in capitals."""
    from banker.tui.looks import ABBREVIATIONS

    words: set[str] = set()
    for edition_id in BUILTIN_EDITIONS:
        for deed in load_edition(edition_id).deeds:
            words |= set(WORD.findall(deed.name))
    for short in ABBREVIATIONS.values():
        words |= set(WORD.findall(short))
    return frozenset(w.casefold() for w in words)


@cache
def catalogue_words(language: str) -> frozenset[str]:
    """Every word the language's own catalogue uses (placeholders left out)."""
    words: set[str] = set()
    for entry in polib.pofile(str(LOCALE / f"{language}.po")):
        for text in [entry.msgstr, *entry.msgstr_plural.values()]:
            words |= {w.casefold() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}
    return frozenset(words)


def english_in(text: str, language: str, names: Iterable[str] = ()) -> list[str]:
    """The words of `text` that are English left untranslated: neither a name, a key, an
    exception nor (in Malay) a Malay word. A word cut short where room ran out (`Medit…`,
    or `Pe│` at a pane's edge, as a table scrolled sideways cuts its columns) passes when it
    begins an allowed one; the cut itself is the widths check's concern."""
    allowed = set(EXCEPTIONS) | KEYS | command_words() | argument_forms()
    folded = board_names() | (catalogue_words("ms") if language == "ms" else frozenset())
    for name in names:  # as printed, or typed in any case (`rent bob board`)
        folded |= {w.casefold() for w in WORD.findall(name)}
    found = []
    plain = TYPED.sub(" ", text)
    for match in WORD.finditer(plain):
        word = match.group()
        if len(word) == 1 or word in allowed or word.casefold() in folded:
            continue
        if plain[match.end() : match.end() + 1] in ("…", "│") and _begins(word, allowed, folded):
            continue  # cut where room ran out: by an ellipsis, or by a pane's edge
        found.append(word)
    return found


def _begins(cut: str, allowed: set[str], folded: frozenset[str]) -> bool:
    start = cut.casefold()
    return any(w.startswith(cut) for w in allowed) or any(w.startswith(start) for w in folded)


@cache
def argument_forms() -> frozenset[str]:
    """The words of the command line's own forms as `--help` prints them: every metavar
    (`GAME`, `PLAYERS`, `N|all`; an option's own name is a flag, passed over as typed) and
    subcommand (`edition list`), typed as they stand in any language."""
    import argparse

    from banker.cli import _parser

    words: set[str] = set()
    parsers = [_parser()]
    while parsers:
        parser = parsers.pop()
        for action in parser._actions:
            shown = action.metavar if action.metavar is not None else action.dest.upper()
            if isinstance(shown, str):
                words |= {w for w in WORD.findall(shown) if w.isupper()}
            if isinstance(action, argparse._SubParsersAction):
                words |= set(action.choices)
                parsers += list(action.choices.values())
    return frozenset(words)
