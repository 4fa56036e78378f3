"""The rules and the ledger of the bank: pure game logic, no terminal and no disk.

`banker.core` must never import Textual or Rich: the same core drives the app, the
command line, scripts and the table view, and its tests run without a screen.
"""

from banker.core.commands import Command, Setup, parse_command_json
from banker.core.edition import Edition, load_edition
from banker.core.engine import apply, why_not
from banker.core.errors import BankerError
from banker.core.game import Game
from banker.core.rules import HouseRules
from banker.core.state import GameState, new_game_state

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
