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
            conn.execute(
                "INSERT INTO table_summary (venue, round, table_no, summary)"
                " VALUES ('ra-b', 1, 1, '{}')"
            )
        conn.execute(  # its own summary: fine, and kept up to date
            "INSERT INTO table_summary (venue, round, table_no, summary)"
            " VALUES ('ra-a', 1, 1, '{}')"
        )
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
