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
from typing import Any, Generic, TypeVar, get_args

from msgspec import Struct

from banker.core import (
    auctions,
    buildings,
    cards,
    deal,
    endgame,
    handlers,
    reading,
    trades,
    turns,
)
from banker.core import commands as c
from banker.core.reading import Args
from banker.core.record import FrozenRecord
from banker.core.state import GameState
from banker.i18n.languages import LANGUAGES
from banker.i18n.message import N_, Message

CommandT = TypeVar("CommandT", bound=FrozenRecord)
ReadT = TypeVar("ReadT")


class Word(Struct, Generic[ReadT], frozen=True):
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


class Verb(Struct, Generic[CommandT], frozen=True):
    """A command that changes a game, and everything the app needs to know about it."""

    model: type[CommandT]
    apply: Callable[[GameState, CommandT], Message]
    """Changes the fresh copy of the state it is given; returns the receipt's sentence."""
    word: Word[Any] | None
    """How the banker types it; None for a command only the app writes (the deal)."""
    example: str | None = None
    """A line that reads to this command in a game of Alice and Bob (the tests read it)."""
    while_owing: bool = False
    """A player who owes may still do it: receive money, raise it, settle or go bankrupt
    (a trade is checked on its own terms)."""
    in_auction: bool = False
    """It may be done while an auction is open (everything else waits for the close)."""
    any_moment: bool = False
    """It may be done at any moment, even after the game has ended."""


SELL = Word("sell", N_("sell PLAYER DEED [N|hotel]"), reading.sell, "build", keywords=("hotel",))
"""Houses or a hotel: one word for two commands."""

JAIL = Word(
    "jail",
    N_("jail PLAYER fine|card to leave, or jail PLAYER after three doubles"),
    reading.jail,
    "jail",
    keywords=("fine", "card"),
)
"""Leaving jail or going there: one word for two commands."""

DECLARED: tuple[Verb[Any] | Word[Any], ...] = (
    Verb(
        c.PassGo,
        handlers.go,
        Word("go", N_("go PLAYER"), reading.go, "pass_go"),
        example="go alice",
        while_owing=True,
    ),
    Verb(
        c.Buy,
        handlers.buy,
        Word("buy", N_("buy PLAYER DEED"), reading.buy, "landed"),
        example="buy bob park",
    ),
    Verb(
        c.PayRent,
        handlers.rent,
        Word(
            "rent",
            N_("rent PLAYER DEED [DICE] [double|x10]"),
            reading.rent,
            "landed",
            keywords=("double", "x10"),
        ),
        example="rent bob water 7",
    ),
    Verb(
        c.Pay,
        handlers.pay,
        Word(
            "pay",
            N_("pay PLAYER AMOUNT [to PLAYER|pot]"),
            reading.pay,
            "pay",
            keywords=("to", "pot"),
        ),
        example="pay bob 50 to alice",
        while_owing=True,
    ),
    Verb(
        c.Collect,
        handlers.collect,
        Word("collect", N_("collect PLAYER AMOUNT"), reading.collect, "collect"),
        example="collect alice 100",
        while_owing=True,
    ),
    Verb(
        c.PayTax,
        handlers.tax,
        Word(
            "tax",
            N_("tax PLAYER income flat|percent, or tax PLAYER luxury"),
            reading.tax,
            "landed",
            keywords=("income flat", "income percent", "luxury"),
        ),
        example="tax bob income flat",
    ),
    Word("worth", N_("worth PLAYER"), reading.worth, None),
    Verb(
        c.DrawCard,
        cards.draw,
        Word(
            "card",
            N_("card PLAYER CARD_ID [DEED] [at SQUARE] [DICE] [go]"),
            reading.card,
            "landed",
            keywords=("go", "at"),
        ),
        example="card bob chance-div",
    ),
    Verb(
        c.LeaveJail,
        handlers.jail,
        JAIL,
        example="jail bob fine",
    ),
    Verb(
        c.GoToJail,
        turns.go_to_jail,
        JAIL,
        example="jail bob",
        while_owing=True,
    ),
    Verb(
        c.BuildHouses,
        buildings.build_houses,
        Word("build", N_("build PLAYER DEED [N]"), reading.build, "build"),
        example="build alice park 2",
    ),
    Verb(
        c.BuildHotel,
        buildings.build_hotel,
        Word("hotel", N_("hotel PLAYER DEED"), reading.hotel, "build"),
        example="hotel alice park",
    ),
    Verb(
        c.SellHouses,
        buildings.sell_houses,
        SELL,
        example="sell alice park 2",
        while_owing=True,
    ),
    Verb(
        c.SellHotel,
        buildings.sell_hotel,
        SELL,
        example="sell alice park hotel",
        while_owing=True,
    ),
    Verb(
        c.Mortgage,
        handlers.mortgage,
        Word("mortgage", N_("mortgage PLAYER DEED"), reading.mortgage, "mortgage"),
        example="mortgage alice board",
        while_owing=True,
    ),
    Verb(
        c.LiftMortgage,
        handlers.unmortgage,
        Word(
            "unmortgage",
            N_("unmortgage PLAYER DEED"),
            reading.unmortgage,
            "mortgage",
            aliases=("lift",),
        ),
        example="lift alice board",
    ),
    Verb(
        c.Trade,
        trades.trade,
        Word(
            "trade",
            N_("trade PLAYER PLAYER give ITEMS get ITEMS [lift [DEEDS]]"),
            reading.trade,
            "trade",
            keywords=("give", "get", "lift", "jailcard", "debt"),
        ),
        example="trade alice bob give 100, board get park",
        while_owing=True,
    ),
    Verb(
        c.TakeParking,
        handlers.parking,
        Word("parking", N_("parking PLAYER"), reading.parking, "landed"),
        example="parking bob",
        while_owing=True,
    ),
    Verb(
        c.SetGroupLevels,
        buildings.set_group_levels,
        Word(
            "levels",
            N_("levels PLAYER DEED L,L[,L] (per lot of the group: 0-4 houses, h for a hotel)"),
            reading.levels,
            "build",
        ),
        example="levels alice park 4,h",
        while_owing=True,
    ),
    Verb(
        c.StartAuction,
        auctions.start,
        Word(
            "auction",
            N_("auction DEED, or auction house|hotel"),
            reading.auction,
            "auction",
            keywords=("house", "hotel"),
        ),
        example="auction board",
    ),
    Verb(
        c.Bid,
        auctions.bid,
        Word("bid", N_("bid PLAYER AMOUNT"), reading.bid, "auction"),
        example="bid bob 20",
        in_auction=True,
    ),
    Verb(
        c.DropOut,
        auctions.drop,
        Word("drop", N_("drop PLAYER"), reading.drop, "auction"),
        example="drop bob",
        in_auction=True,
        while_owing=True,
    ),
    Verb(
        c.CloseAuction,
        auctions.close,
        Word("close", N_("close [DEED]"), reading.close, "auction"),
        example="close",
        in_auction=True,
        while_owing=True,
    ),
    Word("raise", N_("raise PLAYER"), reading.raise_funds, "raise_funds"),
    Verb(
        c.Settle,
        endgame.settle,
        Word("settle", N_("settle PLAYER"), reading.settle, "raise_funds"),
        example="settle bob",
        while_owing=True,
    ),
    Verb(
        c.DeclareBankrupt,
        endgame.bankrupt,
        Word(
            "bankrupt",
            N_("bankrupt PLAYER [lift DEED,...]"),
            reading.bankrupt,
            "raise_funds",
            keywords=("lift",),
        ),
        example="bankrupt bob lift board",
        while_owing=True,
    ),
    Verb(
        c.EndGame,
        endgame.end,
        Word("end", N_("end"), reading.end, "end_game"),
        example="end",
    ),
    Verb(
        c.SetLanguage,
        handlers.language,
        Word(
            "language",
            N_("language en|ms|th"),
            reading.language,
            "language",
            keywords=tuple(LANGUAGES),
        ),
        example="language th",
        any_moment=True,
    ),
    Verb(
        c.PassTurn,
        turns.pass_turn,
        Word("turn", N_("turn [PLAYER]"), reading.turn, "next_turn", aliases=("next",)),
        example="turn",
        while_owing=True,
    ),
    Verb(
        c.MoveToken,
        turns.move,
        Word(
            "move",
            N_("move PLAYER DICE [doubles], move PLAYER SQUARE, or move PLAYER SQUARE fix"),
            reading.move,
            "landed",
            keywords=("doubles", "fix"),
        ),
        example="move bob 7",
        while_owing=True,
    ),
    Word("undo", N_("undo"), reading.undo, "undo"),
    Word("redo", N_("redo"), reading.redo, "redo"),
    Verb(c.DealDeeds, deal.deal, None),
    Verb(c.NewLink, handlers.new_link, None, any_moment=True),
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
