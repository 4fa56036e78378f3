"""The journal: each game one SQLite file, each accepted command its own transaction.

A command is written and committed (WAL, synchronous=FULL) before the game moves on
and before its receipt is shown, so a crash at any moment loses nothing that was
acknowledged. Undo and redo are entries too: history is never deleted.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import IO, Any

from banker.core.commands import Command, Setup, parse_setup_json
from banker.core.errors import BadInput, BankerError, JournalError
from banker.core.game import Applied, EntryKind, Game, Pending, Snapshot, Stack, rising_runs
from banker.core.money import N_, Message, msg, plural
from banker.core.phone import Phones
from banker.core.record import refusal_of
from banker.core.state import GameState
from banker.core.validators import validate
from banker.core.view import VIEW_VERSION, ledger_view
from banker.i18n.causes import log as causes_log
from banker.store import fileformat as ff
from banker.store import sqlfile as sf
from banker.store.fileformat import APPLICATION_ID, SCHEMA_VERSION
from banker.store.glance import (
    HISTORY_SHOWN,
    LogEntry,
    damaged_file,
    read_only_note,
    written_elsewhere,
)
from banker.store.glance import lock as _lock
from banker.store.sqlfile import DB_ERRORS, ROW_ERRORS, read_header, write_setup
from banker.store.wal import WalCheck, WalWatch, check_wal, merged

__all__ = ["APPLICATION_ID", "SCHEMA_VERSION", "Journal", "LogEntry"]

SNAPSHOT_EVERY = 100
"""Store the state after every this many applied commands, so opening stays fast."""
CHECKED_AT_OPEN = 256
"""Opening from a checkpoint checks the entries after it and at least this many of the
latest (more than the history shows), with their snapshots; the older ones are checked
when first read (a deep undo, the whole log) and all of them by `banker verify`."""


class Journal:
    """An open game file and the game it holds."""

    def __init__(
        self,
        path: Path,
        conn: sqlite3.Connection,
        game: Game,
        lock: IO[bytes] | None,
        chain: str = ff.GENESIS,
        note: Message | None = None,
    ):
        self.path = path
        self._conn = conn
        self.game = game
        self._lock = lock
        self._chain = chain
        """The digest of the last entry, which the next one chains to."""
        self.note = note
        self._wal = WalWatch(path)
        self._scratch: Path | None = None
        """A private copy read in place of a read-only game (its -wal applied), if any."""
        self._older: _Older | None = None
        """The reader of the entries not checked at opening (opened from a checkpoint)."""
        if lock is not None:
            self._wal.note()

    # Creating and opening.

    @classmethod
    def create(cls, path: str | Path, setup: Setup, first: Iterable[Command] = ()) -> Journal:
        """Start a new game file, with `first` commands already applied (a deal).

        The file is built beside its place under a temporary name and only then given
        its name, so a full disk or a kill leaves no half-made game in the way of a retry.
        Refused if a file is already there.
        """
        path = Path(path)
        try:  # as the game will be read back: a setup built in code is checked here
            setup = parse_setup_json(setup.to_json())
        except ValueError as exc:
            raise BadInput("This game cannot be started: {why}", why=refusal_of(exc)) from None
        if path.exists() or path.is_symlink():
            raise JournalError(
                "A file already exists at {path}: open that game, or choose another name.",
                path=path,
            )
        building = path.with_name(f".{path.name}.{os.getpid()}.building")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            sf.clear_abandoned(path)
            write_setup(
                building,
                APPLICATION_ID,
                SCHEMA_VERSION,
                setup.to_json(),
                _setup_message(setup),
            )
            commands = list(first)
            if commands:
                with cls.open(building) as journal:
                    for command_ in commands:
                        journal.apply(command_)
            sf.publish(building, path)
        except DB_ERRORS + (OSError,) as exc:
            sf.unlink_quietly(building)
            raise JournalError(
                "Cannot create the game file {path}: {why}", path=path, why=exc
            ) from None
        except BaseException:
            sf.unlink_quietly(building)
            raise
        return cls.open(path)

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
        note = read_only_note(path)
        check = None
        if not read_only or not written_elsewhere(path):
            # (a game being played elsewhere has its last frame half written at times)
            check = check_wal(path)
            if check.damaged:
                raise damaged_wal(path, check, sf.witnessed(path))
        scratch = None
        if note is not None and check is not None and check.frames:
            try:  # the latest commands are in the -wal: read them on a copy
                scratch = merged(path, check)
            except OSError as exc:
                raise JournalError(
                    "{path} is read-only and its latest commands are in its -wal file, "
                    "which cannot be read here ({why}): copy both files to a folder you "
                    "can write.",
                    path=path,
                    why=exc,
                ) from None
        if note is not None and not read_only:
            raise JournalError(
                "{path} is read-only ({why}): 'banker show' and 'banker log' can read it; "
                "copy it to a folder you can write to go on playing.",
                path=path,
                why=note,
            )
        lock = None if read_only else _lock(path)
        conn: sqlite3.Connection | None = None
        # A closed game on a full disk is still read: nothing beside it needs writing when
        # nobody plays it and its -wal holds nothing (SQLite would make its -shm file).
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
            game, chain, version, older = _load(conn, path)
            if not read_only:
                conn.execute(ff.VIEWS)
                conn.execute(ff.CHECKPOINT)
                if version < SCHEMA_VERSION:
                    chain = _upgrade(conn)
        except DB_ERRORS as exc:
            sf.close_quietly(conn, lock)
            sf.unlink_scratch(scratch)
            if sf.disk_full(path):
                raise JournalError(
                    "{path} cannot be opened: the disk it is on is full. Free some space, "
                    "then try again; nothing was changed.",
                    path=path,
                ) from None
            raise damaged_file(path, exc) from None
        except BaseException:
            sf.close_quietly(conn, lock)
            sf.unlink_scratch(scratch)
            raise
        last = sf.witnessed(path)
        if last is not None and last > game.seq:
            sf.close_quietly(conn, lock)
            sf.unlink_scratch(scratch)
            raise JournalError(
                "{path} lost its latest entries: its -wal file was cut or emptied while the "
                "game was open, and entries {first} to {last} went with it. 'banker recover "
                "{path}' saves what is left into a new game.",
                path=path,
                first=game.seq + 1,
                last=last,
            )
        if last is not None and lock is not None:
            with contextlib.suppress(OSError):  # the game is whole again: old news
                sf.witness(path).unlink(missing_ok=True)
        journal = cls(path, conn, game, lock, chain, note)
        journal._scratch = scratch
        journal._older = older
        return journal

    @staticmethod
    def backup(source: str | Path, target: str | Path) -> None:
        """A complete copy of the game at `source` in the new file `target`, safe at any
        moment (SQLite's online backup: the commands still in the -wal file included),
        checked like any game before it is given its name.

        Raises:
            JournalError: the source cannot be read, or the target exists or cannot be made.
        """
        source, target = Path(source), Path(target)
        if target.exists() or target.is_symlink():
            raise JournalError("A file already exists at {path}: choose another name.", path=target)
        building = target.with_name(f".{target.name}.{os.getpid()}.building")
        with Journal.open(source, read_only=True) as journal:
            try:
                sf.unlink_quietly(building)
                copy = sqlite3.connect(building)
                try:
                    journal._conn.backup(copy)
                finally:
                    copy.close()
                Journal.open(building, read_only=True).close()
                sf.publish(building, target)
            except DB_ERRORS + (OSError,) as exc:
                raise JournalError(
                    "Cannot write the copy {path}: {why}", path=target, why=exc
                ) from None
            finally:
                sf.unlink_quietly(building)

    def close(self) -> None:
        """Close the file, first saving what the ledger shows now for the next start."""
        if self._lock is not None and self._wal_sound():
            self.save_view()
            try:  # the game back in the one file, for whoever copies it
                self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except DB_ERRORS:
                pass  # kept in the -wal file, which the next opening reads
        elif self._lock is not None:
            sf.witness_loss(self.path, self.game.seq)
        self._conn.close()
        sf.unlink_scratch(self._scratch)
        self._scratch = None
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def _wal_sound(self) -> bool:
        """Whether the -wal still holds what this journal wrote to it. A -wal damaged or
        cut short under the open game (a disk, a sync tool) must not be copied into the
        game file, which would then be damaged too: it is left as it is, and the next
        opening says what is wrong and `recover` reads every intact frame."""
        return self._wal_kept() and not check_wal(self.path).damaged

    @property
    def wal_lost(self) -> bool:
        """Whether the -wal this journal wrote to was cut, emptied or removed under it
        (the latest commands went with it): what the app says at the quit."""
        return self._lock is not None and not self._wal_kept()

    def _wal_kept(self) -> bool:
        """Whether the -wal is still the file this journal wrote to, no shorter."""
        return self._wal.kept()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # Changing the game: written first, then done.

    def apply(self, command: Command, phone: Phones | None = None) -> Message:
        """Apply a command and journal it. Raises BankerError if refused (nothing written).

        Args:
            phone: the player whose own phone asked for it: the entry says so.
        """
        return self._write(self.game.prepare(command, phone))

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
        message = json.dumps(pending.message.to_json())
        at = sf.now()
        chain = ff.entry_chain(self._chain, pending.seq, pending.kind, command, target, message, at)
        self._refuse_a_cut_wal()
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            self._conn.execute(
                "INSERT INTO journal (seq, kind, command, target, message, at, chain)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (pending.seq, pending.kind, command, target, message, at, chain),
            )
            if pending.kind != "undo" and pending.depth % SNAPSHOT_EVERY == 0:
                # the snapshot follows the entry that applied its last command
                row = self._conn.execute(
                    "SELECT chain FROM journal WHERE seq = ?", (pending.applied.seq,)
                ).fetchone()
                ledger = pending.state.dump_ledger()
                self._conn.execute(
                    "INSERT OR REPLACE INTO snapshots (depth, last_seq, ledger, chain)"
                    " VALUES (?, ?, ?, ?)",
                    (
                        pending.depth,
                        pending.applied.seq,
                        ledger,
                        ff.snapshot_chain(pending.depth, pending.applied.seq, ledger, row[0]),
                    ),
                )
            self._conn.execute("COMMIT")
        except DB_ERRORS as exc:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise JournalError(
                "The game could not be saved ({why}), so nothing was changed. Free some disk "
                "space or check the file, then try again.",
                why=exc,
            ) from None
        except BaseException:  # whatever failed, the entry is not kept: nothing applied
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise
        self._chain = chain
        self.game.commit(pending)
        self._wal.note()
        return pending.message

    def _refuse_a_cut_wal(self) -> None:
        """A -wal cut, emptied or removed under the open game (a sync tool, a disk) takes
        the commands in it, and every one written after it too: found at the next command,
        before it is acknowledged, and nothing more is written.

        Raises:
            JournalError: it was; the message says what to do.
        """
        if not self._wal_kept():
            raise JournalError(
                "Nothing was changed: the -wal file of {path}, which holds the latest "
                "commands, was cut, emptied or removed while the game was open. Close the "
                "game; the next opening says what was lost.",
                path=self.path,
            )

    def save_view(self) -> None:
        """Save the ledger as it stands, with the entry it belongs to (`glance`), and the
        checkpoint the next opening starts from.

        Only shortcuts for the next start: if they cannot be saved, the next start opens
        the journal the long way, so a failure here is not an error.
        """
        try:
            history = self.entries(limit=HISTORY_SHOWN)
            saved: dict[str, object] = {
                "version": VIEW_VERSION,
                "ledger": ledger_view(self.game.state).to_json(),
                "undone": [e.seq for e in history if e.undone],
            }
            saved["check"] = ff.view_check(self.game.seq, self._chain, saved)
            # a state that does not add up is never written down as the truth: without
            # a new checkpoint the next opening replays the entries after the last one
            point = None if validate(self.game.state) else self._checkpoint()
            self._conn.execute("BEGIN IMMEDIATE")
            self._conn.execute("DELETE FROM views")
            self._conn.execute(
                "INSERT INTO views (seq, view) VALUES (?, ?)",
                (self.game.seq, json.dumps(saved, ensure_ascii=False)),
            )
            if point is not None:
                self._conn.execute("DELETE FROM checkpoint")
                self._conn.execute(
                    'INSERT INTO checkpoint (seq, chain, applied, undone, ledger, "check")'
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    point,
                )
            self._conn.execute("COMMIT")
        except Exception:  # noqa: BLE001 - only a shortcut: never a reason to fail
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")

    def verify(self) -> int:
        """Check the whole file: every entry's digest from the setup on, every snapshot,
        the replayed game against the one opened (from the checkpoint), the checkpoint and
        the saved ledger against their digests, and SQLite's own structure. Returns the
        number of entries.

        Raises:
            JournalError: something is damaged; the message says what and what to do.
        """
        try:
            whole, chain, _, _ = _load(self._conn, self.path, whole=True)  # names the entry
            problems = [r[0] for r in self._conn.execute("PRAGMA integrity_check(5)")]
            if problems != ["ok"]:  # damage outside the entries (an index, a free page)
                raise JournalError(
                    "{path} is damaged ({why}). 'banker recover {path}' saves every intact "
                    "entry into a new game.",
                    path=self.path,
                    why=_integrity(problems),
                )
            point = _rows_of(self._conn, "checkpoint", _CHECKPOINT)
            view = _rows_of(self._conn, "views", "seq, view")
        except DB_ERRORS as exc:
            raise damaged_file(self.path, exc) from None
        if (
            whole.seq != self.game.seq
            or chain != self._chain
            or whole.applied.seqs != self.game.applied.seqs
            or whole.undone.seqs != self.game.undone.seqs
            or whole.state != self.game.state
        ):
            raise JournalError(
                "{path} has a checkpoint that does not match its entries: it is damaged. "
                "'banker recover {path}' replays every entry into a new game.",
                path=self.path,
            )
        if point and (len(point) != 1 or _from_checkpoint(self._conn, self.path) is None):
            raise JournalError(
                "{path} has a damaged checkpoint; every entry is sound. The game opens the "
                "long way until its next close writes a new one.",
                path=self.path,
            )
        if view and not _view_sound(view, self.game.seq, self._chain):
            raise JournalError(
                "{path} has a damaged saved ledger; every entry is sound. The next start "
                "opens the journal first, and the next close saves it again.",
                path=self.path,
            )
        return self.game.seq

    def older_check(self) -> Callable[[], None] | None:
        """What checks the entries and snapshots that opening from the checkpoint did not,
        on a connection of its own, to run in another thread while the game is played;
        None when every entry was checked. The check raises JournalError naming the first
        damaged entry (the game goes on from what was checked: its state does not depend
        on them, and an undo that reaches one is refused)."""
        older = self._older
        if older is None or older.checked_from <= 2:
            return None
        below, anchor = older.checked_from, older.anchor
        path, source, immutable = self.path, self._scratch or self.path, self.note is not None

        def check() -> None:
            try:
                conn = sf.connect(source, read_only=True, immutable=immutable)
            except DB_ERRORS as exc:
                raise damaged_file(path, exc) from None
            try:
                _Older(conn, path, below, anchor).check_down_to(2)
                _check_snapshots(conn, path, below)
            finally:
                conn.close()

        return check

    def _checkpoint(self) -> tuple[int, str, str, str, str, str]:
        """The checkpoint row of the game as it stands: its stacks, its state, tied to the
        digest of its last entry."""
        applied = ff.runs(self.game.applied.runs())
        undone = ff.runs(rising_runs(reversed(self.game.undone.seqs)))
        ledger = self.game.state.dump_ledger()
        check = ff.checkpoint_check(self.game.seq, self._chain, applied, undone, ledger)
        return self.game.seq, self._chain, applied, undone, ledger, check

    # Reading the history.

    @property
    def started_at(self) -> datetime:
        """When the game was set up (its first journal entry), in UTC."""
        try:
            row = self._conn.execute("SELECT at FROM journal WHERE seq = 1").fetchone()
            return datetime.fromisoformat(row[0])
        except DB_ERRORS + ROW_ERRORS:
            return datetime.fromtimestamp(0, UTC)

    def entries(self, limit: int | None = None) -> list[LogEntry]:
        """The journal, oldest first (the last `limit` entries when given).

        Only as much of the applied stack is read as the entries reach back: the stack's
        entries are in journal order (undo takes the top, redo puts it back), so those
        from the oldest entry shown on are at its top. A key costs the same at entry 100
        and at entry 100,000."""
        try:
            if limit is None:
                rows = self._conn.execute(
                    "SELECT seq, kind, message, at FROM journal ORDER BY seq"
                ).fetchall()
            else:
                rows = self._conn.execute(
                    "SELECT seq, kind, message, at FROM journal ORDER BY seq DESC LIMIT ?",
                    (limit,),
                ).fetchall()[::-1]
        except DB_ERRORS as exc:
            raise damaged_file(self.path, exc) from None
        oldest = rows[0][0] if rows else 0
        if self._older is not None and rows:
            self._older.check_down_to(oldest)  # what is shown is what was written
        applied: set[int] = set()
        for seq in self.game.applied.seqs_from_top():
            if seq < oldest:
                break
            applied.add(seq)
        return [
            LogEntry.from_row(row, row[1] == "command" and row[0] not in applied) for row in rows
        ]

    def refresh(self) -> bool:
        """Read what another process has journaled since (for read-only followers).

        Returns True when the game changed.
        """
        rows = self._conn.execute(
            "SELECT seq, kind, command, target, message, at, chain FROM journal"
            " WHERE seq > ? ORDER BY seq",
            (self.game.seq,),
        ).fetchall()
        if not rows:
            return False
        try:
            for seq, kind, command, target, message, at, chain in rows:
                if chain != ff.entry_chain(self._chain, seq, kind, command, target, message, at):
                    raise JournalError("Journal entry {seq} is damaged.", seq=seq)
                self.game.follow(seq, _kind(kind), command, target)
                self._chain = chain
        except BankerError:
            # again from the file
            self.game, self._chain, _, self._older = _load(self._conn, self.path)
        return True


def damaged_wal(path: Path, check: WalCheck, last: int | None = None) -> JournalError:
    """The refusal for a game whose -wal (its latest commands) is damaged; `last`, the
    last entry the game had when it was closed on a -wal found cut (`sf.witness_loss`)."""
    assert check.problem is not None
    if last is not None:
        return JournalError(
            "{path} cannot be trusted: its -wal file, which holds the latest commands, is "
            "damaged ({why}); the game went as far as entry {last} when it was last "
            "closed. 'banker recover {path}' saves every intact entry into a new game.",
            path=path,
            why=check.problem,
            last=last,
        )
    return JournalError(
        "{path} cannot be trusted: its -wal file, which holds the latest commands, is "
        "damaged ({why}); {lost}. 'banker recover {path}' saves every intact entry into a "
        "new game.",
        path=path,
        why=check.problem,
        lost=wal_loss(check),
    )


def wal_loss(check: WalCheck) -> Message:
    """What a damaged -wal costs, counted where it can be."""
    if not check.lost:
        return msg("the commands saved in it after the damage cannot be read")
    return plural(
        check.lost,
        "{n} command saved in it after the damage cannot be read",
        "{n} commands saved in it after the damage cannot be read",
    )


def _setup_message(setup: Setup) -> Message:
    return msg(
        "New game on the {board} board: {players}",
        board=setup.edition.name_words,
        players=", ".join(setup.players),
    )


def _check_header(path: Path) -> None:
    """Refuse, before SQLite opens it, what is not a Banker game: nothing at all, a FIFO
    or a device, or another program's database (which must not be changed by opening)."""
    marked = read_header(
        path,
        N_("There is no game at {path}. Start one with 'banker new'."),
        N_("{path} is not a file: a game is a file."),
        N_("{path} is not a Banker game file."),
    )
    if marked != APPLICATION_ID:
        raise JournalError("{path} is an SQLite database, but not a Banker game.", path=path)


def _damaged_snapshot(path: Path, seq: object) -> JournalError:
    return JournalError(
        "{path} has a damaged snapshot (after entry {seq}). 'banker recover {path}' "
        "saves every entry into a new game.",
        path=path,
        seq=seq,
    )


def _integrity(problems: list[object]) -> Message:
    """SQLite's own check found damage: how much, in the reader's words (its English
    lines go to the log)."""
    causes_log.info("integrity_check: %s", "; ".join(map(str, problems)))
    return plural(
        len(problems),
        "SQLite's own check of its pages found {n} problem",
        "SQLite's own check of its pages found {n} problems",
    )


def _bad_entry(path: Path, seq: int, why: object) -> JournalError:
    return JournalError(
        "{path} is damaged from entry {seq} on ({why}). 'banker recover {path}' saves every "
        "entry before it into a new game.",
        path=path,
        seq=seq,
        why=why,
    )


def _load(
    conn: sqlite3.Connection, path: Path, whole: bool = False
) -> tuple[Game, str, int, _Older | None]:
    """The game, the digest of its last entry, the file's version, and the reader of the
    entries not yet checked (None when every entry was).

    From the checkpoint when the file has a sound one (and not `whole`): the entries after
    it and the latest `CHECKED_AT_OPEN` are checked, the state read from it. Otherwise
    (no checkpoint, a damaged one, damage after it, or `whole`) the long way: every entry
    is checked against the digest stored with it, each snapshot against its own, and the
    commands replayed; a file without digests (version 1) checks each replayed command's
    receipt against the stored one. Either way the state is checked against the rules'
    invariants.

    Raises:
        JournalError: not a Banker game, a newer one, or damaged: the message names the
            first bad entry and points to 'banker recover'.
    """
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
    if version < ff.OLDEST_VERSION:
        raise JournalError("{path} has no file version: it is damaged.", path=path)
    chained = version >= 2
    resumed = None if whole or not chained else _from_checkpoint(conn, path)
    if resumed is not None:
        game, previous, older = resumed
        _check_invariants(game, path)
        return game, previous, version, older
    snap_rows = conn.execute(
        f"SELECT depth, last_seq, ledger, {'chain' if chained else 'NULL'} FROM snapshots"
    ).fetchall()
    wanted = {row[1] for row in snap_rows}
    chains: dict[object, str] = {}
    previous = ff.GENESIS
    setup: Setup | None = None
    entries: list[tuple[int, EntryKind, str | None, int | None, str]] = []
    for seq, kind, command, target, message, at, chain in sf.rows(conn, version):
        if chained:  # the digest covers each value's type too
            expected = ff.entry_chain(previous, seq, kind, command, target, message, at)
            if chain != expected:
                raise _bad_entry(
                    path, seq if isinstance(seq, int) else 0, msg("not what was written")
                )
            previous = expected
            if seq in wanted:
                chains[seq] = expected
        elif not (
            isinstance(seq, int)
            and isinstance(kind, str)
            and isinstance(command, str | None)
            and isinstance(target, int | None)
            and isinstance(message, str)
            and isinstance(at, str)
        ):
            raise _bad_entry(
                path, seq if isinstance(seq, int) else 0, msg("a value of the wrong type")
            )
        if setup is None:
            if seq != 1 or kind != "setup" or command is None:
                raise JournalError("{path} has no game setup: it is damaged.", path=path)
            try:
                setup = parse_setup_json(command)
            except ValueError as exc:
                raise JournalError(
                    "{path} has a damaged game setup ({why}).", path=path, why=exc
                ) from None
            continue
        try:
            entries.append((seq, _kind(kind), command, target, message))
        except JournalError:
            raise _bad_entry(path, seq, msg("unknown kind {kind}", kind=repr(kind))) from None
    if setup is None:
        raise JournalError("{path} has no game setup: it is damaged.", path=path)
    snaps = []
    for depth, last_seq, ledger, chain in snap_rows:
        if chained and (
            last_seq not in chains
            or chain != ff.snapshot_chain(depth, last_seq, ledger, chains[last_seq])
        ):
            raise _damaged_snapshot(path, last_seq)
        snaps.append(Snapshot(depth, last_seq, ledger))
    try:
        game = Game.restore(setup, entries, snaps, check_receipts=not chained)
    except ROW_ERRORS as exc:
        raise JournalError("{path} has a damaged entry ({why}).", path=path, why=exc) from None
    _check_invariants(game, path)
    return game, previous, version, None


def _check_invariants(game: Game, path: Path) -> None:
    problems = validate(game.state)
    if problems:
        raise JournalError(
            "{path} does not add up after entry {seq} ({why}): it is damaged. 'banker recover "
            "{path}' replays every entry into a new game.",
            path=path,
            seq=game.seq,
            why="; ".join(problems[:3]),
        )


_ENTRY = "SELECT seq, kind, command, target, message, at, chain FROM journal"
_CHECKPOINT = 'seq, chain, applied, undone, ledger, "check"'


def _rows_of(conn: sqlite3.Connection, table: str, columns: str) -> list[Any]:
    """The rows of `table`; none when the file has no such table (written before it)."""
    if not conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
    ).fetchone():
        return []
    return list(conn.execute(f"SELECT {columns} FROM {table}"))


class _Older:
    """The entries before the part of a game checked when it was opened from its
    checkpoint: each is checked when first read (an undo deeper than the checkpoint, an
    older snapshot, the whole log), by its digest and the digests after it up to the
    checked part, and a damaged one is refused before anything of it is used."""

    def __init__(self, conn: sqlite3.Connection, path: Path, checked_from: int, anchor: str):
        self._conn = conn
        self._path = path
        self.checked_from = checked_from
        """Every entry from this one on is checked (the setup too, on its own)."""
        self.anchor = anchor
        """The stored digest of the entry before `checked_from`, which the checked entry
        after it proves."""

    def check_down_to(self, seq: int) -> None:
        """Check every entry from `seq` (the setup's next at the least) to the checked part.

        Raises:
            JournalError: one is damaged: the message names it.
        """
        seq = max(seq, 2)
        if seq >= self.checked_from:
            return
        try:
            rows = self._conn.execute(
                f"{_ENTRY} WHERE seq >= ? AND seq < ? ORDER BY seq", (seq - 1, self.checked_from)
            ).fetchall()
        except DB_ERRORS as exc:
            raise damaged_file(self._path, exc) from None
        if not rows or rows[0][0] != seq - 1:
            raise _bad_entry(self._path, seq - 1, msg("missing"))
        previous = rows[0][6]
        for expected_seq, (at_seq, kind, command, target, message, at, chain) in enumerate(
            rows[1:], seq
        ):
            digest = ff.entry_chain(previous, at_seq, kind, command, target, message, at)
            if at_seq != expected_seq or chain != digest:
                raise _bad_entry(self._path, expected_seq, msg("not what was written"))
            previous = digest
        if len(rows) != self.checked_from - seq + 1 or previous != self.anchor:
            raise _bad_entry(self._path, self.checked_from - 1, msg("not what was written"))
        self.checked_from, self.anchor = seq, rows[0][6]

    def fetch(self, seq: int) -> Applied:
        """The command entry `seq`, checked."""
        self.check_down_to(seq)
        try:
            row = self._conn.execute(
                "SELECT kind, command, message FROM journal WHERE seq = ?", (seq,)
            ).fetchone()
        except DB_ERRORS as exc:
            raise damaged_file(self._path, exc) from None
        if row is None or row[0] != "command" or not isinstance(row[1], str):
            raise _bad_entry(self._path, seq, msg("not a command"))
        return Applied(seq, row[1], row[2])

    def stored(self, stack: Stack, depth: int) -> tuple[int, Callable[[], str]] | None:
        """The newest snapshot at or below `depth` that belongs to `stack` (a snapshot of
        a line of play since undone does not), and its reader."""
        try:
            for at, last_seq in self._conn.execute(
                "SELECT depth, last_seq FROM snapshots WHERE depth > 0 AND depth <= ?"
                " ORDER BY depth DESC",
                (min(depth, len(stack)),),
            ):
                if type(at) is int and stack.seq_at(at - 1) == last_seq:
                    return at, partial(self.snapshot, at, last_seq)
        except DB_ERRORS as exc:
            raise damaged_file(self._path, exc) from None
        return None

    def snapshot(self, depth: int, last_seq: int) -> str:
        """The stored state after `depth` commands, checked with the entry it follows."""
        self.check_down_to(last_seq)
        try:
            entry = self._conn.execute(
                "SELECT chain FROM journal WHERE seq = ?", (last_seq,)
            ).fetchone()
            snap = self._conn.execute(
                "SELECT ledger, chain FROM snapshots WHERE depth = ? AND last_seq = ?",
                (depth, last_seq),
            ).fetchone()
        except DB_ERRORS as exc:
            raise damaged_file(self._path, exc) from None
        if (
            entry is None
            or snap is None
            or not isinstance(snap[0], str)
            or not isinstance(entry[0], str)
            or snap[1] != ff.snapshot_chain(depth, last_seq, snap[0], entry[0])
        ):
            raise _damaged_snapshot(self._path, last_seq)
        return snap[0]


def _check_snapshots(conn: sqlite3.Connection, path: Path, below: int) -> None:
    """Check every snapshot that follows an entry before `below` (all of them checked)."""
    try:
        rows = conn.execute(
            "SELECT s.depth, s.last_seq, s.ledger, s.chain, j.chain FROM snapshots s"
            " LEFT JOIN journal j ON j.seq = s.last_seq WHERE s.last_seq < ?",
            (below,),
        ).fetchall()
    except DB_ERRORS as exc:
        raise damaged_file(path, exc) from None
    for depth, last_seq, ledger, chain, entry in rows:
        if not (
            type(depth) is int
            and isinstance(ledger, str)
            and isinstance(entry, str)
            and chain == ff.snapshot_chain(depth, last_seq, ledger, entry)
        ):
            raise _damaged_snapshot(path, last_seq)


def _from_checkpoint(conn: sqlite3.Connection, path: Path) -> tuple[Game, str, _Older] | None:
    """The game from its checkpoint and the entries after it, with the reader of the
    older entries; None when the file has no sound checkpoint or anything read here does
    not check out, and the game is to be opened the long way (which names the damage)."""
    try:
        points = _rows_of(conn, "checkpoint", _CHECKPOINT)
        if len(points) != 1:
            return None
        seq, chain, applied, undone, ledger, check = points[0]
        if type(seq) is not int or not all(
            type(v) is str for v in (chain, applied, undone, ledger, check)
        ):
            return None
        if check != ff.checkpoint_check(seq, chain, applied, undone, ledger):
            return None
        last = conn.execute("SELECT max(seq) FROM journal").fetchone()[0]
        if type(last) is not int or last < seq or seq < 1:
            return None
        first = conn.execute(f"{_ENTRY} WHERE seq = 1").fetchone()
        if first is None or first[1] != "setup" or not isinstance(first[2], str):
            return None
        if first[6] != ff.entry_chain(ff.GENESIS, *first[:6]):
            return None
        setup = parse_setup_json(first[2])
        low = max(2, min(seq, last - CHECKED_AT_OPEN + 1))
        rows = conn.execute(f"{_ENTRY} WHERE seq >= ? ORDER BY seq", (low - 1,)).fetchall()
        if not rows or rows[0][0] != low - 1 or len(rows) != last - low + 2:
            return None
        previous = anchor = rows[0][6]
        if seq == low - 1 and anchor != chain:  # only the setup before the checkpoint
            return None
        tail = []
        for expected_seq, row in enumerate(rows[1:], low):
            digest = ff.entry_chain(previous, *row[:6])
            if row[0] != expected_seq or row[6] != digest:
                return None
            previous = digest
            if expected_seq == seq and digest != chain:
                return None
            if expected_seq > seq:
                tail.append(row)
        undone_seqs = [
            s for first, last in ff.from_runs(undone, seq) for s in range(first, last + 1)
        ]
        older = _Older(conn, path, low, anchor)
        game = Game(setup)
        game.seq = seq
        game.applied = Stack(older.fetch, base=ff.from_runs(applied, seq))
        game.undone = Stack(older.fetch, top=undone_seqs[::-1])  # most recently undone last
        state = GameState.load_ledger(ledger, setup.edition, setup.rules)
        game.state = state
        game._checkpoints[game.depth] = state
        for depth, last_seq in conn.execute(
            "SELECT depth, last_seq FROM snapshots WHERE depth > ?",
            (game.depth - CHECKED_AT_OPEN,),
        ):
            if (
                type(depth) is int
                and 0 < depth < game.depth
                and game.applied.seq_at(depth - 1) == last_seq
            ):
                if last_seq >= low:  # in the checked part: checked now, as the long way does
                    older.snapshot(depth, last_seq)
        game._stored = partial(older.stored, game.applied)
        for at_seq, kind, command, target, _message, _at, _chain in tail:
            game.follow(at_seq, _kind(kind), command, target)
    except DB_ERRORS + ROW_ERRORS + (BankerError,):
        return None
    return game, previous, older


def _view_sound(rows: list[tuple[object, object]], last: int, chain: str) -> bool:
    """Whether the saved ledger is sound: one row, and if it is the latest entry's, its
    digest right (an older one is only out of date: it is not used)."""
    if len(rows) != 1:
        return False
    seq, text = rows[0]
    if seq != last:
        return True
    try:
        data = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("check") == ff.view_check(last, chain, data)


def _upgrade(conn: sqlite3.Connection) -> str:
    """Give a version 1 file its digests (its entries were just checked by replaying)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        for statement in ff.UPGRADE_1_TO_2:
            conn.execute(statement)
        previous = ff.GENESIS
        rows = conn.execute(
            "SELECT seq, kind, command, target, message, at FROM journal ORDER BY seq"
        ).fetchall()
        chains = {}
        for seq, kind, command, target, message, at in rows:
            previous = ff.entry_chain(previous, seq, kind, command, target, message, at)
            chains[seq] = previous
            conn.execute("UPDATE journal SET chain = ? WHERE seq = ?", (previous, seq))
        for depth, last_seq, ledger in conn.execute(
            "SELECT depth, last_seq, ledger FROM snapshots"
        ).fetchall():
            if last_seq in chains:
                conn.execute(
                    "UPDATE snapshots SET chain = ? WHERE depth = ? AND last_seq = ?",
                    (ff.snapshot_chain(depth, last_seq, ledger, chains[last_seq]), depth, last_seq),
                )
            else:
                conn.execute(
                    "DELETE FROM snapshots WHERE depth = ? AND last_seq = ?", (depth, last_seq)
                )
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return previous


def _kind(kind: str) -> EntryKind:
    if kind in ("command", "undo", "redo"):
        return kind  # type: ignore[return-value]
    raise JournalError("Unknown journal entry kind {kind!r}.", kind=kind)
