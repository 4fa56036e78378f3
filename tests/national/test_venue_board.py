"""`banker tournament board EVENT --publish DSN --venue ID`: the venue's board publishes
from its own loop (its entries and each table's summary), says so in its head, and when
the national database goes away the event goes on, the board says since when, and
everything recorded meanwhile is sent when it is back. A real PostgreSQL server."""

from __future__ import annotations

import asyncio
from pathlib import Path

import psycopg
from textual.widgets import Static

from banker.national.schema import init
from banker.tournament.journal import EventJournal
from banker.tournament.language import perform
from banker.tournament.model import EventSetup
from banker.tui.board import BoardApp
from tests.national.conftest import Server
from tests.tournament.conftest import until


def _head(app: BoardApp) -> str:
    return str(app.screen.query_one("#head", Static).render())


def _said(app: BoardApp) -> str:
    return str(app.screen.query_one("#said", Static).render())


def _stored(dsn: str) -> tuple[int, int]:
    """(entries, table summaries) the database holds for venue ip-4."""
    with psycopg.connect(dsn) as conn:
        entries = conn.execute("SELECT count(*) FROM entry WHERE venue = 'ip-4'").fetchone()
        summaries = conn.execute(
            "SELECT count(*) FROM table_summary WHERE venue = 'ip-4'"
        ).fetchone()
    assert entries is not None and summaries is not None
    return int(entries[0]), int(summaries[0])


async def test_the_venue_board_publishes_and_catches_up(
    tmp_path: Path, postgres: Server, database: str
) -> None:
    init(database)
    journal = EventJournal.create(
        tmp_path / "ipoh.event", EventSetup(name="Ipoh", rounds=2, minutes=60, seed=4)
    )
    perform(journal, "players Ana,Ben,Cai,Dee,Eli,Fay,Gus,Hal")
    app = BoardApp(journal, "127.0.0.1", 0, serve=False, publish=(database, "ip-4"))
    async with app.run_test(size=(80, 24)):
        await until(lambda: "national: sent" in _head(app))
        await until(lambda: _stored(database) == (journal.seq, 0))
        perform(journal, "draw")  # two tables: a summary for each
        await until(lambda: _stored(database) == (journal.seq, 2))

        await asyncio.to_thread(
            postgres.run, "pg_ctl", "-D", str(postgres.folder / "data"), "-m", "fast", "-w", "stop"
        )
        await until(lambda: "national: down since" in _head(app))
        assert "is sent when it is back" in _said(app)
        table = journal.state.round(1).tables[0]
        places = ",".join(f"{n}={2000 - 100 * i}" for i, n in enumerate(table))
        perform(journal, "start")
        perform(journal, f"record 1 {places}")  # the venue goes on, to its own file

        await asyncio.to_thread(postgres.start)
        await until(lambda: "national: sent" in _head(app), limit=120)
        assert "everything recorded meanwhile is sent" in _said(app)
        await until(lambda: _stored(database)[0] == journal.seq, limit=120)
        with psycopg.connect(database) as conn:
            row = conn.execute(
                "SELECT summary FROM table_summary WHERE venue = 'ip-4' AND table_no = 1"
            ).fetchone()
        assert row is not None
        assert row[0]["state"] == "recorded" and row[0]["leader"] == table[0]
    journal.close()
