"""Every screen of the app in Malay and Thai carries no English the catalogue missed: the
ledger, then each key's screen and the dialogs behind them, on the demo game and on the
tables that push the screen hardest, at 80x24 and 160x50 (`tests.english` says what may
stand in Latin letters: names, amounts, keys, the command language). At 80 columns no
label is cut short (the terminal measures Thai by cells, and so does this reading)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import polib
import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import ModalScreen

from banker.core import commands as c
from banker.demo import DEMO_PLAYERS
from banker.store import Journal
from banker.tui.app import make_app
from tests.english import board_names, english_in
from tools.i18n_extract import LOCALE
from tools.screenshots import (
    THAI_PLAYERS,
    Keys,
    auction,
    auction_opened,
    demo_in,
    jail,
    ledger,
    raise_funds,
    settlement_to_the_bank,
    with_a_debt,
)
from tools.tables import FULL_TABLE, TABLES

TOUR: tuple[tuple[str, ...], ...] = (
    ("l",),  # the square picker, where the token stands
    ("2", "l"),  # the second player's
    ("2", "l", "c", "h", "a", "n", "enter"),  # landed on Chance: the deck's cards
    ("2", "l", "i", "n", "c", "o", "m", "enter"),  # Income Tax
    ("2", "l", "b", "o", "a", "r", "d", "enter"),  # a deed: buy, auction or rent
    ("p",),
    ("c",),
    ("b",),
    ("m",),
    ("t",),
    ("j",),
    ("a",),
    ("r",),
    ("n",),
    ("h",),
    ("s",),  # the QR code for the phones
    ("ctrl+p",),
    ("colon",),
    ("e",),  # ending the game asks first
)
"""Each path from the ledger, as a banker's keys."""

GRID = [
    (language, size, table)
    for language in ("ms", "th")
    for size in ((80, 24), (160, 50))
    for table in ("demo", "full", "auction")
]
"""Each table read on its own: a dozen tests of a few seconds each share the workers
better than four of half a minute, one of which would be left running alone at the end."""


def seen(app: App[object]) -> str:
    """What the banker reads: the whole screen, or a dialog's own box (the ledger behind
    it shows through cut at the box's edges, which is not a word of either)."""
    strips = app.screen._compositor.render_strips()
    if not isinstance(app.screen, ModalScreen):
        return "\n".join(strip.text for strip in strips)
    lines = []
    for child in app.screen.children:
        box = child.region
        lines += [strip.crop(box.x, box.right).text for strip in strips[box.y : box.bottom]]
    return "\n".join(lines)


async def back_to_the_ledger(app: App[object], pilot: Pilot[object]) -> None:
    for _ in range(5):
        if type(app.screen).__name__ == "LedgerScreen":
            return
        await pilot.press("escape")
        await pilot.pause()
    raise AssertionError(f"stuck on {type(app.screen).__name__}")


CUT = re.compile(r"(\S+)…")


@cache
def whole_with_ellipsis(language: str) -> frozenset[str]:
    """Words that end in `…` as written (`Bid…`, `หยุดที่…`): a label that leads on, not a
    label cut short."""
    entries = polib.pofile(str(LOCALE / f"{language}.po"))
    texts = [e.msgstr or e.msgid for e in entries]
    return frozenset(t.split()[-1] for t in texts if t.endswith("…") and t.split())


def cut_labels(text: str, language: str, names: list[str]) -> list[str]:
    """The words of the screen cut short with `…` that are not a deed's or a player's name
    (the deeds panel shortens those by design: `Medit…`)."""
    whole = {w.casefold() for w in board_names()} | {
        w.casefold() for name in names for w in name.split()
    }
    cut = []
    for match in CUT.finditer(text):
        word = match.group(1).lstrip("(▐▌X[")
        if match.group(0).split()[-1] in whole_with_ellipsis(language):
            continue
        if any(w.startswith(word.casefold()) for w in whole):
            continue
        cut.append(word + "…")
    return cut


async def tour(
    path: Path, language: str, size: tuple[int, int], names: list[str]
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """English left on each screen, and (at 80 columns) labels cut short."""
    app = make_app(path, share_host="127.0.0.1")
    leaks: dict[str, list[str]] = {}
    cuts: dict[str, list[str]] = {}
    screens: set[str] = set()

    def read(where: str) -> None:
        text = seen(app)
        if words := english_in(text, language, names):
            leaks[where] = words
        if size[0] <= 80 and (short := cut_labels(text, language, names)):
            cuts[where] = short

    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        read("ledger")
        for keys in TOUR:
            await pilot.press(*keys)
            await pilot.pause()
            screens.add(type(app.screen).__name__)
            read(f"{' '.join(keys)} ({type(app.screen).__name__})")
            await back_to_the_ledger(app, pilot)
    assert app.journal is not None
    app.journal.close()
    assert len(screens) >= 12, screens  # the keys opened their screens
    return leaks, cuts


@pytest.mark.parametrize(
    ("language", "size", "table"),
    GRID,
    ids=[f"{g[0]}-{g[1][0]}x{g[1][1]}-{g[2]}" for g in GRID],
)
async def test_no_screen_of_the_app_shows_english(
    language: str, size: tuple[int, int], table: str, tmp_path: Path
) -> None:
    players = THAI_PLAYERS if language == "th" else DEMO_PLAYERS
    if table == "demo":
        path = demo_in(language, players)(tmp_path / "demo.banker")
    else:
        path = TABLES[table](tmp_path / f"{table}.banker", language)
    names = [*players, *FULL_TABLE, *DEMO_PLAYERS, table]
    leaks, cuts = await tour(path, language, size, names)
    assert not leaks, leaks
    assert not cuts, f"labels cut short at {size[0]} columns: {cuts}"


async def sold(pilot: Pilot[None]) -> None:
    """Two bids, then the auctioneer's `c`: the "Sold?" question."""
    await auction(pilot)
    await pilot.press("c")


def _jailed_in(language: str) -> Callable[[Path], Path]:
    def make(path: Path) -> Path:
        demo_in(language)(path)
        with Journal.open(path) as journal:
            journal.apply(c.MoveToken(player="Dave", how="forward", square=30))
        return path

    return make


MOMENTS: dict[str, tuple[Callable[[str], Callable[[Path], Path]], Keys]] = {
    "auction, no bid yet": (demo_in, auction_opened),
    "auction, sold?": (demo_in, sold),
    "debtor in the players panel": (with_a_debt, ledger),
    "bankruptcy statement to the bank": (demo_in, settlement_to_the_bank),
    "raise funds": (demo_in, raise_funds),
    "jail dialog, in jail": (_jailed_in, jail),
    "jail dialog, just visiting": (demo_in, jail),
}
"""The review's places, each reached as the banker reaches it: the game, then the keys."""


@pytest.mark.parametrize("language", ["ms", "th"])
@pytest.mark.parametrize("moment", list(MOMENTS))
async def test_the_reviews_moments_at_80x24_show_no_english_and_cut_nothing(
    language: str, moment: str, tmp_path: Path
) -> None:
    """What the reader found: the starting bid cut, the debtor's tag dropped, the jail and
    bankruptcy sentences; each read off the screen at 80x24, every Latin word a name, an
    amount, a key or a command word, and no label cut short."""
    maker, keys = MOMENTS[moment]
    path = maker(language)(tmp_path / "moment.banker")
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(pilot)
        await pilot.pause()
        app.clear_notifications()
        await pilot.pause()
        text = seen(app)
    assert app.journal is not None
    app.journal.close()
    names = [*DEMO_PLAYERS, "moment"]  # the game's name, in the title
    assert english_in(text, language, names) == [], text
    assert cut_labels(text, language, names) == [], text
