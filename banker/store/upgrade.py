"""Files of an older version brought to the current one when opened for writing (the
entries were just checked, by replaying where they have no digests)."""

from __future__ import annotations

import sqlite3

from banker.store import fileformat as ff
from banker.store.fileformat import SCHEMA_VERSION
from banker.store.sqlfile import transaction


def upgrade_game(conn: sqlite3.Connection) -> str:
    """Give a version 1 file its digests (its entries were just checked by replaying)."""
    with transaction(conn):
        for statement in ff.UPGRADE_1_TO_2:
            conn.execute(statement)
        chains = _chain_every_entry(conn)
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
    return chains[max(chains)] if chains else ff.GENESIS


def upgrade_event(conn: sqlite3.Connection, version: int) -> str:
    """Give a version 1 event file the game store's schema and its digests, as file
    `version` (its entries were just checked by replaying)."""
    with transaction(conn):
        conn.execute("ALTER TABLE journal ADD COLUMN chain TEXT")
        for statement in ff.SCHEMA.split(";"):  # the store's other tables, which it lacked
            if "CREATE TABLE journal" not in statement and statement.strip():
                conn.execute(statement.replace("CREATE TABLE", "CREATE TABLE IF NOT EXISTS"))
        chains = _chain_every_entry(conn)
        conn.execute(f"PRAGMA user_version = {int(version)}")
    return chains[max(chains)] if chains else ff.GENESIS


def _chain_every_entry(conn: sqlite3.Connection) -> dict[int, str]:
    """Write each entry's digest (`chain`), chained from the first: each entry's, by number."""
    previous = ff.GENESIS
    chains: dict[int, str] = {}
    rows = conn.execute(
        "SELECT seq, kind, command, target, message, at FROM journal ORDER BY seq"
    ).fetchall()
    for seq, kind, command, target, message, at in rows:
        previous = chains[seq] = ff.entry_chain(previous, seq, kind, command, target, message, at)
        conn.execute("UPDATE journal SET chain = ? WHERE seq = ?", (previous, seq))
    return chains
