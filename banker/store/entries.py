"""One journal file's life, for games and events alike: one SQLite file, each accepted
command its own transaction, nothing acknowledged ever lost.

`EntryJournal` is what a game's journal (`store.journal`) and an event's
(`tournament.journal`) share, so a fix to crash safety is made once:

- creating: built beside its place under a temporary name (the setup its first entry),
  only then given its name, so a kill or a full disk leaves nothing in the way of a retry;
- opening: the header read before SQLite opens anything, the -wal checked frame by frame
  (`store.wal`), a read-only folder read on a private copy with its -wal applied, the
  exclusive lock while open for writing, and entries lost with a cut -wal said
  (`sqlfile.witnessed`);
- writing: one entry per transaction, chained to the one before it by its digest
  (`fileformat.entry_chain`), refused before anything is acknowledged when the -wal was
  cut under the open file, and the history moving on only once it is committed;
- undo and redo as entries of their own (history is never deleted), over one
  `core.timeline.Timeline`;
- closing: the file checkpointed back into one when its -wal is sound, and a -wal lost
  under it witnessed for the next opening.

What differs is said by each: the words (`Words`: a game's refusals name `banker
recover`, an event's `banker tournament recover`), how the entries are read back
(`_read`), and what else an entry writes in its transaction (`_also`: a game's
snapshots).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, ClassVar, Generic, Self, TypeVar

import msgspec

from banker.core.errors import JournalError
from banker.core.timeline import Pending, Timeline
from banker.i18n.message import N_, Message
from banker.store import fileformat as ff
from banker.store import sqlfile as sf
from banker.store.glance import lock as lock_file
from banker.store.glance import read_only_note, written_elsewhere
from banker.store.sqlfile import DB_ERRORS
from banker.store.wal import WalCheck, WalWatch, check_wal, merged

S = TypeVar("S")
C = TypeVar("C")

_MESSAGE = msgspec.json.Encoder()
"""An entry's message as JSON (a tenth of the time of the standard library's)."""


@dataclass(frozen=True)
class Words:
    """The refusals of one kind of journal file, in its own words (templates to
    translate, each marked where it is declared)."""

    exists: str
    """{path}: creating over a file."""
    cannot_create: str
    """{path}, {why}: the new file cannot be written."""
    read_only_file: str
    """{path}, {why}: opened for writing in a folder that cannot be written."""
    lost_entries: str
    """{path}, {first}, {last}: a -wal cut while it was open took these entries."""
    gone_wal: str
    """{path}, {first}, {last}: not closed (a crash), and its -wal, which held these
    entries, is gone since (`sqlfile.Mark`)."""
    open_read_only: str
    """A change asked of a file opened read-only."""
    cut_wal: str
    """{path}: its -wal was cut, emptied or removed while it was open."""
    not_saved: str
    """{why}: the entry could not be written."""


WAL_UNREADABLE = N_(
    "{path} is read-only and its latest commands are in its -wal file, which cannot be "
    "read here ({why}): copy both files to a folder you can write."
)
LAST_WRITE_CUT = N_(
    "{path}: the last write before this opening was cut short (a full disk?); nothing of "
    "it had been saved, and every command acknowledged is here."
)
"""What an opening says of a -wal that ended inside the frame a full disk refused."""

DISK_FULL = N_(
    "{path} cannot be opened: the disk it is on is full. Free some space, then try again; "
    "nothing was changed."
)


class EntryJournal(Generic[S, C]):
    """An open journal file and the history it holds (`timeline`)."""

    WORDS: ClassVar[Words]
    APPLICATION_ID: ClassVar[int]
    READ_ERRORS: ClassVar[tuple[type[BaseException], ...]] = DB_ERRORS
    """What reading a damaged file can raise, each said as damage (`_damaged`)."""

    def __init__(
        self,
        path: Path,
        conn: sqlite3.Connection,
        timeline: Timeline[S, C],
        lock: IO[bytes] | None,
        chain: str = ff.GENESIS,
    ):
        self.path = path
        self._conn = conn
        self.timeline = timeline
        self._lock = lock
        self._chain = chain
        """The digest of the last entry, which the next one chains to."""
        self._wal = WalWatch(path)
        self._scratch: Path | None = None
        """A private copy read in place of a read-only file (its -wal applied), if any."""
        self.torn = False
        """Its -wal ended, as it was opened, inside a frame after every committed one: the
        last write before was cut short (a full disk), and nothing of it had been saved."""
        self._refused = False
        """A write was refused (a full disk): the -wal may end inside the frame it cut."""
        self._mark: sf.Mark | None = None
        """The last entry acknowledged, written beside the file while it is open for
        writing (`sqlfile.Mark`)."""
        self.set_aside: list[Path] = []
        """Files a game no longer there left under this new file's name, moved aside
        before it was given the name (`sqlfile.set_aside`): where they went, to say."""
        if lock is not None:
            self._wal.note()

    # Creating and opening.

    @classmethod
    def _create_file(
        cls,
        path: Path,
        version: int,
        setup: str,
        said: Message,
        fill: Callable[[Path], None] | None = None,
    ) -> Self:
        """A new file at `path` with `setup` as its first entry (and whatever `fill`
        writes into it before it is given its name), opened for writing.

        Raises:
            JournalError: a file is already there, or it cannot be written.
        """
        words = cls.WORDS
        if path.exists() or path.is_symlink():
            raise JournalError(words.exists, path=path)
        building = path.with_name(f".{path.name}.{os.getpid()}.building")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            sf.clear_abandoned(path)
            sf.write_setup(building, cls.APPLICATION_ID, version, setup, said)
            if fill is not None:
                fill(building)
            moved = sf.publish(building, path)
        except DB_ERRORS + (OSError,) as exc:
            sf.unlink_quietly(building)
            raise JournalError(words.cannot_create, path=path, why=exc) from None
        except BaseException:
            sf.unlink_quietly(building)
            raise
        journal = cls._open_file(path)
        journal.set_aside = moved
        return journal

    @classmethod
    def _open_file(
        cls, path: str | Path, read_only: bool = False, any_thread: bool = False
    ) -> Self:
        """Open a file and its history after its last committed entry.

        Raises:
            JournalError: missing, not of this kind, newer, damaged, or already open for
                writing elsewhere; the message says which and what to do.
        """
        path = Path(path)
        cls._check_header(path)
        words = cls.WORDS
        note = read_only_note(path)
        check = None
        if not read_only or not written_elsewhere(path):
            # (a file being written elsewhere has its last frame half written at times)
            check = check_wal(path)
            if check.damaged:
                raise cls._damaged_wal(path, check, sf.witnessed(path))
        scratch = None
        if note is not None and check is not None and check.frames:
            try:  # the latest commands are in the -wal: read them on a copy
                scratch = merged(path, check)
            except OSError as exc:
                raise JournalError(WAL_UNREADABLE, path=path, why=exc) from None
        if note is not None and not read_only:
            raise JournalError(words.read_only_file, path=path, why=note)
        lock = None if read_only else lock_file(path)
        conn: sqlite3.Connection | None = None
        # A closed file on a full disk is still read: nothing beside it needs writing when
        # nobody writes it and its -wal holds nothing (SQLite would make its -shm file).
        quiet = (
            read_only
            and sf.disk_full(path)
            and not written_elsewhere(path)
            and not (check is not None and check.frames)
        )
        try:
            conn = sf.connect(
                scratch or path, read_only, any_thread, immutable=note is not None or quiet
            )
            journal = cls._read(path, conn, lock, read_only, note)
        except cls.READ_ERRORS as exc:
            sf.close_quietly(conn, lock)
            sf.unlink_scratch(scratch)
            if sf.disk_full(path):
                raise JournalError(DISK_FULL, path=path) from None
            raise cls._damaged(path, exc) from None
        except BaseException:
            sf.close_quietly(conn, lock)
            sf.unlink_scratch(scratch)
            raise
        journal._scratch = scratch
        journal.torn = check is not None and check.torn
        last = sf.witnessed(path)
        # the mark of a journal not closed (a crash); one being written elsewhere is live
        marked = sf.marked(path) if lock is not None or not written_elsewhere(path) else None
        seq = journal.timeline.seq
        for said, ahead in ((words.lost_entries, last), (words.gone_wal, marked)):
            if ahead is not None and ahead > seq:
                sf.close_quietly(conn, lock)
                sf.unlink_scratch(scratch)
                raise JournalError(said, path=path, first=seq + 1, last=ahead)
        if last is not None and lock is not None:
            with contextlib.suppress(OSError):  # the file is whole again: old news
                sf.witness(path).unlink(missing_ok=True)
        if lock is not None:
            journal._mark = sf.Mark.start(path, seq)
        return journal

    @classmethod
    def _check_header(cls, path: Path) -> None:
        """Refuse, before SQLite opens it, what is not a file of this kind."""
        raise NotImplementedError

    @classmethod
    def _read(
        cls,
        path: Path,
        conn: sqlite3.Connection,
        lock: IO[bytes] | None,
        read_only: bool,
        note: Message | None,
    ) -> Self:
        """The journal of the file open on `conn`, every entry it reads checked (and the
        file upgraded to the current version when open for writing)."""
        raise NotImplementedError

    @classmethod
    def _damaged(cls, path: Path, why: BaseException) -> JournalError:
        """The refusal for a file that cannot be read (one of `READ_ERRORS`)."""
        raise NotImplementedError

    @classmethod
    def _damaged_wal(cls, path: Path, check: WalCheck, last: int | None) -> JournalError:
        """The refusal for a file whose -wal is damaged; `last`, the last entry it had
        when it was closed on a -wal found cut (`sqlfile.witness_loss`)."""
        raise NotImplementedError

    # Closing.

    def close(self) -> None:
        """Close the file, back in the one file when its -wal is sound."""
        if self._lock is not None and self._wal_sound():
            self._closing()
            try:  # back in the one file, for whoever copies it
                self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except DB_ERRORS:
                pass  # kept in the -wal file, which the next opening reads
        elif self._lock is not None:
            sf.witness_loss(self.path, self.timeline.seq)
        self._conn.close()
        sf.unlink_scratch(self._scratch)
        self._scratch = None
        if self._mark is not None:  # closed: back in the one file, or the loss witnessed
            self._mark.close()
            self._mark = None
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def _closing(self) -> None:
        """What is saved for the next opening just before a sound close."""

    def _wal_sound(self) -> bool:
        """Whether the -wal still holds what this journal wrote to it. A -wal damaged or
        cut short under the open file (a disk, a sync tool) must not be copied into it,
        which would then be damaged too: it is left as it is, and the next opening says
        what is wrong and `recover` reads every intact frame."""
        # its frames only: the index is this connection's own (and reading it would drop
        # SQLite's locks on it, see `check_wal`)
        check = check_wal(self.path, against_index=False)
        if check.torn and self._refused:
            return self._wal.kept()  # the frame cut is the write refused: SQLite leaves it out
        return self._wal.kept() and not check.damaged

    @property
    def wal_lost(self) -> bool:
        """Whether the -wal this journal wrote to was cut, emptied or removed under it
        (the latest commands went with it): what the app says at the quit."""
        return self._lock is not None and not self._wal.kept()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # Changing the history: written first, then done.

    def apply(self, command: C) -> Message:
        """Apply a command and journal it. Raises BankerError if refused (nothing written)."""
        return self._write(self.timeline.prepare(command))

    def undo(self) -> Message:
        return self._write(self.timeline.prepare_undo())

    def redo(self) -> Message:
        return self._write(self.timeline.prepare_redo())

    def _write(self, pending: Pending[S, C]) -> Message:
        """Write the entry of a change worked out, in its own transaction, then move the
        history on. Nothing is changed when it cannot be written."""
        words = self.WORDS
        if self._lock is None:
            raise JournalError(words.open_read_only)
        command = pending.applied.command_json if pending.kind == "command" else None
        target = None if pending.kind == "command" else pending.applied.seq
        message = _MESSAGE.encode(pending.message.to_json()).decode()  # as json.loads reads it
        at = sf.now()
        chain = ff.entry_chain(self._chain, pending.seq, pending.kind, command, target, message, at)
        if not self._wal.kept():
            # A -wal cut, emptied or removed under the open file (a sync tool, a disk)
            # takes the commands in it, and every one written after it too: found before
            # the next command is acknowledged, and nothing more is written.
            raise JournalError(words.cut_wal, path=self.path)
        try:  # whatever fails, the entry is not kept: nothing applied
            with sf.transaction(self._conn):
                self._conn.execute(
                    "INSERT INTO journal (seq, kind, command, target, message, at, chain)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (pending.seq, pending.kind, command, target, message, at, chain),
                )
                self._also(pending)
        except DB_ERRORS as exc:
            self._refused = True
            raise JournalError(words.not_saved, why=exc) from None
        self._chain = chain
        self.timeline.commit(pending)
        self._wal.note()
        if self._mark is not None:
            self._mark.note(pending.seq)
        return pending.message

    def _also(self, pending: Pending[S, C]) -> None:
        """What else the entry's transaction writes (inside it)."""
