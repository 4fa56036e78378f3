"""Requests from a player's own page, one test per kind, against the app driven by Pilot:
each shows what it does before it is sent, waits in the banker's queue (who, what, the
effect), is declined with a reason the phone shows, then made with one key and journaled
as from that phone; and with the house rule, each kind is applied at once."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.rules import HouseRules
from banker.core.state import GameState
from banker.store import Journal
from banker.tui.app import make_app
from banker.tui.screens.dialog import Decline
from banker.tui.screens.landed import LandedScreen
from banker.tui.widgets.phone_queue import PhoneQueue
from tests.web.test_phone_answers import fetch, shared
from tests.web.test_phone_trades import act

SIZE = (120, 40)
_ids = itertools.count(1)


def table(path: Path, at_once: tuple[str, ...] = (), then: tuple[c.Command, ...] = ()) -> Path:
    """Alice holds the dark blues, Baltic, and Oriental mortgaged, her token on GO; Bob is
    in jail with a Get Out of Jail Free card; Carol owes the bank $1,600 and has $1,500;
    `then` follows."""
    rules = HouseRules(phone_requests_at_once=at_once)  # type: ignore[arg-type]
    setup = c.Setup(players=["Alice", "Bob", "Carol"], edition=load_edition("us"), rules=rules)
    with Journal.create(path, setup) as journal:
        for deed in ("Park Place", "Boardwalk", "Baltic Avenue", "Oriental Avenue"):
            journal.apply(c.Buy(player="Alice", deed=deed))
        journal.apply(c.Mortgage(player="Alice", deed="Oriental Avenue"))
        journal.apply(c.MoveToken(player="Alice", square=0, how="fix"))
        journal.apply(c.DrawCard(player="Bob", card="chance-jail-free"))
        journal.apply(c.GoToJail(player="Bob"))
        journal.apply(c.Pay(player="Carol", amount=1600))
        for command in then:
            journal.apply(command)
    return path


@dataclass(frozen=True)
class Kind:
    player: str
    kind: str
    key: str
    effect: str
    """A line the page shows before the request is sent."""
    done: Callable[[GameState], bool]
    then: tuple[c.Command, ...] = ()


BUILT = c.SetGroupLevels(player="Alice", deed="Park Place", levels=[1, 2])

KINDS = {
    "mortgage": Kind(
        "Alice",
        "mortgage",
        "Baltic Avenue",
        "Rent after: Baltic Avenue: no rent while mortgaged",
        lambda s: s.deeds["Baltic Avenue"].mortgaged,
    ),
    "lift": Kind(
        "Alice",
        "lift",
        "Oriental Avenue",
        "Rent after: Oriental Avenue: rent $6",
        lambda s: not s.deeds["Oriental Avenue"].mortgaged,
    ),
    "build": Kind(
        "Alice",
        "build",
        "dark_blue",
        "Bank after: 30 houses, 12 hotels left",
        lambda s: s.deeds["Boardwalk"].houses == 1 and s.deeds["Park Place"].houses == 1,
    ),
    "sell one": Kind(
        "Alice",
        "sell",
        "one:dark_blue",
        "Bank after: 30 houses, 12 hotels left",
        lambda s: s.deeds["Boardwalk"].houses == 1,
        (BUILT,),
    ),
    "sell all": Kind(
        "Alice",
        "sell",
        "all:dark_blue",
        "Alice: cash $40 → $340",
        lambda s: s.deeds["Boardwalk"].houses == s.deeds["Park Place"].houses == 0,
        (BUILT,),
    ),
    "jail fine": Kind(
        "Bob", "jail", "fine", "Bob: cash $1,500 → $1,450", lambda s: "Bob" not in s.jail
    ),
    "jail card": Kind(
        "Bob", "jail", "card", "Bob leaves jail", lambda s: not s.player("Bob").jail_cards
    ),
}


def offer(table_json: dict[str, Any], want: Kind) -> dict[str, Any]:
    found = [
        o
        for o in table_json["offers"][want.player]
        if (o["kind"], o["key"]) == (want.kind, want.key)
    ]
    assert found, table_json["offers"][want.player]
    return found[0]


@pytest.mark.parametrize("name", list(KINDS))
async def test_each_request_waits_is_declined_with_why_then_made_with_one_key(
    tmp_path: Path, name: str
) -> None:
    want = KINDS[name]
    app = make_app(table(tmp_path / "t.banker", then=want.then), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        url = view.player_urls()[want.player]
        shown = offer(await fetch(url), want)  # what it does, before it is sent
        assert shown["refusal"] is None
        assert any(want.effect in line for line in shown["effect"]), shown
        body = {"act": "ask", "kind": want.kind, "key": want.key}
        status, said = await act(url, **body)
        assert said == {"ok": True, "said": f"Sent to the banker: {shown['label']}"}
        assert (await fetch(url))["asks"][0]["label"] == shown["label"]
        await pilot.pause()
        queue = app.query_one(PhoneQueue)
        assert queue.display
        text = str(queue.render())
        assert f"{want.player} asks from their phone: {shown['label']}" in text
        assert want.effect in text
        # declined, with a reason the phone shows
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, Decline)
        await pilot.press(*"later", "enter")
        await pilot.pause()
        note = (await fetch(url))["ask_notes"][-1]
        assert note["said"] == f"The banker declined: {shown['label']}: later"
        assert not queue.display
        # asked again: the banker's one key makes it, journaled as from the phone
        status, said = await act(url, **body)
        assert said["ok"]
        await pilot.pause()
        assert app.journal is not None
        before = app.journal.game.seq
        await pilot.press("y")
        await pilot.pause()
        assert app.journal.game.seq == before + 1
        assert want.done(app.journal.game.state)
        last = app.journal.entries()[-1].message.render()
        assert last.endswith(f"(from {want.player}'s phone)")
        assert (await fetch(url))["asks"] == []


async def test_with_the_house_rule_each_kind_is_applied_at_once(tmp_path: Path) -> None:
    kinds = ("mortgage", "lift", "build", "sell", "jail")
    app = make_app(table(tmp_path / "t.banker", at_once=kinds), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        assert app.journal is not None
        for name in ("mortgage", "lift", "build", "sell one", "jail fine"):
            want = KINDS[name]
            url = view.player_urls()[want.player]
            status, said = await act(url, act="ask", kind=want.kind, key=want.key)
            assert said["ok"] and said["said"].endswith(f"(from {want.player}'s phone)"), said
            if name != "sell one":  # here it sells the house just built
                assert want.done(app.journal.game.state), name
            assert not app.phone_queue()


async def test_the_debtor_asks_to_settle_and_is_told_what_is_missing(tmp_path: Path) -> None:
    """Debts are paid as soon as cash covers them; until then the page shows why settling
    is refused, and a request to settle is refused with that reason."""
    app = make_app(table(tmp_path / "t.banker"), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        carol = view.player_urls()["Carol"]
        want = Kind("Carol", "settle", "", "", lambda s: True)
        shown = offer(await fetch(carol), want)
        assert shown["refusal"].startswith("Carol has $1,500 and owes $1,600: raise $100 more")
        status, said = await act(carol, act="ask", kind="settle", key="")
        assert not said["ok"] and said["said"].endswith(shown["refusal"])
        assert not app.phone_queue()


@pytest.mark.parametrize("at_once", [False, True])
async def test_the_income_tax_choice_answers_the_bankers_landing_dialog(
    tmp_path: Path, at_once: bool
) -> None:
    """Alice lands on Income Tax: while the banker's dialog asks, her page offers the
    choice with what each costs; her answer fills the dialog for one key (or, with the
    house rule, is applied at once)."""
    rules = ("tax",) if at_once else ()
    app = make_app(table(tmp_path / "t.banker", at_once=rules), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        assert app.journal is not None
        alice = view.player_urls()["Alice"]
        flat = Kind("Alice", "tax", "income_flat", "Alice: cash $640 → $440", lambda s: True)
        assert not [o for o in (await fetch(alice))["offers"]["Alice"] if o["kind"] == "tax"]
        await pilot.press("1", "l", "4")  # Alice throws 4 from GO: Income Tax
        await pilot.pause(0.3)
        assert isinstance(app.screen, LandedScreen)
        shown = offer(await fetch(alice), flat)
        assert flat.effect in shown["effect"]
        status, said = await act(alice, act="ask", kind="tax", key="income_flat")
        assert said["ok"], said
        await pilot.pause()
        if not at_once:
            assert said["said"].startswith("Sent to the banker, who confirms it")
            assert isinstance(app.screen, LandedScreen)
            await pilot.press("enter")  # the banker's one key: the phone's answer has focus
            await pilot.pause()
        assert not isinstance(app.screen, LandedScreen)
        assert app.journal.game.state.player("Alice").cash == 440
        last = app.journal.entries()[-1].message.render()
        assert "income tax" in last and last.endswith("(from Alice's phone)")
        assert not [o for o in (await fetch(alice))["offers"]["Alice"] if o["kind"] == "tax"]


async def test_the_debtors_page_has_what_is_owed_and_every_way_to_raise_it(
    tmp_path: Path,
) -> None:
    """What the debtor's page draws, without a browser: owed, missing, could raise, and
    the raise-funds moves in their order, each one a request the phone can send."""
    built = c.SetGroupLevels(player="Alice", deed="Park Place", levels=[1, 1])
    debt = c.Pay(player="Alice", amount=700, to="Bob")
    app = make_app(table(tmp_path / "t.banker", then=(built, debt)), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        alice = view.player_urls()["Alice"]
        seen = await fetch(alice)
        owing = seen["owing"]["Alice"]
        assert (owing["owed_text"], owing["cash_text"], owing["missing_text"]) == (
            "$700",
            "$240",
            "$460",
        )
        ways = [(w["kind"], w["key"], w["brings_text"]) for w in owing["ways"]]
        assert ways[:3] == [
            ("sell", "one:dark_blue", "$100"),
            ("sell", "all:dark_blue", "$200"),
            ("mortgage", "Baltic Avenue", "$30"),
        ]
        assert list(seen["owing"]) == ["Alice", "Carol"]  # Carol owes the bank too
        status, said = await act(alice, act="ask", kind="sell", key="all:dark_blue")
        assert said["ok"], said


async def test_a_request_the_banker_makes_by_hand_is_answered_by_it(tmp_path: Path) -> None:
    """Alice asks to mortgage Baltic Avenue; the banker mortgages it from the mortgage
    list instead of the queue: the request is answered (journaled from her phone, out of
    the queue), not left to go stale."""
    app = make_app(table(tmp_path / "t.banker"), share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        view = await shared(app, pilot)
        alice = view.player_urls()["Alice"]
        status, said = await act(alice, act="ask", kind="mortgage", key="Baltic Avenue")
        assert said["ok"]
        await pilot.pause()
        assert app.do(c.Mortgage(player="Alice", deed="Baltic Avenue"))  # as a key would
        await pilot.pause()
        assert app.journal is not None
        last = app.journal.entries()[-1].message.render()
        assert last.startswith("Alice mortgaged Baltic Avenue") and "(from Alice's phone)" in last
        seen = await fetch(alice)
        assert seen["asks"] == [] and seen["ask_notes"] == []
        assert not app.query_one(PhoneQueue).display
