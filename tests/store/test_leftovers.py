"""A game deleted after a crash leaves its -wal and -shm under its name (the review's D1):
SQLite would read them into the next file of that name. `new`, `recover --to`, `backup`
and a new event move them aside first, say where, and the new file opens as made. Real
files: the crash is a real process that ends without closing its game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from banker.cli import main
from banker.core import commands as c
from banker.core.edition import load_edition
from banker.store import Journal
from banker.store import sqlfile as sf
from banker.tournament.journal import EventJournal

US = load_edition("us")

CRASH = r"""
import os, sys
from banker.core.language import read_line
from banker.store import Journal

journal = Journal.open(sys.argv[1])
for line in sys.argv[2:]:
    command = read_line(line, journal.game.state)
    journal.apply(command)
os._exit(0)  # a crash: the game still open, its last commands in the -wal alone
"""


def crash_after(path: Path, *lines: str) -> bytes:
    """Apply `lines` to the game at `path` in a process that then dies with the game
    open; the -wal it leaves, as it is."""
    subprocess.run([sys.executable, "-c", CRASH, str(path), *lines], check=True, timeout=60)
    wal = path.with_name(path.name + "-wal")
    assert wal.stat().st_size > 0 and path.with_name(path.name + "-shm").exists()
    return wal.read_bytes()


def deleted_after_a_crash(path: Path) -> bytes:
    """The review's steps: a game, two commands, a crash, and the game file deleted."""
    assert main(["new", str(path), "--players", "Alice,Bob"]) == 0
    left = crash_after(path, "collect alice 777", "buy bob boardwalk")
    path.unlink()
    return left


def aside(path: Path, suffix: str) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}{suffix}.left-*"))


def test_new_over_a_deleted_games_leftovers_moves_them_aside_and_starts_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: "x.banker is damaged from entry 1 on", then "A file already exists", and
    `recover` could not read the setup; the old game's -wal emptied."""
    path = tmp_path / "x.banker"
    old_wal = deleted_after_a_crash(path)
    capsys.readouterr()
    assert main(["new", str(path), "--players", "Carol,Dave"]) == 0
    out = capsys.readouterr().out
    [wal], [shm] = aside(path, "-wal"), aside(path, "-shm")
    assert f"Moved aside to {wal}" in out and f"Moved aside to {shm}" in out
    assert wal.read_bytes() == old_wal  # kept as it was, for whoever wants to look
    with Journal.open(path) as journal:
        assert [p.name for p in journal.game.state.players] == ["Carol", "Dave"]
        assert journal.game.seq == 1 and journal.set_aside == []
        journal.verify()
    assert main(["do", str(path), "collect carol 5"]) == 0


def test_recover_to_and_backup_to_a_name_with_leftovers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "friday.banker"
    assert main(["new", str(source), "--players", "Alice,Bob"]) == 0
    assert main(["do", str(source), "collect bob 42"]) == 0
    for verb in ("recover", "backup"):
        target = tmp_path / f"{verb}.banker"
        deleted_after_a_crash(target)
        capsys.readouterr()
        args = ["recover", str(source), "--to", str(target)] if verb == "recover" else []
        assert main(args or ["backup", str(source), str(target)]) == 0
        out = capsys.readouterr().out
        assert len(aside(target, "-wal")) == 1 and "Moved aside to" in out
        with Journal.open(target, read_only=True) as copy:
            assert copy.game.state.player("Bob").cash == 1542
            assert copy.game.state.player("Alice").cash == 1500  # not the old game's 777


def test_a_new_event_over_leftovers_says_what_was_moved(tmp_path: Path) -> None:
    """The event file is made the same way; the journal says what was moved (the app
    shows it as a warning: `tests/tui/test_bar_and_start.py`)."""
    from banker.tournament.model import EventSetup

    path = tmp_path / "cup.event"
    for suffix in ("-wal", "-shm"):
        path.with_name(path.name + suffix).write_bytes(b"left by an event that is gone")
    with EventJournal.create(path, EventSetup(name="Cup", rounds=1, minutes=60)) as journal:
        assert journal.set_aside == [*aside(path, "-wal"), *aside(path, "-shm")]
        assert len(journal.set_aside) == 2


def test_a_second_leftover_in_the_same_second_gets_a_name_of_its_own(tmp_path: Path) -> None:
    path = tmp_path / "g.banker"
    first: list[Path] = []
    for n in range(3):
        path.with_name(path.name + "-wal").write_bytes(b"%d" % n)
        first += sf.set_aside(path)
    assert len(set(first)) == 3 and sorted(p.read_bytes() for p in first) == [b"0", b"1", b"2"]
    assert not path.with_name(path.name + "-wal").exists()


@pytest.mark.parametrize(
    ("lang", "said"),
    [("ms", "Dialihkan ke tepi ke"), ("th", "ย้ายไปเก็บแยกไว้ที่")],
)
def test_what_was_moved_is_said_in_the_games_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    path = tmp_path / "x.banker"
    deleted_after_a_crash(path)
    capsys.readouterr()
    assert main(["new", str(path), "--players", "Carol,Dave", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert said in out and str(aside(path, "-wal")[0]) in out
    assert "Moved aside" not in out


def test_a_wal_removed_with_its_shm_after_a_crash_is_named_not_lost_silently(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The README's last known gap: a crash, then the -wal and the -shm removed (a sync
    tool, a hand tidying up). Before, the game opened at its last checkpoint and `verify`
    said "sound"; the mark the open journal kept beside it names what went."""
    path = tmp_path / "g.banker"
    assert main(["new", str(path), "--players", "Alice,Bob"]) == 0
    crash_after(path, "collect alice 1", "collect bob 2", "pay alice 5 to bob")
    assert sf.marked(path) == 4  # the setup, then the three commands
    for suffix in ("-wal", "-shm"):
        path.with_name(path.name + suffix).unlink()
    capsys.readouterr()
    for verb in ("show", "verify", "do"):
        assert main([verb, str(path), *(["go alice"] if verb == "do" else [])]) == 1
        err = capsys.readouterr().err
        assert "entries 2 to 4" in err and "was not closed" in err, err
    assert main(["recover", str(path)]) == 0  # what is left: the setup
    with Journal.open(tmp_path / "g-recovered.banker", read_only=True) as left:
        assert left.game.seq == 1


def test_after_a_crash_with_the_wal_in_place_every_command_opens_and_the_mark_goes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.banker"
    assert main(["new", str(path), "--players", "Alice,Bob"]) == 0
    crash_after(path, "collect alice 1", "collect bob 2")
    with Journal.open(path, read_only=True) as seen:  # read: the mark stays
        assert seen.game.seq == 3
    with Journal.open(path) as again:
        assert again.game.state.player("Bob").cash == 1502
        again.apply(c.Collect(player="Alice", amount=1))
        assert sf.marked(path) == 4
    assert not sf.mark_of(path).exists()  # closed: nothing beside the one file


def test_a_game_being_played_elsewhere_reads_without_a_false_alarm(tmp_path: Path) -> None:
    """The mark of a journal open for writing right now is live: a reader between a
    commit and the next is not told anything was lost."""
    path = tmp_path / "g.banker"
    with Journal.create(path, c.Setup(players=["Alice", "Bob"], edition=US)) as writer:
        for n in range(5):
            writer.apply(c.Collect(player="Alice", amount=n + 1))
            with Journal.open(path, read_only=True) as reader:
                assert reader.game.seq == n + 2


def test_a_deleted_games_mark_and_witness_are_moved_aside_too(tmp_path: Path) -> None:
    path = tmp_path / "x.banker"
    path.with_name("x.banker-open").write_text("                   9\n")
    path.with_name("x.banker-lost").write_text('{"seq": 9}')
    with Journal.create(path, c.Setup(players=["Alice", "Bob"], edition=US)) as journal:
        assert len(journal.set_aside) == 2 and journal.game.seq == 1


def test_a_build_killed_midway_leaves_no_mark_behind(tmp_path: Path) -> None:
    """A file being built is opened as a journal (a deal, a recovery): killed then, its
    mark is left with it, and the next try's clean-up takes both."""
    path = tmp_path / "x.banker"
    left = path.with_name(".x.banker.999999999.building")
    for suffix in ("", "-wal", "-shm", "-open"):
        Path(f"{left}{suffix}").write_bytes(b"left by a killed build")
    sf.clear_abandoned(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == []
