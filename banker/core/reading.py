"""The lines that change no game: a question (`worth`, `raise`) and a move through the
game's history (`undo`, `redo`), with their readers. The readers of the verbs that change a
game stand in their family's module, beside the verb's command and handler; every reader
does work in proportion to the line's length (`banker.core.args`).
"""

from __future__ import annotations

from typing import TypeAlias

from msgspec import Struct

from banker.core.args import Args


class Undo(Struct, frozen=True):
    """Take back the last applied command."""


class Redo(Struct, frozen=True):
    """Put back the last undone command."""


class WorthQuery(Struct, frozen=True):
    """Show a player's total worth with its breakdown; changes nothing."""

    player: str


class RaiseQuery(Struct, frozen=True):
    """Show what a player could raise; changes nothing."""

    player: str


Question: TypeAlias = WorthQuery | RaiseQuery
"""A line that asks the bank something and changes nothing."""
HistoryMove: TypeAlias = Undo | Redo
"""A line that moves along the game's history instead of adding to it."""


def worth(a: Args) -> WorthQuery:
    name, _ = a.split(a.words, a.nothing)
    return WorthQuery(name)


def raise_funds(a: Args) -> RaiseQuery:
    name, _ = a.split(a.words, a.nothing)
    return RaiseQuery(name)


def undo(a: Args) -> Undo:
    a.nothing(a.words)
    return Undo()


def redo(a: Args) -> Redo:
    a.nothing(a.words)
    return Redo()
