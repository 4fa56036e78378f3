"""A venue's outbox on a real PostgreSQL server: every entry of the event file, in order,
exactly once; caught up after the server was down while the director went on."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import psycopg
import pytest

from banker.core.errors import BankerError
from banker.national.outbox import Outbox
from banker.national.schema import init
from banker.tournament.journal import EventJournal
from banker.tournament.language import perform
from banker.tournament.model import EventSetup
from tests.national.conftest import Server
from tests.tournament.conftest import until

NAMES = "Ana,Ben,Cai,Dee,Eli,Fay,Gus,Hal"


def _event(path: Path) -> EventJournal:
    journal = EventJournal.create(path, EventSetup(name="Open", rounds=2, minutes=60, seed=3))
    perform(journal, f"players {NAMES}")
    perform(journal, "draw")
    perform(journal, "start")
    return journal


def _stored(dsn: str, venue: str) -> list[tuple[object, ...]]:
    with psycopg.connect(dsn) as conn:
        return conn.execute(
            "SELECT seq, kind, command, target FROM entry WHERE venue = %s ORDER BY seq",
            (venue,),
        ).fetchall()


def _recorded(journal: EventJournal) -> list[tuple[object, ...]]:
    return [(seq, kind, command, target) for seq, kind, command, target, _ in journal.rows()]


def test_every_entry_once_in_order(tmp_path: Path, database: str) -> None:
    init(database)
    journal = _event(tmp_path / "open.event")
    outbox = Outbox(journal.path, database, "kl-1", "Kuala Lumpur")
    assert outbox.send() == len(journal.rows())
    assert _stored(database, "kl-1") == _recorded(journal)
    assert outbox.send() == 0  # again: nothing new, nothing doubled
    perform(journal, "undo")  # an undo is an entry like any other
    assert outbox.send() == 1
    assert _stored(database, "kl-1") == _recorded(journal)
    journal.close()


async def test_the_outbox_catches_up_after_the_server_was_down(
    tmp_path: Path, postgres: Server, database: str
) -> None:
    init(database)
    journal = _event(tmp_path / "open.event")
    outbox = Outbox(journal.path, database, "pg-2")
    stop = asyncio.Event()
    task = asyncio.create_task(outbox.run(stop, every=0.05))
    try:
        await until(lambda: outbox.sent == len(journal.rows()))
        await asyncio.to_thread(
            postgres.run, "pg_ctl", "-D", str(postgres.folder / "data"), "-m", "fast", "-w", "stop"
        )
        table = journal.state.round(1).tables[0]
        places = ",".join(f"{n}={2000 - 100 * i}" for i, n in enumerate(table))
        perform(journal, f"record 1 {places}")  # the venue goes on: its file first
        perform(journal, "end now")
        await until(lambda: outbox.problems)  # out of reach: said, retried
        await asyncio.to_thread(postgres.start)
        await until(lambda: len(_stored(database, "pg-2")) == len(journal.rows()), limit=120)
        assert _stored(database, "pg-2") == _recorded(journal)  # nothing lost, none twice
    finally:
        stop.set()
        await task
        journal.close()


async def test_publish_runs_until_stopped(tmp_path: Path, database: str) -> None:
    init(database)
    journal = _event(tmp_path / "open.event")
    count = len(journal.rows())
    journal.close()
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "banker.cli", "tournament", "publish", str(journal.path),
        "--to", database, "--venue", "jb-3",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "BANKER_HOME": str(tmp_path)},
    )  # fmt: skip
    await until(lambda: len(_stored(database, "jb-3")) == count, limit=120)
    assert child.stdout is not None
    first = await asyncio.wait_for(child.stdout.readline(), 60)  # running, not starting
    assert b"Publishing" in first
    child.send_signal(signal.SIGINT)
    out, _ = await asyncio.wait_for(child.communicate(), 60)
    assert child.returncode == 0, first + out
    assert f"{count} entries sent." in out.decode()


def test_another_event_is_not_published_as_the_same_venue(tmp_path: Path, database: str) -> None:
    init(database)
    first = _event(tmp_path / "open.event")
    Outbox(first.path, database, "kl-1").send()
    other = EventJournal.create(
        tmp_path / "other.event", EventSetup(name="Other", rounds=1, minutes=60, seed=9)
    )
    for _ in range(len(first.rows())):  # as long as the first one, or longer
        perform(other, "players " + ",".join(f"X{len(other.state.players) + 1}" for _ in "x"))
    with pytest.raises(BankerError, match="another event as venue kl-1"):
        Outbox(other.path, database, "kl-1").send()
    assert _stored(database, "kl-1") == _recorded(first)  # untouched
    first.close()
    other.close()
