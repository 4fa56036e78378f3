"""Snapshots of the ledger and every dialog, from the same shots as `screenshots/`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tools.screenshots import SHOTS, Shot, demo_app


@pytest.mark.parametrize("shot", SHOTS, ids=[s.name for s in SHOTS])
def test_screen(shot: Shot, snap_compare: Any, tmp_path: Path) -> None:
    app = demo_app(tmp_path, shot)
    try:
        assert snap_compare(app, terminal_size=shot.size, run_before=shot.keys)
    finally:
        if app.journal is not None:
            app.journal.close()


def test_new_game_screen(snap_compare: Any) -> None:
    from banker.tui.app import BankerApp

    async def fill(pilot: Any) -> None:
        for key in ("A", "n", "n", "tab", "B", "e", "n"):
            await pilot.press(key)

    assert snap_compare(BankerApp(None), terminal_size=(120, 40), run_before=fill)
