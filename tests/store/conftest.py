"""Game files for the journal tests: real SQLite files in a temporary folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from banker.core.commands import Setup
from banker.core.edition import load_edition
from banker.store import Journal


@pytest.fixture
def setup() -> Setup:
    return Setup(players=["Alice", "Bob", "Carol"], edition=load_edition("us"))


@pytest.fixture
def game_path(tmp_path: Path) -> Path:
    return tmp_path / "friday.banker"


@pytest.fixture
def journal(game_path: Path, setup: Setup) -> Iterator[Journal]:
    j = Journal.create(game_path, setup)
    yield j
    j.close()
