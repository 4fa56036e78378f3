"""The -wal file beside a game: read and checked before the game is trusted.

SQLite writes each command first to `GAME-wal`, as frames of whole pages, each with a
checksum that chains on from the one before, and copies them into the game file later.
When it opens a game it reads the -wal up to the first frame whose checksum fails and
quietly ignores the rest, so a damaged -wal (a bit flipped on a disk, a copy cut short, a
tool that emptied it) would show an older game as if it were the latest. Here the whole
-wal is read first: each frame is checked against its own checksum (from the stored one
of the frame before it, so one bad frame does not hide the good ones after it), and a
frame of this -wal's generation that fails, with committed frames after it or a frame cut
short at the end, is damage: the commands after it were acknowledged and would be lost.

`salvage` writes the game file with every intact frame applied, which `banker recover`
then reads entry by entry (each entry is still checked by its digest).
"""

from __future__ import annotations

import os
import struct
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from banker.i18n.message import Message, msg

HEADER = 32
FRAME_HEADER = 24
MAGIC = (0x377F0682, 0x377F0683)
"""The -wal's magic number: its last bit says the checksums' byte order (1: big-endian)."""
MAX_PAGE = 65536
_MASK = 0xFFFFFFFF


@dataclass(frozen=True)
class Frame:
    offset: int
    page: int
    commit: int
    """The database's size in pages after this frame, for the last frame of a commit; else 0."""
    ours: bool
    """Written in this -wal's generation (its salts match the header's)."""
    intact: bool
    """Its checksum holds (from the stored checksum of the frame before it)."""


@dataclass
class WalCheck:
    """What the -wal beside a game holds, and whether it is damaged."""

    path: Path
    page_size: int = 0
    frames: list[Frame] = field(default_factory=list)
    problem: Message | None = None
    """Why the -wal cannot be trusted (None: it is sound, or empty, or absent)."""
    lost: int = 0
    """Commits (one per command) after the first damaged frame: acknowledged, unreadable
    (0 for a -wal cut short: how many were after the cut cannot be known)."""
    foreign: bool = False
    """Its frames are not the ones its index counted (another game's -wal, or one written
    again since): none of them is this game's to apply."""
    torn: bool = False
    """It ends inside a frame after its whole ones: the last write was cut short (a full
    disk refuses a write halfway). A damage (the `problem`) until the index shows the cut
    is after every frame committed, which SQLite then leaves out, as it leaves out every
    frame of a commit that never ended."""

    @property
    def damaged(self) -> bool:
        return self.problem is not None


def wal_of(game: Path) -> Path:
    return game.with_name(game.name + "-wal")


class WalWatch:
    """The -wal an open journal writes to, watched between its writes: one cut, emptied or
    removed under it (a sync tool, a disk) takes the commands in it, and every one SQLite
    writes after (past the hole, or into the removed file)."""

    def __init__(self, path: Path) -> None:
        self.path = wal_of(path)
        self._where = os.fspath(self.path)
        """The path as text: looked at twice a command, without `Path`'s own work."""
        self.size = 0
        """The -wal's size after the last write (it never shrinks until the close)."""
        self.id: tuple[int, int] | None = None
        """Which file it was then (device and inode); None before it held anything."""

    def note(self) -> None:
        """Note how much the -wal holds now (after a write, and at the opening)."""
        try:
            seen = os.stat(self._where)
        except OSError:
            self.size, self.id = 0, None
            return
        self.size, self.id = seen.st_size, (seen.st_dev, seen.st_ino)

    def kept(self) -> bool:
        """Whether the -wal is still the file written to, no shorter."""
        if self.id is None:
            return True  # nothing in it yet
        try:
            seen = os.stat(self._where)
        except OSError:
            return False
        return seen.st_size >= self.size and (seen.st_dev, seen.st_ino) == self.id


INDEX_HEADER = 48
INDEX_READ = 2 * INDEX_HEADER + 4
"""The two copies of the index's header, then how many frames are in the game file."""
INDEX_VERSION = 3007000


@dataclass(frozen=True)
class Index:
    """What SQLite's index of the -wal (the `GAME-shm` file, which a crash leaves behind)
    says the -wal held when the game was last written: how many frames were committed,
    how many of them were already copied into the game file, and the -wal's salts."""

    frames: int
    copied: int
    salts: bytes
    page_size: int


def read_index(game: Path) -> Index | None:
    """The index beside `game`, if there is one whose header is whole and checks (its two
    copies alike, its checksum right); None otherwise (SQLite then rebuilds it from the
    -wal, as it does whenever a game is first opened)."""
    path = game.with_name(game.name + "-shm")
    try:
        with path.open("rb") as handle:
            data = handle.read(INDEX_READ)
    except OSError:
        return None
    if len(data) < INDEX_READ or data[:INDEX_HEADER] != data[INDEX_HEADER : 2 * INDEX_HEADER]:
        return None
    order = ">" if sys.byteorder == "big" else "<"
    version, _unused, _change, ready, _big, size, frames = struct.unpack(
        f"{order}3I2BHI", data[:20]
    )
    stored = struct.unpack(f"{order}2I", data[40:48])
    if version != INDEX_VERSION or ready != 1:
        return None
    if _checksum(data[:40], 0, 0, sys.byteorder == "big") != stored:
        return None
    (copied,) = struct.unpack(f"{order}I", data[96:100])
    return Index(frames, copied, data[32:40], 65536 if size == 1 else size)


def _checksum(data: bytes, s0: int, s1: int, big: bool) -> tuple[int, int]:
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    pairs = iter(words)
    for a, b in zip(pairs, pairs, strict=True):
        s0 = (s0 + a + s1) & _MASK
        s1 = (s1 + b + s0) & _MASK
    return s0, s1


def check_wal(game: Path, against_index: bool = True) -> WalCheck:
    """Read the -wal beside `game` (if any) and say whether it is damaged.

    Never raises for what the file holds; an -wal that cannot be opened is reported as
    a problem too (the game cannot be trusted without it).

    Args:
        against_index: also count its frames against SQLite's index (the -shm file), as
            a game is opened. Not while this process has the game open: closing a file
            of the -shm's drops every lock the process holds on it (POSIX locks are the
            process's), SQLite's among them, and another process would then take the
            index for its own and remake it under this one's feet.
    """
    path = wal_of(game)
    report = WalCheck(path)
    try:
        data = path.read_bytes() if path.exists() else b""
    except OSError as exc:
        report.problem = msg("it cannot be read ({why})", why=exc)
        return report
    _read_frames(data, report)
    if against_index and report.torn:
        _torn_after_commits(game, report, data[16:24])
    if against_index and not report.damaged:
        _against_index(game, report, data[16:24])
    return report


def _torn_after_commits(game: Path, report: WalCheck, salts: bytes) -> None:
    """A -wal cut short inside a frame is the write a full disk refused when SQLite's
    index (written at each commit) counts frames that are all whole and intact before the
    cut: nothing committed was in the cut frame. Without the index nothing tells a write
    refused from a -wal cut short since, and the cut stays a damage."""
    index = read_index(game)
    if index is None or salts != index.salts or report.page_size != index.page_size:
        return
    whole = 0
    for frame in report.frames:
        if not (frame.ours and frame.intact):
            break
        whole += 1
    if whole >= index.frames:
        report.problem = None  # `torn` stays: what the opening says happened


def _against_index(game: Path, report: WalCheck, salts: bytes) -> None:
    """After a crash the -wal's index is still beside it and counts the frames committed
    to it: a -wal cut at a frame's end, emptied, removed or replaced since holds fewer of
    them (or other ones), which its own checksums cannot show."""
    index = read_index(game)
    if index is None or index.frames <= index.copied:
        return  # nothing counted, or everything counted is in the game file already
    have = 0
    if salts == index.salts and report.page_size == index.page_size:
        for frame in report.frames[: index.frames]:
            if not (frame.ours and frame.intact):
                break
            have += 1
    if have < index.frames:
        report.foreign = len(salts) == 8 and salts != index.salts
        report.problem = msg(
            "it holds {have} of the {frames} frames it held when the game was last written: "
            "it was cut, emptied or replaced since",
            have=have,
            frames=index.frames,
        )


def _read_frames(data: bytes, report: WalCheck) -> None:
    """Read the frames of the -wal `data` into `report`, saying what is damaged."""
    if not data:
        return
    if len(data) < HEADER:
        report.problem = msg("it is cut short inside its header")
        return
    magic, _version, page_size, _seq, salt1, salt2, c0, c1 = struct.unpack(">8I", data[:HEADER])
    big = magic == MAGIC[1]
    if (
        magic not in MAGIC
        or page_size < 512
        or page_size > MAX_PAGE
        or page_size & (page_size - 1)
        or _checksum(data[:24], 0, 0, big) != (c0, c1)
    ):
        # SQLite ignores a -wal with a bad header; whatever it held is gone unread.
        report.problem = msg("its header is damaged")
        report.lost = max(1, (len(data) - HEADER) // (FRAME_HEADER + max(page_size, 512)))
        return
    report.page_size = page_size
    size = FRAME_HEADER + page_size
    s0, s1 = c0, c1
    for offset in range(HEADER, len(data) - size + 1, size):
        page, commit, f1, f2, k0, k1 = struct.unpack(">6I", data[offset : offset + FRAME_HEADER])
        ours = (f1, f2) == (salt1, salt2)
        body = data[offset : offset + 8] + data[offset + FRAME_HEADER : offset + size]
        intact = ours and page > 0 and _checksum(body, s0, s1, big) == (k0, k1)
        report.frames.append(Frame(offset, page, commit, ours, intact))
        s0, s1 = k0, k1  # the next frame chains on from what this one stored
    first_bad = next((i for i, f in enumerate(report.frames) if not f.intact), None)
    if first_bad is not None:
        later = report.frames[first_bad:]
        report.lost = sum(1 for f in later if f.ours and f.commit)
        if report.lost:
            report.problem = msg("a frame is damaged and commands were saved after it")
    tail = (len(data) - HEADER) % size
    if tail and report.problem is None and (not report.frames or report.frames[-1].ours):
        report.problem = msg("it is cut short inside a frame")
        report.torn = True


def salvage(game: Path, check: WalCheck, target: Path) -> int:
    """Write to `target` the game file with every intact frame of whole commits applied,
    in order, the damaged ones left out. The number of frames applied."""
    image = bytearray(game.read_bytes())
    if check.foreign or not check.frames:
        target.write_bytes(bytes(image))
        return 0
    data = check.path.read_bytes()
    size = check.page_size
    pending: list[Frame] = []
    applied = 0
    for frame in check.frames:
        if not frame.ours:
            continue
        pending.append(frame)
        if frame.commit:
            for f in pending:
                if not f.intact:
                    continue
                at = (f.page - 1) * size
                if len(image) < at + size:
                    image.extend(bytes(at + size - len(image)))
                start = f.offset + FRAME_HEADER
                image[at : at + size] = data[start : start + size]
                applied += 1
            pending = []
    target.write_bytes(bytes(image))
    return applied


READ_ONLY_COPY = "banker-read-only-"
"""The start of a read-only game's private copy's name, the process's id after it."""


def merged(game: Path, check: WalCheck) -> Path:
    """A private copy of `game` with its -wal's commits applied, in the system's temporary
    folder: how a game on a read-only disk is read whole (SQLite cannot read a -wal where
    it cannot make the shared-memory file beside it). The caller deletes it; copies left by
    a process that was killed first are deleted here, at the next one.

    Raises:
        OSError: the copy cannot be written.
    """
    clear_left_copies()
    handle, name = tempfile.mkstemp(prefix=f"{READ_ONLY_COPY}{os.getpid()}-", suffix=".banker")
    os.close(handle)
    try:
        salvage(game, check, Path(name))
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
    return Path(name)


def clear_left_copies(folder: Path | None = None) -> list[Path]:
    """Delete the read-only copies whose process has ended (killed before it could delete
    its own); another process's copy, and any other file, is left alone. Returns those
    deleted."""
    where = Path(folder or tempfile.gettempdir())
    cleared = []
    for copy in where.glob(f"{READ_ONLY_COPY}*-*.banker"):
        pid = copy.name.removeprefix(READ_ONLY_COPY).split("-", 1)[0]
        if not pid.isdigit() or _alive(int(pid)):
            continue
        copy.unlink(missing_ok=True)
        cleared.append(copy)
    return cleared


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True
