"""First steps that work as printed: right after the README's Quick start (`banker` not yet
on the PATH, the program at `.venv/bin/banker`), the command a new game says to type opens
it in that same shell; the demo leaves no folder behind."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tools import quick_start

VENV_BIN = Path(sys.executable).parent
SCRIPT = VENV_BIN / "banker"


def _env(home: Path, path: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    env |= {"BANKER_HOME": str(home), "PATH": path, "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    return env


@pytest.mark.skipif(not SCRIPT.exists(), reason="the banker command is not installed here")
def test_the_printed_command_opens_the_game_in_the_shell_it_was_typed_in(tmp_path: Path) -> None:
    where = VENV_BIN.parent.parent  # the folder the Quick start was typed in
    typed = os.path.relpath(SCRIPT, where)
    env = _env(tmp_path, "/usr/bin:/bin")  # the virtual environment not activated
    made = subprocess.run(
        [typed, "new", "friday", "--players", "Ann,Ben"],
        cwd=where,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr
    printed = made.stdout.strip().splitlines()[-1]
    assert printed == f"Open it with: {typed} friday"
    command = printed.removeprefix("Open it with: ")
    quick_start.run_in_terminal(command, where, env, expect=b"friday")  # the game opens


@pytest.mark.skipif(not SCRIPT.exists(), reason="the banker command is not installed here")
def test_with_banker_on_the_path_the_printed_command_is_banker(tmp_path: Path) -> None:
    env = _env(tmp_path, f"{VENV_BIN}:/usr/bin:/bin")
    made = subprocess.run(
        ["banker", "new", "friday", "--players", "Ann,Ben"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert made.stdout.strip().splitlines()[-1] == "Open it with: banker friday", made.stderr


@pytest.mark.skipif(not SCRIPT.exists(), reason="the banker command is not installed here")
def test_the_demo_removes_its_folder_when_it_is_left(tmp_path: Path) -> None:
    temp = tmp_path / "temp"
    temp.mkdir()
    env = _env(tmp_path, f"{VENV_BIN}:/usr/bin:/bin") | {"TMPDIR": str(temp)}
    quick_start.run_in_terminal(f"{SCRIPT} demo", tmp_path, env)
    assert not [p for p in temp.iterdir() if p.name.startswith("banker-demo-")]
