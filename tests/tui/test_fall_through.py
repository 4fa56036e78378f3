"""No key falls through to a screen it was not typed for: a landing with nothing to do
takes the dialog key typed for it, and the command bar hands the keyboard back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import events

from banker.core import commands as c
from banker.tui.app import make_app
from banker.tui.screens.ledger import LedgerScreen
from tests.tui.conftest import SIZE, reopen
from tests.tui.test_type_ahead import settle


def burst(app: object, keys: list[str]) -> None:
    """Keys as a fast banker types them: all sent before the first is taken."""
    from textual.app import App

    assert isinstance(app, App)
    names = {" ": "space", "\r": "enter", ":": "colon"}
    for key in keys:
        app.post_message(events.Key(names.get(key, key), key))


async def test_a_rent_key_typed_onto_ones_own_deed_opens_nothing(
    game: Callable[..., Path],
) -> None:
    """The review's `l 5 r`: Alice throws 5 onto her own Reading Railroad; the `r` typed
    for a rent dialog that never came opened Raise funds, one key from Bankrupt."""
    path = game(c.Buy(player="Alice", deed="Reading Railroad"))
    app = make_app(path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        burst(app, ["l", "5", "r"])
        await settle(app, pilot)
        assert isinstance(app.screen, LedgerScreen), f"{app.screen} opened"
        texts = [str(n.message) for n in app._notifications]
        assert any("not taken" in t for t in texts), texts
        burst(app, ["r"])  # a second r is the ledger's again: raise funds
        await settle(app, pilot)
        assert not isinstance(app.screen, LedgerScreen)
    with reopen(path) as journal:
        state = journal.game.state
        assert state.player("Alice").cash == 1500 - 200
        assert journal.entries()[-1].message.render().startswith("Alice threw 5")


async def test_the_command_bar_hands_the_keyboard_back_after_a_command(
    game: Callable[..., Path],
) -> None:
    """After a command the next `l` is the ledger's Landed, not a letter in the bar; a
    refused line is cleared (up-arrow in the bar brings it back to mend)."""
    from textual.widgets import Input

    path = game()
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        burst(app, [":", *"go alice", "\r", "l"])
        await settle(app, pilot)
        assert type(app.screen).__name__ == "SquarePicker", app.screen
        await pilot.press("escape")
        await pilot.pause()
        burst(app, [":", *"go nobody", "\r"])  # refused: no such player
        await settle(app, pilot)
        bar = app.screen.query_one("#command-bar", Input)
        assert bar.value == "" and not bar.has_focus
        burst(app, [":", *"go bob", "\r"])  # the next command is not appended to it
        await settle(app, pilot)
        burst(app, [":"])
        await settle(app, pilot)
        await pilot.press("up")
        assert bar.value == "go bob"
        await pilot.press("up")
        assert bar.value == "go nobody"
    with reopen(path) as journal:
        state = journal.game.state
        assert state.player("Alice").cash == 1700 and state.player("Bob").cash == 1700


async def test_a_utility_rent_typed_at_once_is_paid_by_the_throw(
    game: Callable[..., Path],
) -> None:
    """`l 1 2` Enter typed in one burst onto Bob's Electric Company: the throw filled the
    dice field only after the dialog was drawn, so the Enter found it empty and the rent
    was never paid. The throw is the dialog's from the start."""
    path = game(c.Buy(player="Bob", deed="Electric Company"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        burst(app, ["l", "1", "2", "\r"])
        await settle(app, pilot)
        assert isinstance(app.screen, LedgerScreen), f"{app.screen} still open"
    with reopen(path) as journal:
        assert journal.game.state.player("Bob").cash == 1500 - 150 + 4 * 12
        assert "4 x 12 = $48" in journal.entries()[-1].message.render()
