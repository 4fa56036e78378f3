"""Tables that push the screen to its limits, for the size-and-language snapshot grid.

Each maker writes a game file through real, journaled commands: a new game, eight players
holding every deed with buildings, a game with an open debt, and one with an auction open.
The snapshot grid and the screen-text tests open the same files at every size from 80x24 to
200x60, in English, Malay and Thai.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.rules import HouseRules
from banker.demo import make_demo
from banker.i18n.languages import LANGUAGES as BANKER_LANGUAGES
from banker.store import Journal

FULL_TABLE = (
    "Alexandra",
    "Bartholomew",
    "Constance",
    "Dimitrios",
    "Evangeline",
    "Fitzgerald",
    "Guinevere",
    "Heathcliff",
)
"""Eight players with long names: the most the app seats, each name as long as a table's."""

GROUP_LEVELS = {
    "brown": [5, 5],
    "light_blue": [5, 5, 5],
    "pink": [5, 5, 5],
    "orange": [5, 5, 5],
    "red": [3, 3, 3],
    "yellow": [2, 2, 2],
    "green": [2, 2, 2],
    "dark_blue": [2, 2],
}
"""Buildings on every colour group: eleven hotels and 25 houses."""


THAI_TABLE = ("สมชาย", "สมหญิง", "วิชัย", "นิภา")
"""A Thai table's names: vowel and tone marks above and below the line take no cell."""


def new_game(path: Path, language: str = "en") -> Path:
    """A four-player game just set up: nobody holds anything yet (Thai names in Thai)."""
    setup = c.Setup.load(
        {
            "players": list(THAI_TABLE) if language == "th" else ["Alice", "Bob", "Carol", "Dave"],
            "edition": load_edition("us"),
            "language": language,
        }
    )
    Journal.create(path, setup).close()
    return path


def full_table(path: Path, language: str = "en") -> Path:
    """Eight players, every deed dealt, every colour group built up, some deeds mortgaged,
    jail cards held and a turn under way: the most a screen has to show."""
    edition = load_edition("us")
    setup = c.Setup.load(
        {
            "players": list(FULL_TABLE),
            "edition": edition,
            "rules": HouseRules(),
            "language": language,
        }
    )
    lots = edition.group_lots
    dealt: dict[str, str] = {}
    for player, group in zip(FULL_TABLE, lots, strict=True):
        for deed in lots[group]:
            dealt[deed] = player
    others = [d.name for d in edition.deeds if d.group is None]
    for i, deed in enumerate(others):  # railroads and utilities, one or two each
        dealt[deed] = FULL_TABLE[i % len(FULL_TABLE)]
    with Journal.create(path, setup) as journal:
        journal.apply(c.DealDeeds(deeds=dealt, paid=False))
        for player, group in zip(FULL_TABLE, lots, strict=True):
            levels = GROUP_LEVELS[group]
            journal.apply(c.SetGroupLevels(player=player, deed=lots[group][0], levels=levels))
        journal.apply(c.Mortgage(player=FULL_TABLE[0], deed=others[0]))
        journal.apply(c.Mortgage(player=FULL_TABLE[3], deed=others[3]))
        journal.apply(c.DrawCard(player=FULL_TABLE[7], card="chance-jail-free"))
        journal.apply(c.DrawCard(player=FULL_TABLE[6], card="chest-jail-free"))
        for _turn in range(4):
            journal.apply(c.PassTurn())
    return path


def demo_in(path: Path, language: str) -> Journal:
    """The demo game written at `path` in `language`, its journal open."""
    make_demo(path)
    journal = Journal.open(path)
    if language != "en":
        journal.apply(c.SetLanguage.load({"language": language}))
    return journal


def open_debt(path: Path, language: str = "en") -> Path:
    """The demo game where Bob has paid Carol more than his cash: he owes her the rest."""
    with demo_in(path, language) as journal:
        cash = next(p.cash for p in journal.game.state.players if p.name == "Bob")
        journal.apply(c.Pay(player="Bob", amount=cash + 600, to="Carol"))
    return path


def auction_open(path: Path, language: str = "en") -> Path:
    """The demo game with St. James Place up for auction and two bids made."""
    with demo_in(path, language) as journal:
        journal.apply(c.StartAuction(lot="St. James Place"))
        journal.apply(c.Bid(player="Bob", amount=120))
        journal.apply(c.Bid(player="Carol", amount=150))
    return path


TABLES: dict[str, Callable[..., Path]] = {
    "new": new_game,
    "full": full_table,
    "debt": open_debt,
    "auction": auction_open,
}
"""The grid's tables by name."""

SIZES = ((80, 24), (120, 40), (160, 50), (200, 60))
"""The terminal sizes the app is made for, smallest to largest."""

LANGUAGES = tuple(BANKER_LANGUAGES)
