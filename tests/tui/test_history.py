"""The history: undo and redo fold into the ledger's lines; `h` shows every entry,
scrollable and searchable."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, OptionList

from banker.tui.app import make_app
from banker.tui.screens.history import HistoryScreen
from banker.tui.screens.ledger import LedgerScreen
from banker.tui.widgets.history import HistoryView
from tests.tui.conftest import SIZE


def ledger_lines(app: object) -> list[str]:
    view = app.screen.query_one(HistoryView)  # type: ignore[attr-defined]
    return str(view.render()).splitlines()


async def test_undo_strikes_the_line_through_instead_of_adding_one(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "g")
        await pilot.pause()
        before = ledger_lines(app)
        assert before[0] == "Carol passed GO and collected $200"
        await pilot.press("ctrl+z")
        await pilot.pause()
        undone = ledger_lines(app)
        assert undone[0] == "Carol passed GO and collected $200  (undone)"
        assert undone[1:] == before[1 : len(undone)]  # no "Undone: ..." line on top
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert ledger_lines(app)[: len(before)] == before


async def test_h_shows_every_entry_and_searching_narrows_it(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "g", "ctrl+z", "h")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        listing = screen.query_one("#history-list", OptionList)
        journal = app.journal
        assert journal is not None
        total = len(journal.entries())
        assert listing.option_count == total
        first = str(listing.get_option_at_index(0).prompt)
        assert "Undid" in first or "undo" in first.casefold()
        screen.query_one("#history-search", Input).value = "carol gO"
        await pilot.pause()
        texts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert texts and all("carol" in t.casefold() and "go" in t.casefold() for t in texts)
        assert listing.option_count < total
        assert f"of {total} entries" in str(screen.query_one("#history-count").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
