"""At 80x24, in English, Malay and Thai, the words a banker needs most stay whole: the
auction's starting bid (the Malay line lost its `$1` at the box's edge) and the debtor's tag
in the Players panel (Malay dropped "berhutang", so nobody saw who was in debt). Read off
the screen as the terminal draws it, by cells."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.app import App
from textual.widget import Widget

from banker.core import commands as c
from banker.i18n import translator
from banker.store import Journal
from banker.tui.app import make_app
from banker.tui.widgets.players import PlayersTable
from tools.tables import demo_in, full_table, open_debt

LANGUAGES = ["en", "ms", "th"]
SIZE = (80, 24)


def shown_in(app: App[object], widget: Widget) -> str:
    """The lines of the screen inside `widget`'s region, joined with spaces."""
    strips = app.screen._compositor.render_strips()
    box = widget.region
    lines = [strip.crop(box.x, box.right).text for strip in strips[box.y : box.bottom]]
    return re.sub(r"\s+", " ", " ".join(lines)).strip()


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_starting_bid_is_whole_before_the_first_bid(
    language: str, tmp_path: Path
) -> None:
    path = tmp_path / "a.banker"
    with demo_in(path, language) as journal:
        journal.apply(c.StartAuction(lot="St. James Place"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert type(app.screen).__name__ == "AuctionScreen"
        said = translator(language)("No bid yet: bids from {amount}").format(amount="$1")
        assert shown_in(app, app.screen.query_one("#high-bidder")) == said
    assert app.journal is not None
    app.journal.close()


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_debtor_is_tagged_in_the_players_panel(language: str, tmp_path: Path) -> None:
    path = open_debt(tmp_path / "d.banker", language)
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = shown_in(app, app.screen.query_one(PlayersTable))
        assert translator(language)("{p} owes").format(p="Bob") in table
        assert "…" not in table  # no head, name or amount cut short
    assert app.journal is not None
    app.journal.close()


@pytest.mark.parametrize("size", [(120, 40), (160, 50), (200, 60)])
async def test_the_deeds_panel_says_bank_whole_or_by_its_dot(
    size: tuple[int, int], tmp_path: Path
) -> None:
    """Thai ธนาคาร (6 cells) was cut to ธนาคา in an owner's column sized for the players'
    names: the column now takes the word's width, or shows the bank's dot."""
    from banker.tui.widgets.board import BoardView

    path = tmp_path / "t.banker"
    demo_in(path, "th").close()
    app = make_app(path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        board = shown_in(app, app.screen.query_one(BoardView))
    assert app.journal is not None
    app.journal.close()
    bank = translator("th")("bank")
    assert bank in board or "·" in board
    assert not re.search(f"{bank[:-1]}(?!{bank[-1]})", board), board


async def test_the_narrow_head_is_taken_only_when_it_makes_room_for_the_tag(
    tmp_path: Path,
) -> None:
    """Eight long names at 80x24 in Malay: Bartholomew's "berhutang" does not fit even
    beside "Geran", so the tag gives way and the Deeds column keeps its whole head."""
    path = full_table(tmp_path / "f.banker", "ms")
    with Journal.open(path) as journal:
        journal.apply(c.Pay(player="Bartholomew", amount=900, to="Constance"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = shown_in(app, app.screen.query_one(PlayersTable))
    assert app.journal is not None
    app.journal.close()
    malay = translator("ms")
    assert malay("Deeds") in table
    assert malay.pgettext("narrow column", "Deeds") not in table
