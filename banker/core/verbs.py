"""Every verb of the bank declared once: its command, what applies it, how it is typed,
where the ledger offers it, and when in a game it may be used.

The engine, the command language, the command bar's completion and the tests read this
table and nothing else, so a new verb is one more entry in `DECLARED` (after its model in
`banker.core.commands`, its handler and its reader). mypy checks that each handler takes
its verb's command; `check()`, run when this module is imported, refuses a command of the
`Command` union without an entry, and the tests read every entry's example line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, get_args

from pydantic import BaseModel

from banker.core import auctions, buildings, cards, deal, endgame, handlers, reading, trades
from banker.core import commands as c
from banker.core.money import Message
from banker.core.reading import Args
from banker.core.state import GameState

CommandT = TypeVar("CommandT", bound=BaseModel)
ReadT = TypeVar("ReadT")


@dataclass(frozen=True)
class Word(Generic[ReadT]):
    """A word the banker types first on a line, and how the rest of the line is read."""

    word: str
    usage: str
    """The line's form, for help and for the refusal of a line that does not fit it."""
    read: Callable[[Args], ReadT]
    action: str | None = None
    """The ledger's action (its key and its palette entry) that does the same on screen."""
    keywords: tuple[str, ...] = ()
    """Words after the names that the command bar completes, e.g. `double`, `x10`."""
    aliases: tuple[str, ...] = ()
    """Other words the banker may type for it: `lift` for `unmortgage`."""


@dataclass(frozen=True)
class Verb(Generic[CommandT]):
    """A command that changes a game, and everything the app needs to know about it."""

    model: type[CommandT]
    apply: Callable[[GameState, CommandT], Message]
    """Changes the fresh copy of the state it is given; returns the receipt's sentence."""
    word: Word[Any] | None
    """How the banker types it; None for a command only the app writes (the deal)."""
    example: str | None
    """A line that reads to this command in a game of Alice and Bob (the tests read it)."""
    while_owing: bool = False
    """A player who owes may still do it: receive money, raise it, settle or go bankrupt
    (a trade is checked on its own terms)."""
    in_auction: bool = False
    """It may be done while an auction is open (everything else waits for the close)."""
    any_moment: bool = False
    """It may be done at any moment, even after the game has ended."""


def _word(
    word: str,
    usage: str,
    read: Callable[[Args], ReadT],
    action: str | None,
    *keywords: str,
    aliases: tuple[str, ...] = (),
) -> Word[ReadT]:
    return Word(word, usage, read, action, keywords, aliases)


SELL = _word("sell", "sell PLAYER DEED [N|hotel]", reading.sell, "build", "hotel")
"""Houses or a hotel: one word for two commands."""

DECLARED: tuple[Verb[Any] | Word[Any], ...] = (
    Verb(
        c.PassGo,
        handlers.go,
        _word("go", "go PLAYER", reading.go, "pass_go"),
        "go alice",
        while_owing=True,
    ),
    Verb(
        c.Buy, handlers.buy, _word("buy", "buy PLAYER DEED", reading.buy, "landed"), "buy bob park"
    ),
    Verb(
        c.PayRent,
        handlers.rent,
        _word(
            "rent",
            "rent PLAYER DEED [DICE] [double|x10]",
            reading.rent,
            "landed",
            "double",
            "x10",
        ),
        "rent bob water 7",
    ),
    Verb(
        c.Pay,
        handlers.pay,
        _word("pay", "pay PLAYER AMOUNT [to PLAYER]", reading.pay, "pay", "to"),
        "pay bob 50 to alice",
    ),
    Verb(
        c.Collect,
        handlers.collect,
        _word("collect", "collect PLAYER AMOUNT", reading.collect, "collect"),
        "collect alice 100",
        while_owing=True,
    ),
    Verb(
        c.PayTax,
        handlers.tax,
        _word(
            "tax",
            "tax PLAYER income flat|percent, or tax PLAYER luxury",
            reading.tax,
            "landed",
            "income flat",
            "income percent",
            "luxury",
        ),
        "tax bob income flat",
    ),
    _word("worth", "worth PLAYER", reading.worth, None),
    Verb(
        c.DrawCard,
        cards.draw,
        _word("card", "card PLAYER CARD_ID [DEED] [DICE] [go]", reading.card, "landed", "go"),
        "card bob chance-div",
    ),
    Verb(
        c.LeaveJail,
        handlers.jail,
        _word("jail", "jail PLAYER fine|card", reading.jail, "jail", "fine", "card"),
        "jail bob fine",
    ),
    Verb(
        c.BuildHouses,
        buildings.build_houses,
        _word("build", "build PLAYER DEED [N]", reading.build, "build"),
        "build alice park 2",
    ),
    Verb(
        c.BuildHotel,
        buildings.build_hotel,
        _word("hotel", "hotel PLAYER DEED", reading.hotel, "build"),
        "hotel alice park",
    ),
    Verb(c.SellHouses, buildings.sell_houses, SELL, "sell alice park 2", while_owing=True),
    Verb(c.SellHotel, buildings.sell_hotel, SELL, "sell alice park hotel", while_owing=True),
    Verb(
        c.Mortgage,
        handlers.mortgage,
        _word("mortgage", "mortgage PLAYER DEED", reading.mortgage, "mortgage"),
        "mortgage alice board",
        while_owing=True,
    ),
    Verb(
        c.LiftMortgage,
        handlers.unmortgage,
        _word(
            "unmortgage",
            "unmortgage PLAYER DEED",
            reading.unmortgage,
            "mortgage",
            aliases=("lift",),
        ),
        "lift alice board",
    ),
    Verb(
        c.Trade,
        trades.trade,
        _word(
            "trade",
            "trade PLAYER PLAYER give ITEMS get ITEMS [lift [DEEDS]]",
            reading.trade,
            "trade",
            "give",
            "get",
            "lift",
            "jailcard",
        ),
        "trade alice bob give 100, board get park",
        while_owing=True,
    ),
    Verb(
        c.TakeParking,
        handlers.parking,
        _word("parking", "parking PLAYER", reading.parking, "landed"),
        "parking bob",
        while_owing=True,
    ),
    Verb(
        c.SetGroupLevels,
        buildings.set_group_levels,
        _word(
            "levels",
            "levels PLAYER DEED L,L[,L] (per lot of the group: 0-4 houses, h for a hotel)",
            reading.levels,
            "build",
        ),
        "levels alice park 4,h",
        while_owing=True,
    ),
    Verb(
        c.StartAuction,
        auctions.start,
        _word(
            "auction", "auction DEED, or auction house|hotel", reading.auction, "auction", "house"
        ),
        "auction board",
    ),
    Verb(
        c.Bid,
        auctions.bid,
        _word("bid", "bid PLAYER AMOUNT", reading.bid, "auction"),
        "bid bob 20",
        in_auction=True,
    ),
    Verb(
        c.DropOut,
        auctions.drop,
        _word("drop", "drop PLAYER", reading.drop, "auction"),
        "drop bob",
        in_auction=True,
        while_owing=True,
    ),
    Verb(
        c.CloseAuction,
        auctions.close,
        _word("close", "close [DEED]", reading.close, "auction"),
        "close",
        in_auction=True,
        while_owing=True,
    ),
    _word("raise", "raise PLAYER", reading.raise_funds, "raise_funds"),
    Verb(
        c.Settle,
        endgame.settle,
        _word("settle", "settle PLAYER", reading.settle, "raise_funds"),
        "settle bob",
        while_owing=True,
    ),
    Verb(
        c.DeclareBankrupt,
        endgame.bankrupt,
        _word("bankrupt", "bankrupt PLAYER [lift DEED,...]", reading.bankrupt, "raise_funds"),
        "bankrupt bob lift board",
        while_owing=True,
    ),
    Verb(c.EndGame, endgame.end, _word("end", "end", reading.end, "end_game"), "end"),
    Verb(
        c.SetLanguage,
        handlers.language,
        _word("language", "language en|ms|th", reading.language, "language", "en", "ms", "th"),
        "language th",
        any_moment=True,
    ),
    _word("undo", "undo", reading.undo, "undo"),
    _word("redo", "redo", reading.redo, "redo"),
    Verb(c.DealDeeds, deal.deal, None, None),
)
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
    union = get_args(c.Command)[0]
    return tuple(get_args(union))


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
