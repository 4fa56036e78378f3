"""End to end in headless Chromium: a phone loads the table and watches the banker play."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from banker.core.commands import Buy, MoveToken, PassGo, PassTurn
from banker.store import Journal
from banker.web.server import TableView
from tests.web.chromium import Chromium, find_chromium
from tests.web.conftest import HOSTILE

pytestmark = pytest.mark.skipif(
    find_chromium() is None,
    reason="chromium not found: install Debian's chromium package (.ci/run does)",
)

CASH = (
    "Object.fromEntries(Array.from(document.querySelectorAll('.player, .me'))"
    ".filter(p => p.querySelector('.name'))"
    ".map(p => [p.querySelector('.name').textContent,"
    " p.querySelector('.money, .big').textContent]))"
)


@asynccontextmanager
async def phone(game_path: Path) -> AsyncIterator[tuple[Chromium, str]]:
    """A phone on the table view of the game, following the file read-only as `banker
    share` does, once the page says it is live: the browser and the page's address."""
    with Journal.open(game_path, read_only=True) as reader:
        view = TableView(reader, follow=True)
        url = await view.start("127.0.0.1", 0)
        try:
            async with Chromium() as browser:
                await browser.open(url)
                assert await browser.wait_for("document.querySelector('.live.ok') !== null", 30)
                yield browser, url
        finally:
            await view.stop()


async def test_a_phone_sees_the_new_balance_after_a_banker_action(
    banker: Journal, game_path: Path
) -> None:
    async with phone(game_path) as (browser, url):
        cash = await browser.evaluate(CASH)
        assert cash == {"Alice": "$1,500", "Bob": "$1,500", HOSTILE: "$1,500"}

        banker.apply(PassGo(player="Alice"))
        seen = await browser.wait_for(f"{CASH}['Alice'] === '$1,700'", 30)
        assert seen, await browser.evaluate(CASH)

        # The hostile name is text on the page, never an element.
        assert await browser.evaluate("document.scripts.length") == 1
        names = await browser.evaluate(
            "Array.from(document.querySelectorAll('.name')).map(n => n.textContent)"
        )
        assert HOSTILE in names

        banker.apply(Buy(player="Bob", deed="Boardwalk"))
        await browser.open(url + "p/1")
        first = await browser.wait_for(
            "document.querySelector('main section h2')?.textContent === 'Your statement'"
            " && document.querySelector('main section .deed .dn')?.textContent",
            30,
        )
        assert first == "Boardwalk"
        mine = await browser.evaluate(
            "JSON.stringify([document.querySelector('.me .name').textContent,"
            " document.querySelector('.me .big').textContent])"
        )
        assert json.loads(mine) == ["Bob", "$1,100"]


LIVE = "document.getElementById('live').textContent"


async def test_a_phone_whose_connection_died_catches_up(banker: Journal, game_path: Path) -> None:
    """A sleeping phone's connection is cut; the page reconnects and shows what it missed."""
    with Journal.open(game_path, read_only=True) as reader:
        view = TableView(reader, follow=True)
        url = await view.start("127.0.0.1", 0)
        try:
            async with Chromium() as browser:
                await browser.open(url)
                assert await browser.wait_for(f"{LIVE} === 'live'", 30)
                # the server's side of each connection, cut as a phone's sleep does
                cut = list(view.gate.open)
                assert cut
                for transport in cut:
                    assert isinstance(transport, asyncio.Transport)
                    transport.abort()
                banker.apply(PassGo(player="Alice"))
                back = await browser.wait_for(
                    f"{LIVE} === 'live' && {CASH}['Alice'] === '$1,700'", 30
                )
                assert back, await browser.evaluate(f"[{LIVE}, {CASH}]")
        finally:
            await view.stop()


async def test_a_phone_says_when_sharing_stopped(banker: Journal) -> None:
    view = TableView(banker)
    url = await view.start("127.0.0.1", 0)
    try:
        async with Chromium() as browser:
            await browser.open(url)
            assert await browser.wait_for(f"{LIVE} === 'live'", 30)
            port = view.port
            await view.stop()
            await view.start("127.0.0.1", port or 0)  # sharing again: a new token
            assert await browser.wait_for(f"{LIVE} === 'sharing stopped'", 30)
    finally:
        await view.stop()


TURN = (
    "JSON.stringify([document.querySelector('main section.turn .big')?.textContent,"
    " document.querySelector('main section.turn .sub')?.textContent,"
    " document.querySelector('main section')?.className,"
    " parseFloat(getComputedStyle(document.querySelector('main section.turn .big')).fontSize)"
    " / parseFloat(getComputedStyle(document.body).fontSize)])"
)


async def test_the_phone_shows_whose_turn_it_is_at_the_top_large(
    banker: Journal, game_path: Path
) -> None:
    """The first section on the page is the turn, at least half as large again as the text,
    with where that player's token stands; it follows the banker's `next` and moves."""
    async with phone(game_path) as (browser, url):
        big, sub, first, scale = json.loads(await browser.evaluate(TURN))
        assert (big, sub, first) == ("Alice's turn", "on GO", "turn")
        assert scale >= 1.5

        banker.apply(PassTurn())
        banker.apply(MoveToken(player="Bob", how="dice", dice=8))
        assert await browser.wait_for(
            "document.querySelector('main section.turn .sub')?.textContent"
            " === 'on Vermont Avenue'",
            30,
        )
        big, sub, first, _ = json.loads(await browser.evaluate(TURN))
        assert (big, sub, first) == ("Bob's turn", "on Vermont Avenue", "turn")
