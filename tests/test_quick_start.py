"""The README's first command works as written on a fresh clone, with the distribution's
own Python where it refuses `pip install` outside a virtual environment (PEP 668).

The second command is what `.ci/run` runs, so CI proves it on every submission.
"""

from __future__ import annotations

import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

from tools import quick_start

ROOT = Path(__file__).resolve().parent.parent


def pep668_python_dir() -> str | None:
    """The folder of a `python3` whose standard library carries the PEP 668 marker."""
    for folder in ("/usr/bin", "/usr/local/bin"):
        python = Path(folder) / "python3"
        if not python.exists():
            continue
        stdlib = subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_path('stdlib'))"],
            capture_output=True,
            text=True,
        ).stdout.strip()
        if stdlib and (Path(stdlib) / "EXTERNALLY-MANAGED").exists():
            return folder
    return None


def test_the_readme_has_two_commands_that_make_their_own_environment() -> None:
    app, test = quick_start.quick_start_lines()
    for line in (app, test):
        assert line.startswith("python3 -m venv .venv && .venv/bin/pip install ")
        assert "--break-system-packages" not in line
    assert app.endswith(".venv/bin/banker demo")
    assert "'.[test]'" in test and test.endswith("-m pytest -n auto")


def test_ci_runs_the_readme_test_command() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    _, test = quick_start.quick_start_lines()
    assert f'test_command="{test}"' in script
    assert "tools/quick_start.py --line test" in script  # and checks the two agree
    assert 'bash -c "$test_command"' in script


@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="not a git checkout: nothing to clone")
@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_the_app_command_works_on_a_fresh_clone() -> None:
    folder = pep668_python_dir()
    if folder is None:  # no such Python here: the one on PATH still proves the command
        own = sysconfig.get_path("scripts")
        folder = own if (Path(own) / "python3").exists() else None
    ran = quick_start.try_app(folder)
    assert ran == quick_start.quick_start_lines()[0]
