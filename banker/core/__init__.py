"""The rules and the ledger of the bank: pure game logic, no terminal and no disk.

`banker.core` must never import Textual or Rich: the same core drives the app, the
command line, scripts and the table view, and its tests run without a screen.

The names below are loaded on first use, so a module that needs only the light parts
(`banker.core.money`, `banker.core.view`) does not pay for the rules' models at start-up.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from banker.core.commands import Command, Setup, parse_command_json
    from banker.core.edition import Edition, load_edition
    from banker.core.engine import apply, why_not
    from banker.core.errors import BankerError
    from banker.core.game import Game
    from banker.core.rules import HouseRules
    from banker.core.state import GameState, new_game_state

_HOMES = {
    "BankerError": "errors",
    "Command": "commands",
    "Edition": "edition",
    "Game": "game",
    "GameState": "state",
    "HouseRules": "rules",
    "Setup": "commands",
    "apply": "engine",
    "load_edition": "edition",
    "new_game_state": "state",
    "parse_command_json": "commands",
    "why_not": "engine",
}

__all__ = [
    "BankerError",
    "Command",
    "Edition",
    "Game",
    "GameState",
    "HouseRules",
    "Setup",
    "apply",
    "load_edition",
    "new_game_state",
    "parse_command_json",
    "why_not",
]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'banker.core' has no attribute {name!r}")
    return getattr(import_module(f"banker.core.{home}"), name)
