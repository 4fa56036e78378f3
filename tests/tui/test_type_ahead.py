"""Keys typed faster than the screens open are delivered, in order, to what they were
meant for: the same keys pressed with no pause and pressed one at a time end in the same
journal."""

from __future__ import annotations

import shutil
from pathlib import Path

from textual import events
from textual.pilot import Pilot

from banker.tui.app import BankerApp, make_app
from tests.tui.conftest import SIZE, reopen

CHARACTERS = {"space": " ", "enter": "\r", "escape": "\x1b"}

SEQUENCE = [
    *"2l",
    *"board",
    "enter",
    "r",  # Bob pays Alice the rent on Boardwalk
    *"3l",
    *"illinois",
    "enter",
    "b",  # Carol buys Illinois Avenue
    *"2l",
    *"penn",
    "space",
    *"rail",
    "enter",
    "b",  # Bob buys Pennsylvania Railroad
    "ctrl+z",  # and takes it back
]


def journal_text(path: Path) -> list[str]:
    with reopen(path) as journal:
        return [f"{e.kind} {e.message}" for e in journal.entries()]


async def settle(app: BankerApp, pilot: Pilot[None]) -> None:
    """Wait (a bounded number of looks, never a clock) for every typed key to be taken."""
    for _ in range(400):
        await pilot.pause()
        if not app._typed_ahead and app._settled():
            return
    raise AssertionError("the typed-ahead keys were never all delivered")


async def test_keys_pressed_with_no_pause_end_in_the_same_journal(
    demo_path: Path, tmp_path: Path
) -> None:
    slow_path = tmp_path / "slow.banker"
    fast_path = tmp_path / "fast.banker"
    shutil.copy(demo_path, slow_path)
    shutil.copy(demo_path, fast_path)
    before = journal_text(demo_path)

    slow = make_app(slow_path)
    async with slow.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key in SEQUENCE:
            await pilot.press(key)
        await settle(slow, pilot)

    fast = make_app(fast_path)
    async with fast.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key in SEQUENCE:  # as a terminal delivers a burst: all at once, no pause
            fast.post_message(events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None)))
        await settle(fast, pilot)

    slow_journal, fast_journal = journal_text(slow_path), journal_text(fast_path)
    assert fast_journal == slow_journal
    added = slow_journal[len(before) :]
    assert any("Bob paid Alice $600 rent for Boardwalk" in line for line in added)
    assert any("Carol bought Illinois Avenue" in line for line in added)
    assert any("Bob bought Pennsylvania Railroad" in line for line in added)
    assert added[-1].startswith("undo")


async def test_keys_typed_while_the_journal_opens_are_not_lost(demo_path: Path) -> None:
    """The first moments after start: the saved ledger is up, the journal still opening."""
    app = make_app(demo_path)
    assert app.journal_is_opening
    async with app.run_test(size=SIZE) as pilot:
        for key in [*"3l", *"illinois", "enter", "b"]:
            app.post_message(events.Key(key, CHARACTERS.get(key, key)))
        await settle(app, pilot)
    with reopen(demo_path) as journal:
        assert journal.game.state.deeds["Illinois Avenue"].owner == "Carol"


async def test_a_command_typed_straight_after_colon_keeps_its_first_letter(
    demo_path: Path,
) -> None:
    """`:` makes the command bar the first time; the letters typed with no pause after it
    all reach the bar ("move carol baltic", not "ove carol baltic")."""
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key in ["colon", *"move carol 6".replace(" ", "_"), "enter"]:
            key = "space" if key == "_" else key
            character = {"colon": ":", "space": " ", "enter": "\r"}.get(key, key)
            app.post_message(events.Key(key, character))
        await settle(app, pilot)
    with reopen(demo_path) as journal:
        assert journal.entries()[-1].message.render().startswith("Carol threw 6")
