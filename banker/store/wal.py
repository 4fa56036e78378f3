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
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from banker.core.money import Message, msg

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

    @property
    def damaged(self) -> bool:
        return self.problem is not None


def wal_of(game: Path) -> Path:
    return game.with_name(game.name + "-wal")


def _checksum(data: bytes, s0: int, s1: int, big: bool) -> tuple[int, int]:
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    pairs = iter(words)
    for a, b in zip(pairs, pairs, strict=True):
        s0 = (s0 + a + s1) & _MASK
        s1 = (s1 + b + s0) & _MASK
    return s0, s1


def check_wal(game: Path) -> WalCheck:
    """Read the -wal beside `game` (if any) and say whether it is damaged.

    Never raises for what the file holds; an -wal that cannot be opened is reported as
    a problem too (the game cannot be trusted without it).
    """
    path = wal_of(game)
    report = WalCheck(path)
    try:
        if not path.exists():
            return report
        data = path.read_bytes()
    except OSError as exc:
        report.problem = msg("it cannot be read ({why})", why=exc)
        return report
    if not data:
        return report
    if len(data) < HEADER:
        report.problem = msg("it is cut short inside its header")
        return report
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
        return report
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
    return report


def salvage(game: Path, check: WalCheck, target: Path) -> int:
    """Write to `target` the game file with every intact frame of whole commits applied,
    in order, the damaged ones left out. The number of frames applied."""
    image = bytearray(game.read_bytes())
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


def merged(game: Path, check: WalCheck) -> Path:
    """A private copy of `game` with its -wal's commits applied, in the system's temporary
    folder: how a game on a read-only disk is read whole (SQLite cannot read a -wal where
    it cannot make the shared-memory file beside it). The caller deletes it.

    Raises:
        OSError: the copy cannot be written.
    """
    handle, name = tempfile.mkstemp(prefix="banker-", suffix=".banker")
    os.close(handle)
    try:
        salvage(game, check, Path(name))
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
    return Path(name)
