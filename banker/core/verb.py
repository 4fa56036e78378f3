"""A verb of the bank and a word of the command language, as each family of verbs
declares them (`DECLARED` in its module; `banker.core.verbs` gathers them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from msgspec import Struct

from banker.core.args import Args
from banker.core.record import FrozenRecord
from banker.core.state import GameState
from banker.i18n.message import Message

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
