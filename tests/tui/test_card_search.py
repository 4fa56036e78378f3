"""A list's search finds the card by its own words: `go` is Advance to GO, and in Thai,
whose words run together, a piece of a word finds its card."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.widgets import OptionList

from banker.demo import make_demo
from banker.tui.app import make_app
from banker.tui.screens.landed import LandedScreen
from tests.tui.conftest import SIZE
from tests.tui.test_type_ahead import settle
from tools.screenshots import THAI_PLAYERS, chance, demo_in


def highlighted_card(app: object) -> str | None:
    from textual.app import App

    assert isinstance(app, App)
    cards = app.screen.query_one("#cards", OptionList)
    if cards.highlighted is None:
        return None
    return cards.get_option_at_index(cards.highlighted).id


async def test_go_finds_advance_to_go_and_rail_the_nearest_railroad(tmp_path: Path) -> None:
    app = make_app(make_demo(tmp_path / "demo.banker"))
    async with app.run_test(size=SIZE) as pilot:
        await chance(pilot)  # Bob lands on Chance: the deck's cards
        assert isinstance(app.screen, LandedScreen)
        await pilot.press("g", "o")
        assert highlighted_card(app) == "chance-go"
        await pilot.press("backspace", "backspace", "r", "a", "i", "l")
        assert highlighted_card(app) == "chance-railroad-1"  # not the trip to Reading
        await pilot.press("escape")  # out of the dialog
        await pilot.pause()
    assert app.journal is not None
    app.journal.close()


async def test_a_piece_of_a_thai_word_finds_its_card(tmp_path: Path) -> None:
    app = make_app(demo_in("th", THAI_PLAYERS)(tmp_path / "demo.banker"))
    async with app.run_test(size=SIZE) as pilot:
        await chance(pilot)
        assert isinstance(app.screen, LandedScreen)
        for ch in "ปันผล":  # "dividend", inside ธนาคารจ่ายเงินปันผลให้คุณ
            app.post_message(events.Key(ch, ch))  # marks included, as a Thai keyboard sends
        await settle(app, pilot)
        assert highlighted_card(app) == "chance-dividend"
    assert app.journal is not None
    app.journal.close()
