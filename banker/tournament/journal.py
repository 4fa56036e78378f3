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

import os
import secrets
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from pydantic import ValidationError

from banker.core.errors import BankerError, JournalError
from banker.core.timeline import EntryKind, NoLongerApplies, Timeline, entry_kind
from banker.i18n.message import N_, Message, msg
from banker.store import fileformat as ff
from banker.store import sqlfile as sf
from banker.store.entries import EntryJournal, Words
from banker.store.glance import LogEntry
from banker.store.paths import default_games_dir
from banker.store.sqlfile import DB_ERRORS, ROW_ERRORS, read_header
from banker.store.upgrade import upgrade_event
from banker.store.wal import WalCheck, check_wal, salvage, wal_of
from banker.tournament.model import (
    EventCommand,
    EventSetup,
    EventState,
    command_json,
    parse_command,
)
from banker.tournament.play import apply

EVENT_APPLICATION_ID = 0x4254524E
"""'BTRN': marks an SQLite file as a Banker tournament."""
EVENT_SCHEMA_VERSION = 2
"""1: the first event files, without digests; 2: the game store's schema, every entry
with its digest (`chain`). Version 1 files are read (their entries checked by replaying)
and get their digests when next opened for writing."""
EVENT_SUFFIX = ".event"

EVENT_WORDS = Words(
    exists=N_("A file already exists at {path}: open that event, or choose another name."),
    cannot_create=N_("Cannot create the event file {path}: {why}"),
    read_only_file=N_(
        "{path} is read-only ({why}): 'banker tournament show' can read it; copy it "
        "to a folder you can write to go on."
    ),
    lost_entries=N_(
        "{path} lost its latest entries: its -wal file was cut or emptied while the "
        "event was open, and entries {first} to {last} went with it. 'banker "
        "tournament recover {path}' saves what is left into a new event file."
    ),
    gone_wal=N_(
        "{path} lost its latest entries: the event was not closed (a crash?), and its "
        "-wal file, which held entries {first} to {last}, has been removed since. "
        "'banker tournament recover {path}' saves what is left into a new event file."
    ),
    open_read_only=N_(
        "This event is open read-only: changes are made where it is open for writing."
    ),
    cut_wal=N_(
        "Nothing was changed: the -wal file of {path}, which holds the latest "
        "commands, was cut, emptied or removed while the event was open. Close the "
        "event; the next opening says what was lost."
    ),
    not_saved=N_("The event could not be saved ({why}), so nothing was changed."),
)

ADDRESSES = (
    "CREATE TABLE IF NOT EXISTS addresses "
    "(name TEXT PRIMARY KEY, port INTEGER NOT NULL, token TEXT NOT NULL)"
)
"""The ports and tokens the event's pages were served at (`EventJournal.keep_address`)."""


def resolve_event_path(event: str | Path) -> Path:
    """An event given as a path, or as a bare name in the games folder."""
    path = Path(event).expanduser()
    text = str(event)
    if path.exists() or "/" in text or path.suffix:
        return path
    return default_games_dir() / f"{text}{EVENT_SUFFIX}"


def event_timeline(setup: EventSetup) -> Timeline[EventState, EventCommand]:
    """The event's history from its setup: the commands in force and those undone (the
    same stack as a game's), as the event file keeps it and the national board replays
    a venue's."""
    return Timeline(EventState(setup), apply, parse_command, command_json)


class EventJournal(EntryJournal[EventState, EventCommand]):
    """An open event file and the event it holds."""

    WORDS = EVENT_WORDS
    APPLICATION_ID = EVENT_APPLICATION_ID
    READ_ERRORS = DB_ERRORS + ROW_ERRORS + (ValidationError, OSError)

    def __init__(
        self,
        path: Path,
        conn: sqlite3.Connection,
        setup: EventSetup,
        lock: IO[bytes] | None,
        chain: str = ff.GENESIS,
        timeline: Timeline[EventState, EventCommand] | None = None,
    ):
        super().__init__(path, conn, timeline or event_timeline(setup), lock, chain)
        self.setup = setup

    @property
    def state(self) -> EventState:
        return self.timeline.state

    @property
    def seq(self) -> int:
        """The last entry's number."""
        return self.timeline.seq

    @classmethod
    def create(cls, path: str | Path, setup: EventSetup) -> EventJournal:
        """A new event file, opened for writing. Built beside its place under a temporary
        name and only then given its name: a kill or a full disk leaves no half-made file
        in the way of a retry. Refused if a file is already there."""
        if not setup.join_token:
            setup = setup.model_copy(update={"join_token": secrets.token_urlsafe(16)})
        said = msg("New event: {name}, {rounds} rounds", name=setup.name, rounds=str(setup.rounds))
        return cls._create_file(Path(path), EVENT_SCHEMA_VERSION, setup.model_dump_json(), said)

    @classmethod
    def open(cls, path: str | Path, read_only: bool = False) -> EventJournal:
        """Open an event file, every entry checked by its digest first.

        Raises:
            JournalError: missing, not an event file, newer, damaged (the first bad entry
                named), its -wal damaged, or open for writing elsewhere.
        """
        return cls._open_file(path, read_only)

    @classmethod
    def _check_header(cls, path: Path) -> None:
        _check_header(path)

    @classmethod
    def _read(
        cls,
        path: Path,
        conn: sqlite3.Connection,
        lock: IO[bytes] | None,
        read_only: bool,
        note: Message | None,
    ) -> EventJournal:
        journal, version = _load(path, conn, lock)
        if not read_only and version < EVENT_SCHEMA_VERSION:
            journal._chain = upgrade_event(conn, EVENT_SCHEMA_VERSION)
        return journal

    @classmethod
    def _damaged(cls, path: Path, why: BaseException) -> JournalError:
        return JournalError(
            "{path} is damaged and cannot be read ({why}). 'banker tournament recover "
            "{path}' saves every intact entry into a new event file.",
            path=path,
            why=why,
        )

    @classmethod
    def _damaged_wal(cls, path: Path, check: WalCheck, last: int | None) -> JournalError:
        return JournalError(
            "{path} cannot be trusted: its -wal file, which holds the latest "
            "commands, is damaged ({why}). 'banker tournament recover {path}' saves "
            "every intact entry into a new event file.",
            path=path,
            why=check.problem,
        )

    def address(self, name: str) -> tuple[int, str] | None:
        """Where the event's page `name` (`standings`, `join`) was last served: its port
        and token, when kept and sound (`banker.web.addresses.kept`)."""
        from banker.web.addresses import kept  # aiohttp's 180 ms: only for a page's start

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
            with sf.transaction(self._conn):
                self._conn.execute(ADDRESSES)
                self._conn.execute(
                    "INSERT OR REPLACE INTO addresses (name, port, token) VALUES (?, ?, ?)",
                    (name, port, token),
                )
        except DB_ERRORS:
            return  # only a new address next time
        self._wal.note()

    def entries(self) -> list[LogEntry]:
        applied = set(self.timeline.applied.seqs)
        try:
            rows = self._conn.execute(
                "SELECT seq, kind, message, at FROM journal ORDER BY seq"
            ).fetchall()
            return [
                LogEntry.from_row(row, row[1] == "command" and row[0] not in applied)
                for row in rows
            ]
        except self.READ_ERRORS as exc:
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
        except self.READ_ERRORS as exc:
            raise JournalError(
                "{path} is damaged and cannot be read ({why}).", path=self.path, why=exc
            ) from None


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


def _load(path: Path, conn: sqlite3.Connection, lock: IO[bytes] | None) -> tuple[EventJournal, int]:
    """The event and its file's version, every entry checked against the digest stored
    with it (a version 1 file, which has none, by each value's type and by replaying it)."""
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
    timeline: Timeline[EventState, EventCommand] | None = None
    setup: EventSetup | None = None
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
        if timeline is None:
            if seq != 1 or kind != "setup" or type(command) is not str:
                raise JournalError("{path} has no event setup: it is damaged.", path=path)
            setup = EventSetup.model_validate_json(command)
            timeline = event_timeline(setup)
            continue
        try:
            entry: tuple[int, EntryKind, str | None, int | None, str] = (
                seq,
                entry_kind(kind),
                command if type(command) is str else None,
                target if type(target) is int else None,
                message,
            )
            timeline.restack([entry], read_now=True)  # those undone too: a redo reads them
        except JournalError:
            raise _bad_entry(path, seq, msg("it does not follow from the ones before it")) from None
    if timeline is None or setup is None:
        raise JournalError("{path} has no event setup: it is damaged.", path=path)
    try:
        timeline.replay()
    except NoLongerApplies as exc:
        raise _bad_entry(path, exc.seq, exc.why.message) from None
    return EventJournal(path, conn, setup, lock, previous, timeline), version


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
    try:
        if kind == "command" and command is not None:
            journal.apply(parse_command(command))
        elif kind == "undo" and journal.timeline.follows(kind, target):
            journal.undo()
        elif kind == "redo" and journal.timeline.follows(kind, target):
            journal.redo()
        else:
            return False
    except (BankerError, *ROW_ERRORS, ValidationError):
        return False
    return True
