"""A long game opens from its checkpoint; the app checks the older entries in the
background while the banker plays, and says so when one is damaged. Real game files."""

from __future__ import annotations

from pathlib import Path

from banker.tui.app import make_app
from tests.store.test_checkpoint import long_game, seq_of
from tests.store.test_damage import flip
from tests.tui.conftest import SIZE


async def opened_and_checked(path: Path) -> list[str]:
    """The app on `path`, once its journal is open and the background check done: the
    notifications it showed (title and message), and whether the game can still be
    played."""
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        assert app.journal is not None  # waits for the opening
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        messages = [f"{n.title}: {n.message}" for n in app._notifications]
        before = app.journal.game.seq
        await pilot.press("ctrl+z")  # the game goes on: the latest command is undone
        await pilot.pause()
        assert app.journal.game.seq == before + 1
    return messages


async def test_a_damaged_older_entry_is_found_while_the_game_is_played(tmp_path: Path) -> None:
    path = tmp_path / "g.banker"
    long_game(path, 600)
    damaged = seq_of(path, 1020)
    flip(path, b'"amount":1020', b'"amount":9020', occurrence=0)
    messages = await opened_and_checked(path)
    assert any(f"damaged from entry {damaged} on" in m and "banker recover" in m for m in messages)


async def test_a_sound_long_game_says_nothing_of_its_check(tmp_path: Path) -> None:
    path = tmp_path / "g.banker"
    long_game(path, 600)
    messages = await opened_and_checked(path)
    assert not any("damaged" in m for m in messages)


async def test_the_damage_is_said_in_the_games_language(tmp_path: Path) -> None:
    from banker.core import commands as c
    from banker.core.edition import load_edition
    from banker.store import Journal

    path = tmp_path / "g.banker"
    setup = c.Setup(players=["Ann", "Ben"], edition=load_edition("us"), language="th")
    with Journal.create(path, setup) as journal:
        for i in range(300):
            journal.apply(c.Collect(player="Ann", amount=1000 + i))
    flip(path, b'"amount":1020', b'"amount":9020', occurrence=0)
    messages = await opened_and_checked(path)
    said = [m for m in messages if m.startswith("ไฟล์เกมเสียหาย: ")]  # said from a worker
    assert said and "ไม่ตรงกับที่เขียนไว้" in said[0] and "written" not in said[0]
