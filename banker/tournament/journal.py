"""The event file: one SQLite file in the games folder, journaled like a game.

The same store as a game (`banker.store.journal`): WAL, synchronous=FULL, each accepted
command its own transaction committed before the event moves on, the same exclusive
lock while open for writing, the same table of entries, and undo and redo as entries
(history is never deleted). Only the application id differs, so a game file is never
taken for an event or the other way round. If the director's laptop dies, everything
acknowledged is in the file.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from banker.core.errors import BankerError, JournalError, NothingToUndo
from banker.core.money import Message, msg
from banker.store.glance import LogEntry
from banker.store.glance import lock as _lock
from banker.store.paths import default_games_dir
from banker.tournament.model import (
    EventCommand,
    EventSetup,
    EventState,
    apply,
    command_json,
    parse_command,
)

EVENT_APPLICATION_ID = 0x4254524E
"""'BTRN': marks an SQLite file as a Banker tournament."""
EVENT_SCHEMA_VERSION = 1
EVENT_SUFFIX = ".event"

_SCHEMA = """
CREATE TABLE journal (
    seq INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    command TEXT,
    target INTEGER,
    message TEXT NOT NULL,
    at TEXT NOT NULL
);
"""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def resolve_event_path(event: str | Path) -> Path:
    """An event given as a path, or as a bare name in the games folder."""
    path = Path(event).expanduser()
    text = str(event)
    if path.exists() or "/" in text or path.suffix:
        return path
    return default_games_dir() / f"{text}{EVENT_SUFFIX}"


class EventJournal:
    """An open event file and the event it holds."""

    def __init__(
        self, path: Path, conn: sqlite3.Connection, setup: EventSetup, lock: IO[bytes] | None
    ):
        self.path = path
        self._conn = conn
        self.setup = setup
        self._lock = lock
        self.seq = 1
        self._applied: list[tuple[int, EventCommand, Message]] = []
        self._undone: list[tuple[int, EventCommand, Message]] = []
        self.state = EventState(setup)

    @classmethod
    def create(cls, path: str | Path, setup: EventSetup) -> EventJournal:
        path = Path(path)
        if not setup.join_token:
            setup = setup.model_copy(update={"join_token": secrets.token_urlsafe(16)})
        if path.exists():
            raise JournalError(
                "A file already exists at {path}: open that event, or choose another name.",
                path=path,
            )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = _connect(path)
            conn.executescript(_SCHEMA)
            conn.execute(f"PRAGMA application_id = {EVENT_APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {EVENT_SCHEMA_VERSION}")
            message = msg(
                "New event: {name}, {rounds} rounds", name=setup.name, rounds=str(setup.rounds)
            )
            conn.execute(
                "INSERT INTO journal (seq, kind, command, target, message, at)"
                " VALUES (1, 'setup', ?, NULL, ?, ?)",
                (setup.model_dump_json(), json.dumps(message.to_json()), now()),
            )
        except (OSError, sqlite3.Error) as exc:
            raise JournalError(
                "Cannot create the event file {path}: {why}", path=path, why=exc
            ) from None
        return cls(path, conn, setup, _lock(path))

    @classmethod
    def open(cls, path: str | Path, read_only: bool = False) -> EventJournal:
        path = Path(path)
        if not path.is_file():
            raise JournalError(
                "There is no event at {path}. Start one with 'banker tournament new'.", path=path
            )
        lock = None if read_only else _lock(path)
        try:
            conn = _connect(path, read_only)
            journal = _load(path, conn, lock)
        except sqlite3.Error as exc:
            if lock:
                lock.close()
            raise JournalError(
                "{path} is not a readable event file ({why}).", path=path, why=exc
            ) from None
        except BankerError:
            if lock:
                lock.close()
            raise
        return journal

    def close(self) -> None:
        self._conn.close()
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def __enter__(self) -> EventJournal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # Changing the event: written first, then done.

    def apply(self, command: EventCommand) -> Message:
        state, message = apply(self.state, command)
        self._write("command", command_json(command), None, message)
        self._applied.append((self.seq, command, message))
        self._undone.clear()
        self.state = state
        return message

    def undo(self) -> Message:
        if not self._applied:
            raise NothingToUndo("There is nothing to undo: no command has been applied yet.")
        seq, _, what = self._applied[-1]
        state = self._replay(self._applied[:-1])
        message = msg("Undid: {what}", what=what)
        self._write("undo", None, seq, message)
        self._undone.append(self._applied.pop())
        self.state = state
        return message

    def redo(self) -> Message:
        if not self._undone:
            raise NothingToUndo(
                "There is nothing to redo: no command has been undone since the last one."
            )
        seq, command, what = self._undone[-1]
        state, _ = apply(self.state, command)
        message = msg("Redid: {what}", what=what)
        self._write("redo", None, seq, message)
        self._applied.append(self._undone.pop())
        self.state = state
        return message

    def _replay(self, applied: list[tuple[int, EventCommand, Message]]) -> EventState:
        state = EventState(self.setup)
        for _, command, _ in applied:
            state, _ = apply(state, command)
        return state

    def _write(self, kind: str, command: str | None, target: int | None, message: Message) -> None:
        if self._lock is None:
            raise JournalError(
                "This event is open read-only: changes are made where it is open for writing."
            )
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            self._conn.execute(
                "INSERT INTO journal (seq, kind, command, target, message, at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (self.seq + 1, kind, command, target, json.dumps(message.to_json()), now()),
            )
            self._conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise JournalError(
                "The event could not be saved ({why}), so nothing was changed.", why=exc
            ) from None
        self.seq += 1

    def entries(self) -> list[LogEntry]:
        applied = {seq for seq, _, _ in self._applied}
        rows = self._conn.execute("SELECT seq, kind, message, at FROM journal ORDER BY seq")
        return [
            LogEntry.from_row(row, row[1] == "command" and row[0] not in applied) for row in rows
        ]


def _connect(path: Path, read_only: bool = False) -> sqlite3.Connection:
    if read_only:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
    else:
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA busy_timeout = 2000")
    return conn


def _load(path: Path, conn: sqlite3.Connection, lock: IO[bytes] | None) -> EventJournal:
    if conn.execute("PRAGMA application_id").fetchone()[0] != EVENT_APPLICATION_ID:
        raise JournalError("{path} is not a Banker event file.", path=path)
    if conn.execute("PRAGMA user_version").fetchone()[0] > EVENT_SCHEMA_VERSION:
        raise JournalError(
            "{path} was written by a newer Banker: update Banker to open it.", path=path
        )
    first = conn.execute("SELECT kind, command FROM journal WHERE seq = 1").fetchone()
    if first is None or first[0] != "setup" or first[1] is None:
        raise JournalError("{path} has no event setup: it is damaged.", path=path)
    setup = EventSetup.model_validate_json(first[1])
    journal = EventJournal(path, conn, setup, lock)
    rows = conn.execute(
        "SELECT seq, kind, command, target, message FROM journal WHERE seq > 1 ORDER BY seq"
    ).fetchall()
    for seq, kind, command, target, text in rows:
        journal.seq = seq
        if kind == "command" and command is not None:
            entry = (seq, parse_command(command), Message.from_json(json.loads(text)))
            journal._applied.append(entry)
            journal._undone.clear()
        elif kind == "undo" and journal._applied and journal._applied[-1][0] == target:
            journal._undone.append(journal._applied.pop())
        elif kind == "redo" and journal._undone and journal._undone[-1][0] == target:
            journal._applied.append(journal._undone.pop())
        else:
            raise JournalError(
                "Event entry {seq} does not follow from the ones before it.", seq=str(seq)
            )
    journal.state = journal._replay(journal._applied)
    return journal
