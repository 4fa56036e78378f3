"""The banker's centrepiece: a player landed somewhere, the dialog offers what applies."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Button, OptionList

from banker.core import commands as c
from banker.core.turns import position
from banker.tui.app import make_app
from banker.tui.screens.landed import LandedScreen
from banker.tui.screens.ledger import LedgerScreen
from tests.tui.conftest import SIZE, reopen, type_text


async def test_bob_lands_on_boardwalk_and_pays_alice_600(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l")
        await type_text(pilot, "board")
        await pilot.press("enter")
        assert isinstance(app.screen, LandedScreen)
        labels = [str(b.label) for b in app.screen.query(Button)]
        assert any("Collect $600 for Alice" in label for label in labels), labels
        await pilot.press("r")
        await pilot.pause()
    with reopen(demo_path) as journal:
        state = journal.game.state
        assert state.player("Bob").cash == 820 - 600
        assert state.player("Alice").cash == 740 + 600
        assert "Bob paid Alice $600 rent for Boardwalk" in str(journal.entries()[-1].message)


async def test_unowned_deed_is_bought_at_the_printed_price(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "l")
        await type_text(pilot, "illinois")
        await pilot.press("enter", "b")
        await pilot.pause()
    with reopen(demo_path) as journal:
        state = journal.game.state
        assert state.deeds["Illinois Avenue"].owner == "Carol"
        assert state.player("Carol").cash == 550 - 240


async def test_buying_what_the_cash_cannot_cover_is_refused(
    game: Callable[..., Path],
) -> None:
    path = game(c.Pay(player="Carol", amount=1450))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "l")
        await type_text(pilot, "boardwalk")
        await pilot.press("enter")
        buy = app.screen.query_one("#do-b", Button)
        assert buy.disabled
        assert "Carol has $50 but needs $400" in str(buy.tooltip)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, LandedScreen)
    with reopen(path) as journal:
        assert journal.game.state.deeds["Boardwalk"].owner is None
        assert journal.game.state.player("Carol").cash == 50


async def test_utility_rent_asks_for_the_dice(game: Callable[..., Path]) -> None:
    path = game(
        c.Buy(player="Alice", deed="Water Works"), c.Buy(player="Alice", deed="Electric Company")
    )
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l")
        await type_text(pilot, "water")
        await pilot.press("enter")
        assert app.screen.query_one("#do-r", Button).disabled
        await type_text(pilot, "7")
        await pilot.pause()
        assert "both utilities owned: 10 x 7 = $70" in str(app.screen.query_one("#rent").render())
        await pilot.press("enter")
        await pilot.pause()
    with reopen(path) as journal:
        assert journal.game.state.player("Bob").cash == 1500 - 70


async def test_own_deed_and_mortgaged_deed_say_so(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "l")
        await type_text(pilot, "boardwalk")
        await pilot.press("enter")
        assert "Alice owns Boardwalk: nothing to pay." in _text(app.screen)
        await pilot.press("escape", "2", "l")
        await type_text(pilot, "virginia")
        await pilot.press("enter")
        assert "Virginia Avenue is mortgaged (Dave): it collects no rent." in _text(app.screen)


async def test_income_tax_offers_both_with_the_worth(demo_path: Path) -> None:
    """Alice's token is on Kentucky Avenue (21): Income Tax (4) is ahead past GO, so she
    collects $200 first; her worth is then $2,710 and 10% of it $271."""
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "l")
        await type_text(pilot, "income")
        await pilot.press("enter")
        shown = _text(app.screen)
        assert "Total worth" in shown and "$2,710" in shown
        labels = [str(b.label) for b in app.screen.query(Button)]
        assert any("Pay $200 flat" in label for label in labels)
        assert any("Pay $271 (10%)" in label for label in labels)
        await pilot.press("w")
        await pilot.pause()
    with reopen(demo_path) as journal:
        state = journal.game.state
        assert state.player("Alice").cash == 740 + 200 - 271
        assert state.bank.free_parking == 500 + 271


async def test_strict_income_tax_hides_the_percentage(game: Callable[..., Path]) -> None:
    from banker.core.rules import HouseRules

    path = game(rules=HouseRules(strict_income_tax=True))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await type_text(pilot, "income")
        await pilot.press("enter")
        shown = _text(app.screen)
        assert "Total worth" not in shown and "$150" not in shown
        await pilot.press("w")
        await pilot.pause()
    with reopen(path) as journal:
        assert journal.game.state.player("Alice").cash == 1500 - 150


async def test_chance_card_shows_its_money_and_is_drawn(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "l")
        await type_text(pilot, "chance")
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, LandedScreen)
        cards = screen.query_one("#cards", OptionList)
        index = screen.deck_cards.index("chance-repairs")
        # General repairs: Bob has 8 houses and a hotel, 8 x $25 + $100.
        assert "8 houses, 1 hotel: pay $300" in str(cards.get_option_at_index(index).prompt)
        for _ in range(index):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
    with reopen(demo_path) as journal:
        # From Boardwalk (39) the nearest Chance is 7, past GO: $200, then the repairs.
        assert journal.game.state.player("Bob").cash == 820 + 200 - 300


async def test_advance_card_then_lands_on_the_deed(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "l")
        await type_text(pilot, "advance boardwalk")
        await pilot.press("enter")
        await pilot.press("enter")  # the card, from the list of one: to Boardwalk from any
        await pilot.pause()  # Chance square, never past GO, so nothing more is asked
        assert isinstance(app.screen, LandedScreen)
        assert app.screen.landing.deed == "Boardwalk"
        # Carol has $550: the dialog says the rent will be owed.
        assert "Carol has only $550: the $600 will be owed" in _text(app.screen)
        await pilot.press("r")
        await pilot.pause()
    with reopen(demo_path) as journal:
        state = journal.game.state
        assert state.player("Carol").cash == 550
        [debt] = state.debts_of("Carol")
        assert (debt.creditor, debt.amount) == ("Alice", 600)


async def test_a_card_that_moves_the_token_works_out_the_new_squares_offers_once(
    demo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After the card moved Carol to Boardwalk, the core works out what Boardwalk offers
    once, and the dialog draws that (it was worked out twice: once to see whether there
    was anything to do, once more by the dialog)."""
    import sys

    from banker.core.offers import landing

    calls: list[str] = []
    for name in ("land_on_deed", "land_on_square"):
        real = getattr(landing, name)

        def counted(
            *args: object, _real: Callable[..., object] = real, _name: str = name
        ) -> object:
            calls.append(_name)
            return _real(*args)

        for module in list(sys.modules.values()):  # wherever it was imported by name
            if getattr(module, name, None) is real:
                monkeypatch.setattr(module, name, counted)
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "l")
        await type_text(pilot, "advance boardwalk")
        await pilot.press("enter")
        await pilot.pause()
        calls.clear()  # from here: the card drawn, the token moved to Boardwalk
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LandedScreen)
        assert app.screen.landing.deed == "Boardwalk"
        assert "Carol has only $550: the $600 will be owed" in _text(app.screen)
    assert calls == ["land_on_deed"]


async def test_free_parking_pot_and_go(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "l")
        await type_text(pilot, "free")
        await pilot.press("enter", "t")
        await pilot.pause()
        await pilot.press("l")
        await type_text(pilot, "go")
        await pilot.press("enter")  # onto GO: the move pays the salary, no dialog
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
    with reopen(demo_path) as journal:
        state = journal.game.state
        # Dave was on Luxury Tax (38): past GO to Free Parking ($200), the pot ($500),
        # then on to GO ($200). One salary per lap, none twice.
        assert state.player("Dave").cash == 1000 + 200 + 500 + 200
        assert state.bank.free_parking == 100


def _text(screen: object) -> str:
    """Every Static of the screen as plain text, Rich tables included."""
    from rich.console import Console
    from textual.screen import Screen
    from textual.widgets import Static

    assert isinstance(screen, Screen)
    console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    for widget in screen.query(Static):
        console.print(widget.content)
    return console.export_text()


async def test_back_3_onto_an_owned_deed_opens_the_rent(game: Callable[..., Path]) -> None:
    """Alice threw 12 and 10 onto Chance 22 and draws "go back 3": New York Avenue, Bob's.
    The rent dialog opens for it and one key collects Bob's $16."""
    path = game(
        c.Buy(player="Bob", deed="New York Avenue"),
        c.MoveToken(player="Alice", how="dice", dice=12),
        c.MoveToken(player="Alice", how="dice", dice=10),
    )
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "l")
        await type_text(pilot, "back 3")
        await pilot.press("enter")
        await pilot.press("enter")  # the card: back 3 spaces to New York Avenue
        await pilot.pause()
        assert isinstance(app.screen, LandedScreen)
        assert app.screen.landing.deed == "New York Avenue"
        await pilot.press("r")
        await pilot.pause()
    with reopen(path) as journal:
        state = journal.game.state
        assert position(state, "Alice") == 19
        assert state.player("Alice").cash == 1500 - 16
        assert state.player("Bob").cash == 1500 - 200 + 16
