"""End to end: a trade worked out on two players' phones (two tabs of headless Chromium)
against the app driven by Pilot. Alice proposes her deed for Bob's $250, Bob changes it to
$200, Alice accepts, and the banker's one key makes it; a mortgaged deed shows its fee
and the receiver's choice on the receiver's phone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Static

from banker.core import commands as c
from banker.tui.app import make_app
from banker.tui.screens.raise_funds import RaiseFundsScreen
from banker.tui.widgets.phone_queue import PhoneQueue
from tests.web.chromium import Chromium, Page, find_chromium
from tests.web.test_chromium_bids import PATIENCE, live
from tests.web.test_phone_answers import shared
from tests.web.test_phone_trades import table

pytestmark = pytest.mark.skipif(
    find_chromium() is None,
    reason="chromium not found: install Debian's chromium package (.ci/run does)",
)

SIZE = (120, 40)
CARD = "document.querySelector('.proposal')"


async def tap(page: Page, selector: str) -> None:
    found = await page.wait_for(f"!!document.querySelector({json.dumps(selector)})", PATIENCE)
    assert found, await page.evaluate("document.body.innerText")
    await page.evaluate(f"document.querySelector({json.dumps(selector)}).click()")


async def tick(page: Page, box: str, deed: str) -> None:
    await tap(page, f"{box} input[data-deed={json.dumps(deed)}]")


async def typed(page: Page, field: str, value: int) -> None:
    await page.evaluate(f"document.getElementById('{field}').value = '{value}'")


async def posted(page: Page, request: dict[str, object]) -> dict[str, object]:
    """What the page's own link is answered when it posts `request` (as a script could)."""
    body = json.dumps({**request, "id": f"x{abs(hash(json.dumps(request))) % 10**12:012d}"})
    result = await page.send(
        "Runtime.evaluate",
        expression=(
            f"fetch(document.body.dataset.base + 'act', {{method: 'POST', body: {json.dumps(body)},"
            " headers: {'Content-Type': 'application/json'}}).then(r => r.json())"
        ),
        awaitPromise=True,
        returnByValue=True,
    )
    answer = result.get("result", {}).get("value")
    assert isinstance(answer, dict), result
    return answer


async def card_says(page: Page, text: str) -> None:
    shown = await page.wait_for(
        f"!!{CARD} && {CARD}.textContent.includes({json.dumps(text)})", PATIENCE
    )
    assert shown, await page.evaluate("document.body.innerText")


async def test_a_trade_proposed_changed_and_accepted_on_two_phones(tmp_path: Path) -> None:
    app = make_app(table(tmp_path / "t.banker"), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        urls = view.player_urls()
        async with Chromium() as browser:
            alice, bob = browser.page, await browser.new_page()
            await live(alice, urls["Alice"])
            await live(bob, urls["Bob"])
            # Alice: New trade, with Bob; she gives Baltic Avenue, gets $250
            await tap(alice, "#trade-new")
            await alice.evaluate(
                "const s = document.getElementById('trade-partner'); s.value = 'Bob';"
                " s.dispatchEvent(new Event('change'))"
            )
            await tick(alice, ".builder .deeds", "Baltic Avenue")
            await typed(alice, "get-cash", 250)
            await tap(alice, "#trade-send")
            # Bob's page: Alice asks him; he changes it to $200
            await card_says(bob, "Alice gives Baltic Avenue; Bob gives $250.")
            await card_says(bob, "Alice asks you")
            await tap(bob, ".proposal button.change")
            value = await bob.wait_for("document.getElementById('give-cash').value", PATIENCE)
            assert value == "250"  # the builder opens with the trade as it stands, his side
            assert await bob.evaluate(
                "document.querySelector('.builder input[data-deed=\"Baltic Avenue\"]').checked"
            )
            await typed(bob, "give-cash", 200)
            await tap(bob, "#trade-send")
            await card_says(bob, "Waiting for Alice")
            # Bob's page cannot accept for Alice, and his link cannot give Alice's deed
            assert await bob.evaluate("document.querySelector('.proposal button.accept')") is None
            said = await posted(bob, {"act": "accept", "trade": 1, "version": 2})
            assert said["ok"]  # his own yes again: the trade still waits for Alice
            said = await posted(
                bob,
                {
                    "act": "propose",
                    "partner": "Carol",
                    "give": {"deeds": ["Oriental Avenue"]},
                    "get": {"cash": 10},
                },
            )
            assert not said["ok"] and "Oriental Avenue" in said["said"]
            # Alice sees the change and accepts
            await card_says(alice, "Alice gives Baltic Avenue; Bob gives $200.")
            await card_says(alice, "Bob asks you")
            await tap(alice, ".proposal button.accept")
            await card_says(alice, "Waiting for the banker")
            await card_says(bob, "Waiting for the banker")
            # the banker's screen shows it whole; one key makes it
            for _ in range(100):
                await pilot.pause(0.05)
                if app.query_one(PhoneQueue).display:
                    break
            assert "Bob gives $200." in str(app.query_one(PhoneQueue).render())
            await pilot.press("y")
            await pilot.pause()
            assert app.journal is not None
            state = app.journal.game.state
            assert state.deeds["Baltic Avenue"].owner == "Bob"
            assert state.player("Bob").cash == 1300
            gone = await bob.wait_for(f"{CARD} === null", PATIENCE)
            assert gone, await bob.evaluate("document.body.innerText")
            latest = await bob.wait_for(
                "document.querySelector('ol li')?.textContent.includes('agreed on')"
                " && document.querySelector('ol li').textContent",
                PATIENCE,
            )
            assert str(latest).endswith("(agreed on Alice's and Bob's phones)")

            # a mortgaged deed: the fee and Bob's choice on his phone; he lifts it
            await tap(alice, "#trade-new")
            await tick(alice, ".builder .deeds", "Oriental Avenue")
            await typed(alice, "get-cash", 40)
            await tap(alice, "#trade-send")
            await card_says(bob, "Oriental Avenue: lift for $55 now, else $5 fee")
            await card_says(alice, "Bob pays the $5 fee on Oriental Avenue")  # hers: read-only
            await tap(bob, ".proposal .lift input")
            await tap(bob, ".proposal button.accept")
            await card_says(bob, "Bob lifts Oriental Avenue for $55")
            for _ in range(100):
                await pilot.pause(0.05)
                if "lifts" in str(app.query_one(PhoneQueue).render()):
                    break
            await pilot.press("y")
            await pilot.pause()
            state = app.journal.game.state
            assert state.deeds["Oriental Avenue"].owner == "Bob"
            assert not state.deeds["Oriental Avenue"].mortgaged
            assert state.player("Bob").cash == 1300 - 40 - 55

            # a trade the game moved under goes stale: refused, and both phones say why
            said = await posted(
                bob,
                {
                    "act": "propose",
                    "partner": "Alice",
                    "give": {"deeds": ["Baltic Avenue"]},
                    "get": {"cash": 1000},
                },
            )
            assert said["ok"]
            await card_says(alice, "Bob asks you")
            assert app.do(c.Pay(player="Alice", amount=1200))  # Alice spends her cash
            await pilot.pause()
            for page in (alice, bob):
                note = await page.wait_for(
                    "document.querySelector('.note-line')?.textContent", PATIENCE
                )
                assert str(note).startswith("The trade no longer holds: Alice has $")
            said = await posted(alice, {"act": "accept", "trade": 3, "version": 1})
            assert said == {"ok": False, "said": "That trade is no longer on the table."}


async def test_a_request_asked_on_the_page_is_made_with_one_key(tmp_path: Path) -> None:
    """Alice's page offers to mortgage Baltic Avenue with what it does; she asks; the
    banker's queue shows it and one key makes it; her page shows the request gone."""
    app = make_app(table(tmp_path / "t.banker"), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        async with Chromium() as browser:
            alice = browser.page
            await live(alice, view.player_urls()["Alice"])
            button = "document.querySelector('.requests button[data-key=\"Baltic Avenue\"]')"
            assert await alice.wait_for(f"!!{button}", PATIENCE)
            row = await alice.evaluate(f"{button}.parentElement.textContent")
            assert "Mortgage Baltic Avenue" in row and "Alice: cash $1,390 → $1,420" in row
            await alice.evaluate("document.querySelector('.requests details').open = true")
            await alice.evaluate(f"{button}.click()")
            said = await alice.wait_for(
                "document.querySelector('.requests .said.ok')?.textContent", PATIENCE
            )
            assert said == "Sent to the banker: Mortgage Baltic Avenue"
            assert await alice.wait_for(
                "document.querySelector('.requests .waiting')?.textContent.includes('Waiting')",
                PATIENCE,
            )
            for _ in range(100):
                await pilot.pause(0.05)
                if app.query_one(PhoneQueue).display:
                    break
            await pilot.press("y")
            await pilot.pause()
            assert app.journal is not None
            assert app.journal.game.state.deeds["Baltic Avenue"].mortgaged
            gone = await alice.wait_for(
                "document.querySelector('.requests .waiting') === null", PATIENCE
            )
            assert gone, await alice.evaluate("document.body.innerText")


async def test_the_debtors_page_shows_what_is_owed_and_asks_for_a_way_out(
    tmp_path: Path,
) -> None:
    """Bob owes Alice more than his cash: his page says what, to whom, what is missing,
    what he could raise and every way to raise it; he asks to mortgage from there and the
    banker's one key pays the debt."""
    app = make_app(table(tmp_path / "t.banker"), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        assert app.journal is not None
        assert app.do(c.Buy(player="Bob", deed="Boardwalk"))
        assert app.do(c.Pay(player="Bob", amount=1200, to="Alice"))  # $1,100 cash: owes $100
        async with Chromium() as browser:
            bob = browser.page
            await live(bob, view.player_urls()["Bob"])
            text = await bob.wait_for("document.querySelector('.debtor')?.innerText", PATIENCE)
            assert "$1,200" in text and "to Alice" in text
            assert "Cash $1,100 · missing $100 · you could raise $1,300" in text
            assert "Mortgage Boardwalk" in text and "$200" in text
            # the requests box leaves the ways out to the debtor's box
            assert not await bob.evaluate(
                "!!document.querySelector('.requests button[data-kind=\"mortgage\"]')"
            )
            await tap(bob, ".debtor button[data-key='Boardwalk']")
            said = await bob.wait_for(
                "document.querySelector('.debtor .said.ok')?.textContent", PATIENCE
            )
            assert said == "Sent to the banker: Mortgage Boardwalk"
            # the banker is raising Bob's funds: the move he asked for is highlighted there
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, RaiseFundsScreen)
            phone_said = str(screen.query_one("#phone-said", Static).render())
            assert phone_said == "Bob's phone asks: Mortgage Boardwalk. Enter makes it."
            await pilot.press("enter")  # the banker's one key
            await pilot.pause()
            state = app.journal.game.state
            assert state.deeds["Boardwalk"].mortgaged and not state.debts
            last = app.journal.entries()[-1].message.render()
            assert last.startswith("Bob mortgaged Boardwalk") and "(from Bob's phone)" in last
            assert not app.phone_queue()
            assert await bob.wait_for("document.querySelector('.debtor') === null", PATIENCE)
