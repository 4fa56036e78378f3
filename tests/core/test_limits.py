"""Each limit of what a game or an event holds is declared once, in `banker.core.limits`:
no other module of `banker/` assigns one of its names, or writes its amounts out again."""

from __future__ import annotations

import ast
from pathlib import Path

from banker.core import limits

BANKER = Path(__file__).resolve().parents[2] / "banker"
NAMES = {name for name in vars(limits) if name.isupper()}


def test_every_limit_is_declared_once() -> None:
    again = []
    for path in BANKER.rglob("*.py"):
        if path.name == "limits.py" and path.parent.name == "core":
            continue
        for node in ast.parse(path.read_text("utf-8")).body:
            targets = node.targets if isinstance(node, ast.Assign) else []
            again += [
                f"{path.name}: {t.id}" for t in targets if isinstance(t, ast.Name) and t.id in NAMES
            ]
    assert again == []


def test_the_money_limits_are_not_written_out_elsewhere() -> None:
    written = []
    for path in BANKER.rglob("*.py"):
        if path.name == "limits.py" and path.parent.name == "core":
            continue
        text = path.read_text("utf-8")
        written += [f"{path.name}: {w}" for w in ("10**12", "1_000_000_000") if w in text]
    assert written == []
    assert limits.MAX_AMOUNT < limits.MAX_HOLDING  # a holding takes many amounts
