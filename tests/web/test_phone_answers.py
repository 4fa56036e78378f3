"""'Buy or auction' answered on the landing player's phone, against the app driven by Pilot:
the answer fills the banker's landing dialog for one key, or, with the house rule, is
applied at once; either way the journal says it came from that phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp
from textual.widgets import Button, Static

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.rules import HouseRules
from banker.store import Journal
from banker.tui.app import BankerApp, make_app
from banker.tui.screens.auction import AuctionScreen
from banker.tui.screens.landed import LandedScreen
from banker.web.server import TableView

SIZE = (120, 40)


def table(path: Path, at_once: bool = False) -> Path:
    setup = c.Setup(
        players=["Alice", "Bob", "Carol"],
        edition=load_edition("us"),
        rules=HouseRules(phone_answers_at_once=at_once),
    )
    Journal.create(path, setup).close()
    return path


async def shared(app: BankerApp, pilot: Any) -> TableView:
    """The banker shares the table (s, then Esc): the view the phones open."""
    await pilot.press("s")
    await pilot.pause(0.3)
    await pilot.press("escape")
    view = app.table_view
    assert view is not None and view.running and app.journal is not None
    return view


async def bob_lands_on_connecticut(pilot: Any) -> None:
    """Bob's token, thrown 9 from GO: Connecticut Avenue, the bank's ($120)."""
    await pilot.press("2", "l", "9")
    await pilot.pause(0.2)


async def fetch(url: str) -> dict[str, Any]:
    async with aiohttp.ClientSession() as session, session.get(url + "table.json") as r:
        data: dict[str, Any] = await r.json()
        return data


async def answer(url: str, act: str, ident: str, lot: str = "Connecticut Avenue") -> Any:
    async with aiohttp.ClientSession() as session:
        body = {"act": act, "id": ident, "lot": lot}
        async with session.post(url + "act", json=body) as response:
            return response.status, await response.json()


async def test_buy_from_the_phone_fills_the_dialog_for_the_bankers_one_key(
    tmp_path: Path,
) -> None:
    app = make_app(table(tmp_path / "t.banker"), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        assert app.journal is not None
        bob, alice = view.player_urls()["Bob"], view.player_urls()["Alice"]
        assert (await fetch(bob))["ask"] is None
        await bob_lands_on_connecticut(pilot)
        dialog = app.screen
        assert isinstance(dialog, LandedScreen) and dialog.asks == ("Bob", "Connecticut Avenue")
        ask = (await fetch(bob))["ask"]
        assert ask == {
            "player": "Bob",
            "deed": "Connecticut Avenue",
            "price": 120,
            "price_text": "$120",
            "refusal": None,
        }
        status, said = await answer(alice, "buy", "alice-buys-1")  # not Alice's landing
        assert status == 200 and not said["ok"]
        status, said = await answer(bob, "auction", "bob-answer-1")
        assert said == {
            "ok": True,
            "said": "Sent to the banker, who confirms it: Bob's phone: auction Connecticut Avenue",
        }
        status, said = await answer(bob, "buy", "bob-answer-2")  # changed his mind
        assert said["ok"] and said["said"].endswith("Bob's phone: buy Connecticut Avenue")
        await pilot.pause()
        assert app.journal.game.state.deeds["Connecticut Avenue"].owner is None  # not yet
        assert app.screen is dialog and isinstance(app.screen.focused, Button)
        assert app.screen.focused.id == "do-b"
        assert "Bob's phone: buy" in str(dialog.query_one("#phone-said", Static).render())
        await pilot.press("enter")  # the banker's one key
        await pilot.pause()
        state = app.journal.game.state
        assert state.deeds["Connecticut Avenue"].owner == "Bob"
        assert state.player("Bob").cash == 1500 - 120
        entry = app.journal.entries(limit=1)[0].message.render()
        assert entry == "Bob bought Connecticut Avenue for $120 (from Bob's phone)"
        assert (await fetch(bob))["ask"] is None  # the dialog closed: the phone stops asking
        status, said = await answer(bob, "buy", "bob-answer-3")
        assert not said["ok"]  # the moment passed
        assert app.undo()  # undone like any command
        assert app.journal.game.state.deeds["Connecticut Avenue"].owner is None


async def test_with_the_house_rule_the_phones_answer_is_applied_at_once(tmp_path: Path) -> None:
    app = make_app(table(tmp_path / "t.banker", at_once=True), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        assert app.journal is not None
        await bob_lands_on_connecticut(pilot)
        assert isinstance(app.screen, LandedScreen)
        status, said = await answer(view.player_urls()["Bob"], "auction", "bob-auction-1")
        assert said == {
            "ok": True,
            "said": "Auction of Connecticut Avenue (printed price $120); bids from $1 "
            "(from Bob's phone)",
        }
        again = await answer(view.player_urls()["Bob"], "auction", "bob-auction-1")
        assert again == (status, said)  # a retry: applied once
        await pilot.pause()
        assert isinstance(app.screen, AuctionScreen)  # the auctioneer's screen follows
        auction = app.journal.game.state.auction
        assert auction is not None and auction.lot == "Connecticut Avenue"
        assert app.journal.entries(limit=1)[0].message.render().endswith("(from Bob's phone)")


async def test_a_buy_the_player_cannot_pay_is_refused_on_the_phone(tmp_path: Path) -> None:
    path = table(tmp_path / "t.banker")
    with Journal.open(path) as journal:
        journal.apply(c.Pay(player="Bob", amount=1450))
    app = make_app(path, share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        await bob_lands_on_connecticut(pilot)
        ask = (await fetch(view.player_urls()["Bob"]))["ask"]
        assert ask["refusal"] and "$50" in ask["refusal"]
        status, said = await answer(view.player_urls()["Bob"], "buy", "bob-poor-01")
        assert not said["ok"] and "$50" in said["said"]
        assert isinstance(app.screen, LandedScreen) and app.screen.phone is None
