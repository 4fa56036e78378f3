"""The snapshot grid: every terminal size the app is made for, in every language, on the
tables that push the screen hardest (a new game, eight players holding every deed with
buildings, an open debt, and an auction on the auctioneer's screen)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from banker.tui.app import make_app
from tools.tables import LANGUAGES, SIZES, TABLES

GRID = [(table, language, size) for table in TABLES for language in LANGUAGES for size in SIZES]


async def opened(table: str, pilot: Pilot[None]) -> None:
    """The screen the table is about: the ledger, or the auctioneer's for an auction."""
    await pilot.pause()
    if table == "auction":
        await pilot.press("a")
        await pilot.pause()


@pytest.mark.parametrize(
    ("table", "language", "size"), GRID, ids=[f"{t}-{lang}-{w}x{h}" for t, lang, (w, h) in GRID]
)
def test_grid(
    table: str, language: str, size: tuple[int, int], snap_compare: Any, tmp_path: Path
) -> None:
    app = make_app(TABLES[table](tmp_path / "table.banker", language))

    async def run_before(pilot: Pilot[None]) -> None:
        await opened(table, pilot)

    try:
        assert snap_compare(app, terminal_size=size, run_before=run_before)
    finally:
        if app.journal is not None:
            app.journal.close()
