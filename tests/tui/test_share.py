"""Sharing from the app: `s` shows a QR code that scans to a live, read-only table."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import aiohttp
from textual.widgets import Static

from banker.core import commands as c
from banker.tui.app import make_app
from banker.tui.screens.share import ShareScreen
from tests.tui.conftest import SIZE
from tests.web.test_qr import decode, draw, needs_zbar


def drawn_lines(screen: ShareScreen) -> list[str]:
    """The QR code exactly as the screen draws it."""
    return str(screen.query_one("#share-qr", Static).render()).split("\n")


async def fetch_table(url: str) -> dict[str, object]:
    async with aiohttp.ClientSession() as session, session.get(url + "table.json") as response:
        assert response.status == 200
        data: dict[str, object] = await response.json()
        return data


async def wait_for_cash(url: str, player: str, cash: int) -> None:
    for _ in range(600):  # up to a minute: a guard against a hang, not a measure of speed
        table = await fetch_table(url)
        players = {p["name"]: p["cash"] for p in table["players"]}  # type: ignore[index,union-attr]
        if players[player] == cash:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"{player}'s cash never showed {cash}")


@needs_zbar
async def test_the_share_key_shows_a_code_that_opens_the_live_table(
    demo_path: Path, tmp_path: Path
) -> None:
    app = make_app(demo_path, share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause(0.3)
        screen = app.screen
        assert isinstance(screen, ShareScreen)
        url = decode(draw(drawn_lines(screen), tmp_path / "shown.pgm"))
        assert url.startswith("http://127.0.0.1:")
        assert str(screen.query_one("#share-url", Static).render()) == url
        bob = app.journal.game.state.player("Bob").cash if app.journal else 0
        await pilot.press("escape")
        assert app.do(c.PassGo(player="Bob"))
        await wait_for_cash(url, "Bob", bob + 200)
        await pilot.press("s")
        await pilot.pause(0.3)
        await pilot.press("right")
        await pilot.pause()
        player_url = decode(draw(drawn_lines(app.screen), tmp_path / "alice.pgm"))  # type: ignore[arg-type]
        assert player_url == app.table_view.player_url("Alice")  # type: ignore[union-attr]
        assert player_url.rsplit("/", 2)[0] == url.rsplit("/", 2)[0] and player_url != url
        await pilot.press("x")
        await pilot.pause(0.3)
        assert not isinstance(app.screen, ShareScreen)
        assert app.table_view is not None and not app.table_view.running
        try:
            async with aiohttp.ClientSession() as session, session.get(url) as response:
                assert response.status == 404
        except aiohttp.ClientConnectionError:
            pass  # the server is gone: nothing answers at all


async def test_a_port_in_use_is_refused_with_a_reason(demo_path: Path) -> None:
    async def busy(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.close()

    server = await asyncio.start_server(busy, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        app = make_app(demo_path, share_host="127.0.0.1", share_port=port)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("s")
            await pilot.pause(0.3)
            assert not isinstance(app.screen, ShareScreen)
            assert any("Cannot share the table" in str(n.message) for n in app._notifications)
    finally:
        server.close()
        await server.wait_closed()


async def test_the_whole_code_shows_at_80x24(demo_path: Path) -> None:
    app = make_app(demo_path, share_host="127.0.0.1")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause(0.3)
        screen = app.screen
        assert isinstance(screen, ShareScreen)
        code = screen.query_one("#share-qr", Static)
        rows = len(drawn_lines(screen))
        assert code.region.y >= 0 and code.region.height >= rows
        assert code.region.y + rows <= 24  # every row of the code on screen
        buttons = screen.query_one("#close")
        assert buttons.region.y + buttons.region.height <= 24
        await pilot.press("x")
        await pilot.pause(0.3)


async def test_n_gives_the_player_shown_a_new_link_journaled(
    demo_path: Path, tmp_path: Path
) -> None:
    """The banker replaces a player's link from the share screen (a phone lost, a code seen
    by someone else): journaled, the new code on screen, the old link dead at once."""
    app = make_app(demo_path, share_host="127.0.0.1")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause(0.3)
        screen = app.screen
        assert isinstance(screen, ShareScreen) and app.table_view is not None
        await pilot.press("n")  # on the table's code: nothing to replace
        assert app.journal is not None and app.journal.game.state.links == {}
        await pilot.press("right", "right")
        await pilot.pause()
        bob = screen.players[1]
        old = app.table_view.player_url(bob)
        assert str(screen.query_one("#share-url", Static).render()) == old
        await pilot.press("n")
        await pilot.pause()
        new = app.table_view.player_url(bob)
        assert new != old and str(screen.query_one("#share-url", Static).render()) == new
        assert app.journal.game.state.links == {bob: 1}
        assert "phone link is new" in app.journal.entries(limit=1)[0].message.render()
        async with aiohttp.ClientSession() as session:
            async with session.get(old + "table.json") as response:
                assert response.status == 410  # the page says the link was replaced
            async with session.get(new + "table.json") as response:
                assert response.status == 200


async def test_the_links_stay_when_the_app_opens_again_until_sharing_is_stopped(
    game: Callable[..., Path],
) -> None:
    """The players keep their codes across a restart of the app; `x` (stop sharing) is what
    makes every code new."""
    path = game()

    async def shared_links(stop: bool) -> tuple[str, dict[str, str]]:
        app = make_app(path, share_host="127.0.0.1")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("s")
            await pilot.pause(0.3)
            view = app.table_view
            assert view is not None
            links = (view.url, view.player_urls())
            await pilot.press("x" if stop else "escape")
            await pilot.pause(0.3)
        return links

    first = await shared_links(stop=False)
    again = await shared_links(stop=True)
    assert again == first
    fresh = await shared_links(stop=False)
    assert fresh[0] != first[0]
    assert not set(fresh[1].values()) & set(first[1].values())
