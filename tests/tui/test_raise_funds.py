"""Raising funds, settling, and both kinds of bankruptcy, by keys, checked on the journal."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Button, OptionList, SelectionList

from banker.core import commands as c
from banker.tui.app import BankerApp, make_app
from banker.tui.screens.auction import AuctionScreen
from banker.tui.screens.end_game import EndGameScreen
from banker.tui.screens.ledger import LedgerScreen
from banker.tui.screens.raise_funds import RaiseFundsScreen
from banker.tui.screens.settlement import SettlementScreen
from tests.tui.conftest import SIZE, command, reopen, text_of

BOB_DARK_BLUES = (
    c.Buy(player="Bob", deed="Park Place"),
    c.Buy(player="Bob", deed="Boardwalk"),
)
"""Bob holds the whole dark blue group: Boardwalk's rent is $100 without houses."""


async def choose(pilot: Pilot[None], app: BankerApp, label: str) -> None:
    """Highlight the move whose label starts with `label`, then make it with Enter."""
    screen = app.screen
    assert isinstance(screen, RaiseFundsScreen)
    moves = screen.query_one("#moves", OptionList)
    for _ in range(len(screen.moves) + 1):
        index = moves.highlighted
        if index is not None and str(screen.moves[index].label).startswith(label):
            await pilot.press("enter")
            await pilot.pause()
            return
        await pilot.press("down")
    raise AssertionError(f"no move {label!r} among {[str(m.label) for m in screen.moves]}")


async def test_raise_funds_sells_evenly_mortgages_and_settles(game: Callable[..., Path]) -> None:
    path = game(
        *BOB_DARK_BLUES,
        c.Buy(player="Alice", deed="Oriental Avenue"),
        c.Buy(player="Alice", deed="Vermont Avenue"),
        c.Buy(player="Alice", deed="Connecticut Avenue"),
        c.Buy(player="Alice", deed="Reading Railroad"),
        c.SetGroupLevels(player="Alice", deed="Oriental Avenue", levels=[1, 1, 1]),
        c.Pay(player="Alice", amount=800),
    )
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, "rent alice boardwalk")
        screen = app.screen
        assert isinstance(screen, RaiseFundsScreen)
        assert "Still missing $70" in text_of(screen.query_one("#missing"))
        assert screen.query_one("#settle", Button).disabled
        assert screen.query_one("#bankrupt", Button).disabled
        mortgage_oriental = next(
            m for m in screen.moves if str(m.label) == "Mortgage Oriental Avenue"
        )
        assert mortgage_oriental.refusal is not None
        await choose(pilot, app, "Sell one building on the Light blue group")
        assert "Still missing $45" in text_of(screen.query_one("#missing"))
        await choose(pilot, app, "Mortgage Reading Railroad")
        # The mortgage brings the cash to cover the debt, which is paid in the same entry,
        # and the screen closes by itself: nothing is left to raise.
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
    with reopen(path) as journal:
        state = journal.game.state
        assert state.debts == []
        assert [state.deeds[d].houses for d in ("Oriental Avenue", "Vermont Avenue")] == [1, 1]
        assert state.deeds["Connecticut Avenue"].houses == 0
        assert state.deeds["Reading Railroad"].mortgaged
        assert state.player("Alice").cash == 30 + 25 + 100 - 100
        assert state.player("Bob").cash == 1500 - 750 + 100


async def test_bankrupt_to_a_player_shows_the_statement_before_it_is_final(
    game: Callable[..., Path],
) -> None:
    path = game(
        *BOB_DARK_BLUES,
        c.Buy(player="Alice", deed="Reading Railroad"),
        c.Mortgage(player="Alice", deed="Reading Railroad"),
        c.DrawCard(player="Alice", card="chance-jail-free"),
        c.Pay(player="Alice", amount=1390),
    )
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, "rent alice boardwalk")
        assert isinstance(app.screen, RaiseFundsScreen)
        assert "bankruptcy" in text_of(app.screen.query_one("#missing"))
        await pilot.press("k")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettlementScreen)
        statement = text_of(screen.query_one("#statement"))
        assert re.search(r"^To\s+Bob", statement, re.M)
        assert "Owed" in statement and "$100" in statement
        assert "all of it, to Bob" in statement and "$10" in statement
        assert "to Bob: Reading Railroad (mortgaged)" in statement
        assert "10% fee on Reading Railroad; lift later" in statement
        assert "1, to Bob" in statement
        await pilot.press("space")  # Bob lifts the mortgage at once
        await pilot.pause()
        statement = text_of(screen.query_one("#statement"))
        assert "lift Reading Railroad now: $100 + $10" in statement and "$110" in statement
        with reopen(path) as journal:
            assert not journal.game.state.player("Alice").bankrupt  # nothing final yet
        assert screen.query_one("#lift", SelectionList).selected == ["Reading Railroad"]
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
    with reopen(path) as journal:
        state = journal.game.state
        assert state.player("Alice").bankrupt
        assert state.deeds["Reading Railroad"].owner == "Bob"
        assert not state.deeds["Reading Railroad"].mortgaged
        assert state.player("Bob").cash == 750 + 10 - 110
        assert state.player("Bob").jail_cards == ["chance"]


async def test_bankrupt_to_the_bank_auctions_every_deed_one_after_another(
    game: Callable[..., Path],
) -> None:
    path = game(
        c.Buy(player="Alice", deed="Mediterranean Avenue"),
        c.Buy(player="Alice", deed="Baltic Avenue"),
        c.Buy(player="Alice", deed="Reading Railroad"),
        c.Mortgage(player="Alice", deed="Mediterranean Avenue"),
        c.Mortgage(player="Alice", deed="Baltic Avenue"),
        c.Mortgage(player="Alice", deed="Reading Railroad"),
        c.Pay(player="Alice", amount=1335),
    )
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, "tax alice luxury")
        assert isinstance(app.screen, RaiseFundsScreen)
        await pilot.press("k")
        await pilot.pause()
        statement = text_of(app.screen.query_one("#statement"))
        assert "3 to auction, unmortgaged, one after another among Bob, Carol" in statement
        await pilot.press("y")
        await pilot.pause()
        auction = app.screen
        assert isinstance(auction, AuctionScreen)
        assert auction.title == "Auction: Mediterranean Avenue"
        assert auction.sub_title == "bankruptcy sale: 2 more deeds after this one"
        await pilot.press("s", "c", "y")  # Bob, $10
        await pilot.pause()
        assert app.screen is auction
        assert auction.title == "Auction: Baltic Avenue"
        await pilot.press("c", "y")  # no bid: the bank keeps it
        await pilot.pause()
        assert auction.title == "Auction: Reading Railroad"
        await pilot.press("down", "f", "c", "y")  # Carol, $100
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
    with reopen(path) as journal:
        state = journal.game.state
        assert state.player("Alice").bankrupt
        owners = {d: state.deeds[d].owner for d in ("Mediterranean Avenue", "Baltic Avenue")}
        assert owners == {"Mediterranean Avenue": "Bob", "Baltic Avenue": None}
        assert state.deeds["Reading Railroad"].owner == "Carol"
        assert not any(state.deeds[d].mortgaged for d in state.deeds)
        assert (state.player("Bob").cash, state.player("Carol").cash) == (1490, 1400)


async def test_the_last_bankruptcy_shows_the_end_of_the_game(game: Callable[..., Path]) -> None:
    path = game(
        *BOB_DARK_BLUES,
        c.Pay(player="Carol", amount=1450),
        c.PayRent(player="Carol", deed="Boardwalk"),
        c.DeclareBankrupt(player="Carol"),
        c.Pay(player="Alice", amount=1450),
    )
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, "rent alice park place")
        await pilot.press("k", "y")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EndGameScreen)
        assert "Bob wins" in text_of(screen.query_one("#winner"))
        assert "the last player left" in text_of(screen.query_one("#winner"))
