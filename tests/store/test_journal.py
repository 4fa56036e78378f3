"""The journal on disk: what is acknowledged is there on reopening, history is never
deleted, and a bad file gets a clear message."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from banker.core import commands as c
from banker.core.errors import BankerError, JournalError, NotEnoughCash
from banker.core.language import Redo, Undo, read_line
from banker.core.validators import validate
from banker.store import Journal
from banker.store import journal as journal_module


def run(j: Journal, *lines: str) -> None:
    for line in lines:
        parsed = read_line(line, j.game.state)
        if isinstance(parsed, Undo):
            j.undo()
        elif isinstance(parsed, Redo):
            j.redo()
        else:
            j.apply(parsed)  # type: ignore[arg-type]


def test_reopening_restores_the_state_after_the_last_command(
    journal: Journal, game_path: Path
) -> None:
    run(journal, "buy alice board", "buy alice park", "build alice board", "rent bob board")
    expected = journal.game.state.dump_ledger()
    journal.close()
    with Journal.open(game_path) as again:
        assert again.game.state.dump_ledger() == expected
        assert again.game.state.player("Bob").cash == 1500 - 200
        assert again.game.state.deeds["Boardwalk"].houses == 1


def test_undo_and_redo_are_journaled_and_history_keeps_everything(
    journal: Journal, game_path: Path
) -> None:
    run(journal, "buy alice board", "go bob", "undo")
    assert journal.game.state.player("Bob").cash == 1500
    journal.close()
    with Journal.open(game_path) as again:
        assert again.game.state.player("Bob").cash == 1500
        kinds = [(e.kind, e.undone) for e in again.entries()]
        assert kinds == [("setup", False), ("command", False), ("command", True), ("undo", False)]
        again.redo()
        assert again.game.state.player("Bob").cash == 1700
    with Journal.open(game_path) as third:
        assert third.game.state.player("Bob").cash == 1700
        assert [e.kind for e in third.entries()][-1] == "redo"
        assert not any(e.undone for e in third.entries())


def test_a_new_command_after_undo_drops_the_redo(journal: Journal) -> None:
    run(journal, "go bob", "undo", "go carol")
    with pytest.raises(BankerError, match="nothing to redo"):
        journal.redo()


def test_undo_with_nothing_to_undo_says_so(journal: Journal) -> None:
    with pytest.raises(BankerError, match="nothing to undo"):
        journal.undo()


def test_a_refused_command_writes_nothing(journal: Journal, game_path: Path) -> None:
    run(journal, "buy alice board", "pay alice 800")
    with pytest.raises(NotEnoughCash, match=r"has \$300 but needs \$350"):
        journal.apply(c.Buy(player="Alice", deed="Park Place"))
    count = sqlite3.connect(game_path).execute("SELECT COUNT(*) FROM journal").fetchone()[0]
    assert count == 3


def test_long_games_reopen_through_snapshots_and_undo_past_them(
    journal: Journal, game_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(journal_module, "SNAPSHOT_EVERY", 7)
    for i in range(30):
        journal.apply(c.Collect(player="Alice", amount=i + 1))
    run(journal, "undo", "undo", "redo")
    expected = journal.game.state.dump_ledger()
    journal.close()
    snaps = (
        sqlite3.connect(game_path).execute("SELECT depth FROM snapshots ORDER BY depth").fetchall()
    )
    assert [d for (d,) in snaps] == [7, 14, 21, 28]
    with Journal.open(game_path) as again:
        assert again.game.state.dump_ledger() == expected
        assert again.game.state.player("Alice").cash == 1500 + sum(range(1, 30))
        for _ in range(25):
            again.undo()
        assert again.game.state.player("Alice").cash == 1500 + sum(range(1, 5))
        assert validate(again.game.state) == []


def test_a_stale_snapshot_is_not_used(
    journal: Journal, game_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A snapshot of commands that were later undone and replaced must be ignored."""
    monkeypatch.setattr(journal_module, "SNAPSHOT_EVERY", 3)
    run(journal, "collect alice 1", "collect alice 2", "collect alice 3", "undo", "collect bob 50")
    journal.close()
    with Journal.open(game_path) as again:
        assert again.game.state.player("Alice").cash == 1503
        assert again.game.state.player("Bob").cash == 1550


def test_a_second_writer_is_refused(journal: Journal, game_path: Path) -> None:
    with pytest.raises(JournalError, match="already open for writing"):
        Journal.open(game_path)
    with Journal.open(game_path, read_only=True) as reader:
        assert reader.game.state.player("Alice").cash == 1500


def test_a_read_only_view_cannot_change_the_game(journal: Journal, game_path: Path) -> None:
    with (
        Journal.open(game_path, read_only=True) as reader,
        pytest.raises(JournalError, match="read-only"),
    ):
        reader.apply(c.PassGo(player="Alice"))


def test_a_read_only_view_follows_the_writer(journal: Journal, game_path: Path) -> None:
    with Journal.open(game_path, read_only=True) as reader:
        run(journal, "go alice")
        assert reader.refresh() is True
        assert reader.game.state.player("Alice").cash == 1700
        assert reader.refresh() is False


def test_creating_over_an_existing_file_is_refused(
    journal: Journal, game_path: Path, setup: c.Setup
) -> None:
    with pytest.raises(JournalError, match="already exists"):
        Journal.create(game_path, setup)


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(JournalError, match="There is no game at"):
        Journal.open(tmp_path / "nothing.banker")


def test_a_file_that_is_not_a_game(tmp_path: Path) -> None:
    path = tmp_path / "notes.banker"
    path.write_text("shopping list: milk, eggs")
    with pytest.raises(JournalError, match="not a Banker game file"):
        Journal.open(path)


def test_another_sqlite_database(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    with pytest.raises(JournalError, match="not a Banker game"):
        Journal.open(path)


def test_a_game_from_a_newer_banker(journal: Journal, game_path: Path) -> None:
    journal.close()
    db = sqlite3.connect(game_path)
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    with pytest.raises(JournalError, match="newer Banker"):
        Journal.open(game_path)


def test_a_truncated_file(journal: Journal, game_path: Path) -> None:
    run(journal, *[f"collect alice {i}" for i in range(1, 200)])
    journal.close()
    data = game_path.read_bytes()
    for suffix in ("-wal", "-shm"):
        Path(str(game_path) + suffix).unlink(missing_ok=True)
    game_path.write_bytes(data[: len(data) // 3])
    with pytest.raises(JournalError) as err:
        Journal.open(game_path)
    assert "damaged" in str(err.value) or "no game setup" in str(err.value)


def test_a_tampered_entry_is_reported_not_replayed(journal: Journal, game_path: Path) -> None:
    run(journal, "buy alice board")
    journal.close()
    db = sqlite3.connect(game_path)
    db.execute(
        "UPDATE journal SET command = ? WHERE seq = 2",
        ('{"verb": "buy", "player": "Zed", "deed": "Boardwalk"}',),
    )
    db.commit()
    db.close()
    with pytest.raises(JournalError, match="damaged from entry 2 on") as refused:
        Journal.open(game_path)
    assert "banker recover" in str(refused.value)


def test_a_disk_error_refuses_the_command_and_keeps_the_game(
    journal: Journal, game_path: Path
) -> None:
    """If the write fails, the command is refused and the game in memory does not move."""
    run(journal, "go alice")
    journal._conn.execute("PRAGMA query_only = ON")  # writes now fail like a read-only disk
    with pytest.raises(JournalError, match="could not be saved"):
        journal.apply(c.PassGo(player="Bob"))
    assert journal.game.state.player("Bob").cash == 1500
    journal._conn.execute("PRAGMA query_only = OFF")
    journal.apply(c.PassGo(player="Bob"))
    journal.close()
    with Journal.open(game_path) as again:
        assert again.game.state.player("Bob").cash == 1700


def test_a_follower_keeps_up_with_undo_and_redo(journal: Journal, game_path: Path) -> None:
    with Journal.open(game_path, read_only=True) as reader:
        run(journal, "buy alice board", "go bob", "undo")
        assert reader.refresh() is True
        assert reader.game.state.dump_ledger() == journal.game.state.dump_ledger()
        run(journal, "redo", "go carol")
        assert reader.refresh() is True
        assert reader.game.state.dump_ledger() == journal.game.state.dump_ledger()
        assert [e.undone for e in reader.entries()] == [e.undone for e in journal.entries()]
