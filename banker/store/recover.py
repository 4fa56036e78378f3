"""Saving what can be saved from a damaged game file into a new one.

The source is only read. Its rows are read in order, page after page; where a page
cannot be read (damaged, or past the end of a truncated file) the reading jumps ahead
until it finds a readable row again, so one bad page costs only the entries on it.
Each entry is checked against the digest stored with it, then replayed through the
rules into a new file, which gets its name only once it is complete.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from banker.core.commands import Setup, parse_command_json, parse_setup_json
from banker.core.errors import BankerError, FileProblem, JournalError
from banker.i18n.message import Message, msg
from banker.store import fileformat as ff
from banker.store import sqlfile as sf
from banker.store.glance import read_only_note
from banker.store.journal import Journal
from banker.store.sqlfile import DB_ERRORS, ROW_ERRORS
from banker.store.wal import check_wal, salvage

MAX_SCAN = 10_000_000
"""No game has more entries than this; a scan stops there at the latest."""

Row = tuple[int, object, object, object, object, object, object]
"""seq, kind, command, target, message, at, chain."""


@dataclass
class Recovery:
    """What `recover` saved and what it could not."""

    source: Path
    target: Path
    saved: int = 0
    lost: list[Message] = field(default_factory=list)
    """One line per entry (or run of entries) that could not be read or no longer applied."""
    read_only: Message | None = None
    """Why the source could only be read (it is never written anyway), if it could not be."""
    language: str = "en"
    """The game's language, as its setup says (the report is said in it)."""
    set_aside: list[Path] = field(default_factory=list)
    """Files a game no longer there left under the target's name, moved aside first."""


def recover(source: str | Path, target: str | Path | None = None) -> Recovery:
    """Copy every intact entry of `source` into a new game file, replaying each one.

    Raises:
        JournalError: not even the game's setup can be read, or the target exists.
    """
    source = Path(source)
    target = (
        Path(target)
        if target
        else source.with_name(f"{source.stem}-recovered{source.suffix or '.banker'}")
    )
    if not ff.regular_file(source):
        raise JournalError("There is no game file at {path}.", path=source)
    if target.exists() or target.is_symlink():
        raise JournalError(
            "A file already exists at {path}: choose another name with --to.", path=target
        )
    note = read_only_note(source)
    try:
        with source.open("rb") as f:
            if f.read(16) != ff.SQLITE_HEADER:
                raise JournalError("{path} is not a Banker game file.", path=source)
        # Nothing is ever written to the source: without a -wal file to read, it is
        # opened as immutable, so SQLite makes no files beside it either. A damaged -wal
        # is not left to SQLite (which would stop at its first bad frame): the game is
        # read from a copy with every intact frame applied.
        wal = Path(f"{source}-wal")
        check = check_wal(source)
        read_from = source
        if check.damaged or (note is not None and check.frames):
            # (on a read-only disk SQLite would not read even an intact -wal)
            read_from = target.with_name(f".{target.name}.{os.getpid()}.salvaged")
            salvage(source, check, read_from)
        unused_wal = read_from != source or not wal.exists() or wal.stat().st_size == 0
        how = "mode=ro&immutable=1" if note or unused_wal else "mode=ro"
        conn = sqlite3.connect(f"{read_from.resolve().as_uri()}?{how}", uri=True)
        # A truncated file is read up to its end instead of being refused as a whole
        # (this only lets SQLite trust the file's size over its header; nothing is written).
        conn.execute("PRAGMA writable_schema = ON")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
    except (OSError, *DB_ERRORS) as exc:
        raise JournalError(
            "Nothing can be read from {path} ({why}): it is not a game file, or too damaged.",
            path=source,
            why=exc,
        ) from None
    report = Recovery(source, target, read_only=note)
    if check.damaged:
        assert check.problem is not None
        report.lost.append(
            msg(
                "its -wal file is damaged ({why}): every intact frame of it was read, the "
                "damaged ones left out",
                why=check.problem,
            )
        )
    building = target.with_name(f".{target.name}.{os.getpid()}.recovering")
    sf.unlink_quietly(building)
    try:
        rows = _scan(conn, version >= 2, report)
        setup = _setup(next(rows, None), source)
        report.language = setup.language
        journal = Journal.create(building, setup)
        try:
            _replay(journal, rows, report)
        finally:
            journal.close()
        report.set_aside = sf.publish(building, target)
    except DB_ERRORS as exc:
        raise JournalError(
            "The recovered game cannot be written to {path} ({why}).", path=target, why=exc
        ) from None
    finally:
        sf.unlink_quietly(building)
        conn.close()
        if read_from != source:
            sf.unlink_quietly(read_from)
    return report


def _replay(journal: Journal, rows: Iterator[Row], report: Recovery) -> None:
    new_seq: dict[int, int] = {}
    """Source entry -> the entry that applied it in the new file."""
    for seq, kind, command, target, *_ in rows:
        try:
            if kind == "command" and isinstance(command, str):
                journal.apply(parse_command_json(command))
                new_seq[seq] = journal.game.seq
            elif kind in ("undo", "redo") and isinstance(target, int):
                mine = new_seq.get(target)
                if mine is None:
                    report.lost.append(
                        msg(
                            "entry {seq}: the {kind} of entry {target}, which was lost, "
                            "was dropped",
                            seq=seq,
                            kind=kind,
                            target=target,
                        )
                    )
                    continue
                game = journal.game
                stack = game.applied if kind == "undo" else game.undone
                if not stack or stack[-1].seq != mine:
                    report.lost.append(
                        msg(
                            "entry {seq}: the {kind} of entry {target} no longer fits after "
                            "what was lost, and was dropped",
                            seq=seq,
                            kind=kind,
                            target=target,
                        )
                    )
                    continue
                if kind == "undo":
                    journal.undo()
                else:
                    journal.redo()
            else:
                raise BankerError("a damaged entry (kind {kind})", kind=repr(kind)[:40])
        except (BankerError, *ROW_ERRORS) as exc:
            report.lost.append(msg("entry {seq}: {why}", seq=seq, why=exc))
            continue
        report.saved += 1


def _scan(conn: sqlite3.Connection, chained: bool, report: Recovery) -> Iterator[Row]:
    """Every readable row in order, the setup first; what cannot be read goes in the
    report. A row whose digest does not match its contents is reported, not given."""
    after = 0
    previous: object = ff.GENESIS
    chain = "chain" if chained else "NULL"
    query = (
        f"SELECT seq, kind, command, target, message, at, {chain} FROM journal"
        " WHERE seq > ? ORDER BY seq"
    )
    failed_at = -1
    while after < MAX_SCAN:
        try:
            for row in conn.execute(query, (after,)):
                seq = row[0]
                if not isinstance(seq, int) or seq <= after:
                    raise sqlite3.DatabaseError("rows out of order")
                gap = seq != after + 1
                after = seq
                if chained and not gap and previous is not None:
                    if row[6] != _chain_of(previous, row):
                        report.lost.append(
                            msg("entry {seq}: damaged (not what was written)", seq=seq)
                        )
                        previous = row[6]
                        continue
                previous = row[6]
                yield (seq, *row[1:])
            return
        except DB_ERRORS as exc:
            first = after + 1
            if failed_at == after:  # a row found by itself that a scan cannot pass
                after = first
                previous = None
                try:
                    one = conn.execute(query.replace("seq > ?", "seq = ?"), (first,)).fetchone()
                except DB_ERRORS:
                    one = None
                if one is None:
                    report.lost.append(_unreadable(first, first, exc))
                else:
                    yield (first, *one[1:])
                continue
            failed_at = after
            resume = _next_readable(conn, after)
            if resume is None or resume <= after:
                report.lost.append(
                    msg("every entry after {seq}: unreadable ({why})", seq=after, why=exc)
                )
                return
            if resume > first:
                report.lost.append(_unreadable(first, resume - 1, exc))
            after = resume - 1
            previous = None  # the entry before `resume` is lost: nothing to check it with


def _chain_of(previous: object, row: tuple[object, ...]) -> str | None:
    seq, kind, command, target, message, at, _ = row
    try:
        return ff.entry_chain(str(previous), seq, kind, command, target, message, at)
    except (TypeError, ValueError):
        return None


def _probe(conn: sqlite3.Connection, sql: str, at: int) -> int | None | Exception:
    try:
        row = conn.execute(sql, (at,)).fetchone()
    except DB_ERRORS as exc:
        return exc
    return row[0] if row else None


def _next_readable(conn: sqlite3.Connection, after: int) -> int | None:
    """The first entry after `after` that can be read again, or None if none can.

    Steps that double find a readable row past the damage in a few lookups even at the
    end of a truncated file; the rows between the last failed step and it are then
    tried one by one, so no readable entry is skipped.
    """
    step = 1
    failed = after
    while after + step <= MAX_SCAN:
        at = after + step
        found = _probe(conn, "SELECT seq FROM journal WHERE seq >= ? ORDER BY seq LIMIT 1", at)
        if isinstance(found, Exception):
            failed = at
            step *= 2
            continue
        # readable from `at` on (`found` is None: nothing there); try the rows before it
        for seq in range(failed + 1, at):
            one = _probe(conn, "SELECT seq FROM journal WHERE seq = ?", seq)
            if isinstance(one, int):
                return one
        return found
    return None


def _setup(row: Row | None, source: Path) -> Setup:
    try:
        if row is None or row[0] != 1 or row[1] != "setup" or not isinstance(row[2], str):
            raise FileProblem("there is no setup entry where a game begins")
        return parse_setup_json(row[2])
    except ROW_ERRORS as exc:
        raise JournalError(
            "The setup of {path} cannot be read ({why}): there is no game to recover.",
            path=source,
            why=exc,
        ) from None


def _unreadable(first: int, last: int, exc: BaseException) -> Message:
    if last > first:
        return msg(
            "entries {first} to {last}: unreadable ({why})",
            first=first,
            last=last,
            why=exc,
        )
    return msg("entry {seq}: unreadable ({why})", seq=first, why=exc)
