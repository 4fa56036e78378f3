"""Trades worked out on two players' own links against the app driven by Pilot: proposed,
changed, accepted by both, made with the banker's one key and journaled as agreed on both
phones; nothing given from a player's hands without their own yes; a stale trade refused
with its reason on both phones."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import aiohttp

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.store import Journal
from banker.tui.app import make_app
from banker.tui.screens.dialog import Decline
from banker.tui.widgets.phone_queue import PhoneQueue
from tests.web.test_phone_answers import fetch, shared

SIZE = (120, 40)
_ids = itertools.count(10_000_000)


def table(path: Path) -> Path:
    """Alice holds Baltic Avenue and Oriental Avenue (mortgaged); Bob and Carol cash."""
    setup = c.Setup(players=["Alice", "Bob", "Carol"], edition=load_edition("us"))
    with Journal.create(path, setup) as journal:
        journal.apply(c.Buy(player="Alice", deed="Baltic Avenue"))
        journal.apply(c.Buy(player="Alice", deed="Oriental Avenue"))
        journal.apply(c.Mortgage(player="Alice", deed="Oriental Avenue"))
    return path


async def act(url: str, **body: Any) -> tuple[int, dict[str, Any]]:
    body.setdefault("id", f"t{next(_ids)}")
    async with aiohttp.ClientSession() as session, session.post(url + "act", json=body) as r:
        answer: dict[str, Any] = await r.json(content_type=None) if r.status != 405 else {}
        return r.status, answer


def side(cash: int = 0, deeds: list[str] | None = None) -> dict[str, Any]:
    return {"cash": cash, "deeds": deeds or []}


async def test_a_deed_for_cash_agreed_on_two_phones_is_made_with_one_key(tmp_path: Path) -> None:
    app = make_app(table(tmp_path / "t.banker"), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        urls = view.player_urls()
        alice, bob = urls["Alice"], urls["Bob"]
        status, said = await act(
            alice, act="propose", partner="Bob", give=side(deeds=["Baltic Avenue"]), get=side(250)
        )
        assert (status, said) == (200, {"ok": True, "said": "Sent: waiting for Bob to answer."})
        trade = (await fetch(bob))["trades"][0]
        assert trade["summary"] == "Alice gives Baltic Avenue; Bob gives $250."
        assert trade["waiting_for"] == "Bob" and trade["version"] == 1
        # Bob changes it to $200, written from his side; it goes back to Alice
        status, said = await act(
            bob, act="change", trade=1, version=1, give=side(200), get=side(deeds=["Baltic Avenue"])
        )
        assert said == {"ok": True, "said": "Sent: waiting for Alice to answer."}
        # Bob's link cannot accept for Alice: his yes is his own, the trade still waits
        await act(bob, act="accept", trade=1, version=2)
        trade = (await fetch(alice))["trades"][0]
        assert trade["waiting_for"] == "Alice" and not trade["ready"]
        assert trade["summary"] == "Alice gives Baltic Avenue; Bob gives $200."
        await pilot.pause()
        assert not app.query_one(PhoneQueue).display  # nothing for the banker yet
        # an answer to the version she no longer sees is refused
        status, said = await act(alice, act="accept", trade=1, version=1)
        assert not said["ok"] and "changed meanwhile" in said["said"]
        status, said = await act(alice, act="accept", trade=1, version=2)
        assert said == {"ok": True, "said": "Both said yes: the banker makes the trade."}
        await pilot.pause()
        queue = app.query_one(PhoneQueue)
        assert queue.display
        shown = str(queue.render())
        assert "Alice and Bob agreed on their phones:" in shown
        assert "Alice gives Baltic Avenue; Bob gives $200." in shown
        assert "Alice $1,390 → $1,590; Bob $1,500 → $1,300" in shown
        await pilot.press("y")  # the banker's one key
        await pilot.pause()
        assert app.journal is not None
        state = app.journal.game.state
        assert state.deeds["Baltic Avenue"].owner == "Bob"
        assert state.player("Bob").cash == 1300 and state.player("Alice").cash == 1590
        last = app.journal.entries()[-1].message.render()
        assert last.endswith("(agreed on Alice's and Bob's phones)")
        assert not app.query_one(PhoneQueue).display
        assert (await fetch(alice))["trades"] == []
        # undo takes it back like any command
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.journal.game.state.deeds["Baltic Avenue"].owner == "Alice"


async def test_a_mortgaged_deed_shows_the_fee_and_the_receiver_chooses(tmp_path: Path) -> None:
    app = make_app(table(tmp_path / "t.banker"), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        urls = view.player_urls()
        alice, bob = urls["Alice"], urls["Bob"]
        # Alice cannot choose for Bob: her lift of what he receives does not count
        await act(
            alice,
            act="propose",
            partner="Bob",
            give=side(deeds=["Oriental Avenue"]),
            get=side(40),
            lift=["Oriental Avenue"],
        )
        trade = (await fetch(bob))["trades"][0]
        assert trade["lift"] == []
        (mortgaged,) = trade["mortgaged"]
        assert mortgaged["receiver"] == "Bob" and mortgaged["fee_text"] == "$5"
        assert mortgaged["choice"] == "Oriental Avenue: lift for $55 now, else $5 fee"
        assert mortgaged["said"] == "Bob pays the $5 fee on Oriental Avenue"
        status, said = await act(bob, act="accept", trade=1, version=1, lift=["Oriental Avenue"])
        assert said["ok"]
        await pilot.pause()
        assert "Bob lifts Oriental Avenue for $55" in str(app.query_one(PhoneQueue).render())
        await pilot.press("y")
        await pilot.pause()
        assert app.journal is not None
        state = app.journal.game.state
        assert state.deeds["Oriental Avenue"].owner == "Bob"
        assert not state.deeds["Oriental Avenue"].mortgaged
        assert state.player("Bob").cash == 1500 - 40 - 55


async def test_only_ones_own_and_a_stale_trade_says_why_on_both_phones(tmp_path: Path) -> None:
    app = make_app(table(tmp_path / "t.banker"), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        urls = view.player_urls()
        alice, bob, carol = urls["Alice"], urls["Bob"], urls["Carol"]
        # Bob's link cannot give Alice's deed, nor name who acts
        status, said = await act(
            bob, act="propose", partner="Carol", give=side(deeds=["Baltic Avenue"]), get=side(10)
        )
        assert not said["ok"] and said["said"].startswith("The trade would be refused")
        assert "Baltic Avenue" in said["said"]
        status, said = await act(
            bob, act="propose", partner="Alice", player="Alice", give=side(1), get=side()
        )
        assert status == 400 and not said["ok"]
        # the table's link only reads
        status, _said = await act(view.url, act="decline", trade=1)
        assert status == 405
        # Alice offers Baltic to Carol for $100; Carol then spends her cash
        await act(
            alice, act="propose", partner="Carol", give=side(deeds=["Baltic Avenue"]), get=side(100)
        )
        assert app.do(c.Pay(player="Carol", amount=1450))
        await pilot.pause(0.3)
        status, said = await act(carol, act="accept", trade=1, version=1)
        assert not said["ok"] and said["said"] == "That trade is no longer on the table."
        for url in (alice, carol):  # both phones read why
            (note,) = (await fetch(url))["trade_notes"]
            assert note["said"].startswith("The trade no longer holds: ")
            assert "Carol" in note["said"] and "$50" in note["said"]
        # a trade the banker declines says why on both phones
        await act(
            alice, act="propose", partner="Bob", give=side(deeds=["Baltic Avenue"]), get=side(9)
        )
        await act(bob, act="accept", trade=2, version=1)
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, Decline)
        await pilot.press(*"too cheap", "enter")
        await pilot.pause()
        notes = (await fetch(bob))["trade_notes"]
        assert notes[-1]["said"] == "The banker declined the trade: too cheap"
        assert (await fetch(bob))["trades"] == []


async def test_another_game_opened_while_sharing_starts_with_no_trades(tmp_path: Path) -> None:
    """The proposals and requests belong to the game they were made in: when the app
    shows another game (a new one, or one reopened), its pages start empty, and the old
    game's trades never reach the banker's queue."""
    app = make_app(table(tmp_path / "t.banker"), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        urls = view.player_urls()
        await act(
            urls["Alice"],
            act="propose",
            partner="Bob",
            give=side(deeds=["Baltic Avenue"]),
            get=side(10),
        )
        await act(urls["Bob"], act="accept", trade=1, version=1)
        await act(urls["Alice"], act="ask", kind="mortgage", key="Baltic Avenue")
        await pilot.pause()
        assert len(app.phone_queue()) == 2
        other = table(tmp_path / "other.banker")
        app._opened(Journal.open(other))  # as the app opens another game
        assert not app.phone_queue()  # at once: a y now cannot make the old game's trade
        await pilot.pause(0.3)
        seen = await fetch(view.player_urls()["Alice"])
        assert seen["trades"] == [] and seen["asks"] == []
        assert not app.phone_queue() and not app.query_one(PhoneQueue).display
