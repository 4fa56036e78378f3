"""The journal of a game: each game one SQLite file, each accepted command its own
transaction (`store.entries`, which events share).

A command is written and committed (WAL, synchronous=FULL) before the game moves on
and before its receipt is shown, so a crash at any moment loses nothing that was
acknowledged. Undo and redo are entries too: history is never deleted. What is the
game's own: its snapshots every `SNAPSHOT_EVERY` commands, the checkpoint and the
ledger saved at each close for a fast next start (`store.checkpoint`, `store.glance`),
read-only followers, `verify` and `backup`.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from banker.core.commands import Command, Setup, parse_setup_json
from banker.core.errors import BadInput, BankerError, JournalError
from banker.core.game import Game
from banker.core.phone import Phones
from banker.core.record import refusal_of
from banker.core.state import GameState
from banker.core.timeline import Pending, entry_kind
from banker.core.validators import validate
from banker.core.view import VIEW_VERSION, ledger_view
from banker.i18n.message import N_, Message, msg, plural
from banker.store import fileformat as ff
from banker.store import sqlfile as sf
from banker.store.checkpoint import CHECKED_AT_OPEN, Older, check_snapshots, checkpoint_row
from banker.store.entries import EntryJournal, Words
from banker.store.fileformat import APPLICATION_ID, SCHEMA_VERSION
from banker.store.glance import HISTORY_SHOWN, LogEntry, damaged_file
from banker.store.load import load_game
from banker.store.sqlfile import DB_ERRORS, ROW_ERRORS, read_header
from banker.store.upgrade import upgrade_game
from banker.store.verify import verify
from banker.store.wal import WalCheck

__all__ = ["APPLICATION_ID", "CHECKED_AT_OPEN", "SCHEMA_VERSION", "Journal", "LogEntry"]

SNAPSHOT_EVERY = 100
"""Store the state after every this many applied commands, so opening stays fast."""

GAME_WORDS = Words(
    exists=N_("A file already exists at {path}: open that game, or choose another name."),
    cannot_create=N_("Cannot create the game file {path}: {why}"),
    read_only_file=N_(
        "{path} is read-only ({why}): 'banker show' and 'banker log' can read it; "
        "copy it to a folder you can write to go on playing."
    ),
    lost_entries=N_(
        "{path} lost its latest entries: its -wal file was cut or emptied while the "
        "game was open, and entries {first} to {last} went with it. 'banker recover "
        "{path}' saves what is left into a new game."
    ),
    gone_wal=N_(
        "{path} lost its latest entries: the game was not closed (a crash?), and its "
        "-wal file, which held entries {first} to {last}, has been removed since. "
        "'banker recover {path}' saves what is left into a new game."
    ),
    open_read_only=N_(
        "This game is open read-only: changes are made where it is open for writing."
    ),
    cut_wal=N_(
        "Nothing was changed: the -wal file of {path}, which holds the latest "
        "commands, was cut, emptied or removed while the game was open. Close the "
        "game; the next opening says what was lost."
    ),
    not_saved=N_(
        "The game could not be saved ({why}), so nothing was changed. Free some disk "
        "space or check the file, then try again."
    ),
)


class Journal(EntryJournal[GameState, Command]):
    """An open game file and the game it holds."""

    WORDS = GAME_WORDS
    APPLICATION_ID = APPLICATION_ID

    def __init__(
        self,
        path: Path,
        conn: sqlite3.Connection,
        game: Game,
        lock: IO[bytes] | None,
        chain: str = ff.GENESIS,
        note: Message | None = None,
    ):
        super().__init__(path, conn, game, lock, chain)
        self.note = note
        self._older: Older | None = None
        """The reader of the entries not checked at opening (opened from a checkpoint)."""

    timeline: Game

    @property
    def game(self) -> Game:
        """The game the file holds (its timeline)."""
        return self.timeline

    @game.setter
    def game(self, game: Game) -> None:
        self.timeline = game

    # Creating and opening.

    @classmethod
    def create(cls, path: str | Path, setup: Setup, first: Iterable[Command] = ()) -> Journal:
        """Start a new game file, with `first` commands already applied (a deal).

        The file is built beside its place under a temporary name and only then given
        its name, so a full disk or a kill leaves no half-made game in the way of a retry.
        Refused if a file is already there.
        """
        try:  # as the game will be read back: a setup built in code is checked here
            setup = parse_setup_json(setup.to_json())
        except ValueError as exc:
            raise BadInput("This game cannot be started: {why}", why=refusal_of(exc)) from None
        commands = list(first)

        def deal(building: Path) -> None:
            with cls.open(building) as journal:
                for command in commands:
                    journal.apply(command)

        fill = deal if commands else None
        return cls._create_file(
            Path(path), SCHEMA_VERSION, setup.to_json(), _setup_message(setup), fill
        )

    @classmethod
    def open(cls, path: str | Path, read_only: bool = False, any_thread: bool = False) -> Journal:
        """Open a game file and restore the state after its last committed entry.

        `any_thread`: opened in one thread (the app's, in the background) to be used in
        another; it must still be used by one thread at a time.

        Raises:
            JournalError: missing, not a Banker game, newer, damaged, or already open for
                writing elsewhere; the message says which and what to do.
        """
        return cls._open_file(path, read_only, any_thread)

    @classmethod
    def _check_header(cls, path: Path) -> None:
        """Refuse, before SQLite opens it, what is not a Banker game: nothing at all, a
        FIFO or a device, or another program's database (which must not be changed by
        opening)."""
        marked = read_header(
            path,
            N_("There is no game at {path}. Start one with 'banker new'."),
            N_("{path} is not a file: a game is a file."),
            N_("{path} is not a Banker game file."),
        )
        if marked != APPLICATION_ID:
            raise JournalError("{path} is an SQLite database, but not a Banker game.", path=path)

    @classmethod
    def _read(
        cls,
        path: Path,
        conn: sqlite3.Connection,
        lock: IO[bytes] | None,
        read_only: bool,
        note: Message | None,
    ) -> Journal:
        game, chain, version, older = load_game(conn, path)
        if not read_only:
            conn.execute(ff.VIEWS)
            conn.execute(ff.CHECKPOINT)
            if version < SCHEMA_VERSION:
                chain = upgrade_game(conn)
        journal = cls(path, conn, game, lock, chain, note)
        journal._older = older
        return journal

    @classmethod
    def _damaged(cls, path: Path, why: BaseException) -> JournalError:
        return damaged_file(path, why)

    @classmethod
    def _damaged_wal(cls, path: Path, check: WalCheck, last: int | None) -> JournalError:
        return damaged_wal(path, check, last)

    @staticmethod
    def backup(source: str | Path, target: str | Path) -> list[Path]:
        """A complete copy of the game at `source` in the new file `target`, safe at any
        moment (SQLite's online backup: the commands still in the -wal file included),
        checked like any game before it is given its name.

        Returns where files left under the target's name by a game no longer there were
        moved aside (`sqlfile.publish`), to say.

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
                return sf.publish(building, target)
            except DB_ERRORS + (OSError,) as exc:
                raise JournalError(
                    "Cannot write the copy {path}: {why}", path=target, why=exc
                ) from None
            finally:
                sf.unlink_quietly(building)

    def _closing(self) -> None:
        self.save_view()  # what the ledger shows now, for the next start

    # Changing the game: written first, then done.

    def apply(self, command: Command, phone: Phones | None = None) -> Message:
        """Apply a command and journal it. Raises BankerError if refused (nothing written).

        Args:
            phone: the player whose own phone asked for it: the entry says so.
        """
        return self._write(self.game.prepare(command, phone))

    def _also(self, pending: Pending[GameState, Command]) -> None:
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
            point = None if validate(self.game.state) else checkpoint_row(self.game, self._chain)
            with sf.transaction(self._conn):
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
        except Exception:  # noqa: BLE001 - only a shortcut: never a reason to fail
            pass  # rolled back whole

    def verify(self) -> int:
        """Check the whole file (`store.verify`). Returns the number of entries.

        Raises:
            JournalError: something is damaged; the message says what and what to do.
        """
        verify(self._conn, self.path, self.game, self._chain)
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
                Older(conn, path, below, anchor).check_down_to(2)
                check_snapshots(conn, path, below)
            finally:
                conn.close()

        return check

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
                self.game.follow(seq, entry_kind(kind), command, target)
                self._chain = chain
        except BankerError:
            # again from the file
            self.game, self._chain, _, self._older = load_game(self._conn, self.path)
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
