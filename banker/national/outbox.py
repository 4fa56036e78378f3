"""A venue's outbox: every entry of its event file sent to the national database, in
order, exactly once (the entry's number is the key: sending again changes nothing), and
caught up after the uplink was down for any time. The venue never waits for it: the
director journals to the event file first, and the outbox reads the file read-only."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

from banker.core.errors import BankerError
from banker.national.schema import connect
from banker.national.venues import role_of
from banker.tournament.journal import EventJournal

CHANNEL = "banker_national"
"""What the national board LISTENs to: a venue's id, each time its entries arrive."""
BATCH = 500
"""Entries sent in one transaction."""
PATIENCE = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)
"""Seconds between tries while the database is out of reach (then every 30 s)."""


@dataclass
class Outbox:
    """The outbox of the event at `event`, for the venue `venue` of the database at `dsn`."""

    event: Path
    dsn: str
    venue: str
    name: str = ""
    sent: int = 0
    """Entries this outbox has sent."""
    problems: list[str] = field(default_factory=list)
    """Why the last tries failed, newest last (the database out of reach...)."""

    def send(self) -> int:
        """Send every entry the database lacks, in order; how many were sent.

        Raises:
            BankerError: the event file or the database cannot be read or written.
        """
        import psycopg

        with EventJournal.open(self.event, read_only=True) as journal:
            with connect(self.dsn) as conn:
                try:
                    known = conn.execute(
                        "SELECT 1 FROM venue WHERE id = %s", (self.venue,)
                    ).fetchone()
                    if known is None:  # the federation registers venues; its own address may
                        conn.execute(
                            "INSERT INTO venue (id, name, role) VALUES (%s, %s, %s)",
                            (self.venue, self.name or self.venue, role_of(self.venue)),
                        )
                    row = conn.execute(
                        "SELECT coalesce(max(seq), 0) FROM entry WHERE venue = %s",
                        (self.venue,),
                    ).fetchone()
                    have = int(row[0]) if row else 0
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
                except psycopg.Error as exc:
                    raise BankerError(
                        "The national database took nothing more: {why}",
                        why=" ".join(str(exc).split())[:300],
                    ) from None
        self.sent += count
        return count

    async def run(self, stop: asyncio.Event, every: float = 1.0) -> None:
        """Send what is new every `every` seconds until `stop`; while the database is out
        of reach, try again less and less often (never giving up)."""
        failures = 0
        while not stop.is_set():
            try:
                await asyncio.to_thread(self.send)
                failures = 0
                wait = every
            except BankerError as exc:
                self.problems = [*self.problems[-9:], str(exc)]
                wait = PATIENCE[min(failures, len(PATIENCE) - 1)]
                failures += 1
            try:
                await asyncio.wait_for(stop.wait(), wait)
            except TimeoutError:
                pass
