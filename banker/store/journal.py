"""The journal: each game one SQLite file, each accepted command its own transaction.

A command is written and committed (WAL, synchronous=FULL) before the game moves on
and before its receipt is shown, so a crash at any moment loses nothing that was
acknowledged. Undo and redo are entries too: history is never deleted.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from banker.core.commands import Command, Setup
from banker.core.errors import BankerError, JournalError
from banker.core.game import EntryKind, Game, Pending, Snapshot
from banker.core.money import Message, msg
from banker.core.view import VIEW_VERSION, ledger_view
from banker.store.glance import APPLICATION_ID, HISTORY_SHOWN, SCHEMA_VERSION, LogEntry
from banker.store.glance import lock as _lock

__all__ = ["APPLICATION_ID", "SCHEMA_VERSION", "Journal", "LogEntry"]

SNAPSHOT_EVERY = 100
"""Store the state after every this many applied commands, so opening stays fast."""

_SCHEMA = """
CREATE TABLE journal (
    seq INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    command TEXT,
    target INTEGER,
    message TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE TABLE snapshots (
    depth INTEGER NOT NULL,
    last_seq INTEGER NOT NULL,
    ledger TEXT NOT NULL,
    PRIMARY KEY (depth, last_seq)
);
CREATE TABLE views (
    seq INTEGER NOT NULL,
    view TEXT NOT NULL
);
"""
_VIEWS = "CREATE TABLE IF NOT EXISTS views (seq INTEGER NOT NULL, view TEXT NOT NULL)"
"""What the ledger showed at close, for the next start's first screen (`glance`); files
written before it existed get the table when next opened for writing."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Journal:
    """An open game file and the game it holds."""

    def __init__(self, path: Path, conn: sqlite3.Connection, game: Game, lock: IO[bytes] | None):
        self.path = path
        self._conn = conn
        self.game = game
        self._lock = lock

    # Creating and opening.

    @classmethod
    def create(cls, path: str | Path, setup: Setup) -> Journal:
        """Start a new game file. Refused if a file is already there."""
        path = Path(path)
        if path.exists():
            raise JournalError(
                "A file already exists at {path}: open that game, or choose another name.",
                path=path,
            )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = _connect(path)
            conn.executescript(_SCHEMA)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute(
                "INSERT INTO journal (seq, kind, command, target, message, at)"
                " VALUES (1, 'setup', ?, NULL, ?, ?)",
                (setup.model_dump_json(), json.dumps(_setup_message(setup).to_json()), _now()),
            )
        except (OSError, sqlite3.Error) as exc:
            raise JournalError(
                "Cannot create the game file {path}: {why}", path=path, why=exc
            ) from None
        lock = _lock(path)
        return cls(path, conn, Game(setup), lock)

    @classmethod
    def open(cls, path: str | Path, read_only: bool = False, any_thread: bool = False) -> Journal:
        """Open a game file and restore the state after its last committed entry.

        `any_thread`: opened in one thread (the app's, in the background) to be used in
        another; it must still be used by one thread at a time.

        Raises:
            JournalError: missing, not a Banker game, newer, damaged, or already open for
                writing elsewhere; the message says which and what to do.
        """
        path = Path(path)
        _check_header(path)
        lock = None if read_only else _lock(path)
        try:
            conn = _connect(path, read_only, any_thread)
            game = _load(conn, path)
            if not read_only:
                conn.execute(_VIEWS)
        except sqlite3.Error as exc:
            if lock:
                lock.close()
            raise JournalError(
                "{path} is damaged and cannot be read ({why}). 'banker recover' can save "
                "its intact commands into a new game.",
                path=path,
                why=exc,
            ) from None
        except JournalError:
            if lock:
                lock.close()
            raise
        return cls(path, conn, game, lock)

    def close(self) -> None:
        """Close the file, first saving what the ledger shows now for the next start."""
        if self._lock is not None:
            self.save_view()
        self._conn.close()
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # Changing the game: written first, then done.

    def apply(self, command: Command) -> Message:
        """Apply a command and journal it. Raises BankerError if refused (nothing written)."""
        return self._write(self.game.prepare(command))

    def undo(self) -> Message:
        return self._write(self.game.prepare_undo())

    def redo(self) -> Message:
        return self._write(self.game.prepare_redo())

    def _write(self, pending: Pending) -> Message:
        if self._lock is None:
            raise JournalError(
                "This game is open read-only: changes are made where it is open for writing."
            )
        command = pending.applied.command_json if pending.kind == "command" else None
        target = None if pending.kind == "command" else pending.applied.seq
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            self._conn.execute(
                "INSERT INTO journal (seq, kind, command, target, message, at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    pending.seq,
                    pending.kind,
                    command,
                    target,
                    json.dumps(pending.message.to_json()),
                    _now(),
                ),
            )
            if pending.kind != "undo" and pending.depth % SNAPSHOT_EVERY == 0:
                self._conn.execute(
                    "INSERT OR REPLACE INTO snapshots (depth, last_seq, ledger) VALUES (?, ?, ?)",
                    (pending.depth, pending.applied.seq, pending.state.dump_ledger()),
                )
            self._conn.execute("COMMIT")
        except sqlite3.Error as exc:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise JournalError(
                "The game could not be saved ({why}), so nothing was changed. Free some disk "
                "space or check the file, then try again.",
                why=exc,
            ) from None
        self.game.commit(pending)
        return pending.message

    def save_view(self) -> None:
        """Save the ledger as it stands, with the entry it belongs to (`glance`).

        Only a shortcut for the next start: if it cannot be saved, the next start opens
        the journal instead, so a failure here is not an error.
        """
        try:
            history = self.entries(limit=HISTORY_SHOWN)
            saved = {
                "version": VIEW_VERSION,
                "ledger": ledger_view(self.game.state).to_json(),
                "undone": [e.seq for e in history if e.undone],
            }
            self._conn.execute("BEGIN IMMEDIATE")
            self._conn.execute("DELETE FROM views")
            self._conn.execute(
                "INSERT INTO views (seq, view) VALUES (?, ?)",
                (self.game.seq, json.dumps(saved, ensure_ascii=False)),
            )
            self._conn.execute("COMMIT")
        except (sqlite3.Error, BankerError):
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")

    # Reading the history.

    @property
    def started_at(self) -> datetime:
        """When the game was set up (its first journal entry), in UTC."""
        row = self._conn.execute("SELECT at FROM journal WHERE seq = 1").fetchone()
        return datetime.fromisoformat(row[0])

    def entries(self, limit: int | None = None) -> list[LogEntry]:
        """The journal, oldest first (the last `limit` entries when given)."""
        applied = {a.seq for a in self.game.applied}
        if limit is None:
            rows = self._conn.execute(
                "SELECT seq, kind, message, at FROM journal ORDER BY seq"
            ).fetchall()
        else:
            rows = self._conn.execute(
                "SELECT seq, kind, message, at FROM journal ORDER BY seq DESC LIMIT ?", (limit,)
            ).fetchall()[::-1]
        return [
            LogEntry.from_row(row, row[1] == "command" and row[0] not in applied) for row in rows
        ]

    def refresh(self) -> bool:
        """Read what another process has journaled since (for read-only followers).

        Returns True when the game changed.
        """
        rows = self._conn.execute(
            "SELECT seq, kind, command, target FROM journal WHERE seq > ? ORDER BY seq",
            (self.game.seq,),
        ).fetchall()
        if not rows:
            return False
        try:
            for seq, kind, command, target in rows:
                self.game.follow(seq, _kind(kind), command, target)
        except BankerError:
            self.game = _load(self._conn, self.path)  # start again from the file
        return True


def _setup_message(setup: Setup) -> Message:
    return msg(
        "New game on the {board} board: {players}",
        board=setup.edition.name,
        players=", ".join(setup.players),
    )


def _connect(path: Path, read_only: bool = False, any_thread: bool = False) -> sqlite3.Connection:
    same_thread = not any_thread
    if read_only:
        conn = sqlite3.connect(
            f"{path.resolve().as_uri()}?mode=ro",
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


def _check_header(path: Path) -> None:
    try:
        with path.open("rb") as f:
            header = f.read(16)
    except FileNotFoundError:
        raise JournalError(
            "There is no game at {path}. Start one with 'banker new'.", path=path
        ) from None
    except OSError as exc:
        raise JournalError("Cannot read {path}: {why}", path=path, why=exc) from None
    if header != b"SQLite format 3\x00":
        raise JournalError("{path} is not a Banker game file.", path=path)


def _load(conn: sqlite3.Connection, path: Path) -> Game:
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if app_id != APPLICATION_ID:
        raise JournalError("{path} is an SQLite database, but not a Banker game.", path=path)
    if version > SCHEMA_VERSION:
        raise JournalError(
            "{path} was written by a newer Banker (file version {v}): update Banker to open it.",
            path=path,
            v=version,
        )
    first = conn.execute("SELECT kind, command FROM journal WHERE seq = 1").fetchone()
    if first is None or first[0] != "setup" or first[1] is None:
        raise JournalError("{path} has no game setup: it is damaged.", path=path)
    try:
        setup = Setup.model_validate_json(first[1])
    except ValueError as exc:
        raise JournalError("{path} has a damaged game setup ({why}).", path=path, why=exc) from None
    rows = conn.execute(
        "SELECT seq, kind, command, target, message FROM journal WHERE seq > 1 ORDER BY seq"
    )
    snaps = [
        Snapshot(d, s, ledger)
        for d, s, ledger in conn.execute("SELECT depth, last_seq, ledger FROM snapshots")
    ]

    def entries() -> object:
        for seq, kind, command, target, text in rows:
            yield seq, _kind(kind), command, target, text

    try:
        return Game.restore(setup, entries(), snaps)  # type: ignore[arg-type]
    except (ValueError, KeyError) as exc:
        raise JournalError("{path} has a damaged entry ({why}).", path=path, why=exc) from None


def _kind(kind: str) -> EntryKind:
    if kind in ("command", "undo", "redo"):
        return kind  # type: ignore[return-value]
    raise JournalError("Unknown journal entry kind {kind!r}.", kind=kind)
