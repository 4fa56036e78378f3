"""Keys typed the moment `banker GAME` is run reach the ledger in order, on every way a
game opens: from its saved ledger, and from the journal alone (a game the app did not
close, after a crash). Run in a real pseudo-terminal, where a Return typed before the app
has the terminal arrives as a newline."""

from __future__ import annotations

import fcntl
import os
import select
import signal
import sqlite3
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.store import Journal

STARTED_WITHIN = 120.0
"""Seconds the app is given to take the keys: a bound on a stuck app, not a speed goal."""


def cash(path: Path, player: str) -> int:
    with Journal.open(path, read_only=True) as journal:
        return next(p.cash for p in journal.game.state.players if p.name == player)


def drain(master: int, wait: float) -> bool:
    """Read what the app drew (so it never blocks on a full terminal), waiting at most
    `wait` seconds for it. False once the terminal is closed."""
    ready, _, _ = select.select([master], [], [], wait)
    if ready:
        try:
            os.read(master, 65536)
        except OSError:
            return False
    return True


def game(folder: Path, saved_ledger: bool) -> Path:
    path = folder / "games" / "tt.banker"
    path.parent.mkdir(parents=True)
    setup = c.Setup(players=["Ann", "Ben"], edition=load_edition("us"))
    Journal.create(path, setup).close()
    if not saved_ledger:  # as after a crash: no ledger was saved at the last close
        with sqlite3.connect(path) as conn:
            conn.execute("DELETE FROM views")
    return path


@pytest.mark.parametrize("saved_ledger", [True, False], ids=["saved-ledger", "journal-only"])
def test_a_command_typed_as_the_app_starts_is_applied(tmp_path: Path, saved_ledger: bool) -> None:
    path = game(tmp_path, saved_ledger)
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # 80x24
    env = {**os.environ, "BANKER_HOME": str(tmp_path), "TERM": "xterm-256color"}
    child = subprocess.Popen(
        [sys.executable, "-c", "from banker.cli import main; raise SystemExit(main())", "tt"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    try:
        os.write(master, b":go ann\r")  # typed at once, before the app has the terminal
        deadline = time.monotonic() + STARTED_WITHIN
        paid = False
        while not paid and time.monotonic() < deadline and child.poll() is None:
            if not drain(master, 0.2):
                break
            paid = cash(path, "Ann") == 1700
        assert paid, "the command typed at start was not applied"
        os.write(master, b"\x11")  # ctrl+q
        for _ in range(200):
            if child.poll() is not None or not drain(master, 0.1):
                break
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
        os.close(master)
    assert cash(path, "Ann") == 1700 and cash(path, "Ben") == 1500


async def test_names_typed_as_the_new_game_form_opens_land_in_it() -> None:
    """No game yet: the app opens on the new-game form; names typed before it is drawn
    land in its fields, in order (none is lost on Textual's blank first screen)."""
    from textual import events
    from textual.widgets import Input

    from banker.tui.app import BankerApp
    from tests.tui.test_type_ahead import settle

    app = BankerApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        for key in [*"Ann", "tab", *"Ben"]:
            app.post_message(events.Key(key, None if key == "tab" else key))
        await settle(app, pilot)
        assert app.screen.query_one("#player-1", Input).value == "Ann"
        assert app.screen.query_one("#player-2", Input).value == "Ben"
