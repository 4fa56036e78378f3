"""One key for the usual thing: Enter is each dialog's main action whatever has focus,
and a letter key is never swallowed by a number field."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets import Checkbox, Select, SelectionList

from banker.core import commands as c
from banker.tui.app import make_app
from banker.tui.screens.cards import CardDetails
from banker.tui.screens.trade import TradeScreen
from tests.tui.conftest import SIZE, reopen, type_text


async def test_r_collects_the_utility_rent_from_the_dice_field(
    game: Callable[..., Path],
) -> None:
    path = game(c.Buy(player="Alice", deed="Water Works"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l")
        await type_text(pilot, "water")
        await pilot.press("enter")
        await type_text(pilot, "7")
        await pilot.press("r")  # the dice field has focus: r still collects
        await pilot.pause()
    with reopen(path) as journal:
        assert journal.game.state.player("Bob").cash == 1500 - 4 * 7


async def test_the_nearest_railroad_is_chosen_and_enter_draws_the_card(
    game: Callable[..., Path],
) -> None:
    path = game(
        c.Buy(player="Alice", deed="Pennsylvania Railroad"),
        c.MoveToken(player="Bob", square=7),
    )
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l")
        await type_text(pilot, "nearest railroad")
        await pilot.press("enter")  # the picker: the card
        await pilot.pause()
        await pilot.press("enter")  # the landed dialog: draw the highlighted card
        await pilot.pause()
        assert isinstance(app.screen, CardDetails)
        assert app.screen.query_one("#deed", Select).value == "Pennsylvania Railroad"
        assert not app.screen.query_one("#passed-go", Checkbox).value
        await pilot.press("enter")  # with the dropdown focused: draws, does not reopen it
        await pilot.pause()
        assert not isinstance(app.screen, CardDetails)
    with reopen(path) as journal:
        assert journal.game.state.player("Bob").cash == 1500 - 2 * 25


async def test_space_ticks_a_deed_at_once_and_enter_makes_the_trade(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TradeScreen)
        screen.query_one("#who-get", Select).value = "Alice"
        await pilot.pause()
        deeds = screen.query_one("#deeds-give", SelectionList)
        deeds.focus()
        await pilot.pause()
        await pilot.press("space")  # no arrow pressed first
        await pilot.pause()
        assert len(deeds.selected) == 1
        given = deeds.selected[0]
        screen.query_one("#cash-get").focus()
        await type_text(pilot, "150")
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, TradeScreen)
    with reopen(demo_path) as journal:
        assert journal.game.state.deeds[given].owner == "Alice"


async def test_letters_find_a_card_in_the_list_by_a_word_of_it(
    game: Callable[..., Path],
) -> None:
    path = game(c.MoveToken(player="Bob", square=0))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l", "7")  # Chance, by the throw
        await pilot.pause()
        await type_text(pilot, "div")
        await pilot.press("enter")
        await pilot.pause()
    with reopen(path) as journal:
        assert journal.game.state.player("Bob").cash == 1500 + 50


async def test_enter_on_income_tax_pays_the_cheaper_choice(game: Callable[..., Path]) -> None:
    path = game(c.MoveToken(player="Bob", square=0))  # worth $1,500: 10% is $150, under $200
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l", "4")  # GO + 4: Income Tax
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    with reopen(path) as journal:
        assert journal.game.state.player("Bob").cash == 1500 - 150
