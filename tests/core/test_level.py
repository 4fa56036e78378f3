"""One level type: what stands on a lot, counted the same way by the core, the validators
and the screens, with the short game's hotel after 3 houses."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from banker.core.level import HOTEL_CODE, Level
from tests.test_screens_hold_no_rules import _level_as_number

ROOT = Path(__file__).resolve().parents[2]


def test_a_hotel_counts_one_building_more_than_a_full_lot() -> None:
    assert Level(0, True).buildings == 5
    assert Level(0, True, most=3).buildings == 4
    assert Level.counted(4, most=3) == Level(0, True, 3)
    assert Level.counted(4, most=4) == Level(4, False, 4)


def test_down_from_a_hotel_is_a_full_lot_of_houses() -> None:
    assert Level(0, True, 3).down() == Level(3, False, 3)
    assert Level(3, False, 3).up() == Level(0, True, 3)
    assert Level(0, True, 3).up() == Level(0, True, 3)
    assert Level(0).down() == Level(0)


def test_the_command_language_writes_a_hotel_as_its_code_in_every_game() -> None:
    assert Level(0, True, 3).code == HOTEL_CODE
    assert Level.from_code(HOTEL_CODE, 3) == Level(0, True, 3)
    assert not Level.is_code(4, 3)
    with pytest.raises(ValueError):
        Level.from_code(4, 3)


def test_a_level_says_itself_and_orders_by_buildings() -> None:
    assert [str(Level(n, False, 3).said()) for n in (0, 1, 2)] == [
        "no houses",
        "1 house",
        "2 houses",
    ]
    assert str(Level(0, True, 3).said()) == "hotel"
    assert Level(3, False, 3) < Level(0, True, 3)
    assert not Level(0) and Level(1)


def test_no_module_spells_a_level_as_a_number_but_the_level_type() -> None:
    found = []
    for path in sorted((ROOT / "banker").rglob("*.py")):
        if path.name == "level.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare) and _level_as_number(node):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "HOTEL" for t in node.targets
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []
