"""The table view over HTTP: what phones get, how fast, and everything they are refused."""

from __future__ import annotations

import asyncio
import gzip
import re
from pathlib import Path

import aiohttp
import pytest

from banker.core.commands import Bid, Buy, Mortgage, PassGo, StartAuction
from banker.store import Journal
from banker.web.server import TOKEN_BYTES, TableView
from tests.web.conftest import HOSTILE, Served, next_table


async def test_the_page_is_a_small_shell_under_the_token(served: Served) -> None:
    response = await served.client.get(served.base)
    assert response.status == 200
    html = await response.text()
    assert f'href="{served.base}s/app.css"' in html
    assert f'src="{served.base}s/app.js"' in html
    assert 'data-player="-1"' in html
    assert "https://" not in html and "http://" not in html  # no fonts, scripts or CDNs
    sizes = [len(gzip.compress(html.encode()))]
    for asset in ("app.js", "app.css"):
        r = await served.client.get(served.base + "s/" + asset)
        assert r.status == 200
        body = await r.text()
        assert "http://" not in body and "https://" not in body and "@import" not in body
        sizes.append(len(gzip.compress(body.encode())))  # as the server sends it
    # what a phone downloads on a busy LAN (a phone's own link acts too: bids, answers and
    # the trade builder): under 12 KB, about eight TCP segments
    assert sum(sizes) < 12_000, sizes


async def test_the_table_carries_the_game_in_the_editions_currency(
    served: Served, banker: Journal
) -> None:
    table = await (await served.client.get(served.base + "table.json")).json()
    assert [p["name"] for p in table["players"]] == ["Alice", "Bob", HOSTILE]
    assert table["players"][0]["cash_text"] == "$1,500"
    assert table["bank"] == {"houses": 32, "hotels": 12, "pot": False, "pot_text": "$0"}
    assert table["history"][0]["text"].startswith("New game on the United States board")
    assert {g["id"] for g in table["groups"]} >= {"dark_blue", "railroad", "utility"}


async def test_the_stream_starts_with_the_table(served: Served) -> None:
    async with served.client.get(served.base + "events") as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/event-stream")
        table = await next_table(response)
    assert table["seq"] == 1
    assert table["players"][1]["cash_text"] == "$1,500"


async def test_a_banker_action_in_another_journal_reaches_a_connected_phone(
    served: Served, banker: Journal
) -> None:
    async with served.client.get(served.base + "events") as response:
        await next_table(response)
        banker.apply(Buy(player="Alice", deed="Boardwalk"))
        table = await next_table(response)
    assert table["seq"] == 2
    assert table["players"][0]["cash_text"] == "$1,100"
    boardwalk = next(d for d in table["deeds"] if d["name"] == "Boardwalk")
    assert boardwalk["owner"] == "Alice" and boardwalk["group"] == "dark_blue"
    assert table["history"][0]["text"] == "Alice bought Boardwalk for $400"


async def test_every_phone_gets_every_action(served: Served, banker: Journal) -> None:
    streams = [await served.client.get(served.base + "events") for _ in range(3)]
    for s in streams:
        await next_table(s)
    banker.apply(Buy(player="Bob", deed="Park Place"))
    after_buy = [await next_table(s) for s in streams]
    banker.apply(Mortgage(player="Bob", deed="Park Place"))
    after_mortgage = [await next_table(s) for s in streams]
    for s in streams:
        s.close()
    assert {t["seq"] for t in after_buy} == {2}
    assert {t["seq"] for t in after_mortgage} == {3}
    park = next(d for d in after_mortgage[0]["deeds"] if d["name"] == "Park Place")
    assert park["mortgaged"] is True


async def test_notify_pushes_the_apps_own_journal_at_once(
    banker: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The view would next look on its own in an hour: a table that arrives was pushed.
    monkeypatch.setattr("banker.web.server.POLL_SECONDS", 3600.0)
    view = TableView(banker)  # the app's case: the journal it writes to, no file following
    url = await view.start("127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as session:
            async with session.get(url + "events") as response:
                await next_table(response)
                banker.apply(PassGo(player="Bob"))
                view.notify()
                table = await next_table(response)
        assert table["players"][1]["cash_text"] == "$1,700"
    finally:
        await view.stop()


async def test_an_open_auction_shows_its_high_bid(served: Served, banker: Journal) -> None:
    banker.apply(StartAuction(lot="Boardwalk"))
    banker.apply(Bid(player="Bob", amount=250))
    async with served.client.get(served.base + "events") as response:
        table = await next_table(response)
        while table["seq"] < 3:  # the view publishes what it has followed so far
            table = await next_table(response)
    assert table["auction"]["lot"] == "Boardwalk"
    assert table["auction"]["high_bid_text"] == "$250"
    assert table["auction"]["high_bidder"] == "Bob"


async def test_a_players_page_puts_them_first_and_only_real_players_have_one(
    served: Served,
) -> None:
    page = await served.client.get(served.base + "p/2")
    assert page.status == 200
    assert 'data-player="2"' in await page.text()
    for missing in ("p/3", "p/99", "p/-1", "p/abc", "p/", "p/0/x"):
        assert (await served.client.get(served.base + missing)).status == 404, missing


async def test_no_token_or_a_wrong_one_gets_404_and_learns_nothing(served: Served) -> None:
    token = served.view.token
    assert token is not None
    real_404 = await served.client.get(served.base + "nothing-here")
    reference = await real_404.text()
    wrong = [
        "/",
        "/events",
        "/table.json",
        "/s/app.js",
        "/" + token[:-1] + "/",
        "/" + token + "x/",
        "/" + token.upper() + "/" if token.upper() != token else "/X/",
        "/" + "A" * len(token) + "/events",
        "/" + token,  # without the slash the token is not a folder
    ]
    for path in wrong:
        response = await served.client.get(path)
        body = await response.text()
        assert response.status == 404, path
        assert body == reference, path
        assert "Alice" not in body and token not in body


async def test_only_get_is_answered(served: Served) -> None:
    for method in ("POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"):
        for path in ("", "events", "table.json", "s/app.js", "p/0"):
            response = await served.client.request(method, served.base + path, data=b"x")
            assert response.status == 405, (method, path)
        response = await served.client.request(method, "/wrong-token/", data=b"x")
        assert response.status == 404, method


async def test_nothing_a_phone_sends_changes_the_game(served: Served, banker: Journal) -> None:
    before = banker.game.seq
    for method in ("POST", "PUT", "DELETE"):
        await served.client.request(method, served.base + "table.json", json={"cash": 10**9})
    await served.client.get(served.base + "table.json?player=Alice&cash=1000000")
    assert banker.game.seq == before
    table = await (await served.client.get(served.base + "table.json")).json()
    assert table["seq"] == before and table["players"][0]["cash"] == 1500


async def _raw_get(served: Served, target: str) -> tuple[int, bytes]:
    """A request sent byte for byte, so no client tidies `..` away first."""
    server = served.client.server
    reader, writer = await asyncio.open_connection(server.host, server.port)
    writer.write(f"GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    await writer.drain()
    raw = await asyncio.wait_for(reader.read(), 5)
    writer.close()
    status = int(raw.split(b" ", 2)[1])
    return status, raw


@pytest.mark.parametrize(
    "tail",
    [
        "s/../server.py",
        "s/../../web/server.py",
        "s/../../../pyproject.toml",
        "s/%2e%2e/server.py",
        "s/%2e%2e%2fserver.py",
        "s/..%2f..%2fcli.py",
        "s/%2E%2E%2F%2E%2E%2Fcli.py",
        "s/....//server.py",
        "s/..\\server.py",
        "s/%5c..%5cserver.py",
        "s/index.html",
        "s/",
        "s/.",
        "s/app.js/../../server.py",
        "s/%00app.js",
    ],
)
async def test_no_file_outside_the_assets_is_served(served: Served, tail: str) -> None:
    status, raw = await _raw_get(served, served.base + tail)
    assert status in (400, 404), (tail, raw[:200])
    assert b"import " not in raw and b"[project]" not in raw and b"{{base}}" not in raw


async def test_a_dot_dot_before_the_token_does_not_get_round_it(served: Served) -> None:
    status, raw = await _raw_get(served, "/x/.." + served.base + "s/app.js")
    # Normalised to the real asset, or refused: never anything else.
    assert status == 404 or (status == 200 and b"EventSource" in raw)
    status, _ = await _raw_get(served, served.base + "../" + "s/app.js")
    assert status == 404


async def test_every_response_forbids_outside_content_and_leaking_the_token(
    served: Served,
) -> None:
    for path in ("", "s/app.js", "table.json"):
        response = await served.client.get(served.base + path)
        assert "default-src 'none'" in response.headers["Content-Security-Policy"]
        assert response.headers["Referrer-Policy"] == "no-referrer"
        assert response.headers["Cache-Control"] == "no-store"
        assert response.headers["Server"] == "banker"


async def test_hostile_names_never_reach_the_page_as_markup(served: Served) -> None:
    html = await (await served.client.get(served.base + "p/2")).text()
    assert HOSTILE not in html and "x()" not in html
    script = await (await served.client.get(served.base + "s/app.js")).text()
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in script
    assert "textContent" in script
    raw = await (await served.client.get(served.base + "table.json")).read()
    assert HOSTILE.encode() in raw  # as a JSON string, for textContent


async def test_the_token_is_128_bits_and_new_every_time_sharing_starts(banker: Journal) -> None:
    assert TOKEN_BYTES >= 16
    view = TableView(banker)
    tokens = []
    for _ in range(3):
        url = await view.start("127.0.0.1", 0)
        tokens.append(view.token)
        assert url.endswith(f"/{view.token}/")
        await view.stop()
        assert view.url == "" and view.token is None
    assert len(set(tokens)) == 3
    assert all(t is not None and len(t) >= 22 for t in tokens)


async def test_stop_ends_the_streams_and_the_old_token_is_dead(banker: Journal) -> None:
    view = TableView(banker)
    old = await view.start("127.0.0.1", 0)
    port = view.port
    async with aiohttp.ClientSession() as session:
        response = await session.get(old + "events")
        await next_table(response)
        await view.stop()
        assert await asyncio.wait_for(response.content.read(), 30) == b""
        new = await view.start("127.0.0.1", port or 0)
        try:
            assert new != old
            assert (await session.get(old)).status == 404
            assert (await session.get(new)).status == 200
        finally:
            await view.stop()


async def test_urls_for_each_player_and_ipv6_hosts(banker: Journal) -> None:
    view = TableView(banker)
    assert view.url == "" and view.player_url("Alice") == ""
    url = await view.start("127.0.0.1", 0)
    try:
        urls = view.player_urls()
        assert list(urls) == ["Alice", "Bob", HOSTILE]
        assert urls["Bob"].startswith(url.rsplit("/", 2)[0] + "/") and urls["Bob"] != url
        assert len({*urls.values(), url}) == 4  # a secret of their own each
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]{22,}/", url)
    finally:
        await view.stop()


async def test_a_busy_port_is_a_clear_error(banker: Journal, tmp_path: Path) -> None:
    from banker.web.site import ShareError

    first = TableView(banker)
    await first.start("127.0.0.1", 0)
    try:
        with pytest.raises(ShareError, match="Choose another"):
            await TableView(banker).start("127.0.0.1", first.port or 0)
    finally:
        await first.stop()


async def test_the_table_says_whose_turn_it_is(served: Served, banker: Journal) -> None:
    from banker.core.commands import PassTurn

    async with served.client.get(served.base + "events") as response:
        table = await next_table(response)
        assert [p["turn"] for p in table["players"]][:2] == [True, False]
        banker.apply(PassTurn())
        table = await next_table(response)
    assert [p["turn"] for p in table["players"]][:2] == [False, True]
