"""The auctioneer's screen, run by keys, checked on the journaled game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Digits

from banker.core import commands as c
from banker.core.rules import HouseRules
from banker.tui.app import make_app
from banker.tui.screens.auction import AuctionScreen
from banker.tui.screens.dialog import Confirm
from banker.tui.screens.ledger import LedgerScreen
from banker.tui.screens.lots import LotPicker
from tests.tui.conftest import SIZE, reopen, type_keys, type_text
from tests.tui.conftest import text_of as shown


async def test_an_auction_by_keys_sells_the_deed_to_the_highest_bidder(
    game: Callable[..., Path],
) -> None:
    path = game()
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await type_text(pilot, "st james")
        await pilot.press("enter", "a")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AuctionScreen)
        assert "Printed price" in text_of(screen.query_one("#deed-card"))
        await pilot.press("s")  # Alice: +$10 on no bid; Bob is highlighted next
        await pilot.press("d")  # Bob: $10 + $50; then Carol
        await pilot.press("b")
        await type_text(pilot, "130")  # Carol types her bid
        await pilot.press("enter")
        await pilot.pause()
        assert screen.query_one("#high-bid", Digits).value == "$130"
        assert "Carol" in text_of(screen.query_one("#high-bidder"))
        await pilot.press("up", "up", "x")  # Alice drops out
        await pilot.pause()
        assert app.journal is not None
        assert app.journal.game.state.auction is not None
        assert app.journal.game.state.auction.bidders == ["Bob", "Carol"]
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        assert app.screen.title_text == "Sold to Carol for $130?"
        assert "Carol: $1,500 → $1,370" in app.screen.body
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
    with reopen(path) as journal:
        state = journal.game.state
        assert state.auction is None
        assert state.deeds["St. James Place"].owner == "Carol"
        assert state.player("Carol").cash == 1370
        assert [str(e.message) for e in journal.entries()[-6:]] == [
            "Auction of St. James Place (printed price $180); bids from $1",
            "Alice bids $10 for St. James Place",
            "Bob bids $60 for St. James Place",
            "Carol bids $130 for St. James Place",
            "Alice drops out of the auction of St. James Place",
            "Sold to Carol for $130: St. James Place",
        ]


async def test_a_refused_bid_says_why_and_changes_nothing(game: Callable[..., Path]) -> None:
    path = game(c.Pay(player="Bob", amount=1450), c.StartAuction(lot="Boardwalk"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")  # the ledger's key back to the open auction
        await pilot.pause()
        assert isinstance(app.screen, AuctionScreen)
        await pilot.press("down", "f", "f")  # Bob has $50: $100 is refused
        await pilot.pause()
        reason = text_of(app.screen.query_one("#reason"))
        assert "Bob has $50 in cash and cannot bid $100" in reason
    with reopen(path) as journal:
        assert journal.game.state.auction is not None
        assert journal.game.state.auction.high_bidder is None


async def test_escape_leaves_the_auction_open_and_undo_takes_back_a_bid(
    game: Callable[..., Path],
) -> None:
    path = game(c.StartAuction(lot="Boardwalk"), c.Bid(player="Alice", amount=300))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("down", "f")  # Bob $400
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.screen.query_one("#high-bid", Digits).value == "$300"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
    with reopen(path) as journal:
        auction = journal.game.state.auction
        assert auction is not None and auction.high_bidder == "Alice"


async def test_the_countdown_calls_out_and_asks_to_sell(game: Callable[..., Path]) -> None:
    path = game(c.StartAuction(lot="Boardwalk"))
    app = make_app(path)
    AuctionScreen.COUNTDOWN_STEP = 0.05
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("a")
            await pilot.pause()
            await pilot.press("g", "f")
            await pilot.pause(0.3)
            assert isinstance(app.screen, Confirm)
            assert app.screen.title_text == "Sold to Alice for $100?"
            await pilot.press("y")
            await pilot.pause()
    finally:
        AuctionScreen.COUNTDOWN_STEP = 4.0
    with reopen(path) as journal:
        assert journal.game.state.deeds["Boardwalk"].owner == "Alice"


def text_of(widget: object) -> str:
    """What a Static shows, as plain text in the auction's narrow box."""
    return shown(widget, width=60)


SHORTAGE = (
    c.Buy(player="Alice", deed="Mediterranean Avenue"),
    c.Buy(player="Alice", deed="Baltic Avenue"),
    c.Buy(player="Bob", deed="Park Place"),
    c.Buy(player="Bob", deed="Boardwalk"),
)


async def test_a_house_in_a_shortage_goes_on_a_legal_lot_of_the_winner(
    game: Callable[..., Path],
) -> None:
    path = game(*SHORTAGE, c.StartAuction(lot="house"), rules=HouseRules(houses=1))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AuctionScreen)
        card = text_of(app.screen.query_one("#deed-card"))
        assert "ONE HOUSE" in card
        await pilot.press("down", "a")  # Bob opens at the lowest building price, $50
        await pilot.press("c", "y")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, LotPicker)
        assert picker.lots == ["Park Place", "Boardwalk"]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
    with reopen(path) as journal:
        state = journal.game.state
        assert state.deeds["Boardwalk"].houses == 1
        assert state.player("Bob").cash == 1500 - 350 - 400 - 50
        assert state.bank.houses_left == 0


async def test_the_auction_asks_to_sell_once_one_bidder_is_left(
    game: Callable[..., Path],
) -> None:
    path = game(c.StartAuction(lot="Boardwalk"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("s")  # Alice bids $10; Bob is highlighted next
        await pilot.pause()
        await pilot.press("x")  # Bob drops out; Carol is highlighted next
        await pilot.pause()
        assert isinstance(app.screen, AuctionScreen)
        await pilot.press("x")  # Carol drops out: Alice alone holds the high bid
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        assert app.screen.title_text == "Sold to Alice for $10?"
        await pilot.press("enter")
        await pilot.pause()
    with reopen(path) as journal:
        assert journal.game.state.deeds["Boardwalk"].owner == "Alice"


async def test_when_everyone_drops_out_the_bank_keeps_the_deed(
    game: Callable[..., Path],
) -> None:
    path = game(c.StartAuction(lot="Boardwalk"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        for _ in range(3):
            await pilot.press("x")
            await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")
        await pilot.pause()
    with reopen(path) as journal:
        state = journal.game.state
        assert state.auction is None and state.deeds["Boardwalk"].owner is None


async def test_typed_bids_go_round_the_bidders_and_the_keys_keep_answering(
    game: Callable[..., Path],
) -> None:
    """The review's `1 0 0` Enter recorded "bids $1" (1 was a raise key) and left the keys
    dead until Escape. Digits are a typed bid; Enter places it for the highlighted bidder
    and highlights the next one; x and c answer straight after."""
    from textual import events

    from tests.tui.test_type_ahead import settle

    path = game(c.StartAuction(lot="Boardwalk"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AuctionScreen)
        typed = [*"100", "enter", *"120", "enter", "x"]  # Alice, Bob; Carol drops out
        for key in typed:  # as fast as a terminal delivers them
            app.post_message(events.Key(key, "\r" if key == "enter" else key))
        await settle(app, pilot)
        assert app.journal is not None
        auction = app.journal.game.state.auction
        assert auction is not None
        assert (auction.high_bidder, auction.high_bid) == ("Bob", 120)
        assert auction.bidders == ["Alice", "Bob"]
        assert app.screen.query_one("#bidders").has_focus
    with reopen(path) as journal:
        assert [str(e.message) for e in journal.entries()[-3:]] == [
            "Alice bids $100 for Boardwalk",
            "Bob bids $120 for Boardwalk",
            "Carol drops out of the auction of Boardwalk",
        ]


async def test_a_whole_auction_typed_at_once_from_the_landing(
    game: Callable[..., Path],
) -> None:
    """A fast banker's whole auctions, each event's keys sent at once: `l 6 a`, three
    raises, two drop out, `y` answers the question that comes once one bidder is left,
    then `g` (GO) reaches the ledger; then every bid typed (`6 0` Enter ...) and `c y`. Each
    key lands where it was typed: the journal is the same as typed slowly."""
    path = game()
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await type_keys(app, pilot, ["l", "6", "a", "s", "s", "s", "x", "x", "y"], fast=True)
        await type_keys(app, pilot, ["g", "space"], fast=True)
        bids = ["l", "8", "a", *"60", "enter", *"70", "enter", *"80", "enter", "c", "y"]
        await type_keys(app, pilot, bids, fast=True)
        assert isinstance(app.screen, LedgerScreen)
    with reopen(path) as journal:
        said = [str(e.message) for e in journal.entries()]
    assert said[1:] == [
        "Alice threw 6 and moved to Oriental Avenue",
        "Auction of Oriental Avenue (printed price $100); bids from $1",
        "Alice bids $10 for Oriental Avenue",
        "Bob bids $20 for Oriental Avenue",
        "Carol bids $30 for Oriental Avenue",
        "Alice drops out of the auction of Oriental Avenue",
        "Bob drops out of the auction of Oriental Avenue",
        "Sold to Carol for $30: Oriental Avenue",
        "Alice passed GO and collected $200",
        "Bob's turn",
        "Bob threw 8 and moved to Vermont Avenue",
        "Auction of Vermont Avenue (printed price $100); bids from $1",
        "Alice bids $60 for Vermont Avenue",
        "Bob bids $70 for Vermont Avenue",
        "Carol bids $80 for Vermont Avenue",
        "Sold to Carol for $80: Vermont Avenue",
    ]


@pytest.mark.parametrize("fast", [False, True], ids=["a key at a time", "all at once"])
async def test_a_three_bidder_auction_with_typed_bids_in_twelve_keys(
    game: Callable[..., Path], fast: bool
) -> None:
    """A digit on a deed for sale starts the auction with it (no `a`), and `c` after a
    typed bid places it before asking to sell (no Enter): `l 6`, `6 0` Enter, `7 0` Enter,
    `8 0` `c`, `y` is Alice $60, Bob $70, Carol $80, sold to Carol."""
    keys = ["l", "6", *"60", "enter", *"70", "enter", *"80", "c", "y"]
    assert len(keys) <= 12
    path = game()
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await type_keys(app, pilot, keys, fast)
        assert isinstance(app.screen, LedgerScreen)
    with reopen(path) as journal:
        said = [str(e.message) for e in journal.entries()]
    assert said[-5:] == [
        "Auction of Oriental Avenue (printed price $100); bids from $1",
        "Alice bids $60 for Oriental Avenue",
        "Bob bids $70 for Oriental Avenue",
        "Carol bids $80 for Oriental Avenue",
        "Sold to Carol for $80: Oriental Avenue",
    ]


async def test_c_after_a_refused_typed_bid_asks_nothing(game: Callable[..., Path]) -> None:
    path = game(c.StartAuction(lot="Boardwalk"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", *"99999", "c")  # more than Alice's $1,500
        await pilot.pause()
        assert isinstance(app.screen, AuctionScreen)
        assert "1,500" in str(app.screen.query_one("#reason").render())
    with reopen(path) as journal:
        assert journal.game.state.auction is not None
        assert journal.game.state.auction.high_bidder is None


async def test_a_bid_that_comes_while_sold_is_asked_is_never_sold_on_the_old_answer(
    game: Callable[..., Path],
) -> None:
    """A phone's bid can arrive while the banker is asked "Sold to Alice for $300?": the
    yes answered the old figures, so nothing is sold and the banker is told."""
    path = game(c.StartAuction(lot="Boardwalk"), c.Bid(player="Alice", amount=300))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        assert app.do(c.Bid(player="Bob", amount=350), phone="Bob")  # from Bob's phone
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, AuctionScreen)
        assert any("A new bid came in" in n.message for n in app._notifications)
        state = app.state
        assert state.auction is not None and state.auction.high_bidder == "Bob"
        assert state.deeds["Boardwalk"].owner is None
        await pilot.press("c")  # asked again, with Bob's figures
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")
        await pilot.pause()
        assert app.state.deeds["Boardwalk"].owner == "Bob"
