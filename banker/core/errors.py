"""Why the bank refuses a command: one error class per kind of refusal.

Every message is written for the banker to read aloud: what is wrong and what would
make it right.
"""

from __future__ import annotations

from banker.i18n.message import Message, msg


class BankerError(Exception):
    """The root of every refusal. Nothing changed when one is raised."""

    def __init__(self, template: str | Message, **params: object) -> None:
        self.message = template if isinstance(template, Message) else msg(template, **params)
        super().__init__(str(self.message))

    def __str__(self) -> str:
        return str(self.message)


class UnknownName(BankerError):
    """A player, deed or card name that matches nothing, or more than one thing."""


class BadInput(BankerError):
    """Text that is not a command the bank understands."""


class NotAllowed(BankerError):
    """The rules forbid this action in the game as it stands."""


class NotEnoughCash(NotAllowed):
    """The payer's cash does not cover the amount."""


class UnevenBuilding(NotAllowed):
    """Building or selling would leave one lot two buildings apart from another."""


class HouseShortage(NotAllowed):
    """The bank has no house or hotel left for this."""


class MortgagedGroup(NotAllowed):
    """A lot of the colour group is mortgaged, so nothing may be built on it."""


class NothingToUndo(BankerError):
    """Undo or redo asked for with nothing to take back or put back."""


class EditionError(BankerError):
    """An edition file that is malformed or inconsistent."""


class JournalError(BankerError):
    """The game file cannot be opened, read or written."""


class FileProblem(ValueError):
    """A field of a file (an edition, a rules file) refused by one of the game's own checks,
    in words to translate: the record's reader turns it into "where: why" (a ValueError,
    so pydantic and msgspec pass it on as one of theirs)."""

    def __init__(self, template: str, **params: object) -> None:
        self.message = msg(template, **params)
        super().__init__(str(self.message))
