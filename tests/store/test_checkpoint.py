"""The checkpoint: a closed game opens from the state saved at its close and the entries
after it, at the same cost at 1,000 entries as at 100,000, and damage is still caught:
after the checkpoint (and in the latest entries) on opening, before it by the undo or the
log that reads it, anywhere by `banker verify`. Real SQLite files, real crashes."""

from __future__ import annotations

import contextlib
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banker.cli import main
from banker.core import commands as c
from banker.core.errors import JournalError, NothingToUndo
from banker.core.game import Game
from banker.core.state import GameState
from banker.store import Journal
from banker.store import journal as journal_module
from banker.store.journal import CHECKED_AT_OPEN, SNAPSHOT_EVERY
from tests.store.test_damage import SETUP, flip, refused


def long_game(path: Path, commands: int) -> None:
    """`commands` collections, every seventh undone and every other undo redone: a history
    whose stacks are not one run. The amounts (1000 + i) tell the entries apart."""
    with Journal.create(path, SETUP) as j:
        for i in range(commands):
            j.apply(c.Collect(player="Alice" if i % 2 else "Bob", amount=1000 + i))
            if i % 7 == 3:
                j.undo()
                if i % 14 == 3:
                    j.redo()


def state_of(path: Path) -> GameState:
    """The game's state as a reader opens it."""
    with Journal.open(path, read_only=True) as j:
        return j.game.state


def seq_of(path: Path, amount: int) -> int:
    """The entry that collected `amount`."""
    with sqlite3.connect(path) as db:
        return db.execute(
            "SELECT seq FROM journal WHERE command LIKE ?", (f'%"amount":{amount}%',)
        ).fetchone()[0]


def the_long_way(path: Path) -> Game:
    """The game as replayed from its setup, every entry checked (no checkpoint)."""
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE checkpoint")
    with Journal.open(path, read_only=True) as j:
        assert j._older is None
        return j.game


def test_a_closed_game_opens_from_its_checkpoint_as_the_long_way_would(tmp_path: Path) -> None:
    path = tmp_path / "g.banker"
    long_game(path, 600)
    with Journal.open(path) as j:
        assert j._older is not None  # opened from the checkpoint
        last = j.game.seq
        assert j._older.checked_from == last - CHECKED_AT_OPEN + 1
        assert len(j.game.applied._known) <= CHECKED_AT_OPEN  # the rest not even read
        state, applied, undone = j.game.state, j.game.applied.seqs[:], j.game.undone.seqs[:]
        assert j.verify() == last
    copy = tmp_path / "copy.banker"
    copy.write_bytes(path.read_bytes())
    replayed = the_long_way(copy)
    assert (replayed.state, replayed.applied.seqs, replayed.undone.seqs) == (
        state,
        applied,
        undone,
    )
    # every undo to the start, through the snapshots and the unchecked entries, gives the
    # states the long way works out; the redos bring the game back
    with Journal.open(path) as j:
        for depth in range(j.game.depth - 1, -1, -1):
            j.undo()
            if depth % 37 == 0 or depth < 3:
                assert j.game.state == replayed.state_at(depth), depth
        assert j._older is not None and j._older.checked_from == 2
        while j.game.undone:
            j.redo()
        assert j.game.state == state
    with Journal.open(path, read_only=True) as j:
        assert j.game.state == state and j.game.depth == len(applied)


def test_opening_costs_the_same_for_a_longer_game(tmp_path: Path) -> None:
    """What opening reads does not grow with the game: the entries after the checkpoint
    and the latest few hundred (timed in tests/bench/bench_journal.py)."""
    short, long = tmp_path / "short.banker", tmp_path / "long.banker"
    long_game(short, 300)
    long_game(long, 1500)
    read = {}
    for path in (short, long):
        with Journal.open(path, read_only=True) as j:
            assert j._older is not None
            read[path] = (j.game.seq - j._older.checked_from, len(j.game.applied._known))
    assert read[short] == read[long] == (CHECKED_AT_OPEN - 1, read[short][1])
    assert read[long][1] <= CHECKED_AT_OPEN


def test_a_flipped_bit_before_the_checkpoint_is_caught_by_verify_log_and_undo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.banker"
    long_game(path, 600)
    state = state_of(path)
    damaged = seq_of(path, 1020)
    flip(path, b'"amount":1020', b'"amount":9020', occurrence=0)
    for action in ("verify", "log"):
        err = refused([action, str(path)], capsys)
        assert f"damaged from entry {damaged} on" in err and "banker recover" in err
    # the state never depended on it: the game opens, as it was
    with Journal.open(path) as j:
        assert j.game.state == state
        with pytest.raises(JournalError, match=f"damaged from entry {damaged} on"):
            while True:  # undone back towards it: refused before it is replayed
                before = j.game.state
                j.undo()
                assert j.game.depth >= SNAPSHOT_EVERY - 1
        assert j.game.state == before  # the refused undo changed nothing
        assert j.game.depth <= SNAPSHOT_EVERY  # the undo that needed the damaged entry


def crash_after(path: Path, commands: int, first_amount: int) -> None:
    """Apply `commands` more collections in another process, which then dies without
    closing the game (no new checkpoint)."""
    script = (
        "import os, sys\n"
        "from banker.core import commands as c\n"
        "from banker.store import Journal\n"
        "j = Journal.open(sys.argv[1])\n"
        f"for i in range({commands}):\n"
        f"    j.apply(c.Collect(player='Alice', amount={first_amount} + i))\n"
        "os._exit(0)\n"
    )
    subprocess.run([sys.executable, "-c", script, str(path)], check=True)
    with sqlite3.connect(path) as db:  # its -wal into the file, where the test damages it
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


@pytest.mark.parametrize("where", ["after the checkpoint", "among the latest before it"])
def test_a_flipped_bit_after_the_checkpoint_is_refused_at_opening(
    tmp_path: Path, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.banker"
    long_game(path, 600)
    if where == "after the checkpoint":
        crash_after(path, CHECKED_AT_OPEN + 100, 5000)  # a tail longer than the latest checked
        amount = 5010  # after the checkpoint, before the latest CHECKED_AT_OPEN
    else:
        amount = 1590  # a few entries before the checkpoint at the close
    damaged = seq_of(path, amount)
    flip(path, f'"amount":{amount}'.encode(), f'"amount":{amount + 3000}'.encode(), 0)
    with pytest.raises(JournalError, match=f"damaged from entry {damaged} on"):
        Journal.open(path, read_only=True)
    for action in ("show", "verify"):
        assert f"damaged from entry {damaged} on" in refused([action, str(path)], capsys)


def test_a_game_that_crashed_opens_from_its_last_checkpoint_and_the_entries_after(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.banker"
    long_game(path, 300)
    crash_after(path, 40, 7000)
    with Journal.open(path) as j:
        assert j._older is not None
        assert (
            j.game.state.player("Alice").cash
            == the_long_way_of_a_copy(path).state.player("Alice").cash
        )
        for _ in range(41):  # back over the crash into what came before it
            j.undo()
        j.verify()
    assert main(["verify", str(path)]) == 0


def the_long_way_of_a_copy(path: Path) -> Game:
    copy = path.with_name("copy.banker")
    copy.unlink(missing_ok=True)
    with sqlite3.connect(path) as db, sqlite3.connect(copy) as out:
        db.backup(out)
    return the_long_way(copy)


def test_a_damaged_checkpoint_opens_the_long_way_and_verify_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.banker"
    long_game(path, 300)
    state = state_of(path)
    cash = state.player("Alice").cash
    with sqlite3.connect(path) as db:
        ledger = db.execute("SELECT ledger FROM checkpoint").fetchone()[0]
    assert f'"cash":{cash}' in ledger
    flip(path, f'"cash":{cash}'.encode(), f'"cash":{cash + 1}'[: len(str(cash)) + 7].encode(), 0)
    with Journal.open(path, read_only=True) as j:
        assert j._older is None and j.game.state == state  # the long way, right
    assert "damaged checkpoint; every entry is sound" in refused(["verify", str(path)], capsys)
    Journal.open(path).close()  # the close writes a new one
    assert main(["verify", str(path)]) == 0
    with Journal.open(path, read_only=True) as j:
        assert j._older is not None and j.game.state == state


def test_a_flipped_snapshot_before_the_checkpoint_is_caught_by_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.banker"
    long_game(path, 600)
    with sqlite3.connect(path) as db:
        ledger = db.execute("SELECT ledger FROM snapshots WHERE depth = 100").fetchone()[0]
    at = ledger.index('"cash":') + len('"cash":')
    stored = ledger[at - 7 : at + 4]  # '"cash":' and four digits
    changed = stored[:-1] + ("1" if stored[-1] != "1" else "2")  # one digit off
    assert ledger.count(stored) == 1
    flip(path, stored.encode(), changed.encode(), 0)
    with Journal.open(path) as j:
        assert j._older is not None  # opens: nothing at the top depends on it
        with pytest.raises(JournalError, match="damaged snapshot"):
            while True:  # until an undo needs it, which is refused before it is used
                j.undo()
        assert 100 < j.game.depth <= 200  # the undo to 199 needed the snapshot at 100
    assert "damaged snapshot" in refused(["verify", str(path)], capsys)


def test_a_file_without_a_checkpoint_opens_the_long_way_and_gets_one(tmp_path: Path) -> None:
    path = tmp_path / "g.banker"
    long_game(path, 300)
    state = state_of(path)
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE checkpoint")  # as written before checkpoints
    with Journal.open(path, read_only=True) as j:
        assert j._older is None and j.game.state == state
    Journal.open(path).close()
    with Journal.open(path, read_only=True) as j:
        assert j._older is not None and j.game.state == state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(actions=st.lists(st.sampled_from(["collect", "undo", "redo", "reopen"]), max_size=50))
def test_any_history_reopens_from_its_checkpoint_as_its_replay_would(
    tmp_path_factory: pytest.TempPathFactory, actions: list[str]
) -> None:
    """Commands, undos, redos and reopenings in any order; a tiny checked part and frequent
    snapshots, so that undos reach into entries and snapshots read only when needed."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(journal_module, "CHECKED_AT_OPEN", 2)
        patch.setattr(journal_module, "SNAPSHOT_EVERY", 3)
        path = tmp_path_factory.mktemp("any") / "g.banker"
        j = Journal.create(path, SETUP)
        for n, action in enumerate(actions):
            if action == "reopen":
                j.close()
                j = Journal.open(path)
                continue
            with contextlib.suppress(NothingToUndo):
                if action == "collect":
                    j.apply(c.Collect(player="Alice", amount=n + 1))
                elif action == "undo":
                    j.undo()
                else:
                    j.redo()
        j.close()
        replayed = the_long_way_of_a_copy(path)
        with Journal.open(path) as j:
            assert j.verify() == replayed.seq
            while j.game.applied:  # every state on the way down, as the replay has it
                j.undo()
                assert j.game.state == replayed.state_at(j.game.depth)
            for _ in range(replayed.depth):  # and back up
                j.redo()
            assert j.game.state == replayed.state
