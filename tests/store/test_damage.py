"""Damage a game file as a failing disk or a careless copy would: every reader refuses
with a clear message naming what is wrong, never shows changed money, never crashes;
`recover` saves what is intact. Real SQLite files throughout."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from banker.cli import main
from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.errors import JournalError
from banker.core.validators import validate
from banker.store import Journal
from banker.store.fileformat import SCHEMA_VERSION
from banker.store.glance import LogEntry, glance
from banker.store.recover import recover
from tests.english import english_in

SETUP = c.Setup(players=["Alice", "Bob"], edition=load_edition("us"))


def played(path: Path, n: int) -> None:
    with Journal.create(path, SETUP) as j:
        for i in range(n):
            j.apply(c.Collect(player="Alice" if i % 2 else "Bob", amount=100 + i))


def flip(path: Path, old: bytes, new: bytes, occurrence: int = -1) -> None:
    """Change the bytes `old` into `new` (same length) where they occur in the file."""
    data = bytearray(path.read_bytes())
    places = []
    at = data.find(old)
    while at != -1:
        places.append(at)
        at = data.find(old, at + 1)
    assert places, old
    at = places[occurrence]
    data[at : at + len(old)] = new
    path.write_bytes(bytes(data))


def refused(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(args)
    err = capsys.readouterr().err
    assert code == 1, err
    assert "Traceback" not in err and "Unexpected" not in err
    return err


def test_a_flipped_amount_in_a_command_is_refused_naming_the_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.banker"
    played(path, 30)
    flip(path, b'"amount":128', b'"amount":928')  # entry 30 (the 29th command)
    for action in ("show", "log", "do"):
        args = [action, str(path)] + (["go alice"] if action == "do" else [])
        err = refused(args, capsys)
        assert "damaged from entry 30 on" in err and "banker recover" in err


def test_a_flipped_cash_in_a_snapshot_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.banker"
    played(path, 120)  # a snapshot after 100 commands
    with Journal.open(path, read_only=True) as j:
        cash = j.game.state.player("Alice").cash
    with sqlite3.connect(path) as db:
        ledger = db.execute("SELECT ledger FROM snapshots").fetchone()[0]
    stored = f'"cash":{cash - sum(100 + i for i in range(101, 120, 2))}'
    assert stored in ledger
    changed = stored.replace('"cash":', '"cash":9', 1)[:-1]  # same length, one digit off
    flip(path, stored.encode(), changed.encode())
    with pytest.raises(JournalError, match="damaged snapshot"):
        Journal.open(path, read_only=True)


def test_a_flipped_key_in_a_receipt_never_crashes_a_reader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.banker"
    played(path, 5)
    flip(path, b'"amount"', b'"amoun4"')
    refused(["log", str(path)], capsys)
    refused(["show", str(path)], capsys)
    refused(["share", str(path), "--host", "127.0.0.1"], capsys)
    assert glance(path) is None  # the first screen does not trust it either
    entry = LogEntry.from_row(
        (3, "command", '{"t": "{amount} x", "p": {"amoun4": "1"}}', ""), False
    )
    assert "damaged" in entry.message.render()


def test_invalid_utf8_in_an_sqlite_error_is_a_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.banker"
    played(path, 3)
    flip(path, b"CREATE TABLE views", b"CREATE TABLE \xff\xfe\xfd\xfc\xfb")
    err = refused(["show", str(path)], capsys)
    assert "damaged" in err
    refused(["log", str(path)], capsys)


def test_a_file_from_before_the_digests_opens_and_gets_them(tmp_path: Path) -> None:
    path = tmp_path / "g.banker"
    played(path, 130)
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE journal DROP COLUMN chain")
        db.execute("ALTER TABLE snapshots DROP COLUMN chain")
        db.execute("PRAGMA user_version = 1")
    with Journal.open(path, read_only=True) as j:
        assert j.game.seq == 131
    with Journal.open(path) as j:
        j.apply(c.PassGo(player="Alice"))
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("SELECT count(*) FROM journal WHERE chain IS NULL").fetchone()[0] == 0
    with Journal.open(path, read_only=True) as j:
        assert j.game.seq == 132 and validate(j.game.state) == []


@pytest.mark.parametrize("percent", [25, 50, 98])
def test_recover_saves_the_entries_before_a_truncation(tmp_path: Path, percent: int) -> None:
    path = tmp_path / "g.banker"
    played(path, 508)
    with sqlite3.connect(path) as db:  # what was intact before the cut: its readable pages
        total = db.execute("SELECT count(*) FROM journal").fetchone()[0]
    data = path.read_bytes()
    path.write_bytes(data[: len(data) * percent // 100])
    report = recover(path)
    assert report.saved > 0
    if percent == 98:
        assert (report.saved, report.lost) == (total - 1, [])
    with Journal.open(report.target, read_only=True) as j:
        assert j.game.seq == report.saved + 1
        assert validate(j.game.state) == []


def test_recover_drops_an_undo_whose_target_was_lost_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "g.banker"
    with Journal.create(path, SETUP) as j:
        j.apply(c.Collect(player="Alice", amount=10))  # 2
        j.apply(c.Collect(player="Alice", amount=20))  # 3
        j.undo()  # 4: undoes 3
        j.apply(c.Collect(player="Bob", amount=5))  # 5
        j.undo()  # 6: undoes 5
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM journal WHERE seq = 3")
    report = recover(path)
    assert any("entry 4" in str(line) and "entry 3" in str(line) for line in report.lost)
    with Journal.open(report.target, read_only=True) as j:
        # entry 2 (Alice +10) is not undone in its place; the undo of 5 is kept
        assert j.game.state.player("Alice").cash == 1510
        assert j.game.state.player("Bob").cash == 1500


def test_a_failed_new_game_leaves_nothing_in_the_way_of_a_retry(tmp_path: Path) -> None:
    path = tmp_path / "g.banker"
    with pytest.raises(Exception):  # noqa: B017 - whatever the first command's refusal is
        Journal.create(path, SETUP, [c.Collect(player="Zed", amount=1)])
    assert not path.exists()
    assert not [p for p in tmp_path.iterdir() if p.name != "g.banker"]
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (tmp_path / f".g.banker.{gone}.building").write_bytes(b"half")  # a killed try's file
    Journal.create(path, SETUP).close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.banker"]
    with Journal.open(path, read_only=True) as j:
        assert j.game.seq == 1


def test_someone_elses_database_is_not_changed_by_being_opened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "victim.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE journal (x)")
    db.close()
    before = path.read_bytes()
    for args in (["do", str(path), "go alice"], ["show", str(path)], ["log", str(path)]):
        refused(args, capsys)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["victim.db"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_named_as_the_game_is_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "g.banker"
    os.mkfifo(fifo)
    for args in (["show", str(fifo)], ["log", str(fifo)], ["do", str(fifo), "go alice"]):
        assert "not a file" in refused(args, capsys)
    refused(["recover", str(fifo)], capsys)
    assert glance(fifo) is None


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="POSIX devices")
def test_an_edition_check_of_a_device_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert "not a file" in refused(["edition", "check", "/dev/zero"], capsys)


def test_the_game_file_alone_holds_everything_after_close_and_backup_copies_any_moment(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.banker"
    journal = Journal.create(path, SETUP)
    for _ in range(50):
        journal.apply(c.PassGo(player="Alice"))
    copy = tmp_path / "copy.banker"
    assert main(["backup", str(path), str(copy)]) == 0  # while the game is open
    journal.close()
    alone = tmp_path / "alone" / "g.banker"
    alone.parent.mkdir()
    alone.write_bytes(path.read_bytes())  # the one file, without any -wal beside it
    for each in (copy, alone):
        with Journal.open(each, read_only=True) as j:
            assert j.game.seq == 51


@pytest.fixture
def read_only_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder nobody can write to: a read-only mount when running as root (who ignores
    file modes), the folder's modes otherwise."""
    source = tmp_path / "source"
    source.mkdir()
    played(source / "g.banker", 5)
    if os.geteuid() != 0:
        source.chmod(0o555)
        yield source
        source.chmod(0o755)
        return
    view = tmp_path / "view"
    view.mkdir()
    mounted = subprocess.run(
        ["mount", "--bind", "-o", "ro", str(source), str(view)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip("no read-only folder can be made here")
    subprocess.run(["mount", "-o", "remount,bind,ro", str(view)], capture_output=True)
    try:
        yield view
    finally:
        subprocess.run(["umount", str(view)], capture_output=True)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes and mounts")
def test_a_read_only_folder_can_be_read_and_says_so(
    read_only_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = read_only_folder / "g.banker"
    assert main(["show", str(game)]) == 0
    out = capsys.readouterr()
    assert "Read-only" in out.err and "Alice" in out.out
    assert main(["log", str(game)]) == 0
    assert "Read-only" in capsys.readouterr().err
    assert main(["recover", str(game), "--to", str(tmp_path / "saved.banker")]) == 0
    out = capsys.readouterr()
    assert "Read-only" in out.out and "Saved 5 entries" in out.out
    assert "read-only" in refused(["do", str(game), "go alice"], capsys)
    thai = refused(["do", str(game), "go alice", "--lang", "th"], capsys)
    assert thai and english_in(thai, "th", ["Alice", "Bob"]) == [], thai  # the reason too


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pipe")
def test_the_log_into_a_pipe_closed_early_ends_quietly(tmp_path: Path) -> None:
    path = tmp_path / "g.banker"
    played(path, 3000)
    proc = subprocess.Popen(
        [sys.executable, "-m", "banker.cli", "log", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().strip().startswith(b"1")
    proc.stdout.close()  # `| head -1`
    err = proc.stderr.read()
    assert proc.wait() == 0, err
    assert err == b""


def test_a_deal_of_a_digit_python_cannot_count_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["new", str(tmp_path / "g.banker"), "--players", "A,B", "--deal", "²"]
    assert "--deal" in refused(args, capsys)


def test_a_script_saved_with_a_byte_order_mark_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.banker"
    played(path, 0)
    script = tmp_path / "s.txt"
    script.write_text("\ufeffgo alice\n", encoding="utf-8")
    assert main(["do", str(path), "-f", str(script)]) == 0
    assert "Alice" in capsys.readouterr().out


def test_a_deeply_nested_edition_is_refused_clearly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edition = tmp_path / "deep.toml"
    edition.write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n")
    assert main(["edition", "check", str(edition)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and "Unexpected" not in err


@pytest.mark.parametrize(
    "row",
    [
        ("abc", 3, "command", '{"verb": "go"}', None, "{}", "2026-12-03T00:00:00+00:00"),
        ("abc", 4, "undo", None, 3, '{"t": "x"}', "t"),
        ("", 1, "setup", "x", None, "m", "a"),
        ("abc", 3.0, "command", b"blob", "3", "{}", None),  # as a damaged row may read
    ],
)
def test_the_quick_digest_of_an_entry_is_the_general_one(row: tuple[object, ...]) -> None:
    from banker.store import fileformat as ff

    previous, *rest = row
    assert ff.entry_chain(str(previous), *rest) == ff._digest(*row)


def test_an_edition_with_a_byte_order_mark_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from importlib import resources

    from banker.core.edition import BUILTIN_EDITIONS  # noqa: F401 - the shipped one's text

    text = resources.files("banker.editions").joinpath("us.toml").read_text(encoding="utf-8")
    edition = tmp_path / "mine.toml"
    edition.write_text("\ufeff" + text, encoding="utf-8")
    assert main(["edition", "check", str(edition)]) == 0
    assert "a good edition" in capsys.readouterr().out


def test_the_app_refuses_a_damaged_file_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("textual")
    from banker.tui.app import run

    monkeypatch.setenv("BANKER_HOME", str(tmp_path / "home"))  # its log goes there

    path = tmp_path / "g.banker"
    played(path, 3)
    flip(path, b"CREATE TABLE views", b"CREATE TABLE \xff\xfe\xfd\xfc\xfb")
    assert run(path) == 1
    out = capsys.readouterr().out
    assert "damaged" in out and "Traceback" not in out


def test_a_file_from_before_the_digests_with_an_end_worded_the_old_way_opens(
    tmp_path: Path,
) -> None:
    """A file older than the digests has its receipts compared as it is replayed. Its end
    listed the standings without the bankrupt: the same end, so it still opens; an end
    naming another winner is still refused."""
    path = tmp_path / "g.banker"
    three = c.Setup(players=["Alice", "Bob", "Carol"], edition=load_edition("us"))
    with Journal.create(path, three) as j:
        j.apply(c.Pay(player="Bob", amount=1600, to="Alice"))
        j.apply(c.DeclareBankrupt(player="Bob"))
        j.apply(c.EndGame())
    old = {
        "t": "The game ends. {w} wins. Standings: {table}",
        "p": {"w": "Alice", "table": "1. Alice $3,000; 2. Carol $1,500"},
    }

    def stored_as(message: dict[str, object]) -> None:
        with sqlite3.connect(path) as db:
            db.execute("UPDATE journal SET message = ? WHERE seq = 4", (json.dumps(message),))
            if db.execute("PRAGMA user_version").fetchone()[0] != 1:
                db.execute("ALTER TABLE journal DROP COLUMN chain")
                db.execute("ALTER TABLE snapshots DROP COLUMN chain")
                db.execute("DROP TABLE IF EXISTS checkpoint")
                db.execute("DELETE FROM views")
                db.execute("PRAGMA user_version = 1")

    stored_as(old)
    with Journal.open(path, read_only=True) as j:
        assert j.game.state.ended and j.game.state.winner == "Alice"
    stored_as({**old, "p": {"w": "Bob", "table": "1. Bob $0"}})
    with pytest.raises(JournalError):
        Journal.open(path, read_only=True)
