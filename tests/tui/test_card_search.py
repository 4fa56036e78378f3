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


async def test_board_is_advance_to_boardwalk_and_jail_free_the_card_that_frees(
    tmp_path: Path,
) -> None:
    """`board`, the word the landing picker teaches for Boardwalk, is the card that sends
    the token there, not Chairman of the Board (whose Enter would charge each player);
    `jail` alone is Go to Jail, `jail free` Get Out of Jail Free."""
    app = make_app(make_demo(tmp_path / "demo.banker"))
    async with app.run_test(size=SIZE) as pilot:
        await chance(pilot)
        await pilot.press(*"board")
        assert highlighted_card(app) == "chance-boardwalk"
        await pilot.press(*["backspace"] * 5, *"jail")
        assert highlighted_card(app) == "chance-jail"
        await pilot.press("space", *"free")
        assert highlighted_card(app) == "chance-jail-free"
        await pilot.press(*["backspace"] * 9, *"fr")  # `free` alone also finds it
        assert highlighted_card(app) == "chance-jail-free"
        await pilot.press("escape")
        await pilot.pause()
    assert app.journal is not None
    app.journal.close()


async def test_a_card_by_its_destination_before_a_word_of_another_card(tmp_path: Path) -> None:
    """A nearest-railroad card drawn on Chance 7 goes to Pennsylvania Railroad: `penn`
    finds it though the card never prints the name; `read` is the trip to Reading."""
    app = make_app(make_demo(tmp_path / "demo.banker"))
    async with app.run_test(size=SIZE) as pilot:
        await chance(pilot)
        await pilot.press(*"penn")
        assert highlighted_card(app) == "chance-railroad-1"
        await pilot.press(*["backspace"] * 4, *"read")
        assert highlighted_card(app) == "chance-reading"
        await pilot.press("escape")
        await pilot.pause()
    assert app.journal is not None
    app.journal.close()


async def test_each_card_has_its_number_key(tmp_path: Path) -> None:
    """The deck's cards are numbered in the list: `3` is the third, `1` `2` the twelfth."""
    app = make_app(make_demo(tmp_path / "demo.banker"))
    async with app.run_test(size=SIZE) as pilot:
        await chance(pilot)
        cards = app.screen.query_one("#cards", OptionList)
        ids = [cards.get_option_at_index(n).id for n in range(cards.option_count)]
        assert len(ids) == 16
        assert str(cards.get_option_at_index(2).prompt).lstrip().startswith("3 ")
        await pilot.press("3")
        assert highlighted_card(app) == ids[2]
        await pilot.press("backspace", "1", "2")
        assert highlighted_card(app) == ids[11]
        await pilot.press("enter")  # draws the twelfth card
        await pilot.pause()
        assert app.journal is not None
        drawn = str(app.journal.entries(limit=1)[0].message)
    app.journal.close()
    from banker.core.edition import load_edition
    from banker.tui.words import card_text

    edition = load_edition("us")
    twelfth = edition.cards_by_id[ids[11] or ""]
    assert card_text(edition, twelfth).split(".")[0] in drawn


async def test_keluar_in_malay_and_a_thai_word_find_get_out_of_jail_free(tmp_path: Path) -> None:
    for language, word in (("ms", "keluar"), ("th", "ออกจาก")):
        app = make_app(demo_in(language)(tmp_path / f"{language}.banker"))
        async with app.run_test(size=SIZE) as pilot:
            await chance(pilot)
            for ch in word:
                app.post_message(events.Key(ch, ch))
            await settle(app, pilot)
            assert highlighted_card(app) == "chance-jail-free", language
            await pilot.press("escape")
            await pilot.pause()
        assert app.journal is not None
        app.journal.close()
