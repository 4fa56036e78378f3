"""A game read back from its file: every entry checked against its digest (from the
checkpoint when it has a sound one), the commands in force replayed, the state checked
against the rules' invariants."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from banker.core.commands import Setup, parse_setup_json
from banker.core.errors import JournalError
from banker.core.game import Game
from banker.core.timeline import EntryKind, Snapshot, entry_kind
from banker.core.validators import validate
from banker.i18n.message import msg
from banker.store import fileformat as ff
from banker.store import sqlfile as sf
from banker.store.checkpoint import Older, bad_entry, damaged_snapshot, from_checkpoint
from banker.store.fileformat import APPLICATION_ID, SCHEMA_VERSION
from banker.store.sqlfile import ROW_ERRORS


def load_game(
    conn: sqlite3.Connection, path: Path, whole: bool = False
) -> tuple[Game, str, int, Older | None]:
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
    resumed = None if whole or not chained else from_checkpoint(conn, path)
    if resumed is not None:
        game, previous, older = resumed
        check_invariants(game, path)
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
                raise bad_entry(
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
            raise bad_entry(
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
            entries.append((seq, entry_kind(kind), command, target, message))
        except JournalError:
            raise bad_entry(path, seq, msg("unknown kind {kind}", kind=repr(kind))) from None
    if setup is None:
        raise JournalError("{path} has no game setup: it is damaged.", path=path)
    snaps = []
    for depth, last_seq, ledger, chain in snap_rows:
        if chained and (
            last_seq not in chains
            or chain != ff.snapshot_chain(depth, last_seq, ledger, chains[last_seq])
        ):
            raise damaged_snapshot(path, last_seq)
        snaps.append(Snapshot(depth, last_seq, ledger))
    try:
        game = Game.restore(setup, entries, snaps, check_receipts=not chained)
    except ROW_ERRORS as exc:
        raise JournalError("{path} has a damaged entry ({why}).", path=path, why=exc) from None
    check_invariants(game, path)
    return game, previous, version, None


def check_invariants(game: Game, path: Path) -> None:
    problems = validate(game.state)
    if problems:
        raise JournalError(
            "{path} does not add up after entry {seq} ({why}): it is damaged. 'banker recover "
            "{path}' replays every entry into a new game.",
            path=path,
            seq=game.seq,
            why="; ".join(problems[:3]),
        )
