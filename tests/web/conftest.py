"""A game on disk, the banker's journal writing to it, and the table view serving it.

The view reads the game read-only and follows the file, as `banker share` does; the
banker writes through a second journal, as the app or `banker do` would.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from aiohttp import ClientResponse
from aiohttp.test_utils import TestClient, TestServer

from banker.core.commands import Setup
from banker.core.edition import load_edition
from banker.store import Journal
from banker.web.server import TableView

HOSTILE = "<script>x()</script>"
"""A player name that would run if the page ever put names in as markup."""
PLAYERS = ["Alice", "Bob", HOSTILE]


@pytest.fixture(autouse=True)
def banker_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where kept addresses and link keys go: never the tester's own folder."""
    home = tmp_path / "home"
    monkeypatch.setenv("BANKER_HOME", str(home))
    return home


@pytest.fixture
def game_path(tmp_path: Path) -> Path:
    return tmp_path / "friday.banker"


@pytest.fixture
def banker(game_path: Path) -> Iterator[Journal]:
    """The banker's side: the game open for writing."""
    setup = Setup(players=PLAYERS, edition=load_edition("us"))
    journal = Journal.create(game_path, setup)
    yield journal
    journal.close()


@pytest.fixture
async def view(banker: Journal) -> AsyncIterator[TableView]:
    """The table view of the banker's own journal on loopback, as the app serves it."""
    table = TableView(banker)
    await table.start("127.0.0.1", 0)
    yield table
    await table.stop()


@dataclass
class Served:
    view: TableView
    client: TestClient[Any, Any]

    @property
    def base(self) -> str:
        assert self.view.token
        return f"/{self.view.token}/"


@pytest.fixture
async def served(banker: Journal, game_path: Path) -> AsyncIterator[Served]:
    """The table view of the banker's game, read-only and following the file."""
    reader = Journal.open(game_path, read_only=True)
    view = TableView(reader, follow=True)
    client: TestClient[Any, Any] = TestClient(TestServer(view.make_app(), host="127.0.0.1"))
    await client.start_server()
    yield Served(view, client)
    await client.close()
    reader.close()


async def next_table(response: ClientResponse, timeout: float = 30.0) -> dict[str, Any]:
    """The next `table` event on an event stream, parsed (`timeout`: a guard against a hang,
    not a measure of speed)."""

    async def read() -> dict[str, Any]:
        event, data = "", []
        while True:
            line = (await response.content.readline()).decode()
            if not line:
                raise EOFError("the stream ended")
            line = line.rstrip("\r\n")
            if line == "":
                if event == "table":
                    return dict(json.loads("\n".join(data)))
                event, data = "", []
            elif line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip(" "))

    return await asyncio.wait_for(read(), timeout)
