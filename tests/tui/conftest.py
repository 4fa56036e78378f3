"""The app on the demo table, with the games folder in a temporary directory."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.rules import HouseRules
from banker.demo import make_demo
from banker.store import Journal
from banker.tui.app import BankerApp, make_app

SIZE = (120, 40)


@pytest.fixture(autouse=True)
def banker_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("BANKER_HOME", str(home))
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")  # the new-game form's language comes from the locale
    return home


@pytest.fixture
def demo_path(tmp_path: Path) -> Path:
    return make_demo(tmp_path / "demo.banker")


@pytest.fixture
def demo_app(demo_path: Path) -> Iterator[BankerApp]:
    app = make_app(demo_path)
    yield app
    if app.journal is not None:
        app.journal.close()


@pytest.fixture
def game(tmp_path: Path) -> Callable[..., Path]:
    """A game file after the given commands, on the US board (Alice, Bob, Carol)."""

    def make(*commands: c.Command, rules: HouseRules | None = None) -> Path:
        path = tmp_path / "table.banker"
        setup = c.Setup(
            players=["Alice", "Bob", "Carol"],
            edition=load_edition("us"),
            rules=rules or HouseRules(),
        )
        with Journal.create(path, setup) as journal:
            for command in commands:
                journal.apply(command)
        return path

    return make


def reopen(path: Path) -> Journal:
    """The game as journaled on disk, read back."""
    return Journal.open(path, read_only=True)


async def type_text(pilot: object, text: str) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    for ch in text:
        await pilot.press("space" if ch == " " else ch)


def rendered(renderable: object, width: int = 110) -> str:
    """A Rich renderable (a widget's `render()`, a Static's content) as plain text."""
    import io

    from rich.console import Console

    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def text_of(widget: object, width: int = 110) -> str:
    """What a Static shows, as plain text `width` columns wide."""
    from textual.widgets import Static

    assert isinstance(widget, Static)
    return rendered(widget.content, width)


KEY_CHARACTERS = {"enter": "\r", "tab": "\t", "space": " ", "escape": "\x1b"}


async def type_keys(app: object, pilot: object, keys: list[str], fast: bool) -> None:
    """`keys` a key at a time, each taken before the next; or (fast) all at once, as a
    terminal delivers a banker typing faster than the screens open."""
    from textual import events
    from textual.pilot import Pilot

    from tests.tui.test_type_ahead import settle

    assert isinstance(app, BankerApp) and isinstance(pilot, Pilot)
    if not fast:
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        return
    for key in keys:
        character = KEY_CHARACTERS.get(key, key if len(key) == 1 else None)
        app.post_message(events.Key(key, character))
    await settle(app, pilot)


async def command(pilot: object, line: str) -> None:
    """Type a line into the ledger's command bar."""
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    await pilot.press("colon")
    await type_text(pilot, line)
    await pilot.press("enter")
    await pilot.pause()
