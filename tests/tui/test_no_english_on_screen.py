"""Every screen of the app in Malay and Thai carries no English the catalogue missed: the
ledger, then each key's screen and the dialogs behind them, on the demo game and on the
tables that push the screen hardest, at 80x24 and 160x50 (`tests.english` says what may
stand in Latin letters: names, amounts, keys, the command language)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import ModalScreen

from banker.demo import DEMO_PLAYERS
from banker.tui.app import make_app
from tests.english import english_in
from tools.screenshots import THAI_PLAYERS, demo_in
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

GRID = [(language, size) for language in ("ms", "th") for size in ((80, 24), (160, 50))]


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


async def tour(path: Path, language: str, size: tuple[int, int], names: list[str]) -> dict:
    app = make_app(path, share_host="127.0.0.1")
    leaks: dict[str, list[str]] = {}
    screens: set[str] = set()
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        if words := english_in(seen(app), language, names):
            leaks["ledger"] = words
        for keys in TOUR:
            await pilot.press(*keys)
            await pilot.pause()
            screens.add(type(app.screen).__name__)
            if words := english_in(seen(app), language, names):
                leaks[f"{' '.join(keys)} ({type(app.screen).__name__})"] = words
            await back_to_the_ledger(app, pilot)
    assert app.journal is not None
    app.journal.close()
    assert len(screens) >= 12, screens  # the keys opened their screens
    return leaks


@pytest.mark.parametrize(
    ("language", "size"), GRID, ids=[f"{g[0]}-{g[1][0]}x{g[1][1]}" for g in GRID]
)
async def test_no_screen_of_the_app_shows_english(
    language: str, size: tuple[int, int], tmp_path: Path
) -> None:
    players = THAI_PLAYERS if language == "th" else DEMO_PLAYERS
    tables = {"demo": demo_in(language, players)(tmp_path / "demo.banker")}
    for table in ("full", "auction"):
        tables[table] = TABLES[table](tmp_path / f"{table}.banker", language)
    names = [*players, *FULL_TABLE, *DEMO_PLAYERS, *tables]
    leaks = {}
    for table, path in tables.items():
        leaks |= {f"{table}: {k}": v for k, v in (await tour(path, language, size, names)).items()}
    assert not leaks, leaks
