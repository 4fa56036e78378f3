"""The -wal is part of the game: a damaged one is refused with the reason and the count of
commands it costs, never read as an older game; `recover` reads every intact frame of it.

Each game here is left as a crash leaves it: the journal still open (its latest commands
only in the -wal), the game file and its -wal copied, as the README tells a banker to do."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from banker.cli import main
from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.errors import JournalError
from banker.store import Journal
from banker.store.glance import glance
from banker.store.recover import recover
from banker.store.wal import FRAME_HEADER, HEADER, check_wal

COMMANDS = 60


def crashed_game(
    folder: Path, name: str = "crashed", players: tuple[str, ...] = ("Ann", "Ben")
) -> Path:
    """A game of COMMANDS collections whose latest commands are only in its -wal, its
    -wal's index (the -shm file) beside it as a crash leaves it."""
    live = folder / f"live-{name}.banker"
    journal = Journal.create(live, c.Setup(players=list(players), edition=load_edition("us")))
    try:
        for _ in range(COMMANDS):
            journal.apply(c.Collect(player=players[0], amount=1))
        copy = folder / f"{name}.banker"
        shutil.copy(live, copy)
        shutil.copy(f"{live}-wal", f"{copy}-wal")
        shutil.copy(f"{live}-shm", f"{copy}-shm")  # SQLite's index of the -wal, left too
    finally:
        journal.close()
    return copy


def page_size(game: Path) -> int:
    return check_wal(game).page_size


def flip_middle(game: Path) -> None:
    wal = Path(f"{game}-wal")
    data = bytearray(wal.read_bytes())
    data[len(data) // 3] ^= 0x10
    wal.write_bytes(bytes(data))


def cut_inside_a_frame(game: Path) -> None:
    wal = Path(f"{game}-wal")
    data = wal.read_bytes()
    wal.write_bytes(data[: len(data) // 2 + 7])


def zero_a_frame(game: Path) -> None:
    wal = Path(f"{game}-wal")
    data = bytearray(wal.read_bytes())
    size = FRAME_HEADER + page_size(game)
    at = HEADER + 5 * size
    data[at : at + size] = bytes(size)
    wal.write_bytes(bytes(data))


def damage_the_header(game: Path) -> None:
    wal = Path(f"{game}-wal")
    data = bytearray(wal.read_bytes())
    data[9] ^= 0x01  # the page size
    wal.write_bytes(bytes(data))


DAMAGE: dict[str, Callable[[Path], None]] = {
    "bit flip": flip_middle,
    "cut inside a frame": cut_inside_a_frame,
    "zeroed frame": zero_a_frame,
    "damaged header": damage_the_header,
}


def said(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out + out.err


def test_an_intact_wal_is_read_whole(tmp_path: Path) -> None:
    game = crashed_game(tmp_path)
    assert Path(f"{game}-wal").stat().st_size > 0  # the commands are there only
    check = check_wal(game)
    assert not check.damaged and check.frames
    with Journal.open(game, read_only=True) as journal:
        assert journal.game.seq == COMMANDS + 1
        assert journal.game.state.player("Ann").cash == 1500 + COMMANDS


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_wal_is_refused_with_what_it_costs(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: SQLite read up to the first bad frame and `show` gave an older game, exit 0
    (the review: 240 of 240 damaged copies lost commands with no message)."""
    game = crashed_game(tmp_path)
    DAMAGE[kind](game)
    check = check_wal(game)
    assert check.damaged
    with pytest.raises(JournalError, match="-wal") as refused:
        Journal.open(game, read_only=True)
    if kind in ("bit flip", "zeroed frame"):
        assert check.lost > 0 and f"{check.lost} commands" in str(refused.value)
    assert glance(game) is None  # the app's first screen does not draw it either
    for argv in (["show", str(game)], ["log", str(game)], ["show", "--json", str(game)]):
        code, text = said(argv, capsys)
        assert code == 1 and "-wal" in text and "recover" in text, (argv, text)


@pytest.mark.parametrize("kind", ["bit flip", "zeroed frame"])
def test_recover_reads_every_intact_frame(kind: str, tmp_path: Path) -> None:
    """A flipped bit or a zeroed frame costs only its own page, and later frames mostly
    write the same pages again: nearly every command comes back, far more than SQLite
    reads alone (it stops at the first bad frame)."""
    game = crashed_game(tmp_path)
    DAMAGE[kind](game)
    alone = tmp_path / "alone.banker"
    shutil.copy(game, alone)
    shutil.copy(f"{game}-wal", f"{alone}-wal")
    with sqlite3.connect(f"{alone.as_uri()}?mode=ro", uri=True) as db:
        sqlite_alone = db.execute("SELECT count(*) FROM journal").fetchone()[0] - 1
    report = recover(game, tmp_path / "saved.banker")
    assert report.saved >= COMMANDS - 2 and report.saved > sqlite_alone + 10
    assert any("-wal" in line.render() for line in report.lost)  # and it says so
    with Journal.open(tmp_path / "saved.banker", read_only=True) as saved:
        assert saved.game.state.player("Ann").cash == 1500 + report.saved


def test_a_wal_cut_short_saves_what_comes_before_the_cut(tmp_path: Path) -> None:
    game = crashed_game(tmp_path)
    cut_inside_a_frame(game)
    report = recover(game, tmp_path / "saved.banker")
    assert 0 < report.saved < COMMANDS
    assert report.lost


def cut_at_a_frames_end(game: Path) -> None:
    wal = Path(f"{game}-wal")
    data = wal.read_bytes()
    size = FRAME_HEADER + page_size(game)
    wal.write_bytes(data[: HEADER + (len(data) - HEADER) // size // 2 * size])


def empty(game: Path) -> None:
    Path(f"{game}-wal").write_bytes(b"")


def remove(game: Path) -> None:
    Path(f"{game}-wal").unlink()


@pytest.mark.parametrize("hurt", [cut_at_a_frames_end, empty, remove], ids=lambda f: f.__name__)
def test_a_wal_cut_where_its_checksums_cannot_tell_is_found_by_its_index(
    hurt: Callable[[Path], None], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """After a crash, a -wal cut exactly at a frame's end, emptied or removed holds nothing
    damaged: it read as a shorter game, exit 0. The -wal's index beside it (the -shm
    file, which a crash leaves) still counts the frames committed: fewer is refused, and
    `recover` saves what the frames left hold."""
    game = crashed_game(tmp_path)
    hurt(game)
    check = check_wal(game)
    assert check.damaged and not check.foreign
    with pytest.raises(JournalError, match="cut, emptied or replaced") as refused:
        Journal.open(game, read_only=True)
    assert "recover" in str(refused.value)
    assert glance(game) is None
    for argv in (["show", "--json", str(game)], ["log", str(game)]):
        code, text = said(argv, capsys)
        assert code == 1 and "-wal" in text, (argv, text)
    report = recover(game, tmp_path / "saved.banker")
    assert report.lost
    if hurt is cut_at_a_frames_end:
        assert 0 < report.saved < COMMANDS
    with Journal.open(tmp_path / "saved.banker", read_only=True) as saved:
        assert saved.game.state.player("Ann").cash == 1500 + report.saved


def test_a_damaged_index_is_no_alarm(tmp_path: Path) -> None:
    """An index whose header does not check (SQLite rebuilds it from the -wal whenever a
    game is first opened) is not believed: an intact -wal reads whole."""
    game = crashed_game(tmp_path)
    shm = Path(f"{game}-shm")
    data = bytearray(shm.read_bytes())
    data[16] ^= 0x40  # the count of frames, in the first copy of the header
    shm.write_bytes(bytes(data))
    assert not check_wal(game).damaged
    with Journal.open(game, read_only=True) as journal:
        assert journal.game.seq == COMMANDS + 1


def test_a_game_checkpointed_before_the_crash_needs_nothing_of_its_wal(tmp_path: Path) -> None:
    """When every frame the index counts is already in the game file, the -wal may go."""
    live = tmp_path / "live.banker"
    journal = Journal.create(live, c.Setup(players=["Ann", "Ben"], edition=load_edition("us")))
    try:
        for _ in range(COMMANDS):
            journal.apply(c.Collect(player="Ann", amount=1))
        journal._conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        game = tmp_path / "crashed.banker"
        shutil.copy(live, game)
        shutil.copy(f"{live}-shm", f"{game}-shm")
    finally:
        journal.close()
    assert not check_wal(game).damaged  # no -wal at all
    with Journal.open(game, read_only=True) as journal:
        assert journal.game.seq == COMMANDS + 1


def test_another_games_wal_is_never_read_as_this_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = crashed_game(tmp_path, "ours")
    other = crashed_game(tmp_path, "theirs", players=("Cai", "Dee"))
    shutil.copy(f"{other}-wal", f"{game}-wal")
    assert check_wal(game).foreign  # not the frames its index counted
    code, text = said(["show", "--json", str(game)], capsys)
    assert code == 1 and str(game) in text and "replaced" in text, text
    report = recover(game, tmp_path / "saved.banker")  # none of their frames applied
    assert report.lost
    with Journal.open(tmp_path / "saved.banker", read_only=True) as saved:
        assert [p.name for p in saved.game.state.players] == ["Ann", "Ben"]


def test_a_game_being_played_is_read_without_a_false_alarm(tmp_path: Path) -> None:
    """A reader beside a live writer (`banker show` while the app plays) reads the -wal
    as it stands, between commands."""
    path = tmp_path / "live.banker"
    with Journal.create(path, c.Setup(players=["Ann", "Ben"], edition=load_edition("us"))) as j:
        for n in range(1, 30):
            j.apply(c.Collect(player="Ann", amount=1))
            with Journal.open(path, read_only=True) as reader:
                assert reader.game.seq == n + 1


@pytest.fixture
def read_only_copy(tmp_path: Path) -> Iterator[Path]:
    """A crashed game (its latest commands only in the -wal) in a folder nobody can write
    to: a read-only mount as root (who ignores file modes), the folder's modes otherwise."""
    source = tmp_path / "source"
    source.mkdir()
    crashed_game(source)
    for live in source.glob("live-*"):
        live.unlink()
    if os.geteuid() != 0:
        source.chmod(0o555)
        yield source / "crashed.banker"
        source.chmod(0o755)
        return
    view = tmp_path / "view"
    view.mkdir()
    if subprocess.run(["mount", "--bind", str(source), str(view)], capture_output=True).returncode:
        pytest.skip("no read-only folder can be made here")
    subprocess.run(["mount", "-o", "remount,bind,ro", str(view)], capture_output=True)
    try:
        yield view / "crashed.banker"
    finally:
        subprocess.run(["umount", str(view)], capture_output=True)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes and mounts")
def test_a_read_only_disk_reads_the_commands_in_the_wal(
    read_only_copy: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The review's F4: on a read-only disk `show`, `log`, `backup` and `recover` ignored
    an intact -wal and gave the older game, exit 0 (25 of 25 commands missing). The private
    copies go to a temporary folder of this test's own (a stray file in the machine's is
    not this test's business), and none is left there."""
    own_temp = tmp_path / "temp"
    own_temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(own_temp))
    game = read_only_copy
    assert Path(f"{game}-wal").stat().st_size > 0
    with Journal.open(game, read_only=True) as journal:
        assert journal.game.seq == COMMANDS + 1
    assert glance(game) is None  # the saved view is older than the -wal: not drawn
    code, text = said(["show", "--json", str(game)], capsys)
    shown, _end = json.JSONDecoder().raw_decode(text[text.index("{") :])
    assert code == 0 and shown["players"][0]["cash"] == 1500 + COMMANDS, text[:300]
    code, text = said(["log", str(game)], capsys)
    assert (
        code == 0
        and len([line for line in text.splitlines() if line[:6].strip().isdigit()]) == COMMANDS + 1
    )
    copy = tmp_path / "copy.banker"
    assert said(["backup", str(game), str(copy)], capsys)[0] == 0
    with Journal.open(copy, read_only=True) as journal:
        assert journal.game.seq == COMMANDS + 1
    report = recover(game, tmp_path / "saved.banker")
    assert report.saved == COMMANDS and not report.lost
    assert not list(own_temp.iterdir())  # nothing left behind


def test_a_copy_left_by_a_killed_process_is_cleared_at_the_next(tmp_path: Path) -> None:
    """A process killed while it read a read-only game leaves its private copy; the next
    read clears it, and leaves a living process's copy and anyone else's file alone."""
    from banker.store.wal import READ_ONLY_COPY, clear_left_copies

    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()  # a process id that has ended
    dead = tmp_path / f"{READ_ONLY_COPY}{child.pid}-abc.banker"
    living = tmp_path / f"{READ_ONLY_COPY}{os.getpid()}-def.banker"
    stray = tmp_path / "banker-x.banker"
    for path in (dead, living, stray):
        path.write_bytes(b"")
    assert clear_left_copies(tmp_path) == [dead]
    assert not dead.exists() and living.exists() and stray.exists()


def test_a_wal_cut_under_an_open_game_is_not_copied_into_it_at_the_close(tmp_path: Path) -> None:
    """The review: a -wal truncated under the open game, then a normal close, left the
    game file itself "malformed"; emptied, the whole game was gone ("no setup entry").
    The close now leaves the game file as it was and the -wal as it is: the next opening
    says what is wrong, and `recover` saves what the intact frames hold."""
    path = tmp_path / "open.banker"
    journal = Journal.create(path, c.Setup(players=["Ann", "Ben"], edition=load_edition("us")))
    for _ in range(COMMANDS):
        journal.apply(c.Collect(player="Ann", amount=1))
    wal = Path(f"{path}-wal")
    wal.write_bytes(wal.read_bytes()[: wal.stat().st_size // 2 + 7])  # a tool cut it
    journal.close()
    with sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"  # not copied in
    with pytest.raises(JournalError, match="-wal"):
        Journal.open(path, read_only=True)
    report = recover(path, tmp_path / "saved.banker")
    assert report.saved > 0 and report.lost


def test_a_wal_emptied_under_an_open_game_is_said_at_the_next_opening(tmp_path: Path) -> None:
    """The review: a -wal emptied by a tool under the open game, then a normal close, and
    the whole game was gone ("no setup entry"). Now the close leaves the game file as it
    was and writes down how far the game went: the next opening names the entries lost."""
    path = tmp_path / "open.banker"
    journal = Journal.create(path, c.Setup(players=["Ann", "Ben"], edition=load_edition("us")))
    for _ in range(COMMANDS):
        journal.apply(c.Collect(player="Ann", amount=1))
    Path(f"{path}-wal").write_bytes(b"")  # a sync tool emptied it
    journal.close()
    with pytest.raises(JournalError, match=f"as far as entry {COMMANDS + 1} "):
        Journal.open(path, read_only=True)
    assert glance(path) is None
    report = recover(path, tmp_path / "saved.banker")
    with Journal.open(tmp_path / "saved.banker", read_only=True) as saved:
        assert saved.game.seq == report.saved + 1


@pytest.mark.parametrize("hurt", [cut_inside_a_frame, empty, remove], ids=lambda f: f.__name__)
def test_a_wal_cut_under_an_open_game_is_found_at_the_next_command(
    hurt: Callable[[Path], None], tmp_path: Path
) -> None:
    """A -wal cut, emptied or removed under the open game took the commands in it and
    every one acknowledged after it (SQLite wrote on past the hole, or into the removed
    file): the next command is refused before it is acknowledged, nothing is changed,
    and the next opening names how far the game went."""
    path = tmp_path / "open.banker"
    journal = Journal.create(path, c.Setup(players=["Ann", "Ben"], edition=load_edition("us")))
    for _ in range(COMMANDS):
        journal.apply(c.Collect(player="Ann", amount=1))
    hurt(path)
    with pytest.raises(JournalError, match="Nothing was changed: the -wal file"):
        journal.apply(c.Collect(player="Ann", amount=1))
    assert journal.game.seq == COMMANDS + 1
    assert journal.game.state.player("Ann").cash == 1500 + COMMANDS
    with pytest.raises(JournalError, match="cut, emptied or removed"):
        journal.undo()  # nor anything else
    journal.close()
    if hurt is remove:  # SQLite still held the removed file and copied it in at the close
        with Journal.open(path, read_only=True) as reopened:
            assert reopened.game.seq == COMMANDS + 1
        return
    with pytest.raises(JournalError, match=f"as far as entry {COMMANDS + 1}|{COMMANDS + 1} went"):
        Journal.open(path, read_only=True)


def test_a_wal_written_again_by_sqlite_is_no_alarm(tmp_path: Path) -> None:
    """SQLite copies the -wal into the game file now and then and writes it again from its
    start (the same file, never shorter): a long game goes on without a false alarm."""
    path = tmp_path / "long.banker"
    with Journal.create(path, c.Setup(players=["Ann", "Ben"], edition=load_edition("us"))) as j:
        for n in range(1, 1200):
            j.apply(c.Collect(player="Ann", amount=1))
            if n % 300 == 0:
                j._conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        assert j.game.state.player("Ann").cash == 1500 + 1199
    with Journal.open(path, read_only=True) as journal:
        assert journal.game.seq == 1200


def test_a_write_cut_short_after_the_last_commit_opens_whole_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A full disk refuses a write halfway through a frame: the -wal ends inside a frame
    after every committed one, which its index still counts. SQLite leaves that frame
    out; so does the bank, and the opening says what happened."""
    game = crashed_game(tmp_path)
    wal = Path(f"{game}-wal")
    with wal.open("ab") as handle:
        handle.write(os.urandom(FRAME_HEADER + page_size(game) // 2))
    check = check_wal(game)
    assert not check.damaged and check.torn
    with Journal.open(game, read_only=True) as journal:
        assert journal.torn
        assert journal.game.seq == COMMANDS + 1
        assert journal.game.state.player("Ann").cash == 1500 + COMMANDS
    code, out = said(["show", str(game)], capsys)
    assert code == 0 and "the last write before this opening was cut short" in out


def test_a_frame_cut_short_without_its_index_is_still_refused(tmp_path: Path) -> None:
    """Without the index nothing tells a write refused from a -wal cut short since: the
    cut stays a damage, and `recover` reads what is whole."""
    game = crashed_game(tmp_path)
    with Path(f"{game}-wal").open("ab") as handle:
        handle.write(os.urandom(FRAME_HEADER + page_size(game) // 2))
    Path(f"{game}-shm").unlink()
    assert check_wal(game).damaged
    with pytest.raises(JournalError, match="cut short inside a frame"):
        Journal.open(game, read_only=True)
