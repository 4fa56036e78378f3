"""The event file is the game store's journal: every entry's digest checked on opening (a
changed bit is named, never replayed as if it were true), `banker tournament recover`
replays every intact entry, `tournament new` is atomic, the first event files still open,
and no command writes over a file it was not asked to replace."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from banker.cli import main
from banker.core.errors import JournalError
from banker.i18n.message import msg
from banker.store import fileformat as ff
from banker.tournament.journal import EVENT_APPLICATION_ID, EventJournal
from banker.tournament.language import perform
from banker.tournament.model import AddPlayers, EventSetup

NAMES = ("Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal")


def played(path: Path) -> EventJournal:
    """An event with players, a draw, a start, a result, an undo and a redo."""
    journal = EventJournal.create(path, EventSetup(name="Cup", rounds=2, minutes=60, seed=2))
    journal.apply(AddPlayers(names=NAMES))
    perform(journal, "draw")
    perform(journal, "start")
    a, b, c, d = journal.state.round(1).tables[0]
    perform(journal, f"record 1 {a}=2500,{b}=2000,{c}=1500,{d}=1000")
    perform(journal, "undo")
    perform(journal, "redo")
    return journal


def test_a_changed_entry_is_named_not_replayed(tmp_path: Path) -> None:
    """Before: the event file had no digests: 2500 changed to 2520 in a recorded result
    read back as if it were true (7 of 900 damaged copies changed the CSV's results)."""
    path = tmp_path / "cup.event"
    played(path).close()
    with sqlite3.connect(path) as db:  # a bit changed on the disk: 2500 -> 2520
        row = db.execute("SELECT seq, command FROM journal WHERE command LIKE '%2500%'").fetchone()
        db.execute(
            "UPDATE journal SET command = ? WHERE seq = ?", (row[1].replace("2500", "2520"), row[0])
        )
    with pytest.raises(JournalError, match=f"damaged from entry {row[0]} on"):
        EventJournal.open(path, read_only=True)
    assert main(["tournament", "csv", str(path)]) == 1
    saved = tmp_path / "saved.event"
    assert main(["tournament", "recover", str(path), "--to", str(saved)]) == 1  # a loss said
    with EventJournal.open(saved, read_only=True) as again:
        assert 1 not in again.state.round(1).results  # the changed result is not replayed
        assert len(again.state.round(1).tables) == 2


def test_recover_replays_every_intact_entry(tmp_path: Path) -> None:
    path = tmp_path / "cup.event"
    journal = played(path)
    want = journal.state
    journal.close()
    saved = tmp_path / "saved.event"
    assert main(["tournament", "recover", str(path), "--to", str(saved)]) == 0
    with EventJournal.open(saved, read_only=True) as again:
        assert again.state.round(1).results == want.round(1).results
        assert again.state.players == want.players


def test_a_kill_during_new_leaves_nothing_in_the_way(tmp_path: Path) -> None:
    """Before: a kill during `tournament new` left a file that blocked a retry (37 of 40)."""
    path = tmp_path / "cup.event"
    dead = 2**22 + 12345  # no such process
    (tmp_path / f".cup.event.{dead}.building").write_bytes(b"SQLite format 3\x00 half made")
    assert main(["tournament", "new", str(path), "--rounds", "2"]) == 0
    assert not list(tmp_path.glob(".cup.event.*"))
    with EventJournal.open(path, read_only=True) as journal:
        assert journal.setup.rounds == 2


def test_the_first_event_files_still_open_and_get_their_digests(tmp_path: Path) -> None:
    """An event file of the first version (no digests) opens, and opened for writing gets
    the game store's schema and its digests."""
    path = tmp_path / "old.event"
    setup = EventSetup(name="Old", rounds=1, minutes=30, join_token="t" * 22)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute(
            "CREATE TABLE journal (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, command TEXT,"
            " target INTEGER, message TEXT NOT NULL, at TEXT NOT NULL)"
        )
        db.execute(f"PRAGMA application_id = {EVENT_APPLICATION_ID}")
        db.execute("PRAGMA user_version = 1")
        said = json.dumps(msg("Entered: {names}", names="...").to_json())
        db.execute(
            "INSERT INTO journal VALUES (1, 'setup', ?, NULL, ?, '2026-01-01T00:00:00+00:00')",
            (setup.model_dump_json(), said),
        )
        command = json.dumps({"kind": "players", "names": list(NAMES)})
        db.execute(
            "INSERT INTO journal VALUES (2, 'command', ?, NULL, ?, '2026-01-01T00:00:01+00:00')",
            (command, said),
        )
    with EventJournal.open(path, read_only=True) as journal:
        assert journal.state.players == list(NAMES)
    with EventJournal.open(path) as journal:
        perform(journal, "draw")
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 2
        rows = db.execute(
            "SELECT seq, kind, command, target, message, at, chain FROM journal ORDER BY seq"
        ).fetchall()
    previous = ff.GENESIS
    for *values, chain in rows:
        previous = ff.entry_chain(previous, *values)
        assert chain == previous


def test_csv_never_writes_over_the_event_or_a_file_unasked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: `csv EVENT -o EVENT.event` wrote over the event file (exit 0), and -o into a
    missing folder was an unexpected error (exit 2)."""
    path = tmp_path / "cup.event"
    played(path).close()
    before = path.read_bytes()
    assert main(["tournament", "csv", str(path), "-o", str(path)]) == 1
    assert main(["tournament", "csv", str(path), "-o", str(path), "--force"]) == 1
    assert path.read_bytes() == before
    out = tmp_path / "results.csv"
    out.write_text("keep me")
    assert main(["tournament", "csv", str(path), "-o", str(out)]) == 1
    assert out.read_text() == "keep me" and "--force" in capsys.readouterr().err
    assert main(["tournament", "csv", str(path), "-o", str(out), "--force"]) == 0
    assert out.read_text().startswith("round,table,place")
    assert main(["tournament", "csv", str(path), "-o", str(tmp_path / "no" / "r.csv")]) == 1
    assert "no folder" in capsys.readouterr().err
    if os.geteuid() != 0:  # root writes anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o555)
        assert main(["tournament", "csv", str(path), "-o", str(locked / "r.csv")]) == 1
    with EventJournal.open(path) as journal:  # the board's bar: the same rules
        with pytest.raises(Exception, match="--force"):
            perform(journal, f"csv {out}")
        assert perform(journal, f"csv {out} --force")


def test_a_crashed_event_in_a_read_only_folder_is_read_with_its_wal(tmp_path: Path) -> None:
    """The event file shares the game's journal (`store.entries`): an event whose latest
    entries are only in its -wal, in a folder nobody can write to (a copied USB stick, a
    read-only share), is read on a private copy with them, where it used to be refused
    ("copy both files to a folder you can write"); writing to it is still refused."""
    import shutil
    import subprocess

    source = tmp_path / "source"
    source.mkdir()
    live = played(tmp_path / "live.event")
    try:
        for name in ("", "-wal", "-shm"):
            shutil.copy(f"{live.path}{name}", source / f"cup.event{name}")
        seq, results = live.seq, dict(live.state.round(1).results)
    finally:
        live.close()
    assert (source / "cup.event-wal").stat().st_size > 0
    folder = source
    if os.geteuid() != 0:
        source.chmod(0o555)
    else:  # root ignores file modes: a read-only mount
        folder = tmp_path / "view"
        folder.mkdir()
        if subprocess.run(["mount", "--bind", str(source), str(folder)]).returncode:
            pytest.skip("no read-only folder can be made here")
        subprocess.run(["mount", "-o", "remount,bind,ro", str(folder)])
    try:
        with EventJournal.open(folder / "cup.event", read_only=True) as journal:
            assert journal.seq == seq and dict(journal.state.round(1).results) == results
        with pytest.raises(JournalError, match="read-only"):
            EventJournal.open(folder / "cup.event")
    finally:
        if folder != source:
            subprocess.run(["umount", str(folder)])
        source.chmod(0o755)
