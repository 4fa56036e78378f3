"""The tournament's rooms in order: `banker/tournament/` holds the event's logic and no
screen (the board's app and screens live under `banker/tui/`, started by the front door
`banker/cli/`), and the tournament reaches into no command line for a private helper
(the rules loader is public in `banker.store.files`)."""

from __future__ import annotations

import ast
from pathlib import Path

TOURNAMENT = Path(__file__).resolve().parents[2] / "banker" / "tournament"
CLI = Path(__file__).resolve().parents[2] / "banker" / "cli"


def imports(path: Path) -> list[tuple[str, bool]]:
    """Every module `path` imports, and whether at its top level."""
    tree = ast.parse(path.read_text("utf-8"))
    top = {id(node) for node in tree.body}
    found: list[tuple[str, bool]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, id(node) in top) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.module, id(node) in top))
    return found


def test_the_tournament_package_holds_no_screen() -> None:
    screens = {
        path.name: [name for name, _ in imports(path) if name.split(".")[0] == "textual"]
        for path in TOURNAMENT.glob("*.py")
    }
    assert {name: found for name, found in screens.items() if found} == {}
    reaching = {
        path.name: [name for name, _ in imports(path) if name.startswith("banker.tui")]
        for path in TOURNAMENT.glob("*.py")
    }
    assert {name: found for name, found in reaching.items() if found} == {}
    board = [(n, top) for n, top in imports(CLI / "tournament.py") if n.startswith("banker.tui")]
    assert board == [("banker.tui.board", False)]  # loaded only to open the board


def test_no_command_line_reaches_into_the_other() -> None:
    for path in TOURNAMENT.glob("*.py"):
        assert not [n for n, _ in imports(path) if n.startswith("banker.cli")], path.name
    for cli in CLI.glob("*.py"):
        assert "_load_rules" not in cli.read_text("utf-8")
    from banker.store.files import load_rules

    assert (
        load_rules(None).to_data()
        == __import__("banker.core.rules", fromlist=["HouseRules"]).HouseRules().to_data()
    )
