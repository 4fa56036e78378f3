"""The national database's schema, owned by its migrations, on a real PostgreSQL server."""

from __future__ import annotations

import sys
from pathlib import Path

import psycopg
import pytest

from banker.cli import main
from banker.core.errors import BankerError
from banker.national.schema import init, migrations, version


def test_init_applies_every_migration_once(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["national", "init", database]) == 0
    said = capsys.readouterr().out
    assert "0001_venues_and_entries.sql" in said and "0002_venue_roles.sql" in said
    with psycopg.connect(database) as conn:
        assert version(conn) == len(migrations())
        tables = {
            row[0]
            for row in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
            ).fetchall()
        }
    assert {"venue", "entry", "table_summary", "banker_schema"} <= tables
    assert main(["national", "init", database]) == 0  # again: nothing to do
    assert "up to date" in capsys.readouterr().out
    assert init(database) == []


def test_a_newer_schema_is_refused_and_left_alone(database: str) -> None:
    init(database)
    with psycopg.connect(database, autocommit=True) as conn:
        conn.execute("INSERT INTO banker_schema (version, name) VALUES (99, 'future.sql')")
    with pytest.raises(BankerError) as refused:
        init(database)
    assert "newer than this Banker's" in str(refused.value)
    with psycopg.connect(database) as conn:
        assert version(conn) == 99


def test_a_server_out_of_reach_is_said_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["national", "init", "postgresql://nobody@127.0.0.1:1/x"]) == 1
    said = capsys.readouterr().err
    assert "Cannot reach the national database" in said and "Traceback" not in said


def test_the_migrations_are_numbered_without_a_gap() -> None:
    found = migrations()
    assert [m.version for m in found] == list(range(1, len(found) + 1))
    folder = Path(__file__).resolve().parents[2] / "banker" / "national" / "migrations"
    assert sorted(p.name for p in folder.glob("*.sql")) == [m.name for m in found]


def test_without_postgresql_s_client_the_board_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if the extra were not installed
    assert main(["national", "board", "postgresql://nowhere/x"]) != 0
    assert "pip install 'banker[national]'" in capsys.readouterr().err
