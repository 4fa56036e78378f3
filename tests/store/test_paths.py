"""What the app tells the banker to type to open a game again."""

from __future__ import annotations

from pathlib import Path

import pytest

from banker.store.paths import default_games_dir, game_argument, resolve_game_path


def test_a_game_in_the_games_folder_is_opened_by_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BANKER_HOME", str(tmp_path))
    path = default_games_dir() / "friday.banker"
    assert game_argument(path) == "friday"
    assert resolve_game_path(game_argument(path)) == path


def test_a_game_elsewhere_is_opened_by_its_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BANKER_HOME", str(tmp_path / "home"))
    path = tmp_path / "club" / "friday.banker"
    assert game_argument(path) == str(path)
    assert resolve_game_path(game_argument(path)) == path
