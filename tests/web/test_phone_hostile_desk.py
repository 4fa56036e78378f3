"""Hostile phones at the banker's desk: a replayed POST applies once, no link speaks for
another player, and a flood from one link is bounded while the other players are served."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiohttp

from banker.tui.app import make_app
from banker.web.actions import BURST
from tests.web.test_phone_answers import fetch, shared
from tests.web.test_phone_requests import table
from tests.web.test_phone_trades import act

SIZE = (120, 40)


async def test_a_replayed_post_is_applied_once(tmp_path: Path) -> None:
    app = make_app(table(tmp_path / "t.banker"), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        alice = view.player_urls()["Alice"]
        propose = {
            "act": "propose",
            "id": "replayed-propose",
            "partner": "Bob",
            "give": {"deeds": ["Baltic Avenue"]},
            "get": {"cash": 100},
        }
        first = await act(alice, **propose)
        again = await act(alice, **propose)
        assert first == again and first[1]["ok"]
        assert len((await fetch(alice))["trades"]) == 1
        ask = {"act": "ask", "id": "replayed-ask", "kind": "mortgage", "key": "Park Place"}
        first = await act(alice, **ask)
        again = await act(alice, **ask)
        assert first == again and first[1]["ok"]
        assert len((await fetch(alice))["asks"]) == 1
        await pilot.pause()
        await pilot.press("y")  # the banker applies the request once
        await pilot.pause()
        assert app.journal is not None
        seq = app.journal.game.seq
        assert await act(alice, **ask) == first  # replayed after it was applied: nothing new
        assert app.journal.game.seq == seq and (await fetch(alice))["asks"] == []


async def test_no_link_speaks_for_another_player(tmp_path: Path) -> None:
    app = make_app(table(tmp_path / "t.banker"), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        urls = view.player_urls()
        alice, bob, carol = urls["Alice"], urls["Bob"], urls["Carol"]
        # a proposal "in Alice's name" is not a request this table takes
        status, said = await act(
            bob, act="propose", player="Alice", partner="Carol", give={}, get={"cash": 1}
        )
        assert status == 400 and not said["ok"]
        # Bob proposes that Alice gives her deed: refused, nothing is asked of her
        status, said = await act(
            bob, act="propose", partner="Carol", give={"deeds": ["Park Place"]}, get={}
        )
        assert not said["ok"] and "Park Place" in said["said"]
        await act(
            alice, act="propose", partner="Bob", give={"deeds": ["Baltic Avenue"]}, get={"cash": 9}
        )
        status, said = await act(carol, act="accept", trade=1, version=1)
        assert said == {"ok": False, "said": "Carol is not a party to this trade."}
        status, said = await act(carol, act="decline", trade=1)
        assert not said["ok"] and (await fetch(alice))["trades"][0]["number"] == 1
        # Alice's request cannot be taken back, nor asked again, from Bob's link
        await act(alice, act="ask", kind="mortgage", key="Park Place")
        status, said = await act(bob, act="withdraw", ask=1)
        assert said == {"ok": False, "said": "That request is no longer waiting."}
        status, said = await act(bob, act="ask", kind="mortgage", key="Park Place")
        assert not said["ok"] and said["said"].startswith("That is not something Bob can ask")
        assert [a["player"] for a in (await fetch(alice))["asks"]] == ["Alice"]


async def test_a_flood_from_one_link_is_bounded_and_the_others_are_served(
    tmp_path: Path,
) -> None:
    app = make_app(table(tmp_path / "t.banker"), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        urls = view.player_urls()
        flood = [
            {"act": "ask", "id": f"flood-{n:06d}", "kind": "jail", "key": "fine"}
            for n in range(120)
        ]
        flood += [
            {
                "act": "propose",
                "id": f"flood-p{n:05d}",
                "partner": "Carol",
                "give": {"cash": n + 1},
                "get": {},
            }
            for n in range(60)
        ]
        async with aiohttp.ClientSession() as session:

            async def one(body: dict[str, Any]) -> int:
                try:
                    async with session.post(urls["Bob"] + "act", json=body) as r:
                        return r.status
                except aiohttp.ClientError:
                    return 0  # the LAN limits closed the connection: refused too

            statuses = await asyncio.gather(*(one(body) for body in flood))
        assert statuses.count(200) <= BURST + 2  # the bucket refills a little meanwhile
        assert set(statuses) <= {200, 429, 0}
        seen = await fetch(urls["Alice"])
        assert len([a for a in seen["asks"] if a["player"] == "Bob"]) <= 1  # never twice
        assert len([t for t in seen["trades"] if t["player"] == "Bob"]) <= 4  # MOST_OPEN
        # Alice and Carol are served at once
        status, said = await act(urls["Alice"], act="ask", kind="mortgage", key="Park Place")
        assert (status, said["ok"]) == (200, True)
        status, said = await act(urls["Carol"], act="decline", trade=99)
        assert status == 200 and said["said"] == "That trade is no longer on the table."
        await pilot.pause()
        assert app.phone_queue()  # the banker's queue holds what was asked, bounded
