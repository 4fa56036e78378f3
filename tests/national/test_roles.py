"""A role per venue: venue A's director can add and keep only venue A's rows; venue B's
stay as B sent them. On a real PostgreSQL server, row-level security doing the work."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from banker.cli import main
from banker.core.errors import BankerError
from banker.national.outbox import Outbox
from banker.national.schema import init
from banker.national.venues import add_venue, role_of
from banker.tournament.journal import EventJournal
from banker.tournament.language import perform
from banker.tournament.model import EventSetup
from tests.national.conftest import Server


def _as(postgres: Server, database: str, venue: str) -> str:
    """The address venue `venue`'s director publishes with (the test server trusts
    loopback, so the role's password is not asked)."""
    return postgres.dsn(database.rsplit("/", 1)[1], role_of(venue))


def test_venue_a_cannot_write_venue_bs_rows(
    tmp_path: Path, postgres: Server, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    init(database)
    assert main(["national", "venue", database, "ra-a", "Venue A"]) == 0
    assert "banker_venue_ra_a" in capsys.readouterr().out
    add_venue(database, "ra-b", "Venue B")
    journal = EventJournal.create(tmp_path / "b.event", EventSetup(name="B", rounds=1, minutes=60))
    perform(journal, "players Ana,Ben,Cai,Dee")
    Outbox(journal.path, _as(postgres, database, "ra-b"), "ra-b").send()  # B's own: fine
    journal.close()
    a = _as(postgres, database, "ra-a")
    with psycopg.connect(a, autocommit=True) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):  # row-level security
            conn.execute(
                "INSERT INTO entry (venue, seq, kind, command, at)"
                " VALUES ('ra-b', 99, 'command', '{}', now())"
            )
        with pytest.raises(psycopg.errors.InsufficientPrivilege):  # no right to change
            conn.execute("UPDATE entry SET command = 'x' WHERE venue = 'ra-b'")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("DELETE FROM entry WHERE venue = 'ra-b'")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("SELECT banker_summary('ra-b', 1, 1, '{}')")
        conn.execute("SELECT banker_summary('ra-a', 1, 1, '{}')")  # its own: fine
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("INSERT INTO venue (id, name, role) VALUES ('ra-c', 'C', 'x')")
        # everything may be read: the national board reads through any of them
        seen = conn.execute("SELECT count(*) FROM entry WHERE venue = 'ra-b'").fetchone()
        assert seen is not None and seen[0] == 2
    with psycopg.connect(database) as conn:
        kinds = conn.execute("SELECT kind FROM entry WHERE venue = 'ra-b' ORDER BY seq").fetchall()
    assert kinds == [("setup",), ("command",)]  # as B sent them


def test_a_venue_is_added_once_and_its_id_is_checked(database: str) -> None:
    init(database)
    add_venue(database, "ro-a", "Venue A")
    with pytest.raises(BankerError):
        add_venue(database, "ro-a", "Venue A again")
    with pytest.raises(BankerError):
        add_venue(database, "Ro A; DROP", "x")


def test_a_venue_can_lock_nothing_the_others_write_nor_store_a_huge_row(
    tmp_path: Path, postgres: Server, database: str
) -> None:
    """The review's D8: venue A's role took ACCESS EXCLUSIVE on `contact` and
    `table_summary` and held it; every other venue's heartbeat and the board's reads
    waited. Now A can take no lock that stops B, whatever it holds open."""
    init(database)
    add_venue(database, "rl-a", "Venue A")
    add_venue(database, "rl-b", "Venue B")
    journal = EventJournal.create(tmp_path / "b.event", EventSetup(name="B", rounds=1, minutes=60))
    perform(journal, "players Ana,Ben,Cai,Dee")
    Outbox(journal.path, _as(postgres, database, "rl-b"), "rl-b").send()
    journal.close()
    with psycopg.connect(_as(postgres, database, "rl-a")) as a:
        for table, mode in [
            ("contact", "ACCESS EXCLUSIVE"),
            ("table_summary", "ACCESS EXCLUSIVE"),
            ("contact", "SHARE"),
            ("table_summary", "EXCLUSIVE"),
            ("entry", "SHARE"),
            ("entry", "ACCESS EXCLUSIVE"),
        ]:
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                a.execute(f"LOCK TABLE {table} IN {mode} MODE")
            a.rollback()
        for name, value in [
            ("lock_timeout", "5s"),
            ("idle_in_transaction_session_timeout", "1min"),
        ]:
            shown = a.execute(f"SHOW {name}").fetchone()
            assert shown is not None and shown[0] == value
        with pytest.raises(psycopg.errors.InsufficientPrivilege):  # no grant to write them
            a.execute("INSERT INTO contact (venue) VALUES ('rl-a')")
        a.rollback()
        with pytest.raises(psycopg.errors.CheckViolation):  # 20 MB: not a table's summary
            a.execute(
                "SELECT banker_summary('rl-a', 1, 1, jsonb_build_object('leader', repeat('x', %s)))",
                (20 << 20,),
            )
        a.rollback()
        # Everything A may still take, held open in one transaction...
        a.execute("SET idle_in_transaction_session_timeout = 0")  # as long as it likes
        a.execute("LOCK TABLE contact, table_summary IN ACCESS SHARE MODE")
        a.execute("LOCK TABLE entry IN ROW EXCLUSIVE MODE")
        a.execute("SELECT banker_contact('rl-a')")
        a.execute("SELECT banker_summary('rl-a', 1, 1, '{}')")
        # ...and venue B and the board go on: each statement given 5 s, it need not wait
        with psycopg.connect(_as(postgres, database, "rl-b"), autocommit=True) as b:
            b.execute("SET statement_timeout = '5s'")
            b.execute("SELECT banker_contact('rl-b')")
            b.execute("SELECT banker_summary('rl-b', 1, 1, '{\"state\": \"playing\"}')")
            b.execute(
                "INSERT INTO entry (venue, seq, kind, command, at)"
                " VALUES ('rl-b', 3, 'command', '{}', now())"
            )
        with psycopg.connect(database, autocommit=True) as board:
            board.execute("SET statement_timeout = '5s'")
            seen = board.execute(
                "SELECT (SELECT count(*) FROM contact), (SELECT count(*) FROM table_summary)"
            ).fetchone()
            assert seen == (1, 1)  # B's; A's own are not in until it commits
        a.rollback()


def test_a_venue_role_made_before_version_4_writes_through_the_functions_after_it(
    postgres: Server, database: str
) -> None:
    """A database at version 3 with a venue whose role has the old grants (INSERT and
    UPDATE on the tables): `init` takes them back and gives the functions."""
    from banker.national.schema import migrations

    with psycopg.connect(database, autocommit=True) as conn:
        conn.execute(
            "CREATE TABLE banker_schema (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        for old in migrations()[:3]:
            conn.execute(old.sql.encode())
            conn.execute("INSERT INTO banker_schema VALUES (%s, %s)", (old.version, old.name))
        role = role_of("rv-a")
        conn.execute(f"CREATE ROLE {role} LOGIN")
        db = database.rsplit("/", 1)[1]
        conn.execute(f"GRANT CONNECT ON DATABASE {db} TO {role}")
        conn.execute(f"GRANT USAGE ON SCHEMA public TO {role}")
        conn.execute(f"GRANT SELECT ON venue, banker_schema TO {role}")
        conn.execute(f"GRANT SELECT, INSERT ON entry TO {role}")
        conn.execute(f"GRANT SELECT, INSERT, UPDATE ON table_summary, contact TO {role}")
        conn.execute("INSERT INTO venue VALUES ('rv-a', 'Venue A', %s)", (role,))
    assert init(database) == ["0004_venue_writes_by_function.sql"]
    with psycopg.connect(_as(postgres, database, "rv-a"), autocommit=True) as a:
        with pytest.raises(psycopg.errors.InsufficientPrivilege), a.transaction():
            a.execute("LOCK TABLE contact IN ACCESS EXCLUSIVE MODE")
        a.execute("SELECT banker_contact('rv-a')")
        a.execute("SELECT banker_summary('rv-a', 1, 1, '{}')")
        assert a.execute("SHOW lock_timeout").fetchone() == ("5s",)
