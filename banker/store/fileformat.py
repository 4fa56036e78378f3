"""What a Banker game file is on disk: the SQLite marks, the tables, and the checks that
tie every stored row to the ones before it.

Standard library only: the app's first screen (`banker.store.glance`) reads a game file
with this module before the rules' models are imported.

Every journal entry stores `chain`, a digest of the entry's own columns and the `chain`
of the entry before it, so one changed bit anywhere in the history (a command, a
receipt, a time, an undo's target) breaks the chain at that entry and no later entry
can hide it. A snapshot stores the digest of its ledger and of the entry it follows; the
ledger view saved for the next start stores the digest of its contents and of the last
entry. Readers check them all before trusting what they read.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path

APPLICATION_ID = 0x42414E4B
"""'BANK': marks an SQLite file as a Banker game."""
SCHEMA_VERSION = 2
"""1: the first files, without digests; 2: every row carries its digest (`chain`)."""
OLDEST_VERSION = 1
"""Files of this version and newer open; version 1 gets its digests when next opened for
writing, and until then is checked by replaying its receipts."""

SQLITE_HEADER = b"SQLite format 3\x00"
GENESIS = "banker"
"""The `chain` before the first entry."""

SCHEMA = """
CREATE TABLE journal (
    seq INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    command TEXT,
    target INTEGER,
    message TEXT NOT NULL,
    at TEXT NOT NULL,
    chain TEXT
);
CREATE TABLE snapshots (
    depth INTEGER NOT NULL,
    last_seq INTEGER NOT NULL,
    ledger TEXT NOT NULL,
    chain TEXT,
    PRIMARY KEY (depth, last_seq)
);
CREATE TABLE views (
    seq INTEGER NOT NULL,
    view TEXT NOT NULL
);
"""
VIEWS = "CREATE TABLE IF NOT EXISTS views (seq INTEGER NOT NULL, view TEXT NOT NULL)"
"""What the ledger showed at close, for the next start's first screen (`glance`); files
written before it existed get the table when next opened for writing."""
CHECKPOINT = """CREATE TABLE IF NOT EXISTS checkpoint (
    seq INTEGER NOT NULL,
    chain TEXT NOT NULL,
    applied TEXT NOT NULL,
    undone TEXT NOT NULL,
    ledger TEXT NOT NULL,
    "check" TEXT NOT NULL
)"""
"""The game as it stood at entry `seq` (its stacks as runs of sequence numbers, its state),
tied to that entry's `chain`, so that opening needs only the entries after it. Written at
the close; files without it open the long way (every entry replayed)."""
UPGRADE_1_TO_2 = (
    "ALTER TABLE journal ADD COLUMN chain TEXT",
    "ALTER TABLE snapshots ADD COLUMN chain TEXT",
)

MAX_GAME_FILE = 1 << 34
"""16 GiB: far beyond any game; a bigger "game file" is something else."""


def _digest(*parts: object) -> str:
    """Each part written with its type and length, so no two lists of parts read alike."""
    text = "".join([_part(part) for part in parts])
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _part(part: object) -> str:
    if part is None:
        return "N;"
    if type(part) is str:
        return f"str{len(part)}:{part}"
    text = str(part)
    return f"{type(part).__name__}{len(text)}:{text}"


def entry_chain(
    previous: str,
    seq: object,
    kind: object,
    command: object,
    target: object,
    message: object,
    at: object,
) -> str:
    """The digest of one journal entry, chained to the entry before it (the columns as
    they were read: a damaged row may hold values of any type)."""
    if (
        type(seq) is int
        and type(kind) is str
        and type(message) is str
        and type(at) is str
        and (command is None or type(command) is str)
        and (target is None or type(target) is int)
    ):  # every entry as written: the same text as `_digest`'s, built in one step
        s, t = str(seq), "N;" if target is None else f"int{len(str(target))}:{target}"
        c = "N;" if command is None else f"str{len(command)}:{command}"
        text = (
            f"str{len(previous)}:{previous}int{len(s)}:{s}str{len(kind)}:{kind}{c}{t}"
            f"str{len(message)}:{message}str{len(at)}:{at}"
        )
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return _digest(previous, seq, kind, command, target, message, at)


def snapshot_chain(depth: int, last_seq: int, ledger: str, entry: str) -> str:
    """The digest of a snapshot and of the chain of the entry it follows."""
    return _digest("snapshot", depth, last_seq, ledger, entry)


def checkpoint_check(seq: int, chain: str, applied: str, undone: str, ledger: str) -> str:
    """The digest of a checkpoint: the game's stacks and state at entry `seq`, and the
    digest (`chain`) of that entry, which covers every entry before it."""
    return _digest("checkpoint", seq, chain, applied, undone, ledger)


def runs(pairs: list[tuple[int, int]]) -> str:
    """Runs of sequence numbers `(first, last)` as JSON: a stack of 100,000 commands with
    few undos is a few numbers."""
    return json.dumps(pairs, separators=(",", ":"))


def from_runs(text: str, last: int) -> list[tuple[int, int]]:
    """The runs of `runs`, checked: rising and apart, each within entries 2 to `last`.

    Raises:
        ValueError: not runs of this game.
    """
    data = json.loads(text)
    if not isinstance(data, list):
        raise ValueError("not a list of runs")
    out: list[tuple[int, int]] = []
    previous = 1
    for run in data:
        if not (
            isinstance(run, list)
            and len(run) == 2
            and type(run[0]) is int
            and type(run[1]) is int
            and previous < run[0] <= run[1] <= last
        ):
            raise ValueError("not a run of entries")
        out.append((run[0], run[1]))
        previous = run[1]
    return out


def view_check(seq: int, entry: str, view: dict[str, object]) -> str:
    """The digest of a saved ledger view, without its own `check`, and of its entry."""
    rest = {k: v for k, v in view.items() if k != "check"}
    return _digest("view", seq, entry, json.dumps(rest, sort_keys=True, ensure_ascii=False))


def regular_file(path: Path) -> bool:
    """True for a regular file (following links); False for a folder, a FIFO, a device,
    or nothing at all. Opening a FIFO would wait for a writer forever."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False
