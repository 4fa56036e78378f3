"""A first look at a game file: the ledger as it was last saved, read without the rules.

When a game file is closed, the journal saves what the ledger showed (`LedgerView`) next
to the last entry it belongs to. Opening the app reads that view and the latest history
lines straight from SQLite, so the first screen is drawn before the rules' models are
loaded; the journal itself is opened right after, and the ledger redrawn from it. A view
that does not belong to the last entry (the game went on without the app being closed
properly, or an older Banker wrote the file) is not used: the app then opens the journal
first, as it always can.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO

from banker.core.errors import JournalError
from banker.core.view import VIEW_VERSION, LedgerView
from banker.i18n.message import ENGLISH, Message, msg
from banker.store import fileformat as ff
from banker.store.fileformat import APPLICATION_ID, SCHEMA_VERSION

__all__ = ["APPLICATION_ID", "HISTORY_SHOWN", "SCHEMA_VERSION", "Glance", "LogEntry", "glance"]

HISTORY_SHOWN = 60
"""History entries the ledger draws at most: the latest ones, more than the tallest
screen shows; the full journal stays on disk (`banker log`)."""


@dataclass(frozen=True)
class LogEntry:
    """One line of the journal as the history shows it."""

    seq: int
    kind: str
    """`setup`, `command`, `undo` or `redo`."""
    message: Message
    at: str
    undone: bool
    """A command entry that is not applied now (undone and not redone)."""

    @classmethod
    def from_row(cls, row: tuple[int, str, str, str], undone: bool) -> LogEntry:
        """The entry from its journal row (seq, kind, message, at); a row too damaged to
        read gives an entry that says so, never an error in whatever draws the history."""
        seq, kind, text, at = row
        try:
            message = Message.from_json(json.loads(text))
            message.render(ENGLISH)  # a damaged template or parameter fails here, not later
        except Exception:  # anything at all: the row is damaged
            message = msg(
                "Entry {seq} is damaged: 'banker recover' can save the entries around it.",
                seq=str(seq),
            )
        return cls(
            seq if isinstance(seq, int) else 0,
            kind if isinstance(kind, str) else "command",
            message,
            at if isinstance(at, str) else "",
            undone,
        )


@dataclass(frozen=True)
class Glance:
    """What the ledger showed when the game file was last closed, still its latest state."""

    path: Path
    seq: int
    """The last journal entry, which the view belongs to."""
    view: LedgerView
    history: tuple[LogEntry, ...]
    """The latest entries, oldest first."""
    started_at: datetime


def glance(path: Path) -> Glance | None:
    """The saved ledger of the game at `path`, or None when there is none to trust (then
    open the journal, which says what is wrong with a file if anything is)."""
    try:
        if not ff.regular_file(path):
            return None
        # the -wal's reader (8 ms): only once the file is known to be a game's (start-up)
        from banker.store.wal import check_wal

        if path.with_name(path.name + "-lost").exists():
            return None  # entries were lost with a cut -wal: the journal's opening says so
        wal = None if written_elsewhere(path) else check_wal(path)
        if wal is not None and wal.damaged:
            return None  # the journal's opening says what is wrong
        if read_only_note(path) and (wal is None or wal.frames):
            return None  # the latest commands are in the -wal: the journal reads them
        how = "mode=ro&immutable=1" if read_only_note(path) else "mode=ro"
        uri = f"{path.resolve().as_uri()}?{how}"
        with closing(sqlite3.connect(uri, uri=True, isolation_level=None)) as conn:
            if conn.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
                return None
            if conn.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
                return None
            saved = conn.execute("SELECT seq, view FROM views").fetchone()
            last = conn.execute("SELECT max(seq) FROM journal").fetchone()[0]
            if saved is None or saved[0] != last:
                return None
            data = json.loads(saved[1])
            if data.get("version") != VIEW_VERSION:
                return None
            undone = set(data["undone"])
            rows = conn.execute(
                "SELECT seq, kind, command, target, message, at, chain FROM journal"
                " ORDER BY seq DESC LIMIT ?",
                (HISTORY_SHOWN + 1,),
            ).fetchall()[::-1]
            # each line shown, and the view, checked against the digests stored with them
            previous = ff.GENESIS if rows[0][0] == 1 else rows[0][6]
            for seq, kind, command, target, message, at, chain in rows[int(rows[0][0] != 1) :]:
                if chain != ff.entry_chain(previous, seq, kind, command, target, message, at):
                    return None
                previous = chain
            if data.get("check") != ff.view_check(last, previous, data):
                return None
            shown = [(r[0], r[1], r[4], r[5]) for r in rows[-HISTORY_SHOWN:]]
            first = conn.execute("SELECT at FROM journal WHERE seq = 1").fetchone()
            return Glance(
                path=path,
                seq=last,
                view=LedgerView.from_json(data["ledger"]),
                history=tuple(LogEntry.from_row(row, row[0] in undone) for row in shown),
                started_at=datetime.fromisoformat(first[0]),
            )
    except Exception:  # anything at all: open the journal, which says what is wrong
        return None


def read_only_note(path: Path) -> Message | None:
    """Why the game at `path` can only be read here, or None when it can be written."""
    try:
        if not os.access(path.parent.resolve(), os.W_OK):
            return msg("its folder cannot be written")
        if not os.access(path, os.W_OK):
            return msg("the file cannot be written")
        with path.open("r+b"):  # a read-only mount says so only when asked to write
            pass
    except PermissionError:
        return msg("the file cannot be written")
    except OSError as exc:
        if exc.errno == 30:  # EROFS
            return msg("it is on a read-only disk")
        return None
    return None


def damaged_file(path: Path, why: BaseException) -> JournalError:
    """The refusal for a file SQLite itself cannot read, whatever the error's text holds:
    its reason said by its kind (SQLite's own text goes to the log)."""
    return JournalError(
        "{path} is damaged and cannot be read ({why}). 'banker recover' can save "
        "its intact commands into a new game.",
        path=path,
        why=why,
    )


def lock(path: Path) -> IO[bytes]:
    """Hold an exclusive lock on the game file for as long as it is open for writing.

    Raises:
        JournalError: another window or process has it open for writing.
    """
    handle = path.open("rb")
    if sys.platform != "win32":
        import fcntl

        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise JournalError(
                "{path} is already open for writing in another window or process: close it "
                "there first (a read-only view, like 'banker share', is fine).",
                path=path,
            ) from None
    return handle


def written_elsewhere(path: Path) -> bool:
    """Whether a window or process has the game open for writing right now."""
    if sys.platform == "win32":
        return False
    import fcntl

    try:
        with path.open("rb") as handle:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
            except OSError:
                return True
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    except OSError:
        return False
    return False


def check_unlocked(path: Path) -> None:
    """Refuse now, before drawing anything, a game open for writing elsewhere.

    Raises:
        JournalError: it is; the message says what to do.
    """
    lock(path).close()
