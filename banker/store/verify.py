"""`banker verify`: the whole game file checked, not only what opening needs."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from banker.core.errors import JournalError
from banker.core.game import Game
from banker.i18n.causes import log as causes_log
from banker.i18n.message import Message, plural
from banker.store.checkpoint import CHECKPOINT_COLUMNS, from_checkpoint, rows_of, view_sound
from banker.store.glance import damaged_file
from banker.store.load import load_game
from banker.store.sqlfile import DB_ERRORS


def verify(conn: sqlite3.Connection, path: Path, game: Game, chain: str) -> None:
    """Check the whole file open on `conn` against the `game` opened from it (its last
    entry's digest `chain`): every entry's digest from the setup on, every snapshot, the
    replayed game against the one opened (from the checkpoint), the checkpoint and the
    saved ledger against their digests, and SQLite's own structure.

    Raises:
        JournalError: something is damaged; the message says what and what to do.
    """
    try:
        whole, whole_chain, _, _ = load_game(conn, path, whole=True)  # names the entry
        problems = [r[0] for r in conn.execute("PRAGMA integrity_check(5)")]
        if problems != ["ok"]:  # damage outside the entries (an index, a free page)
            raise JournalError(
                "{path} is damaged ({why}). 'banker recover {path}' saves every intact "
                "entry into a new game.",
                path=path,
                why=_integrity(problems),
            )
        point = rows_of(conn, "checkpoint", CHECKPOINT_COLUMNS)
        view = rows_of(conn, "views", "seq, view")
    except DB_ERRORS as exc:
        raise damaged_file(path, exc) from None
    if (
        whole.seq != game.seq
        or whole_chain != chain
        or whole.applied.seqs != game.applied.seqs
        or whole.undone.seqs != game.undone.seqs
        or whole.state != game.state
    ):
        raise JournalError(
            "{path} has a checkpoint that does not match its entries: it is damaged. "
            "'banker recover {path}' replays every entry into a new game.",
            path=path,
        )
    if point and (len(point) != 1 or from_checkpoint(conn, path) is None):
        raise JournalError(
            "{path} has a damaged checkpoint; every entry is sound. The game opens the "
            "long way until its next close writes a new one.",
            path=path,
        )
    if view and not view_sound(view, game.seq, chain):
        raise JournalError(
            "{path} has a damaged saved ledger; every entry is sound. The next start "
            "opens the journal first, and the next close saves it again.",
            path=path,
        )


def _integrity(problems: list[object]) -> Message:
    """SQLite's own check found damage: how much, in the reader's words (its English
    lines go to the log)."""
    causes_log("integrity_check: %s", "; ".join(map(str, problems)))
    return plural(
        len(problems),
        "SQLite's own check of its pages found {n} problem",
        "SQLite's own check of its pages found {n} problems",
    )
