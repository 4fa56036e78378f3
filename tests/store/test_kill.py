"""A process applying commands is killed with SIGKILL; every command it acknowledged
is in the game when it is opened again."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from banker.core.validators import validate
from banker.store import Journal

WRITER = r"""
import sys
from banker.core.commands import Collect
from banker.store import Journal

with Journal.open(sys.argv[1]) as journal:
    i = 0
    while True:
        i += 1
        journal.apply(Collect(player="Alice", amount=i))
        print(i, flush=True)  # acknowledged only after the commit
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("run", range(3))
def test_sigkill_loses_nothing_acknowledged(journal: Journal, game_path: Path, run: int) -> None:
    journal.close()
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(game_path)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    acknowledged = 0
    deadline = time.monotonic() + 30
    target = 40 + 30 * run
    while acknowledged < target and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        acknowledged = int(line)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert acknowledged >= target, "the writer did not get going"
    with Journal.open(game_path) as again:
        applied = len(again.game.applied)
        assert applied >= acknowledged
        assert again.game.state.player("Alice").cash == 1500 + applied * (applied + 1) // 2
        assert validate(again.game.state) == []
