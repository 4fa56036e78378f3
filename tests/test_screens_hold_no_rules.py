"""The screens and the phone page draw what the core offers; they hold no rule of their own.

A module under `banker/tui` or `banker/web` may not read a deed's printed numbers (rent
table, price, building cost, mortgage value), call the core's price arithmetic (half a
building, interest, a rent), edit a copy of the state to ask a what-if, spell a level as a
number, or add and subtract money it read from the state. It asks `banker.core.offers`,
`engine.refusal` and the like instead.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DRAWING = [
    *sorted((ROOT / "banker" / "tui").rglob("*.py")),
    *sorted((ROOT / "banker" / "web").rglob("*.py")),
]

PRINTED = {
    "rent",
    "price",
    "house_cost",
    "mortgage",
    "railroad_rent",
    "utility_multipliers",
    "railroad_card_multiplier",
    "utility_card_multiplier",
    "income_tax",
    "income_tax_percent",
    "luxury_tax",
    "per_house",
    "per_hotel",
}
"""Numbers printed on a deed or a board: the rules read them, the screens do not."""

ARITHMETIC = {
    "half",
    "interest",
    "lift_price",
    "rent_due",
    "repairs_due",
    "check_dice",
    "holdings",
    "legal_lots",
    "income_tax_percent",
}
"""The core's own price and permission arithmetic: a screen asks for its result instead."""

RULES_OF_PLAY = {
    "free_parking_pot",
    "follow_tokens",
    "mortgaged_group_rent",
    "houses_before_hotel",
    "strict_income_tax",
    "income_tax",
    "interest_percent",
    "rounding",
    "minimum_bid",
    "end_after_bankruptcies",
    "jail_fine",
    "salary",
}
"""House rules that decide what a move, a landing or a payment allows: the core reads them
and answers (`offers.arrival.asks_jail_first`, `nothing_to_do`); a screen does not."""

MONEY_HELD = {"cash", "high_bid", "opening", "amount", "free_parking", "houses_left", "hotels_left"}
"""Amounts read from the state: adding or subtracting them is a rule (what after, what is
missing), worked out by the core."""


def problems(source: str, name: str = "<code>") -> list[str]:
    """Every rule the code holds, as `name:line what`."""
    found = []
    tree = ast.parse(source)
    decided = _in_decisions(tree)
    for node in ast.walk(tree):
        where = f"{name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Attribute) and node.attr in PRINTED and _printed(node.value):
            found.append(f"{where} reads .{node.attr}")
        elif isinstance(node, ast.Attribute) and node.attr == "clone":
            found.append(f"{where} copies the state to ask a what-if")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("banker.core"):
            found += [f"{where} imports {a.name}" for a in node.names if a.name in ARITHMETIC]
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult)):
            held = [attr for side in (node.left, node.right) for attr in _money_read(side)]
            if held:
                found.append(f"{where} works out money from .{held[0]}")
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "HOTEL" for t in node.targets
        ):
            found.append(f"{where} spells a hotel as a number")
        elif isinstance(node, ast.Compare) and _level_as_number(node):
            found.append(f"{where} compares with 4 or 5 (a level spelt as a number?)")
        elif isinstance(node, ast.Compare) and _whose(node):
            found.append(f"{where} decides whose a deed is (a permission the core reads)")
        elif (
            isinstance(node, ast.Attribute)
            and node.attr in RULES_OF_PLAY
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "rules"
            and id(node) in decided
        ):
            found.append(f"{where} reads the house rule {node.attr} (a permission)")
    return found


def _in_decisions(tree: ast.AST) -> set[int]:
    """The nodes inside a decision (a test, a `not`, an `and`/`or`): a house rule read
    there decides what happens; read to be shown (the pot on the phone page), it does not."""
    tests: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.If | ast.While | ast.IfExp | ast.Assert):
            tests.append(node.test)
        elif isinstance(node, ast.BoolOp) or (
            isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)
        ):
            tests.append(node)
    return {id(inner) for test in tests for inner in ast.walk(test)}


def _whose(node: ast.Compare) -> bool:
    """A deed's owner compared with a player (`held.owner == player`): who may do what
    with it, which the core's offers answer."""
    sides = [node.left, *node.comparators]
    owner = any(isinstance(side, ast.Attribute) and side.attr == "owner" for side in sides)
    other = any(
        not isinstance(side, ast.Constant)
        for side in sides
        if not (isinstance(side, ast.Attribute) and side.attr == "owner")
    )
    equal = any(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops)
    return owner and other and equal


def _money_read(side: ast.expr) -> list[str]:
    """The amounts from the state that a sum's side reads directly (not inside a call)."""
    if isinstance(side, ast.Attribute):
        return [side.attr] if side.attr in MONEY_HELD else []
    if isinstance(side, ast.IfExp):
        return _money_read(side.body) + _money_read(side.orelse)
    if isinstance(side, ast.BinOp):
        return _money_read(side.left) + _money_read(side.right)
    return []


def _printed(value: ast.expr) -> bool:
    """Whether an attribute is read off a deed or the edition (not off a core answer, such
    as a ledger view's `lot.rent`)."""
    text = ast.unparse(value)
    return "deed" in text or "edition" in text or "card" in text


def _level_as_number(node: ast.Compare) -> bool:
    """A comparison of buildings with 4 or 5: the short game's rule spelt out again."""
    sides = [node.left, *node.comparators]
    numbers = any(isinstance(c, ast.Constant) and c.value in (4, 5) for c in sides)
    text = ast.unparse(node)
    return numbers and any(word in text for word in ("level", "houses", "hotel"))


@pytest.mark.parametrize("path", DRAWING, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_screen_or_page_holds_a_rule(path: Path) -> None:
    assert problems(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))) == []


@pytest.mark.parametrize(
    "code",
    [
        # The build screen's "rent after" before the offers: the printed table, not the rules.
        "rent = state.edition.deed(lot).rent or [0] * 6",
        "HOTEL = 5",
        "if level >= 5:\n    pass",
        "from banker.core.worth import half, raisable",
        "trial = state.clone()",
        "after = payer - rent.amount",
        "amount = (auction.high_bid if auction.high_bidder else 0) + step",
        "m = state.edition.deed(name).mortgage",
        # The ledger deciding a landing had nothing to do, and when to ask about jail.
        "quiet = held.owner == player or (held.owner is not None and held.mortgaged)",
        "if player in state.jail and state.rules.follow_tokens:\n    pass",
        "return not state.rules.free_parking_pot",
    ],
)
def test_the_check_notices_a_rule_in_a_screen(code: str) -> None:
    assert problems(code) != []


def test_the_check_reads_every_drawing_module() -> None:
    names = {p.name for p in DRAWING}
    assert {"build.py", "raise_funds.py", "landed.py", "trade.py", "table.py"} <= names
