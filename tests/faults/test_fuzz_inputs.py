"""Random input at the app's command bar and the table view's routes: never a
traceback, never a crash, and a refused line never changes the game."""

from __future__ import annotations

import random
import string
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.language import VERBS
from banker.demo import make_demo
from banker.store import Journal
from banker.tui.app import make_app
from banker.tui.widgets.command_bar import CommandBar
from banker.web.server import TableView

WORDS = list(VERBS) + [
    "alice",
    "bob",
    "carol",
    "dave",
    "board",
    "st",
    "ch",
    "park",
    "give",
    "get",
    "lift",
    "to",
    "jailcard",
    "-",
    ",",
    "7",
    "0",
    "13",
    "100",
    "$50",
    "double",
    "x10",
    "hotel",
    "income",
    "flat",
    "percent",
    "luxury",
    "chance-div",
    "go",
    "fine",
    "card",
    "1e3",
    "สมชาย",
    "ค่าเช่า",
    "sewa",
    "rumah",
    "'",
    '"',
    "\\",
    "%",
    "{p}",
    "{",
    "}",
    "\t",
    "🎲",
]
ALPHABET = string.printable + "ก่้๊๋ัิีึืุู์ๆ฿éñ€£" + "\u200b\u202e"


def random_line(rng: random.Random) -> str:
    if rng.random() < 0.6:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 8)))
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 40)))


async def test_random_lines_at_the_command_bar_never_crash_the_app(tmp_path: Path) -> None:
    rng = random.Random(2026)
    app = make_app(make_demo(tmp_path / "demo.banker"))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(80):
            assert app.journal is not None
            if not isinstance(app.screen.query(CommandBar).first(None), CommandBar):
                await pilot.press("escape")  # a line opened a screen (an auction, a debt)
                await pilot.pause()
                continue
            await pilot.press("colon")
            bar = app.screen.query_one(CommandBar)
            before = app.journal.game.state.dump_ledger()
            seq = app.journal.game.seq
            bar.value = random_line(rng)
            await pilot.press("enter")
            await pilot.pause()
            if app.journal.game.seq == seq:  # refused or a question: nothing changed
                assert app.journal.game.state.dump_ledger() == before
            assert app.is_running
            assert app._exception is None


async def test_random_requests_never_break_the_table_view(tmp_path: Path) -> None:
    rng = random.Random(5)
    setup = c.Setup(players=["Alice", "Bob"], edition=load_edition("us"))
    with Journal.create(tmp_path / "web.banker", setup) as journal:
        journal.apply(c.Buy(player="Alice", deed="Boardwalk"))
        view = TableView(journal)
        client: TestClient[Any, Any] = TestClient(TestServer(view.make_app(), host="127.0.0.1"))
        await client.start_server()
        try:
            assert view.token is not None
            seq = journal.game.seq
            parts = [
                view.token,
                "p",
                "0",
                "9",
                "s",
                "app.js",
                "app.css",
                "table.json",
                "events",
                "..",
                "%2e%2e",
                "%00",
                "index.html",
                "etc",
                "passwd",
                "",
                "x" * 300,
            ]
            for _ in range(200):
                path = "/" + "/".join(rng.choice(parts) for _ in range(rng.randint(0, 4)))
                if path.startswith("//"):
                    path = "/." + path[1:]  # not a scheme-relative URL: a path with an empty part
                if rng.random() < 0.3:
                    path += "?" + "".join(rng.choice(string.printable[:62]) for _ in range(8))
                method = rng.choice(
                    ["GET", "GET", "GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]
                )
                if path.endswith("/events") and method == "GET":
                    continue  # a stream never ends by itself; its tests live with the server
                response = await client.request(method, path)
                assert response.status in (200, 304, 400, 404, 405), (method, path, response.status)
                await response.release()
            assert journal.game.seq == seq
        finally:
            await client.close()
