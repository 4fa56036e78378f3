"""Saving what can be saved from a damaged game file into a new one."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from banker.core.commands import Setup, parse_command_json
from banker.core.errors import BankerError, JournalError
from banker.store.journal import Journal

MAX_SCAN = 10_000_000
"""No game has more entries than this; a scan stops there at the latest."""


@dataclass
class Recovery:
    """What `recover` saved and what it could not."""

    source: Path
    target: Path
    saved: int = 0
    lost: list[str] = field(default_factory=list)
    """One line per entry that could not be read or no longer applied."""


def recover(source: str | Path, target: str | Path | None = None) -> Recovery:
    """Copy every intact entry of `source` into a new game file, replaying each one.

    Entries are read one at a time, so a damaged page loses only the entries on it.
    Raises:
        JournalError: not even the game's setup can be read, or the target exists.
    """
    source = Path(source)
    target = (
        Path(target)
        if target
        else source.with_name(f"{source.stem}-recovered{source.suffix or '.banker'}")
    )
    try:
        conn = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
        last = conn.execute("SELECT MAX(seq) FROM journal").fetchone()[0] or 0
    except sqlite3.Error as exc:
        raise JournalError(
            "Nothing can be read from {path} ({why}): it is not a game file, or too damaged.",
            path=source,
            why=exc,
        ) from None
    setup = _setup(conn, source)
    report = Recovery(source, target)
    journal = Journal.create(target, setup)
    try:
        for seq in range(2, min(last, MAX_SCAN) + 1):
            try:
                row = conn.execute(
                    "SELECT kind, command FROM journal WHERE seq = ?", (seq,)
                ).fetchone()
            except sqlite3.Error as exc:
                report.lost.append(f"entry {seq}: unreadable ({exc})")
                continue
            if row is None:
                report.lost.append(f"entry {seq}: missing")
                continue
            kind, command = row
            try:
                if kind == "command":
                    journal.apply(parse_command_json(command))
                elif kind == "undo":
                    journal.undo()
                elif kind == "redo":
                    journal.redo()
                else:
                    raise ValueError(f"unknown kind {kind!r}")
            except (BankerError, ValueError) as exc:
                report.lost.append(f"entry {seq}: {exc}")
                continue
            report.saved += 1
    finally:
        journal.close()
        conn.close()
    return report


def _setup(conn: sqlite3.Connection, source: Path) -> Setup:
    try:
        row = conn.execute("SELECT command FROM journal WHERE seq = 1").fetchone()
        if row is None:
            raise ValueError("no setup entry")
        return Setup.model_validate(json.loads(row[0]))
    except (sqlite3.Error, ValueError) as exc:
        raise JournalError(
            "The setup of {path} cannot be read ({why}): there is no game to recover.",
            path=source,
            why=exc,
        ) from None
