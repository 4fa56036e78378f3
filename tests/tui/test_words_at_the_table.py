"""Words that must not send a new banker astray: the buy-or-auction dialog points to the
auctioneer's screen (not the command bar), a debt reads as the whole amount owed and the
Bank panel says who owes whom, a move onto Jail says just visiting, and the jail dialog
offers no card to a player who holds none."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets import Button, Static

from banker.core import commands as c
from banker.tui.app import make_app
from banker.tui.screens.jail import JailScreen
from banker.tui.screens.landed import LandedScreen
from banker.tui.widgets.bank import BankGauge
from tests.tui.conftest import SIZE, rendered, reopen


def _shown(screen: object) -> str:
    from textual.screen import Screen

    assert isinstance(screen, Screen)
    return "\n".join(str(s.render()) for s in screen.query(Static))


async def test_buy_or_auction_points_to_the_auctioneers_screen(
    game: Callable[..., Path],
) -> None:
    app = make_app(game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l", "6")  # Alice onto Oriental Avenue, for sale
        await pilot.pause()
        assert isinstance(app.screen, LandedScreen)
        shown = _shown(app.screen)
        assert "a opens the auctioneer's screen" in shown
        assert "command bar" not in shown
        await pilot.press("escape")
        await pilot.pause()
    assert app.journal is not None
    app.journal.close()


async def test_a_debt_is_the_whole_amount_and_the_bank_says_who_owes_whom(
    game: Callable[..., Path],
) -> None:
    path = game(
        c.Buy(player="Alice", deed="Boardwalk"),
        c.Pay(player="Bob", amount=1480, to=None),  # Bob keeps $20
        c.PayRent(player="Bob", deed="Boardwalk"),  # $50 rent
    )
    with reopen(path) as journal:
        said = str(journal.entries(limit=1)[0].message)
    assert "Bob has only $20: the whole $50 is owed as a debt ($30 missing)" in said
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while type(app.screen).__name__ != "LedgerScreen":
            await pilot.press("escape")
            await pilot.pause()
        bank = app.screen.query_one(BankGauge)
        shown = rendered(bank.render(), 60)
        assert "Bob owes Alice" in shown and "$50" in shown
        assert "Bob to Alice" not in shown
    assert app.journal is not None
    app.journal.close()


async def test_the_jail_dialog_offers_no_card_to_a_player_holding_none(
    game: Callable[..., Path],
) -> None:
    app = make_app(game(c.GoToJail(player="Alice")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "l")  # Alice, in jail (the turn has passed to Bob)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, JailScreen)
        ids = {b.id for b in screen.query(Button)}
        assert "do-f" in ids and "do-c" not in ids
        assert "no Get Out of Jail Free card held" in _shown(screen)
        await pilot.press("escape")
        await pilot.pause()
    assert app.journal is not None
    app.journal.close()
