"""A player acts from their own link: bids and drops at an auction, checked as the typed
commands are, applied once however often a phone retries, journaled as from that phone;
the table's link and a link that is not the player's cannot act for them."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from banker.core import commands as c
from banker.core.phone import phone_command
from banker.store import Journal
from banker.web import actions
from banker.web.actions import journal_actor
from banker.web.server import TableView


@pytest.fixture
async def view(banker: Journal) -> AsyncIterator[TableView]:
    """The table view of the banker's journal, taking the phones' actions itself (the
    app's actor goes through the app the same way: `tests/web/test_chromium_bids.py`)."""
    shared = TableView(banker)
    shared.actor = journal_actor(banker, shared.notify)
    await shared.start("127.0.0.1", 0)
    yield shared
    await shared.stop()


async def post(url: str, body: Any, raw: bytes | None = None) -> tuple[int, dict[str, Any]]:
    async with aiohttp.ClientSession() as session:
        async with session.post(
            url + "act",
            data=raw if raw is not None else None,
            json=None if raw is not None else body,
        ) as response:
            try:
                answer = await response.json(content_type=None)
            except ValueError:
                answer = {}
            return response.status, answer


def bid(amount: int, ident: str = "a1b2c3d4e5", lot: str = "Boardwalk") -> dict[str, Any]:
    return {"act": "bid", "id": ident, "lot": lot, "amount": amount}


async def test_a_bid_from_a_players_link_is_theirs_and_journaled_as_from_their_phone(
    view: TableView, banker: Journal
) -> None:
    banker.apply(c.StartAuction(lot="Boardwalk"))
    status, answer = await post(view.player_url("Bob"), bid(120))
    assert (status, answer) == (
        200,
        {"ok": True, "said": "Bob bids $120 for Boardwalk (from Bob's phone)"},
    )
    auction = banker.game.state.auction
    assert auction is not None and (auction.high_bidder, auction.high_bid) == ("Bob", 120)
    entry = banker.entries(limit=1)[0]
    assert entry.message.render() == "Bob bids $120 for Boardwalk (from Bob's phone)"
    assert banker.undo().render() == "Undid: Bob bids $120 for Boardwalk (from Bob's phone)"
    assert banker.game.state.auction is not None and banker.game.state.auction.high_bid == 0


async def test_the_same_action_sent_twice_applies_once(view: TableView, banker: Journal) -> None:
    banker.apply(c.StartAuction(lot="Boardwalk"))
    seq = banker.game.seq
    url = view.player_url("Alice")
    first, again = await asyncio.gather(
        post(url, bid(50, "retry-1234")), post(url, bid(50, "retry-1234"))
    )
    late = await post(url, bid(50, "retry-1234"))
    assert first == again == late == (200, {"ok": True, "said": first[1]["said"]})
    assert banker.game.seq == seq + 1  # one entry for three sends
    other = await post(url, bid(50, "another-99"))  # a new action: checked anew
    assert other == (
        200,
        {"ok": False, "said": "Alice must bid more than the high bid of $50 (Alice)."},
    )


async def test_a_bid_over_the_players_cash_is_refused_in_the_games_words(
    view: TableView, banker: Journal
) -> None:
    banker.apply(c.Pay(player="Bob", amount=1400))
    banker.apply(c.StartAuction(lot="Boardwalk"))
    status, answer = await post(view.player_url("Bob"), bid(150))
    assert status == 200 and answer == {
        "ok": False,
        "said": "Bob has $100 in cash and cannot bid $150: bids are paid in cash.",
    }
    banker.apply(c.SetLanguage(language="th"))
    status, answer = await post(view.player_url("Bob"), bid(150, "thai-12345"))
    assert not answer["ok"] and "Bob" in answer["said"] and "Bob has" not in answer["said"]


async def test_only_a_players_own_link_acts_and_only_for_them(
    view: TableView, banker: Journal
) -> None:
    banker.apply(c.StartAuction(lot="Boardwalk"))
    seq = banker.game.seq
    assert (await post(view.url, bid(10)))[0] == 405  # the table's link only reads
    naming = {**bid(10), "player": "Alice"}  # a phone never says who acts
    assert (await post(view.player_url("Bob"), naming))[0] == 400
    wrong = view.player_url("Bob").replace(view.player_url("Bob").rsplit("/", 2)[1], "w" * 22)
    assert (await post(wrong, bid(10)))[0] == 404
    for body in (
        {"act": "bid", "id": "short", "lot": "Boardwalk", "amount": 10},
        {"act": "bid", "id": "abcdefgh12", "lot": "Boardwalk", "amount": -5},
        {"act": "bid", "id": "abcdefgh12", "lot": "Boardwalk", "amount": "10"},
        {"act": "mortgage", "id": "abcdefgh12", "lot": "Boardwalk"},
        [1, 2],
    ):
        status, answer = await post(view.player_url("Bob"), body)
        assert status == 400 and answer["ok"] is False, body
    status, _ = await post(view.player_url("Bob"), None, raw=b"{" + b" " * 5000 + b"}")
    assert status == 413
    assert banker.game.seq == seq  # nothing of it reached the game


async def test_an_answer_for_a_lot_no_longer_on_offer_is_refused(
    view: TableView, banker: Journal
) -> None:
    banker.apply(c.StartAuction(lot="Boardwalk"))
    banker.apply(c.CloseAuction())
    banker.apply(c.StartAuction(lot="Park Place"))
    status, answer = await post(view.player_url("Bob"), bid(100))
    assert answer == {
        "ok": False,
        "said": "The auction of Boardwalk is over: Park Place is on offer now.",
    }
    status, answer = await post(
        view.player_url("Bob"), {"act": "drop", "id": "drop-12345", "lot": "Park Place"}
    )
    assert answer["ok"] and banker.game.state.auction is not None
    assert "Bob" not in banker.game.state.auction.bidders


async def test_a_read_only_table_says_where_actions_go(banker: Journal) -> None:
    shared = TableView(banker)  # no actor: `banker share` beside the app
    await shared.start("127.0.0.1", 0)
    try:
        banker.apply(c.StartAuction(lot="Boardwalk"))
        status, answer = await post(shared.player_url("Bob"), bid(10))
        assert status == 409 and "read-only" in answer["said"]
        async with aiohttp.ClientSession() as session:
            table = await (await session.get(shared.url + "table.json")).json()
        assert table["acts"] is False
    finally:
        await shared.stop()


async def test_a_phone_sending_too_fast_is_slowed(view: TableView, banker: Journal) -> None:
    banker.apply(c.StartAuction(lot="Boardwalk"))
    statuses = [
        (await post(view.player_url("Bob"), bid(n, f"fast-{n:06d}")))[0]
        for n in range(1, actions.BURST + 3)
    ]
    assert statuses[: actions.BURST] == [200] * actions.BURST
    assert 429 in statuses[actions.BURST :]
    assert (await post(view.player_url("Alice"), bid(500, "alice-0001")))[0] == 200


def test_the_core_checks_the_moment_the_phone_answered(banker: Journal) -> None:
    state = banker.game.state
    with pytest.raises(Exception, match="No auction is open now"):
        phone_command(state, "Bob", "bid", "Boardwalk", 10)
    banker.apply(c.StartAuction(lot="Boardwalk"))
    banker.apply(c.DropOut(player="Bob"))
    with pytest.raises(Exception, match="already out of this auction"):
        phone_command(banker.game.state, "Bob", "bid", "Boardwalk", 10)
    assert phone_command(banker.game.state, "Alice", "bid", "Boardwalk", 10) == c.Bid(
        player="Alice", amount=10
    )
    assert phone_command(banker.game.state, "Alice", "drop", "Boardwalk") == c.DropOut(
        player="Alice"
    )
