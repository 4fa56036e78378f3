"""Where game files live: a per-user folder by default, any path when given one."""

from __future__ import annotations

import os
from pathlib import Path

from banker.core.errors import BadInput

SUFFIX = ".banker"


def default_games_dir() -> Path:
    """The folder for games named without a path (`BANKER_HOME` overrides it)."""
    home = os.environ.get("BANKER_HOME")
    if home:
        return Path(home) / "games"
    import platformdirs  # only for a game named without a path

    base = Path(platformdirs.user_data_dir("banker", appauthor=False))
    return base / "games"


def resolve_game_path(game: str | Path) -> Path:
    """A game given as a path, or as a bare name (`friday`) in the default folder."""
    path = Path(game).expanduser()
    text = str(game)
    if path.exists() or os.sep in text or "/" in text or path.suffix:
        return path
    return default_games_dir() / f"{text}{SUFFIX}"


def game_argument(path: Path) -> str:
    """What to type after `banker` to open the game at `path` again: its bare name when it
    is in the default folder, else its path."""
    if resolve_game_path(path.stem) == path:
        return path.stem
    return str(path)


def banker_command() -> str:
    """How to type `banker` in the shell this program was started from, for the commands
    it prints: `banker` when that is this program on the PATH, else the path that works
    there (`.venv/bin/banker` right after the README's Quick start, before the virtual
    environment is activated)."""
    import shlex
    import shutil
    import sys

    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is None or script.name != "banker":
        return "banker"  # `python -m banker`, or a test: the word itself
    found = shutil.which("banker")
    try:
        if found is not None and Path(found).resolve() == script.resolve():
            return "banker"
        absolute = script.absolute()
        relative = absolute.relative_to(Path.cwd())
    except ValueError:
        return shlex.quote(str(absolute))
    except OSError:
        return "banker"
    return shlex.quote(str(relative))


def recent_games() -> list[Path]:
    """Game files in the default folder, most recently changed first."""
    folder = default_games_dir()
    if not folder.is_dir():
        return []
    games = [p for p in folder.glob(f"*{SUFFIX}") if p.is_file()]
    return sorted(games, key=lambda p: p.stat().st_mtime, reverse=True)


def custom_editions() -> list[Path]:
    """Edition files the banker keeps in the `editions` folder beside the games folder."""
    folder = default_games_dir().parent / "editions"
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []


def game_in_folder(name: str) -> Path:
    """The game file for a name typed on the new-game screen, always in the games folder:
    a name is a name there, not a path (`AC/DC` is `ac-dc.banker`, never a folder `ac`).

    Raises:
        BadInput: nothing of the name can make a file name.
    """
    import unicodedata

    kept = "".join(
        ch if ch.isalnum() or unicodedata.category(ch).startswith("M") or ch in "-_" else "-"
        for ch in name.strip()
    )
    stem = "-".join(part for part in kept.split("-") if part)[:MAX_STEM]
    if not stem:
        raise BadInput("{name!r} cannot name a game file: use letters or digits.", name=name)
    return default_games_dir() / f"{stem}{SUFFIX}"


MAX_STEM = 100
"""The longest file name a game gets from the new-game screen (before `.banker`)."""
