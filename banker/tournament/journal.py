"""The event file: one SQLite file in the games folder, journaled by the game store.

It is the game store's journal (`banker.store`), not a copy of it: the same schema and
file format (`banker.store.fileformat`: every entry carries the digest of itself and of
the entry before it), the same WAL with `synchronous=FULL`, each accepted command its own
transaction committed before the event moves on, the same exclusive lock while open for
writing, the same checks of the -wal beside it (`banker.store.wal`), a new file built
under a temporary name and only then given its name (a kill leaves nothing in the way of
a retry), and undo and redo as entries (history is never deleted). Only the application
id differs, so a game file is never taken for an event or the other way round. A changed
bit anywhere is caught on opening, named, and `banker tournament recover` replays every
intact entry into a new event file.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from pydantic import ValidationError

from banker.core.errors import BankerError, JournalError, NothingToUndo
from banker.core.money import N_, Message, msg
from banker.store import fileformat as ff
from banker.store import sqlfile as sf
from banker.store.glance import LogEntry, read_only_note, written_elsewhere
from banker.store.glance import lock as _lock
from banker.store.paths import default_games_dir
from banker.store.sqlfile import DB_ERRORS, ROW_ERRORS, read_header, write_setup
from banker.store.wal import WalWatch, check_wal, salvage, wal_of
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
EVENT_SCHEMA_VERSION = 2
"""1: the first event files, without digests; 2: the game store's schema, every entry
with its digest (`chain`). Version 1 files are read (their entries checked by replaying)
and get their digests when next opened for writing."""
EVENT_SUFFIX = ".event"

_SCHEMA_1 = "CREATE TABLE journal (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, command TEXT,"
"""How a version 1 event file's journal table begins (no `chain` column)."""

_READ_ERRORS = DB_ERRORS + ROW_ERRORS + (ValidationError, OSError)
"""What reading a damaged event file can raise, every one of them said as damage."""


ADDRESSES = (
    "CREATE TABLE IF NOT EXISTS addresses "
    "(name TEXT PRIMARY KEY, port INTEGER NOT NULL, token TEXT NOT NULL)"
)
"""The ports and tokens the event's pages were served at (`EventJournal.keep_address`)."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def resolve_event_path(event: str | Path) -> Path:
    """An event given as a path, or as a bare name in the games folder."""
    path = Path(event).expanduser()
    text = str(event)
    if path.exists() or "/" in text or path.suffix:
        return path
    return default_games_dir() / f"{text}{EVENT_SUFFIX}"


@dataclass
class EventEntry:
    seq: int
    command: EventCommand
    message: Message | None = None
    """Its receipt (None where only the commands were kept: the national database)."""


@dataclass
class History:
    """The commands in force and those undone (the redo stack), as the entries say: the
    event file's, and a venue's as the national board replays it."""

    applied: list[EventEntry] = field(default_factory=list)
    undone: list[EventEntry] = field(default_factory=list)

    def follow(
        self, seq: int, kind: str, command: str | None, target: object, text: str | None = None
    ) -> bool:
        """Take one entry (its receipt's JSON in `text`, where kept); False when it does
        not follow from the ones before it.

        Raises:
            ValidationError: the command is not one.
        """
        if kind == "command" and command is not None:
            said = Message.from_json(json.loads(text)) if text is not None else None
            self.applied.append(EventEntry(seq, parse_command(command), said))
            self.undone.clear()
        elif kind == "undo" and self.applied and self.applied[-1].seq == target:
            self.undone.append(self.applied.pop())
        elif kind == "redo" and self.undone and self.undone[-1].seq == target:
            self.applied.append(self.undone.pop())
        else:
            return False
        return True


def replay(setup: EventSetup, applied: list[EventEntry]) -> EventState:
    """The event after the commands in force."""
    state = EventState(setup)
    for entry in applied:
        state, _ = apply(state, entry.command)
    return state


class EventJournal:
    """An open event file and the event it holds."""

    def __init__(
        self,
        path: Path,
        conn: sqlite3.Connection,
        setup: EventSetup,
        lock: IO[bytes] | None,
        chain: str = ff.GENESIS,
    ):
        self.path = path
        self._conn = conn
        self.setup = setup
        self._lock = lock
        self._chain = chain
        """The digest of the last entry, which the next one chains to."""
        self.seq = 1
        self._history = History()
        self.state = EventState(setup)
        self._wal = WalWatch(path)
        if lock is not None:
            self._wal.note()

    @classmethod
    def create(cls, path: str | Path, setup: EventSetup) -> EventJournal:
        """A new event file, opened for writing. Built beside its place under a temporary
        name and only then given its name: a kill or a full disk leaves no half-made file
        in the way of a retry. Refused if a file is already there."""
        path = Path(path)
        if not setup.join_token:
            setup = setup.model_copy(update={"join_token": secrets.token_urlsafe(16)})
        if path.exists() or path.is_symlink():
            raise JournalError(
                "A file already exists at {path}: open that event, or choose another name.",
                path=path,
            )
        building = path.with_name(f".{path.name}.{os.getpid()}.building")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            sf.clear_abandoned(path)
            write_setup(
                building,
                EVENT_APPLICATION_ID,
                EVENT_SCHEMA_VERSION,
                setup.model_dump_json(),
                msg(
                    "New event: {name}, {rounds} rounds",
                    name=setup.name,
                    rounds=str(setup.rounds),
                ),
            )
            sf.publish(building, path)
        except DB_ERRORS + (OSError,) as exc:
            sf.unlink_quietly(building)
            raise JournalError(
                "Cannot create the event file {path}: {why}", path=path, why=exc
            ) from None
        except JournalError:
            sf.unlink_quietly(building)
            raise
        return cls.open(path)

    @classmethod
    def open(cls, path: str | Path, read_only: bool = False) -> EventJournal:
        """Open an event file, every entry checked by its digest first.

        Raises:
            JournalError: missing, not an event file, newer, damaged (the first bad entry
                named), its -wal damaged, or open for writing elsewhere.
        """
        path = Path(path)
        _check_header(path)
        note = read_only_note(path)
        if not read_only or not written_elsewhere(path):
            check = check_wal(path)
            if check.damaged:
                raise JournalError(
                    "{path} cannot be trusted: its -wal file, which holds the latest "
                    "commands, is damaged ({why}). 'banker tournament recover {path}' saves "
                    "every intact entry into a new event file.",
                    path=path,
                    why=check.problem,
                )
            if note is not None and check.frames:
                raise JournalError(
                    "{path} is read-only and its latest commands are in its -wal file: copy "
                    "both files to a folder you can write.",
                    path=path,
                )
        if note is not None and not read_only:
            raise JournalError(
                "{path} is read-only ({why}): 'banker tournament show' can read it; copy it "
                "to a folder you can write to go on.",
                path=path,
                why=note,
            )
        lock = None if read_only else _lock(path)
        conn: sqlite3.Connection | None = None
        try:
            conn = sf.connect(path, read_only, immutable=note is not None)
            journal = _load(path, conn, lock)
            if not read_only and journal._version < EVENT_SCHEMA_VERSION:
                journal._chain = _upgrade(conn)
        except _READ_ERRORS as exc:
            sf.close_quietly(conn, lock)
            raise JournalError(
                "{path} is damaged and cannot be read ({why}). 'banker tournament recover "
                "{path}' saves every intact entry into a new event file.",
                path=path,
                why=exc,
            ) from None
        except BaseException:
            sf.close_quietly(conn, lock)
            raise
        last = sf.witnessed(path)
        if last is not None and last > journal.seq:
            journal.close()
            raise JournalError(
                "{path} lost its latest entries: its -wal file was cut or emptied while the "
                "event was open, and entries {first} to {last} went with it. 'banker "
                "tournament recover {path}' saves what is left into a new event file.",
                path=path,
                first=journal.seq + 1,
                last=last,
            )
        return journal

    def address(self, name: str) -> tuple[int, str] | None:
        """Where the event's page `name` (`standings`, `join`) was last served: its port
        and token, when kept and sound (`banker.web.addresses.kept`)."""
        from banker.web.addresses import kept

        try:
            row = self._conn.execute(
                "SELECT port, token FROM addresses WHERE name = ?", (name,)
            ).fetchone()
        except sqlite3.Error:
            return None  # a file from before addresses were kept
        return kept(row[0], row[1]) if row is not None else None

    def keep_address(self, name: str, port: int, token: str) -> None:
        """Keep where the page `name` is served, for the next start (not an entry of the
        event: where it is shown, not what happened)."""
        if self._lock is None or not self._wal.kept():
            return  # read-only, or the -wal was tampered with: the next entry says so
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            self._conn.execute(ADDRESSES)
            self._conn.execute(
                "INSERT OR REPLACE INTO addresses (name, port, token) VALUES (?, ?, ?)",
                (name, port, token),
            )
            self._conn.execute("COMMIT")
        except DB_ERRORS:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            return  # only a new address next time
        self._wal.note()

    def close(self) -> None:
        """Close the file, the event back in the one file when its -wal is sound."""
        if self._lock is not None:
            if self._wal.kept() and not check_wal(self.path).damaged:
                try:
                    self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                except DB_ERRORS:
                    pass  # kept in the -wal file, which the next opening reads
            else:
                sf.witness_loss(self.path, self.seq)
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
        seq = self._write("command", command_json(command), None, message)
        self._history.applied.append(EventEntry(seq, command, message))
        self._history.undone.clear()
        self.state = state
        return message

    def undo(self) -> Message:
        history = self._history
        if not history.applied:
            raise NothingToUndo("There is nothing to undo: no command has been applied yet.")
        last = history.applied[-1]
        state = replay(self.setup, history.applied[:-1])
        message = msg("Undid: {what}", what=last.message)
        self._write("undo", None, last.seq, message)
        history.undone.append(history.applied.pop())
        self.state = state
        return message

    def redo(self) -> Message:
        history = self._history
        if not history.undone:
            raise NothingToUndo(
                "There is nothing to redo: no command has been undone since the last one."
            )
        last = history.undone[-1]
        state, _ = apply(self.state, last.command)
        message = msg("Redid: {what}", what=last.message)
        self._write("redo", None, last.seq, message)
        history.applied.append(history.undone.pop())
        self.state = state
        return message

    def _write(self, kind: str, command: str | None, target: int | None, message: Message) -> int:
        if self._lock is None:
            raise JournalError(
                "This event is open read-only: changes are made where it is open for writing."
            )
        if not self._wal.kept():
            raise JournalError(
                "Nothing was changed: the -wal file of {path}, which holds the latest "
                "commands, was cut, emptied or removed while the event was open. Close the "
                "event; the next opening says what was lost.",
                path=self.path,
            )
        seq, at, text = self.seq + 1, now(), json.dumps(message.to_json())
        chain = ff.entry_chain(self._chain, seq, kind, command, target, text, at)
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            self._conn.execute(
                "INSERT INTO journal (seq, kind, command, target, message, at, chain)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (seq, kind, command, target, text, at, chain),
            )
            self._conn.execute("COMMIT")
        except DB_ERRORS as exc:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise JournalError(
                "The event could not be saved ({why}), so nothing was changed.", why=exc
            ) from None
        except BaseException:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise
        self.seq, self._chain = seq, chain
        self._wal.note()
        return seq

    def entries(self) -> list[LogEntry]:
        applied = {e.seq for e in self._history.applied}
        try:
            rows = self._conn.execute(
                "SELECT seq, kind, message, at FROM journal ORDER BY seq"
            ).fetchall()
            return [
                LogEntry.from_row(row, row[1] == "command" and row[0] not in applied)
                for row in rows
            ]
        except _READ_ERRORS as exc:
            raise JournalError(
                "{path} is damaged and cannot be read ({why}).", path=self.path, why=exc
            ) from None

    def rows(self, after: int = 0) -> list[tuple[int, str, str | None, int | None, str]]:
        """The entries after `after`, as stored (seq, kind, command, target, at), up to
        the last one this opening checked: what a venue publishes."""
        try:
            return self._conn.execute(
                "SELECT seq, kind, command, target, at FROM journal"
                " WHERE seq > ? AND seq <= ? ORDER BY seq",
                (after, self.seq),
            ).fetchall()
        except _READ_ERRORS as exc:
            raise JournalError(
                "{path} is damaged and cannot be read ({why}).", path=self.path, why=exc
            ) from None

    _version = EVENT_SCHEMA_VERSION


def _check_header(path: Path) -> None:
    """Refuse, before SQLite opens it, what is not an event file: nothing at all, a FIFO
    or a device, another program's database, or a game."""
    marked = read_header(
        path,
        N_("There is no event at {path}. Start one with 'banker tournament new'."),
        N_("{path} is not a file: an event is a file."),
        N_("{path} is not a Banker event file."),
    )
    if marked != EVENT_APPLICATION_ID and not (marked == 0 and _marked_in_wal(path)):
        raise JournalError("{path} is not a Banker event file.", path=path)


def _marked_in_wal(path: Path) -> bool:
    """An event file of the first version was made in WAL mode: until its first
    checkpoint (a crash before any close) its mark is in its -wal only. Read, never
    written, to tell."""
    if not wal_of(path).exists():
        return False
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            return bool(conn.execute("PRAGMA application_id").fetchone()[0] == EVENT_APPLICATION_ID)
        finally:
            conn.close()
    except DB_ERRORS:
        return False


def _bad_entry(path: Path, seq: object, why: object) -> JournalError:
    return JournalError(
        "{path} is damaged from entry {seq} on ({why}). 'banker tournament recover {path}' "
        "saves every intact entry into a new event file.",
        path=path,
        seq=seq if type(seq) is int else "?",
        why=why,
    )


def _load(path: Path, conn: sqlite3.Connection, lock: IO[bytes] | None) -> EventJournal:
    """The event, every entry checked against the digest stored with it (a version 1 file,
    which has none, by each value's type and by replaying it)."""
    if conn.execute("PRAGMA application_id").fetchone()[0] != EVENT_APPLICATION_ID:
        raise JournalError("{path} is not a Banker event file.", path=path)
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > EVENT_SCHEMA_VERSION:
        raise JournalError(
            "{path} was written by a newer Banker: update Banker to open it.", path=path
        )
    if version < 1:
        raise JournalError("{path} has no file version: it is damaged.", path=path)
    chained = version >= 2
    previous = ff.GENESIS
    setup: EventSetup | None = None
    history = History()
    last = 0
    for seq, kind, command, target, message, at, chain in sf.rows(conn, version):
        if chained:
            expected = ff.entry_chain(previous, seq, kind, command, target, message, at)
            if chain != expected:
                raise _bad_entry(path, seq, msg("not what was written"))
            previous = expected
        elif not (
            type(seq) is int
            and type(kind) is str
            and (command is None or type(command) is str)
            and (target is None or type(target) is int)
            and type(message) is str
            and type(at) is str
        ):
            raise _bad_entry(path, seq, msg("a value of the wrong type"))
        assert type(seq) is int and type(kind) is str and type(message) is str
        if seq != last + 1:
            raise _bad_entry(path, seq, msg("an entry is missing before it"))
        last = seq
        if setup is None:
            if seq != 1 or kind != "setup" or type(command) is not str:
                raise JournalError("{path} has no event setup: it is damaged.", path=path)
            setup = EventSetup.model_validate_json(command)
            continue
        if not history.follow(
            seq, kind, command if type(command) is str else None, target, message
        ):
            raise _bad_entry(path, seq, msg("it does not follow from the ones before it"))
    if setup is None:
        raise JournalError("{path} has no event setup: it is damaged.", path=path)
    journal = EventJournal(path, conn, setup, lock, previous)
    journal.seq = last
    journal._history = history
    journal._version = version
    try:
        journal.state = replay(setup, history.applied)
    except BankerError as exc:
        raise _bad_entry(path, last, exc.message) from None
    return journal


def _upgrade(conn: sqlite3.Connection) -> str:
    """Give a version 1 event file the game store's schema and its digests (its entries
    were just checked by replaying)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute("ALTER TABLE journal ADD COLUMN chain TEXT")
        for statement in ff.SCHEMA.split(";"):  # the store's other tables, which it lacked
            if "CREATE TABLE journal" not in statement and statement.strip():
                conn.execute(statement.replace("CREATE TABLE", "CREATE TABLE IF NOT EXISTS"))
        previous = ff.GENESIS
        rows = conn.execute(
            "SELECT seq, kind, command, target, message, at FROM journal ORDER BY seq"
        ).fetchall()
        for seq, kind, command, target, message, at in rows:
            previous = ff.entry_chain(previous, seq, kind, command, target, message, at)
            conn.execute("UPDATE journal SET chain = ? WHERE seq = ?", (previous, seq))
        conn.execute(f"PRAGMA user_version = {EVENT_SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return previous


@dataclass
class EventRecovery:
    """What `recover` saved from a damaged event file, and what it could not."""

    saved: int = 0
    """Entries replayed into the new file (the setup not counted)."""
    lost: list[Message] = field(default_factory=list)


def recover(source: str | Path, target: str | Path) -> EventRecovery:
    """Replay every intact entry of the event at `source` into a new event file `target`:
    each row whose digest holds (chained from the stored digest of the row before it, so
    one bad row does not hide the good ones after it), with the intact frames of a damaged
    -wal applied; an entry that no longer follows (its command refused, an undo of a lost
    one) is left out and said. Nothing is written to `source`.

    Raises:
        JournalError: the target exists, or nothing of the source can be read (its setup
            included).
    """
    source, target = Path(source), Path(target)
    if target.exists() or target.is_symlink():
        raise JournalError("A file already exists at {path}: choose another name.", path=target)
    _check_header(source)
    report = EventRecovery()
    check = check_wal(source)
    scratch = target.with_name(f".{target.name}.{os.getpid()}.salvaged")
    read_from = source
    conn: sqlite3.Connection | None = None
    try:
        if check.frames or check.damaged:
            salvage(source, check, scratch)
            read_from = scratch
            if check.damaged:
                report.lost.append(
                    msg(
                        "its -wal file is damaged ({why}): its intact frames were read",
                        why=check.problem,
                    )
                )
        conn = sqlite3.connect(f"{read_from.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
        conn.execute("PRAGMA writable_schema = ON")  # read a cut file up to its end
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        rows = _salvaged_rows(conn, version, report)
        setup = _salvaged_setup(source, next(rows, None))
        with EventJournal.create(target, setup) as journal:
            moved: dict[int, int] = {}
            """Each replayed entry's number in the source, to its number in the target."""
            for seq, kind, command, target_seq in rows:
                if _replayed(journal, kind, command, moved.get(target_seq or 0)):
                    moved[seq] = journal.seq
                    report.saved += 1
                else:
                    report.lost.append(msg("entry {seq} no longer follows: left out", seq=seq))
    except DB_ERRORS + (OSError,) as exc:
        raise JournalError(
            "Nothing can be read from {path} ({why}): it is not an event file, or too damaged.",
            path=source,
            why=exc,
        ) from None
    finally:
        if conn is not None:
            conn.close()
        sf.unlink_quietly(scratch)
    return report


def _salvaged_rows(
    conn: sqlite3.Connection, version: int, report: EventRecovery
) -> Iterator[tuple[int, str, str | None, int | None]]:
    """The rows that are what was written, one by one; a damaged one is said and skipped."""
    previous: object = ff.GENESIS
    seq = 0
    while True:
        seq += 1
        try:
            row = conn.execute(
                "SELECT seq, kind, command, target, message, at"
                + (", chain" if version >= 2 else ", NULL")
                + " FROM journal WHERE seq = ?",
                (seq,),
            ).fetchone()
        except DB_ERRORS:
            report.lost.append(msg("entry {seq} cannot be read: left out", seq=seq))
            if seq > _last_seq(conn):
                return
            continue
        if row is None:
            if seq > _last_seq(conn):
                return
            report.lost.append(msg("entry {seq} is missing: left out", seq=seq))
            continue
        _, kind, command, target, message, at, chain = row
        intact = (
            type(kind) is str
            and (command is None or type(command) is str)
            and (target is None or type(target) is int)
            and type(message) is str
            and type(at) is str
        )
        if version >= 2:
            intact = intact and chain == ff.entry_chain(
                str(previous), seq, kind, command, target, message, at
            )
            previous = chain
        if not intact:
            report.lost.append(msg("entry {seq} is damaged: left out", seq=seq))
            continue
        yield seq, kind, command, target


def _last_seq(conn: sqlite3.Connection) -> int:
    try:
        found = conn.execute("SELECT max(seq) FROM journal").fetchone()[0]
    except DB_ERRORS:
        return 0
    return found if type(found) is int else 0


def _salvaged_setup(
    source: Path, first: tuple[int, str, str | None, int | None] | None
) -> EventSetup:
    if first is None or first[0] != 1 or first[1] != "setup" or first[2] is None:
        raise JournalError(
            "The setup of {path} cannot be read: there is no event to recover.", path=source
        )
    try:
        return EventSetup.model_validate_json(first[2])
    except ValidationError:
        raise JournalError(
            "The setup of {path} cannot be read: there is no event to recover.", path=source
        ) from None


def _replayed(journal: EventJournal, kind: str, command: str | None, target: int | None) -> bool:
    """Apply one salvaged entry to the new file (`target`: the entry an undo or a redo
    names, by its number in the new file); False when it no longer follows."""
    history = journal._history
    try:
        if kind == "command" and command is not None:
            journal.apply(parse_command(command))
        elif kind == "undo" and history.applied and history.applied[-1].seq == target:
            journal.undo()
        elif kind == "redo" and history.undone and history.undone[-1].seq == target:
            journal.redo()
        else:
            return False
    except (BankerError, *ROW_ERRORS, ValidationError):
        return False
    return True
