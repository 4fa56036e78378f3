"""The journal on disk: every game one SQLite file, nothing acknowledged ever lost.

The names below are loaded on first use: the app's first screen reads a game file with
`banker.store.glance` alone, before the rules' models are imported.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from banker.store.journal import Journal, LogEntry
    from banker.store.paths import default_games_dir, resolve_game_path

_HOMES = {
    "Journal": "journal",
    "LogEntry": "journal",
    "default_games_dir": "paths",
    "resolve_game_path": "paths",
}

__all__ = ["Journal", "LogEntry", "default_games_dir", "resolve_game_path"]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'banker.store' has no attribute {name!r}")
    return getattr(import_module(f"banker.store.{home}"), name)
