"""One front door (`banker/cli/`): every action listed once, each adding its own arguments
and naming what runs it; the line loads only the module it names."""

from __future__ import annotations

import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

from banker.cli import _parser
from banker.cli.actions import ACTIONS


def test_every_action_is_listed_once_and_runs_what_its_module_names() -> None:
    parser = _parser()
    choices = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert list(choices) == list(ACTIONS)
    for name, action in ACTIONS.items():
        module = import_module(f"banker.cli.{action.home}")
        assert callable(getattr(module, f"add_{name}")), name
        runs = choices[name].get_default("run")
        assert callable(runs) and runs.__module__ == module.__name__, name


def test_the_front_door_holds_no_chain_of_actions() -> None:
    """No `if args.action == ...` anywhere: a new action is one line of `ACTIONS` and its
    module's `add_` function."""
    for path in (Path(__file__).resolve().parents[1] / "banker" / "cli").glob("*.py"):
        text = path.read_text("utf-8")
        assert "args.action ==" not in text and "_action ==" not in text, path.name


@pytest.mark.parametrize(
    ("line", "loaded", "not_loaded"),
    [
        (
            ["do", "GAME", "collect ann 1"],
            "banker.cli.game",
            ("banker.cli.tournament", "pydantic", "textual", "aiohttp"),
        ),
        (
            ["tournament", "show", "EVENT"],
            "banker.cli.tournament",
            ("banker.cli.game", "textual", "banker.tui"),
        ),
        (
            ["national", "csv", "DSN"],
            "banker.cli.national",
            ("banker.cli.game", "textual", "psycopg"),
        ),
    ],
)
def test_a_line_loads_only_the_module_it_names(
    line: list[str], loaded: str, not_loaded: tuple[str, ...]
) -> None:
    """Parsing a line (not running it) loads its action's module and nothing of the
    others: a game's command never pays for the tournament's models or the screens."""
    code = (
        "import sys\n"
        "from banker.cli import _parser\n"
        f"_parser(argv={line!r}).parse_known_args({line!r})\n"
        "print(sorted(m for m in sys.modules if m.startswith('banker.cli.')))\n"
        f"print([m for m in {list(not_loaded)!r} if m in sys.modules])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    modules, others = done.stdout.splitlines()
    assert loaded in modules
    assert others == "[]", others
