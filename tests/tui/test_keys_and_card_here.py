"""Every key findable and a card for the current square at any time: `?` lists every key
of the ledger at every size; `d` opens the card list of the deck where the highlighted
player's token stands (after an undo, or a card forgotten); the "On" column shows where
each token stands from 120 columns, names whole at 160."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from banker.core import commands as c
from banker.tui.app import make_app
from banker.tui.screens.keys import KeysScreen
from banker.tui.screens.landed import LandedScreen
from banker.tui.widgets.players import PlayersTable
from tests.tui.conftest import rendered
from tools.screenshots import chance


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_question_mark_lists_every_key_of_the_ledger(
    demo_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=size) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, KeysScreen)
        box = screen.query_one(".dialog")
        assert box.region.bottom <= size[1] and box.region.right <= size[0]  # all of it shows
        shown = rendered(screen.query_one(".body", Static).content, size[0])
        for key, does in [
            ("L", "Language"),
            ("e", "End game"),
            ("a", "Auction"),
            ("r", "Raise funds"),
            ("j", "Jail"),
            ("u", "Lift"),
            ("d", "Card here"),
            ("h", "History"),
            ("1-8", "Player"),
        ]:
            assert f"{key} {does}" in " ".join(shown.split()), key
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "LedgerScreen"
    assert app.journal is not None
    app.journal.close()


async def test_d_brings_back_the_card_list_after_an_undo(demo_path: Path) -> None:
    """Bob draws the dividend on Chance; it was the wrong card: Ctrl+Z, then `d` is the
    Chance list again for Bob, his token still on Chance, and the right card is drawn."""
    app = make_app(demo_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await chance(pilot)
        await pilot.press(*"div", "enter")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.journal is not None
        await pilot.press("2", "d")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LandedScreen) and screen.player == "Bob"
        cards = screen.query_one("#cards", OptionList)
        assert cards.option_count == 16
        await pilot.press(*"building", "enter")
        await pilot.pause()
        said = str(app.journal.entries(limit=1)[0].message)
        assert said.startswith("Bob drew Chance: Your building loan matures")
    app.journal.close()


async def test_d_on_a_square_without_cards_says_so_and_opens_nothing(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1", "d")  # Alice stands on Oriental Avenue
        await pilot.pause()
        assert type(app.screen).__name__ == "LedgerScreen"
        shown = " ".join(n.message for n in app._notifications)
        assert "Alice stands on Oriental Avenue: no card is drawn there" in shown
    assert app.journal is not None
    app.journal.close()


@pytest.mark.parametrize(
    "size, shown",
    [((120, 40), "Penn RR"), ((160, 50), "Pennsylvania Railroad")],
)
async def test_the_on_column_from_120_columns(
    game: Callable[..., Path], size: tuple[int, int], shown: str
) -> None:
    path = game(c.MoveToken(player="Alice", square=15, how="fix"))
    app = make_app(path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        table = app.screen.query_one(PlayersTable)
        text = rendered(table.render(), table.size.width)
        assert "On" in text.splitlines()[0]
        assert shown in text
        assert "…" not in text
    assert app.journal is not None
    app.journal.close()
