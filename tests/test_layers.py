"""The layers kept: no import cycle, no import up the layers, every import inside a
function saying why, counted from the source (`tools/imports.py`); the README drawn from
the contract in `pyproject.toml`; no file of `banker/` over 700 lines."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tools import imports

ROOT = Path(__file__).resolve().parents[1]


def test_no_cycle_no_import_up_the_layers_and_every_late_import_says_why(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert imports.main([]) == 0, capsys.readouterr().out
    said = capsys.readouterr().out
    assert "import cycles: 0" in said and "imports up the layers (or across a layer): 0" in said


def test_the_count_finds_a_cycle_and_an_import_up() -> None:
    """The script would see one: a cycle of two modules, and a lower room importing a
    higher one."""
    edges = {"banker.a": {"banker.b"}, "banker.b": {"banker.a"}, "banker.c": {"banker.a"}}
    assert imports.cycles(edges) == [["banker.a", "banker.b"]]
    assert imports.layer("banker.core.money") < imports.layer("banker.tui.app")  # type: ignore[operator]
    assert imports.layer("banker.web.server") == imports.layer("banker.demo")


def test_the_readme_draws_the_contract() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    assert f"\n{imports.layers_line()}\n" in readme
    assert imports.layers_line().startswith("cli > tui > national > tournament > ")


def test_no_file_is_over_700_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): n
        for path in (ROOT / "banker").rglob("*.py")
        if (n := len(path.read_text("utf-8").splitlines())) > 700
    }
    assert long == {}


LINT = Path(sys.executable).with_name("lint-imports")


@pytest.mark.skipif(not LINT.exists(), reason="import-linter is not installed beside this Python")
def test_the_contract_holds() -> None:
    done = subprocess.run([str(LINT)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-2000:]
