"""The life of a Banker store file in SQLite, shared by games and events: connect, read
the header before SQLite opens a file, build under a temporary name then publish it, the
witness of a -wal found cut, and the quiet clean-ups a failure leaves to do.

A store file is one SQLite database in WAL mode, synchronous=FULL; each journal (the game's
`banker.store.journal`, the event's `banker.tournament.journal`) keeps its own entries
and rules over these.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import shutil
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from banker.core.errors import JournalError
from banker.i18n.message import Message, msg
from banker.store import fileformat as ff

DB_ERRORS = (sqlite3.Error, UnicodeError, OverflowError, MemoryError, RecursionError)
"""What reading a damaged SQLite file can raise: its own errors, and an error message
that is not valid UTF-8, a number too big, a row too big or too deep."""
ROW_ERRORS = (ValueError, KeyError, TypeError, IndexError, AttributeError)
"""What a damaged row's contents can raise while being parsed."""


def now() -> str:
    """The time now, to the second, as the files write it (ISO 8601, UTC)."""
    return _second(int(time.time()))


@functools.lru_cache(maxsize=1)
def _second(second: int) -> str:
    """A second as the files write it: worked out once, for the entries written in it."""
    return datetime.fromtimestamp(second, UTC).isoformat(timespec="seconds")


def write_setup(
    building: Path, application_id: int, version: int, command: str, message: Message
) -> None:
    """A new store file at `building` (not yet under its name): the schema, its marks,
    and its first entry, the setup, with its digest. Games and events are made alike.

    Raises:
        sqlite3.Error, OSError: it cannot be written.
    """
    conn = sqlite3.connect(building, isolation_level=None)
    try:
        conn.execute("PRAGMA synchronous = FULL")
        conn.executescript(ff.SCHEMA)
        conn.execute(f"PRAGMA application_id = {application_id}")
        conn.execute(f"PRAGMA user_version = {version}")
        at, said = now(), json.dumps(message.to_json())
        chain = ff.entry_chain(ff.GENESIS, 1, "setup", command, None, said, at)
        conn.execute(
            "INSERT INTO journal (seq, kind, command, target, message, at, chain)"
            " VALUES (1, 'setup', ?, NULL, ?, ?, ?)",
            (command, said, at, chain),
        )
    finally:
        conn.close()


def connect(
    path: Path, read_only: bool = False, any_thread: bool = False, immutable: bool = False
) -> sqlite3.Connection:
    """A connection; `immutable` where nothing can be written beside the file (a
    read-only folder), so SQLite does not try to make its shared-memory file there."""
    same_thread = not any_thread
    if read_only:
        how = "mode=ro&immutable=1" if immutable else "mode=ro"
        conn = sqlite3.connect(
            f"{path.resolve().as_uri()}?{how}",
            uri=True,
            isolation_level=None,
            check_same_thread=same_thread,
        )
    else:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=same_thread)
        conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA busy_timeout = 2000")
    return conn


def read_header(path: Path, missing: str, not_a_file: str, not_banker: str) -> int:
    """The application id in the SQLite header of `path`, read before SQLite opens it (so
    another program's database is never changed by opening). Refused, with the caller's
    words: nothing at all, a FIFO or a device, or not an SQLite database.

    Raises:
        JournalError: with `missing`, `not_a_file` or `not_banker` (each with {path}).
    """
    try:
        exists = path.exists()
    except OSError:
        exists = False
    if not exists:
        raise JournalError(missing, path=path) from None
    if not ff.regular_file(path):
        raise JournalError(not_a_file, path=path)
    try:
        with path.open("rb") as f:
            header = f.read(100)
    except OSError as exc:
        raise JournalError("Cannot read {path}: {why}", path=path, why=exc) from None
    if len(header) < 100 or not header.startswith(ff.SQLITE_HEADER):
        raise JournalError(not_banker, path=path)
    return int.from_bytes(header[68:72], "big")


Row = tuple[int, str, str | None, int | None, str, str, str | None]
"""A journal row as written; as read, checked by its digest (or, in version 1, each
value's type) before it is used."""


def rows(conn: sqlite3.Connection, version: int) -> Iterator[Row]:
    chain = "chain" if version >= 2 else "NULL"
    yield from conn.execute(
        f"SELECT seq, kind, command, target, message, at, {chain} FROM journal ORDER BY seq"
    )


SIDECARS = ("-wal", "-shm", "-journal", "-open", "-lost")
"""The files kept beside a store file by its name alone: SQLite's (whatever it finds
under them it reads into the file of that name, whichever file that is), the mark of a
journal not closed and the witness of a -wal found cut (either would say the new file
lost entries it never had)."""


def publish(building: Path, path: Path) -> list[Path]:
    """Give a finished file its name, never over a file that appeared meanwhile.

    A -wal, -shm or -journal under the name with no file beside it was left by a game
    that is gone (deleted after a crash): SQLite would replay it onto the new file, which
    would then be refused as damaged and block the name. Each is moved aside first,
    under a name SQLite never reads; the places they went are returned for the caller
    to say.

    Raises:
        JournalError: a file is already at `path`.
        OSError: a leftover cannot be moved aside, or the name cannot be given (nothing
            is published then).
    """
    exists = JournalError(
        "A file already exists at {path}: open that game, or choose another name.", path=path
    )
    if path.exists() or path.is_symlink():
        raise exists
    moved = set_aside(path)
    try:
        os.link(building, path)
    except FileExistsError:
        raise exists from None
    except OSError:  # no hard links here (some shared folders): check, then rename
        if path.exists():
            raise exists from None
        os.replace(building, path)
    else:
        building.unlink()
    sync_folder(path.parent)
    return moved


def said_aside(moved: list[Path]) -> list[Message]:
    """What to tell the person who made a file of the leftovers `publish` moved aside."""
    return [
        msg(
            "Moved aside to {aside}: a file an earlier game of this name left behind (the "
            "game itself is gone), which would have been read into the new one.",
            aside=str(aside),
        )
        for aside in moved
    ]


def set_aside(path: Path) -> list[Path]:
    """Move the SQLite files under `path`'s name (with no file at `path`) to names of
    their own beside it: `NAME-wal.left-YYYYMMDD-HHMMSS`, kept for whoever wants to look
    at them, never read by SQLite. The new names, in order.

    Raises:
        OSError: one cannot be moved (those before it stay moved).
    """
    moved = []
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    for suffix in SIDECARS:
        left = path.with_name(path.name + suffix)
        if not (left.exists() or left.is_symlink()):
            continue
        aside = path.with_name(f"{left.name}.left-{stamp}")
        n = 1
        while aside.exists() or aside.is_symlink():
            n += 1
            aside = path.with_name(f"{left.name}.left-{stamp}-{n}")
        os.rename(left, aside)
        moved.append(aside)
    if moved:
        sync_folder(path.parent)
    return moved


def sync_folder(folder: Path) -> None:
    """Make a new name in `folder` survive a power cut (where the system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def clear_abandoned(path: Path) -> None:
    """Remove what an earlier try to make `path` left when it was killed (its process is
    gone); a try still running elsewhere keeps its file."""
    for left in path.parent.glob(f".{path.name}.*.building"):
        pid = left.name[len(path.name) + 2 : -len(".building")]
        if not pid.isdecimal():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            unlink_quietly(left)
        except (OSError, OverflowError):
            continue
    unlink_quietly(path.with_name(f".{path.name}.{os.getpid()}.building"))


def witness(path: Path) -> Path:
    return path.with_name(path.name + "-lost")


def witness_loss(path: Path, seq: int) -> None:
    """Write down, beside the game, the last entry it had when its -wal was found cut
    under it at the close: the only record left that those entries existed."""
    target = witness(path)
    written = target.with_name(f".{target.name}.{os.getpid()}")
    try:  # whole or not at all: a full disk would leave an empty witness, which says nothing
        written.write_text(json.dumps({"seq": seq}), encoding="utf-8")
        os.replace(written, target)
    except OSError:
        unlink_quietly(written)  # nothing more can be done; the close goes on


def witnessed(path: Path) -> int | None:
    """The last entry a game had when its -wal was found cut (`witness_loss`), if ever."""
    try:
        seq = json.loads(witness(path).read_text(encoding="utf-8")).get("seq")
    except (OSError, ValueError, AttributeError):
        return None
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else None


class Mark:
    """`GAME-open`: the last entry acknowledged, written beside a file while it is open
    for writing, and removed when it is closed. Found at an opening, it says the file was
    not closed (a crash); if the file then holds fewer entries, its -wal was removed since
    (with its -shm, nothing else would tell): the entries it held are named, never lost
    silently. One small write at the same place after each command, and no flush: it
    outlives the process, and a power cut may leave it behind the -wal, never ahead."""

    WIDTH = 21

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def start(cls, path: Path, seq: int) -> Mark | None:
        """The mark of `path` from `seq` on; None where it cannot be written (a full disk,
        a folder that refuses it: the game goes on without it)."""
        target = mark_of(path)
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o644)
        except OSError:
            return None
        mark = cls(target, fd)
        mark.note(seq)
        return mark

    def note(self, seq: int) -> None:
        try:
            os.pwrite(self._fd, f"{seq:>{self.WIDTH - 1}}\n".encode(), 0)
        except OSError:
            pass  # a full disk: the -wal said so already; the mark stays behind, not ahead

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self._fd)
        with contextlib.suppress(OSError):
            os.unlink(self.path)


def mark_of(path: Path) -> Path:
    return path.with_name(path.name + "-open")


def marked(path: Path) -> int | None:
    """The last entry acknowledged by a journal of `path` that was not closed, if any."""
    try:
        with open(mark_of(path), "rb") as f:
            text = f.read(Mark.WIDTH + 1)
    except OSError:
        return None
    try:
        seq = int(text.decode("ascii").strip() or "x")
    except (UnicodeDecodeError, ValueError):
        return None
    return seq if seq >= 1 else None


FULL_BELOW = 256 << 10
"""A disk with less free space than this is full for a game (SQLite needs a few pages)."""


def disk_full(path: Path) -> bool:
    try:
        return shutil.disk_usage(path.parent).free < FULL_BELOW
    except OSError:
        return False


def unlink_scratch(scratch: Path | None) -> None:
    if scratch is not None:
        try:
            scratch.unlink(missing_ok=True)
        except OSError:
            pass


def unlink_quietly(path: Path) -> None:
    """Remove a file of ours that is no game (one being built, a scratch copy) and what
    SQLite or its journal kept beside it, whatever is there."""
    for suffix in ("", *SIDECARS):
        try:
            os.unlink(f"{path}{suffix}")
        except OSError:
            pass


def close_quietly(conn: sqlite3.Connection | None, lock: IO[bytes] | None) -> None:
    if conn is not None:
        try:
            conn.close()
        except DB_ERRORS:
            pass
    if lock is not None:
        lock.close()


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """One write transaction (`BEGIN IMMEDIATE`): committed whole at the end of the block,
    or rolled back whole when anything in it fails, the commit included."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
