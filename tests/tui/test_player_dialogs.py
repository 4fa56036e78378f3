"""The player you mean: the build and mortgage dialogs open for the highlighted player and
a seat number typed in one opens it for that seat's player instead; the mortgage list stays
open for several deeds (Space each, Enter the last), with what it has done so far; `u`
lists only the mortgages to lift."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from banker.store import Journal
from banker.tui.app import make_app
from banker.tui.screens.build import BuildScreen
from banker.tui.screens.mortgage import MortgageScreen
from tests.tui.conftest import SIZE, type_keys


def _entries(path: Path, n: int) -> list[str]:
    with Journal.open(path, read_only=True) as journal:
        return [str(e.message) for e in journal.entries(limit=n)]


async def test_a_seat_typed_in_the_build_dialog_opens_it_for_that_player(
    demo_path: Path,
) -> None:
    """Alice's turn: `b` is Alice's build dialog; `4` there is Dave's, who builds evenly."""
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, BuildScreen) and app.screen.player == "Alice"
        await pilot.press("4")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BuildScreen) and screen.player == "Dave"
        assert "Dave" in str(screen.query_one(".dialog").border_title)
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "LedgerScreen"
    assert app.journal is not None
    app.journal.close()


KEYS = ["3", "m", "r", "space", "e", "space", "b", "enter"]
"""Carol (3) mortgages Reading Railroad, Electric Company and B&O Railroad: `m`, then a
letter and Space for each but the last, a letter and Enter for the last (7 keys after the
highlight)."""


async def test_space_keeps_the_mortgage_list_open_with_what_it_has_done(
    demo_path: Path,
) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*KEYS[:6])
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MortgageScreen)  # still open after two
        done = str(screen.query_one("#done").render())
        assert "Reading Railroad, Electric Company" in done
        assert "$550 → $725 (+$175)" in done
        await pilot.press(*KEYS[6:])
        await pilot.pause()
        assert type(app.screen).__name__ == "LedgerScreen"  # Enter did the last and closed
    assert app.journal is not None
    app.journal.close()
    assert _entries(demo_path, 3) == [
        "Carol mortgaged Reading Railroad and received $100",
        "Carol mortgaged Electric Company and received $75",
        "Carol mortgaged B&O Railroad and received $100",
    ]


@pytest.mark.parametrize("fast", [False, True], ids=["a key at a time", "all at once"])
async def test_three_mortgages_in_eight_keys(demo_path: Path, fast: bool) -> None:
    assert len(KEYS) <= 8
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await type_keys(app, pilot, KEYS, fast)
        assert type(app.screen).__name__ == "LedgerScreen"
    assert app.journal is not None
    app.journal.close()
    assert _entries(demo_path, 3) == [
        "Carol mortgaged Reading Railroad and received $100",
        "Carol mortgaged Electric Company and received $75",
        "Carol mortgaged B&O Railroad and received $100",
    ]


async def test_u_lists_only_the_mortgages_to_lift(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "m", "r", "enter", "u")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MortgageScreen)
        deeds = screen.query_one("#deeds", OptionList)
        assert [deeds.get_option_at_index(i).id for i in range(deeds.option_count)] == [
            "Reading Railroad"
        ]
        await pilot.press("space")
        await pilot.pause()
        assert deeds.option_count == 1 and deeds.get_option_at_index(0).disabled  # none left
        await pilot.press("escape")
        await pilot.pause()
    assert app.journal is not None
    app.journal.close()
    assert _entries(demo_path, 1) == [
        "Carol lifted the mortgage on Reading Railroad for $110 ($100 + $10 interest)"
    ]
