"""A game opened from its checkpoint: the stacks and the state stored at the last close,
tied to the digest of the entry it follows, so opening costs the same at 1,000 entries
and at 100,000.

The entries after the checkpoint and the latest `CHECKED_AT_OPEN` are checked when it
opens; the older ones (`Older`) when first read (a deep undo, an older snapshot, the
whole log), and all of them by `banker verify` (`store.verify`).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from banker.core.commands import Command, parse_command_json, parse_setup_json
from banker.core.errors import BankerError, JournalError
from banker.core.game import Game
from banker.core.state import GameState
from banker.core.timeline import Applied, Stack, entry_kind, rising_runs
from banker.i18n.message import msg
from banker.store import fileformat as ff
from banker.store.glance import damaged_file
from banker.store.sqlfile import DB_ERRORS, ROW_ERRORS

CHECKED_AT_OPEN = 256
"""Opening from a checkpoint checks the entries after it and at least this many of the
latest (more than the history shows), with their snapshots; the older ones are checked
when first read (a deep undo, the whole log) and all of them by `banker verify`."""


def damaged_snapshot(path: Path, seq: object) -> JournalError:
    return JournalError(
        "{path} has a damaged snapshot (after entry {seq}). 'banker recover {path}' "
        "saves every entry into a new game.",
        path=path,
        seq=seq,
    )


def bad_entry(path: Path, seq: int, why: object) -> JournalError:
    return JournalError(
        "{path} is damaged from entry {seq} on ({why}). 'banker recover {path}' saves every "
        "entry before it into a new game.",
        path=path,
        seq=seq,
        why=why,
    )


ENTRY = "SELECT seq, kind, command, target, message, at, chain FROM journal"
CHECKPOINT_COLUMNS = 'seq, chain, applied, undone, ledger, "check"'


def rows_of(conn: sqlite3.Connection, table: str, columns: str) -> list[Any]:
    """The rows of `table`; none when the file has no such table (written before it)."""
    if not conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
    ).fetchone():
        return []
    return list(conn.execute(f"SELECT {columns} FROM {table}"))


class Older:
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
                f"{ENTRY} WHERE seq >= ? AND seq < ? ORDER BY seq", (seq - 1, self.checked_from)
            ).fetchall()
        except DB_ERRORS as exc:
            raise damaged_file(self._path, exc) from None
        if not rows or rows[0][0] != seq - 1:
            raise bad_entry(self._path, seq - 1, msg("missing"))
        previous = rows[0][6]
        for expected_seq, (at_seq, kind, command, target, message, at, chain) in enumerate(
            rows[1:], seq
        ):
            digest = ff.entry_chain(previous, at_seq, kind, command, target, message, at)
            if at_seq != expected_seq or chain != digest:
                raise bad_entry(self._path, expected_seq, msg("not what was written"))
            previous = digest
        if len(rows) != self.checked_from - seq + 1 or previous != self.anchor:
            raise bad_entry(self._path, self.checked_from - 1, msg("not what was written"))
        self.checked_from, self.anchor = seq, rows[0][6]

    def fetch(self, seq: int) -> Applied[Command]:
        """The command entry `seq`, checked."""
        self.check_down_to(seq)
        try:
            row = self._conn.execute(
                "SELECT kind, command, message FROM journal WHERE seq = ?", (seq,)
            ).fetchone()
        except DB_ERRORS as exc:
            raise damaged_file(self._path, exc) from None
        if row is None or row[0] != "command" or not isinstance(row[1], str):
            raise bad_entry(self._path, seq, msg("not a command"))
        return Applied(seq, row[1], row[2], read=parse_command_json)

    def stored(self, stack: Stack[Command], depth: int) -> tuple[int, Callable[[], str]] | None:
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
            raise damaged_snapshot(self._path, last_seq)
        return snap[0]


def check_snapshots(conn: sqlite3.Connection, path: Path, below: int) -> None:
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
            raise damaged_snapshot(path, last_seq)


def from_checkpoint(conn: sqlite3.Connection, path: Path) -> tuple[Game, str, Older] | None:
    """The game from its checkpoint and the entries after it, with the reader of the
    older entries; None when the file has no sound checkpoint or anything read here does
    not check out, and the game is to be opened the long way (which names the damage)."""
    try:
        points = rows_of(conn, "checkpoint", CHECKPOINT_COLUMNS)
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
        first = conn.execute(f"{ENTRY} WHERE seq = 1").fetchone()
        if first is None or first[1] != "setup" or not isinstance(first[2], str):
            return None
        if first[6] != ff.entry_chain(ff.GENESIS, *first[:6]):
            return None
        setup = parse_setup_json(first[2])
        low = max(2, min(seq, last - CHECKED_AT_OPEN + 1))
        rows = conn.execute(f"{ENTRY} WHERE seq >= ? ORDER BY seq", (low - 1,)).fetchall()
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
        older = Older(conn, path, low, anchor)
        game = Game(setup)
        game.seq = seq
        game.applied = Stack(older.fetch, base=ff.from_runs(applied, seq))
        game.undone = Stack(older.fetch, top=undone_seqs[::-1])  # most recently undone last
        state = GameState.load_ledger(ledger, setup.edition, setup.rules)
        game.state = state
        game.keep(game.depth, state)
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
        game.find_stored = partial(older.stored, game.applied)
        for at_seq, kind, command, target, _message, _at, _chain in tail:
            game.follow(at_seq, entry_kind(kind), command, target)
    except DB_ERRORS + ROW_ERRORS + (BankerError,):
        return None
    return game, previous, older


def view_sound(rows: list[tuple[object, object]], last: int, chain: str) -> bool:
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


def checkpoint_row(game: Game, chain: str) -> tuple[int, str, str, str, str, str]:
    """The checkpoint row of the game as it stands: its stacks, its state, tied to the
    digest of its last entry (`chain`)."""
    applied = ff.runs(game.applied.runs())
    undone = ff.runs(rising_runs(reversed(game.undone.seqs)))
    ledger = game.state.dump_ledger()
    check = ff.checkpoint_check(game.seq, chain, applied, undone, ledger)
    return game.seq, chain, applied, undone, ledger, check
