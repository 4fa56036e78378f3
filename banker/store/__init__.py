"""The journal on disk: every game one SQLite file, nothing acknowledged ever lost."""

from banker.store.journal import Journal, LogEntry
from banker.store.paths import default_games_dir, resolve_game_path

__all__ = ["Journal", "LogEntry", "default_games_dir", "resolve_game_path"]
