"""One key for the usual thing: Enter is each dialog's main action whatever has focus,
and a letter key is never swallowed by a number field."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets import Button, OptionList, Select, SelectionList

from banker.core import commands as c
from banker.core.turns import position
from banker.tui.app import make_app
from banker.tui.screens.cards import CardDetails
from banker.tui.screens.dialog import Confirm
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


async def test_the_nearest_railroad_from_the_known_square_is_drawn_with_enter(
    game: Callable[..., Path],
) -> None:
    """Bob stands on Chance 7: the card goes to Pennsylvania Railroad, Alice's, without a
    question; Enter draws it and Bob pays twice the rent."""
    path = game(
        c.Buy(player="Alice", deed="Pennsylvania Railroad"),
        c.MoveToken(player="Bob", how="dice", dice=7),
    )
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l")
        await type_text(pilot, "nearest railroad")
        await pilot.press("enter")  # the picker: the card
        await pilot.pause()
        assert "to Pennsylvania Railroad: pay Alice $50" in str(
            app.screen.query_one("#cards", OptionList).get_option_at_index(0).prompt
        )
        await pilot.press("enter")  # the landed dialog: draw the highlighted card
        await pilot.pause()
        assert not isinstance(app.screen, CardDetails)
    with reopen(path) as journal:
        state = journal.game.state
        assert state.player("Bob").cash == 1500 - 2 * 25
        assert position(state, "Bob") == 15


async def test_the_square_a_card_was_drawn_on_is_asked_when_unknown(
    game: Callable[..., Path],
) -> None:
    """Bob's token is on Vermont Avenue by the bank's count: the dialog asks which Chance
    square (each with where it leads); from 36 he passes GO to Alice's Reading Railroad."""
    path = game(
        c.Buy(player="Alice", deed="Reading Railroad"),
        c.MoveToken(player="Bob", how="dice", dice=8),
    )
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l")
        await type_text(pilot, "nearest railroad")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CardDetails)
        assert screen.query_one("#draw", Button).disabled
        assert not screen.query("#passed-go") and not screen.query("#deed")
        square = screen.query_one("#square", Select)
        square.value = 36
        await pilot.pause()
        assert not screen.query_one("#draw", Button).disabled
        await pilot.press("enter")  # with the dropdown focused: draws, does not reopen it
        await pilot.pause()
        assert not isinstance(app.screen, CardDetails)
    with reopen(path) as journal:
        state = journal.game.state
        assert state.player("Bob").cash == 1500 + 200 - 2 * 25
        assert position(state, "Bob") == 5


async def test_space_ticks_a_deed_at_once_and_enter_shows_the_trade_for_one_more_enter(demo_path: Path) -> None:
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
        await pilot.press("enter")  # the whole trade, once more
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, (TradeScreen, Confirm))
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
