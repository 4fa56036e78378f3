"""How the ledger marks things: a colour per seat, short deed names, buildings as dots.

Light on purpose (no rules imported): the ledger's first screen is drawn with these
before the game's models are loaded.
"""

from __future__ import annotations

from pathlib import Path, PurePath

from banker.tui.speech import _

PLAYER_COLOURS = (
    "#4ea1ff",
    "#ff7a59",
    "#5fd38d",
    "#d58cff",
    "#ffd24d",
    "#4dd6d6",
    "#ff6fae",
    "#c0c0c0",
)
"""A colour per seat, so an owner's name reads the same everywhere on the ledger."""

NO_SEAT_COLOUR = "#808080"


def seat_colour(seat: int | None) -> str:
    """The colour of the player in `seat` (1 for the first in turn order)."""
    if seat is None or seat < 1:
        return NO_SEAT_COLOUR
    return PLAYER_COLOURS[(seat - 1) % len(PLAYER_COLOURS)]


STREET_WORDS = frozenset(
    {"avenue", "place", "road", "street", "railroad", "station", "lane", "square"}
)
"""Last words a name can do without where room is short: `Baltic Avenue` reads as `Baltic`."""


def short_name(name: str) -> str:
    """The deed's name without its street word, for a narrow board."""
    words = name.split()
    rest = " ".join(words[:-1])
    if len(words) > 1 and words[-1].casefold() in STREET_WORDS and len(rest) >= 5:
        return rest
    return name


def buildings_mark(houses: int, hotel: bool) -> str:
    """A short mark for the board: one dot per house, or `hotel`."""
    if hotel:
        return _("hotel")
    return "●" * houses


SCREENS_CSS: list[str | PurePath] = [
    Path(__file__).with_name("dialogs.tcss"),
    Path(__file__).with_name("moments.tcss"),
]
"""The styles of every screen but the ledger: each of those screens loads them (once, with
the first one shown), so the app's start-up reads only the ledger's."""
