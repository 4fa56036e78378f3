"""The national database's schema, owned by its migrations: one SQL file per version in
`migrations/`, applied in order, each in its own transaction with the version it brings.
`banker national init DSN` applies those the database lacks; a database of a newer
Banker is refused, never changed."""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from types import ModuleType
from typing import TYPE_CHECKING

from banker.core.errors import BankerError

if TYPE_CHECKING:
    import psycopg

MIGRATION = re.compile(r"(\d{4})_[a-z0-9_]+\.sql")
LOCK = 7_240_101
"""The advisory lock two `init`s take in turn, so a migration is applied once."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def migrations() -> list[Migration]:
    """Every migration shipped, by version; the versions run 1, 2, 3... with no gap."""
    folder = resources.files("banker.national") / "migrations"
    found = []
    for item in folder.iterdir():
        match = MIGRATION.fullmatch(item.name)
        if match:
            found.append(Migration(int(match.group(1)), item.name, item.read_text("utf-8")))
    found.sort(key=lambda m: m.version)
    if [m.version for m in found] != list(range(1, len(found) + 1)):
        raise BankerError("The national schema's migrations are not numbered 1, 2, 3...")
    return found


def client() -> ModuleType:
    """psycopg, PostgreSQL's client.

    Raises:
        BankerError: it is not installed (the `national` extra).
    """
    try:
        import psycopg
    except ImportError:
        raise BankerError(
            "The national level needs PostgreSQL's client: pip install 'banker[national]'."
        ) from None
    return psycopg


def connect(dsn: str) -> psycopg.Connection:
    """A connection to the national database.

    Raises:
        BankerError: psycopg is not installed (the `national` extra), or the server
            cannot be reached (with the reason).
    """
    client()
    import psycopg

    try:
        return psycopg.connect(dsn, connect_timeout=10, autocommit=True)
    except psycopg.Error as exc:
        raise BankerError("Cannot reach the national database: {why}", why=exc) from None


def version(conn: psycopg.Connection) -> int:
    """The schema version the database holds (0: none yet)."""
    found = conn.execute("SELECT to_regclass('banker_schema') IS NOT NULL").fetchone()
    if not found or not found[0]:
        return 0
    row = conn.execute("SELECT max(version) FROM banker_schema").fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def init(dsn: str) -> list[str]:
    """Bring the database at `dsn` to this Banker's schema; the migrations applied.

    Raises:
        BankerError: unreachable, or its schema is newer than this Banker's.
    """
    import psycopg

    shipped = migrations()
    applied: list[str] = []
    with connect(dsn) as conn:
        try:
            conn.execute("SELECT pg_advisory_lock(%s)", (LOCK,))
            conn.execute(
                "CREATE TABLE IF NOT EXISTS banker_schema ("
                " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                " applied TIMESTAMPTZ NOT NULL DEFAULT now())"
            )
            have = version(conn)
            if have > len(shipped):
                raise BankerError(
                    "The national database has schema version {have}, newer than this "
                    "Banker's ({mine}): update Banker.",
                    have=have,
                    mine=len(shipped),
                )
            for migration in shipped[have:]:
                with conn.transaction():
                    conn.execute(migration.sql.encode())
                    conn.execute(
                        "INSERT INTO banker_schema (version, name) VALUES (%s, %s)",
                        (migration.version, migration.name),
                    )
                applied.append(migration.name)
        except psycopg.Error as exc:
            raise BankerError("The national database was not changed: {why}", why=exc) from None
        finally:
            if not conn.closed:
                conn.execute("SELECT pg_advisory_unlock(%s)", (LOCK,))
    return applied
