"""End to end: three players bid from their own phones (three tabs of headless Chromium)
against the app driven by Pilot; the banker opens the auction and sells with one key."""

from __future__ import annotations

import json
from pathlib import Path

import aiohttp
import pytest

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.store import Journal
from banker.tui.app import make_app
from banker.tui.screens.auction import AuctionScreen
from banker.tui.screens.dialog import Confirm
from tests.web.chromium import Chromium, Page, find_chromium
from tests.web.test_phone_answers import shared

pytestmark = pytest.mark.skipif(
    find_chromium() is None,
    reason="chromium not found: install Debian's chromium package (.ci/run does)",
)

SIZE = (120, 40)
PATIENCE = 30.0
"""A guard against a hang, never a measure of speed."""
SAID = "document.querySelector('#act .said')?.textContent"


def table(path: Path) -> Path:
    """Alice, Bob and Carol; Carol down to $100."""
    setup = c.Setup(players=["Alice", "Bob", "Carol"], edition=load_edition("us"))
    with Journal.create(path, setup) as journal:
        journal.apply(c.Pay(player="Carol", amount=1400))
    return path


async def live(page: Page, url: str) -> None:
    """`url` open on `page`, once it says it is live."""
    await page.open(url)
    assert await page.wait_for("document.querySelector('.live.ok') !== null", PATIENCE)


async def bid_box(page: Page) -> None:
    shown = await page.wait_for(
        "!document.getElementById('act').hidden && !!document.getElementById('bid-amount')",
        PATIENCE,
    )
    assert shown, await page.evaluate("document.body.innerText")


async def said_after(page: Page, script: str, before: str | None = None) -> str:
    """Run `script` (a tap on the page), then the answer the page shows."""
    await page.evaluate(f"document.querySelector('#act .said').textContent = ''; {script}")
    said = await page.wait_for(
        f"({SAID} || '').length > 0 && {SAID} !== '…' && !{SAID}.endsWith('…') && {SAID}", PATIENCE
    )
    assert said, await page.evaluate("document.body.innerText")
    return str(said)


def typed_bid(amount: int) -> str:
    return (
        f"document.getElementById('bid-amount').value = '{amount}';"
        " document.querySelector('#act button.go').click();"
    )


def tap(text: str) -> str:
    return (
        "Array.from(document.querySelectorAll('#act button'))"
        f".find(b => b.textContent.startsWith({json.dumps(text)})).click();"
    )


async def test_three_phones_bid_and_the_banker_sells_with_one_key(tmp_path: Path) -> None:
    app = make_app(table(tmp_path / "table.banker"), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        assert app.journal is not None
        urls = view.player_urls()
        async with Chromium() as browser:
            pages = {"Alice": browser.page, "Bob": await browser.new_page()}
            pages["Carol"] = await browser.new_page()
            for name, page in pages.items():
                await live(page, urls[name])
            assert app.do(c.StartAuction(lot="Boardwalk"))  # the banker opens it
            await pilot.pause()
            assert isinstance(app.screen, AuctionScreen)
            for page in pages.values():
                await bid_box(page)

            said = await said_after(pages["Alice"], typed_bid(100))
            assert said == "Alice bids $100 for Boardwalk (from Alice's phone)"
            said = await said_after(pages["Bob"], tap("Bid $110"))  # the +$10 quick raise
            assert said == "Bob bids $110 for Boardwalk (from Bob's phone)"
            said = await said_after(pages["Carol"], typed_bid(150))
            assert said == "Carol has $100 in cash and cannot bid $150: bids are paid in cash."
            assert (
                await pages["Carol"].evaluate("document.querySelector('#act .said').className")
                == "said bad"
            )
            await pilot.pause()
            # the auctioneer's screen shows the phones' bids as they come
            screen = app.screen
            assert isinstance(screen, AuctionScreen)
            assert "Bob" in str(screen.query_one("#high-bidder").render())
            said = await said_after(pages["Alice"], typed_bid(200))
            assert said.startswith("Alice bids $200")
            for name in ("Carol", "Bob"):
                said = await said_after(pages[name], tap("Drop out"))
                assert said == f"{name} drops out of the auction of Boardwalk (from {name}'s phone)"
            # one bidder left with the high bid: the screen asks, the banker's one key sells
            for _ in range(100):
                await pilot.pause(0.05)
                if isinstance(app.screen, Confirm):
                    break
            assert isinstance(app.screen, Confirm)
            await pilot.press("y")
            await pilot.pause()
            state = app.journal.game.state
            assert state.auction is None and state.deeds["Boardwalk"].owner == "Alice"
            assert state.player("Alice").cash == 1300
            assert await pages["Alice"].wait_for("document.getElementById('act').hidden", PATIENCE)

        lines = [e.message.render() for e in app.journal.entries()]
        assert "Alice bids $100 for Boardwalk (from Alice's phone)" in lines
        assert "Bob bids $110 for Boardwalk (from Bob's phone)" in lines
        assert not any("Carol bids" in line for line in lines)  # refused: never journaled

        # the same POST sent twice applies once; the table's link cannot bid
        app.do(c.StartAuction(lot="Park Place"))
        await pilot.pause()
        seq = app.journal.game.seq
        body = {"act": "bid", "id": "same-post-1", "lot": "Park Place", "amount": 30}
        async with aiohttp.ClientSession() as session:
            answers = []
            for _ in range(2):
                async with session.post(urls["Bob"] + "act", json=body) as response:
                    answers.append((response.status, await response.json()))
            async with session.post(view.url + "act", json=body) as response:
                assert response.status == 405  # the table's link only reads
            as_alice = {**body, "id": "as-alice-01", "amount": 40, "player": "Alice"}
            async with session.post(urls["Bob"] + "act", json=as_alice) as response:
                assert response.status == 400  # Bob's link never bids for Alice
        assert answers[0] == answers[1] and answers[0][1]["ok"]
        assert app.journal.game.seq == seq + 1
        auction = app.journal.game.state.auction
        assert auction is not None and (auction.high_bidder, auction.high_bid) == ("Bob", 30)


async def test_the_landing_player_answers_buy_on_the_phone(tmp_path: Path) -> None:
    app = make_app(table(tmp_path / "table.banker"), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        assert app.journal is not None
        async with Chromium() as browser:
            bob = browser.page
            await live(bob, view.player_urls()["Bob"])
            await pilot.press("2", "l", "9")  # Bob lands on Connecticut Avenue, the bank's
            await pilot.pause(0.2)
            asked = await bob.wait_for(
                "!document.getElementById('act').hidden && document.querySelector('#act h2')"
                "?.textContent === 'Buy or auction?' && document.querySelector('#act .go')"
                "?.textContent",
                PATIENCE,
            )
            assert asked == "Buy for $120"
            said = await said_after(bob, "document.querySelector('#act .go').click();")
            assert said == (
                "Sent to the banker, who confirms it: Bob's phone: buy Connecticut Avenue"
            )
            await pilot.pause()
            await pilot.press("enter")  # the banker's one key
            await pilot.pause()
            assert app.journal.game.state.deeds["Connecticut Avenue"].owner == "Bob"
            assert await bob.wait_for("document.getElementById('act').hidden", PATIENCE)
