"""A deed-for-cash trade typed as a banker types it: the partner by a letter, the deed found
by typing in its list and ticked with Space (the one found, not the first), the cash, then
Enter shows the whole trade and a second Enter makes it. Nothing is journaled before."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select, SelectionList

from banker.store import Journal
from banker.tui.app import make_app
from banker.tui.screens.dialog import Confirm
from banker.tui.screens.trade import TradeScreen
from tests.tui.conftest import SIZE, type_keys

KEYS = ["3", "t", "a", "w", "space", "tab", *"150", "enter"]
"""Carol (3) trades with Alice (a) her Water Works (w, the last of her four deeds) for
$150; the Enter after it shows the trade whole."""


def _last(path: Path) -> str:
    with Journal.open(path, read_only=True) as journal:
        return str(journal.entries(limit=1)[0].message)


async def test_the_deed_found_is_the_deed_ticked_and_enter_shows_the_trade_first(
    demo_path: Path,
) -> None:
    before = _last(demo_path)
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*KEYS[:2])
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TradeScreen)
        assert screen.focused is screen.query_one("#who-get", Select)  # the partner first
        await pilot.press("a")  # Alice, and on to Carol's deeds
        assert screen.query_one("#who-get", Select).value == "Alice"
        deeds = screen.query_one("#deeds-give", SelectionList)
        assert screen.focused is deeds
        await pilot.press("w", "space")
        assert deeds.selected == ["Water Works"]  # not Reading Railroad, the first line
        await pilot.press(*KEYS[5:])
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        body = str(app.screen.query_one(".body").render())
        assert "Carol gives Water Works; Alice gives $150." in body
        assert "Alice $740 → $590; Carol $550 → $700" in body
        assert _last(demo_path) == before  # nothing made yet
        await pilot.press("escape")  # back to the trade, unchanged
        await pilot.pause()
        assert app.screen is screen and deeds.selected == ["Water Works"]
        await pilot.press("enter", "enter")
        await pilot.pause()
    assert app.journal is not None
    app.journal.close()
    assert _last(demo_path) == "Carol traded Water Works to Alice for $150"


@pytest.mark.parametrize("fast", [False, True], ids=["a key at a time", "all at once"])
async def test_a_deed_for_cash_trade_in_ten_keys(demo_path: Path, fast: bool) -> None:
    keys = [*KEYS, "enter"]
    assert len(keys) - 1 <= 10  # the highlight key (3) is not the trade's
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await type_keys(app, pilot, keys, fast)
        await pilot.pause()
        assert type(app.screen).__name__ == "LedgerScreen"
    assert app.journal is not None
    app.journal.close()
    assert _last(demo_path) == "Carol traded Water Works to Alice for $150"


async def test_a_search_that_finds_no_deed_ticks_nothing(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "t", "a", "z", "space")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TradeScreen)
        assert screen.query_one("#deeds-give", SelectionList).selected == []
        await pilot.press("escape")
        await pilot.pause()
    assert app.journal is not None
    app.journal.close()
