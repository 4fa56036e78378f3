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
import sqlite3
import sys
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO

from banker.core.errors import JournalError
from banker.core.money import Message
from banker.core.view import VIEW_VERSION, LedgerView

APPLICATION_ID = 0x42414E4B
"""'BANK': marks an SQLite file as a Banker game."""
SCHEMA_VERSION = 1

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
        """The entry from its journal row (seq, kind, message, at)."""
        seq, kind, text, at = row
        return cls(seq, kind, Message.from_json(json.loads(text)), at, undone)


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
        uri = f"{path.resolve().as_uri()}?mode=ro"
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
                "SELECT seq, kind, message, at FROM journal ORDER BY seq DESC LIMIT ?",
                (HISTORY_SHOWN,),
            ).fetchall()[::-1]
            first = conn.execute("SELECT at FROM journal WHERE seq = 1").fetchone()
            return Glance(
                path=path,
                seq=last,
                view=LedgerView.from_json(data["ledger"]),
                history=tuple(LogEntry.from_row(row, row[0] in undone) for row in rows),
                started_at=datetime.fromisoformat(first[0]),
            )
    except (sqlite3.Error, OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


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


def check_unlocked(path: Path) -> None:
    """Refuse now, before drawing anything, a game open for writing elsewhere.

    Raises:
        JournalError: it is; the message says what to do.
    """
    lock(path).close()
