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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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


@contextmanager
def banker_in_a_terminal(home: Path, *args: str) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """`banker ARGS` in a real 80x24 pseudo-terminal; killed if still running at the end."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "BANKER_HOME": str(home), "TERM": "xterm-256color"}
    child = subprocess.Popen(
        [sys.executable, "-c", "from banker.cli import main; raise SystemExit(main())", *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    try:
        yield master, child
        os.write(master, b"\x11")  # ctrl+q
        for _ in range(200):
            if child.poll() is not None or not drain(master, 0.1):
                break
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
        os.close(master)


def wait_for(master: int, child: subprocess.Popen[bytes], done: Callable[[], bool]) -> bool:
    """Read what the app draws until `done` holds, the app ends, or the bound runs out."""
    deadline = time.monotonic() + STARTED_WITHIN
    while time.monotonic() < deadline and child.poll() is None:
        if done():
            return True
        if not drain(master, 0.2):
            break
    return done()


@pytest.mark.parametrize("saved_ledger", [True, False], ids=["saved-ledger", "journal-only"])
def test_a_command_typed_as_the_app_starts_is_applied(tmp_path: Path, saved_ledger: bool) -> None:
    path = game(tmp_path, saved_ledger)
    with banker_in_a_terminal(tmp_path, "tt") as (master, child):
        os.write(master, b":go ann\r")  # typed at once, before the app has the terminal
        paid = wait_for(master, child, lambda: cash(path, "Ann") == 1700)
        assert paid, "the command typed at start was not applied"
    assert cash(path, "Ann") == 1700 and cash(path, "Ben") == 1500


def test_a_new_game_typed_as_the_app_starts_is_made_and_played(tmp_path: Path) -> None:
    """No game yet: three names, Enter (start the game) and a landing, typed at once before
    the app has the terminal: the game is made with those names and the landing played."""
    path = tmp_path / "games" / "ann-ben-cal.banker"

    def bought() -> bool:
        try:
            return path.exists() and cash(path, "Ann") == 1400
        except Exception:  # the file is still being made
            return False

    with banker_in_a_terminal(tmp_path) as (master, child):
        os.write(master, b"Ann\tBen\tCal\rl6\r")
        assert wait_for(master, child, bought), "the typed game was not made and played"
    with Journal.open(path, read_only=True) as journal:
        assert [p.name for p in journal.game.state.players] == ["Ann", "Ben", "Cal"]
        assert journal.game.state.deeds["Oriental Avenue"].owner == "Ann"


def test_ctrl_s_reaches_the_app_from_its_first_moment(tmp_path: Path) -> None:
    """A terminal takes Ctrl+S as "stop output" until an app asks for every key, so a
    Ctrl+S (start the game) typed while the app loads was lost. The front door passes it
    on before anything else loads, and the terminal has its own setting back at the end."""
    master, slave = os.openpty()
    code = (
        "import termios; from banker.cli.app import _keys_not_flow_control as f; f(); "
        "print('IXON', termios.tcgetattr(0)[0] & termios.IXON, flush=True)"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    try:
        seen = b""
        deadline = time.monotonic() + STARTED_WITHIN
        while child.poll() is None and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    seen += os.read(master, 1024)
                except OSError:
                    break
        child.wait()
        assert b"IXON 0" in seen, seen
        assert termios.tcgetattr(master)[0] & termios.IXON  # put back at exit
    finally:
        if child.poll() is None:
            child.kill()
        os.close(master)


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
