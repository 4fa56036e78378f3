"""A venue's outbox: every entry of its event file sent to the national database, in
order, exactly once (the entry's number is the key: sending again changes nothing), and
caught up after the uplink was down for any time. The venue never waits for it: the
director journals to the event file first, and the outbox reads the file read-only."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from banker.core.errors import BankerError
from banker.i18n.message import Message
from banker.national.schema import connect
from banker.national.summary import table_summaries
from banker.national.venues import role_of
from banker.tournament.journal import EventJournal

if TYPE_CHECKING:
    import psycopg

CHANNEL = "banker_national"
"""What the national board LISTENs to: a venue's id, each time its entries arrive."""
BATCH = 500
"""Entries sent in one transaction."""
PATIENCE = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)
"""Seconds between tries while the database is out of reach (then every 30 s)."""


@dataclass
class Outbox:
    """The outbox of the event at `event`, for the venue `venue` of the database at `dsn`.

    With each send go the venue's heartbeat (the board tells a quiet venue from a lost
    one) and the summary of every table that changed since the last send: from the
    venue's live board when `run` is given one, else from the event file."""

    event: Path
    dsn: str
    venue: str
    name: str = ""
    sent: int = 0
    """Entries this outbox has sent."""
    problems: list[str] = field(default_factory=list)
    """Why the last tries failed, newest last (the database out of reach...)."""
    problem: Message | None = None
    """The last try's failure, to say in the director's language."""
    down_since: str | None = None
    """When the database went out of reach (ISO 8601, UTC), while it is."""
    summaries_sent: int = 0
    """Summary rows this outbox has sent."""
    _summaries: dict[tuple[int, int], str] = field(default_factory=dict, repr=False)
    """Each table's summary as last stored (JSON), to send only the changed ones."""
    _conn: psycopg.Connection | None = field(default=None, repr=False)
    _same_event: bool = field(default=False, repr=False)

    def send(self, summaries: dict[tuple[int, int], dict[str, Any]] | None = None) -> int:
        """Send every entry the database lacks, in order, and the summaries that changed
        (`summaries`, or those the event file gives); how many entries were sent.

        Raises:
            BankerError: the event file or the database cannot be read or written.
        """
        import psycopg

        with EventJournal.open(self.event, read_only=True) as journal:
            if summaries is None:
                summaries = table_summaries(journal.state)
            changed = {
                key: text
                for key, value in summaries.items()
                if (text := json.dumps(value, sort_keys=True)) != self._summaries.get(key)
            }
            try:
                conn = self._connection()
                count = self._send(conn, journal, changed)
            except psycopg.Error as exc:
                self.close()
                raise BankerError(
                    "The national database took nothing more: {why}",
                    why=exc,
                ) from None
        self._summaries.update(changed)
        self.sent += count
        self.summaries_sent += len(changed)
        return count

    def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    def _connection(self) -> psycopg.Connection:
        if self._conn is None or self._conn.closed or self._conn.broken:
            self.close()
            self._conn = connect(self.dsn)
        return self._conn

    def _send(
        self,
        conn: psycopg.Connection,
        journal: EventJournal,
        changed: dict[tuple[int, int], str],
    ) -> int:
        known = conn.execute("SELECT 1 FROM venue WHERE id = %s", (self.venue,)).fetchone()
        if known is None:  # the federation registers venues; its own address may
            conn.execute(
                "INSERT INTO venue (id, name, role) VALUES (%s, %s, %s)",
                (self.venue, self.name or self.venue, role_of(self.venue)),
            )
        conn.execute("SELECT banker_contact(%s)", (self.venue,))  # its heartbeat
        count = self._send_entries(conn, journal)
        if changed:
            with conn.transaction():
                with conn.cursor() as cur:
                    cur.executemany(  # the venue checked by the function (migration 0004)
                        "SELECT banker_summary(%s, %s, %s, %s::jsonb)",
                        [(self.venue, rnd, table, text) for (rnd, table), text in changed.items()],
                    )
                conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, self.venue))
        return count

    def _send_entries(self, conn: psycopg.Connection, journal: EventJournal) -> int:
        row = conn.execute(
            "SELECT coalesce(max(seq), 0) FROM entry WHERE venue = %s", (self.venue,)
        ).fetchone()
        have = int(row[0]) if row else 0
        if have and not self._same_event:
            self._check_same_event(conn, journal)
        count = 0
        while rows := journal.rows(have)[:BATCH]:
            with conn.transaction():
                with conn.cursor() as cur:
                    cur.executemany(
                        "INSERT INTO entry (venue, seq, kind, command, target, at)"
                        " VALUES (%s, %s, %s, %s, %s, %s)"
                        " ON CONFLICT (venue, seq) DO NOTHING",
                        [(self.venue, *r) for r in rows],
                    )
                conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, self.venue))
            have = rows[-1][0]
            count += len(rows)
        return count

    def _check_same_event(self, conn: psycopg.Connection, journal: EventJournal) -> None:
        """The venue's entries in the database are this event's (its setup, entry 1, is
        this file's): another event file published as the same venue would mix two
        events under one name."""
        stored = conn.execute(
            "SELECT command FROM entry WHERE venue = %s AND seq = 1", (self.venue,)
        ).fetchone()
        ours = journal.rows(0)[:1]
        if stored is None or not ours or stored[0] != ours[0][2]:
            raise BankerError(
                "The national database holds another event as venue {venue}: publish this "
                "one as a venue of its own.",
                venue=self.venue,
            )
        self._same_event = True

    async def run(
        self,
        stop: asyncio.Event,
        every: float = 1.0,
        board: Callable[[], dict[tuple[int, int], dict[str, Any]]] | None = None,
    ) -> None:
        """Send what is new every `every` seconds until `stop`; while the database is out
        of reach, try again less and less often (never giving up). `board`, called on
        the loop, gives the live tables' summaries (a venue's board)."""
        failures = 0
        try:
            while not stop.is_set():
                try:
                    summaries = board() if board is not None else None
                    await asyncio.to_thread(self.send, summaries)
                    failures = 0
                    wait = every
                    self.down_since = None
                except BankerError as exc:
                    self.problems = [*self.problems[-9:], str(exc)]
                    self.problem = exc.message
                    if self.down_since is None:
                        self.down_since = datetime.now(UTC).isoformat(timespec="seconds")
                    wait = PATIENCE[min(failures, len(PATIENCE) - 1)]
                    failures += 1
                try:
                    await asyncio.wait_for(stop.wait(), wait)
                except TimeoutError:
                    pass
        finally:
            await asyncio.to_thread(self.close)
