"""Every verb of the bank, gathered from its family: its command, what applies it, how it
is typed, where the ledger offers it, and when in a game it may be used.

Each family of verbs (`banker.core.payments`, `deeds`, `cards`, `jail`, `buildings`,
`trades`, `auctions`, `endgame`, `table`, `turns`, `deal`) declares its commands,
handlers, readers and entries together, in its `DECLARED`; this table gathers them, with
the words that only ask (`worth`, `raise`) or move through history (`undo`, `redo`). The
engine, the command language, the command bar's completion and the tests read this table
and nothing else. mypy checks that each handler takes its verb's command; `check()`, run
when this module is imported, refuses a command of the `Command` union without an entry,
and the tests read every entry's example line.
"""

from __future__ import annotations

from typing import Any, get_args

from banker.core import (
    auctions,
    buildings,
    cards,
    deal,
    deeds,
    endgame,
    jail,
    payments,
    reading,
    table,
    trades,
    turns,
)
from banker.core import commands as c
from banker.core.verb import Verb as Verb
from banker.core.verb import Word as Word
from banker.i18n.message import N_

_GATHERED: tuple[Verb[Any] | Word[Any], ...] = (
    *payments.DECLARED,
    *deeds.DECLARED,
    *cards.DECLARED,
    *jail.DECLARED,
    *buildings.DECLARED,
    *trades.DECLARED,
    *auctions.DECLARED,
    *endgame.DECLARED,
    *table.DECLARED,
    *turns.DECLARED,
    *deal.DECLARED,
    Word("worth", N_("worth PLAYER"), reading.worth, None),
    Word("raise", N_("raise PLAYER"), reading.raise_funds, "raise_funds"),
    Word("undo", N_("undo"), reading.undo, "undo"),
    Word("redo", N_("redo"), reading.redo, "redo"),
)

HELP_ORDER = (
    "go", "buy", "rent", "pay", "collect", "tax", "worth", "card", "jail", "build", "hotel",
    "sell", "mortgage", "unmortgage", "trade", "parking", "levels", "auction", "bid", "drop",
    "close", "raise", "settle", "bankrupt", "end", "language", "turn", "move", "undo", "redo",
)  # fmt: skip
"""The order help lists the words in, the table's everyday ones first; a word not named
here follows them, in its family's order."""


def _help_place(entry: Verb[Any] | Word[Any]) -> int:
    word = entry if isinstance(entry, Word) else entry.word
    if word is None or word.word not in HELP_ORDER:
        return len(HELP_ORDER)
    return HELP_ORDER.index(word.word)


DECLARED: tuple[Verb[Any] | Word[Any], ...] = tuple(sorted(_GATHERED, key=_help_place))
"""Every verb, and the words that only ask or move through history, in the order help
lists them."""

VERBS: tuple[Verb[Any], ...] = tuple(v for v in DECLARED if isinstance(v, Verb))
"""The commands that change a game."""

WORDS: tuple[Word[Any], ...] = tuple(
    dict.fromkeys(
        word
        for entry in DECLARED
        for word in ([entry] if isinstance(entry, Word) else [entry.word] if entry.word else [])
    )
)
"""Every word of the command language, once, in the order help lists them."""

_BY_MODEL: dict[type[Any], Verb[Any]] = {verb.model: verb for verb in VERBS}
_BY_WORD: dict[str, Word[Any]] = {
    typed: word for word in WORDS for typed in (word.word, *word.aliases)
}


def verb_of(command: object) -> Verb[Any] | None:
    """The declaration of a command's verb; None for what is not a command."""
    return _BY_MODEL.get(type(command))


def word_named(typed: str) -> Word[Any] | None:
    """The word the banker typed (any case, or an alias), or None."""
    return _BY_WORD.get(typed.casefold())


def command_models() -> tuple[type[Any], ...]:
    """Every member of the `Command` union, as the journal reads them."""
    return tuple(get_args(c.Command))


def check(verbs: tuple[Verb[Any], ...] = VERBS, words: tuple[Word[Any], ...] = WORDS) -> None:
    """Refuse a table that forgets a verb: every command of the union has exactly one entry,
    every entry is in the union, and no two words (or aliases) are typed the same.

    Raises:
        TypeError: naming what is missing or doubled.
    """
    models = command_models()
    declared = [verb.model for verb in verbs]
    missing = [m.__name__ for m in models if m not in declared]
    unknown = [m.__name__ for m in declared if m not in models]
    doubled = sorted({m.__name__ for m in declared if declared.count(m) > 1})
    typed = [t for word in words for t in (word.word, *word.aliases)]
    clashes = sorted({t for t in typed if typed.count(t) > 1})
    unwritten = [v.model.__name__ for v in verbs if (v.word is None) != (v.example is None)]
    problems = {
        "no entry in banker.core.verbs": missing,
        "not in the Command union": unknown,
        "declared twice": doubled,
        "typed by two words": clashes,
        "a word without an example line, or an example without a word": unwritten,
    }
    found = [f"{what}: {', '.join(names)}" for what, names in problems.items() if names]
    if found:
        raise TypeError("The verbs table is incomplete; " + "; ".join(found))


check()
