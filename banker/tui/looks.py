"""How the ledger marks things: a colour per seat, short deed names, buildings as dots.

Light on purpose (no rules imported): the ledger's first screen is drawn with these
before the game's models are loaded.
"""

from __future__ import annotations

from pathlib import Path, PurePath

from rich.cells import cell_len

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


ABBREVIATIONS = {
    "pennsylvania": "Penn",
    "railroad": "RR",
    "company": "Co.",
    "avenue": "Ave",
    "place": "Pl",
    "street": "St",
    "road": "Rd",
    "gardens": "Gdns",
    "station": "Stn",
    "north": "N.",
    "square": "Sq",
    "lane": "Ln",
}
"""Words the table shortens itself: Pennsylvania Railroad is `Penn RR`, never just `Penn`."""

DROPPABLE = frozenset({"ave", "pl", "st", "rd", "ln", "sq"})
"""Street words a short name can do without (a railroad keeps its `RR`)."""


def short_name(name: str, width: int | None = None) -> str:
    """The deed's name as it fits `width` cells, the way the table says it: whole if it
    fits, else with the usual abbreviations (`Penn Ave`, `Penn RR`, `Electric Co.`), else
    without the street word (`Baltic`), else cut with an ellipsis (`Mediterr…`). Two deeds
    never come out the same: the railroad keeps its `RR`."""
    if width is not None and cell_len(name) <= width:
        return name
    words = [ABBREVIATIONS.get(w.casefold(), w) for w in name.split()]
    abbreviated = " ".join(words)
    if width is not None and cell_len(abbreviated) <= width:
        return abbreviated
    if len(words) > 1 and words[-1].casefold() in DROPPABLE:
        words = words[:-1]
    shorter = " ".join(words)
    if width is None or cell_len(shorter) <= width:
        return shorter
    if width <= 1:
        return shorter[:width]
    cut = shorter
    while cut and cell_len(cut) > width - 1:
        cut = cut[:-1]
    return cut.rstrip(" .") + "…"


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
