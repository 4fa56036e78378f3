"""The national board: every venue's event, replayed from the entries its outbox sent
(with the same code as the venue, so the same points and tie-breaks), each table's
summary, when each venue was last heard from, and the national cut (the best N of every
venue's preliminaries, by points then the tie-breaks). Fed by `LISTEN/NOTIFY`: a venue's
outbox notifies after each batch, and the board reads what is new for that venue.

What a venue sent is another computer's word: an entry that does not follow (a gap, a
command the event refuses, a text too long) stops that venue's replay where it was good,
with the reason on its row; a summary that is not one is not shown. Every other venue
goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import functools
import io
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from banker.core.edition import load_edition
from banker.core.errors import BankerError
from banker.core.timeline import Timeline
from banker.i18n import ENGLISH, Translator
from banker.i18n.message import N_, Message, msg
from banker.national.outbox import BATCH, CHANNEL, PATIENCE
from banker.national.summary import MAX_TABLES, seen_summary
from banker.tournament.director import csv_cell, tie_break_columns
from banker.tournament.journal import event_timeline
from banker.tournament.model import (
    DEFAULT_TIE_BREAKS,
    EventCommand,
    EventSetup,
    EventState,
    round_words,
)
from banker.tournament.scoring import ranking

if TYPE_CHECKING:
    import psycopg

LOST_AFTER = 20.0
"""Seconds without a venue's heartbeat (its outbox reaches the database every second)
after which the board says it lost contact."""
CHECK_EVERY = 2.0
"""Seconds between the board's looks at the heartbeats, with no notification."""
MAX_ENTRY = 64 << 10
"""The longest entry a venue may send (an event's longest command is a few KB)."""
MAX_SUMMARY = 2048
"""The largest summary row read (one is about 120 bytes); larger ones are not shown."""
MAX_ENTRIES = 100_000
"""Entries of one venue the board replays; past it, the venue is not followed."""
TIE_BREAK_KEYS = {"worth": "money", "wins": "wins", "opponents": "opponents"}


@dataclass
class VenueLive:
    """What the national board knows of one venue."""

    id: str
    name: str
    seq: int = 0
    """The last entry replayed."""
    setup: EventSetup | None = None
    history: Timeline[EventState, EventCommand] | None = None
    """Its commands in force and undone, as the event file keeps them (from its setup)."""
    problem: Message | None = None
    """Why its entries stopped being followed, once they did."""
    summaries: dict[int, dict[str, Any]] = field(default_factory=dict)
    """The current round's tables, by number."""
    summary_round: int = 0
    summaries_at: datetime | None = None
    """When its newest summary was stored, as last read."""
    seen: datetime | None = None
    """Its last heartbeat (the database's clock)."""
    silent: float | None = None
    """Seconds since then, as the database counts them."""
    lost_after: float = LOST_AFTER
    """Seconds of silence after which contact is lost (the board's own setting)."""

    @property
    def state(self) -> EventState | None:
        """The venue's event after the entries replayed (None before its setup)."""
        return self.history.state if self.history is not None else None

    @property
    def lost(self) -> bool:
        return self.silent is None or self.silent > self.lost_after

    def follow(self, rows: list[tuple[Any, ...]]) -> bool:
        """Replay the entries after the last one (seq, kind, command, target, and whether
        the command was too long to read); False once one does not follow (the reason
        kept in `problem`, the state left as the last good entry made it)."""
        for seq, kind, command, target, *too_long in rows:
            if self.problem is not None:
                return False
            try:
                if any(too_long):  # not even read: the database said how long it is
                    raise BankerError(msg("too long to be an event's"))
                self._take(seq, kind, command, target)
            except (BankerError, ValidationError, ValueError) as exc:
                why = exc.message if isinstance(exc, BankerError) else msg("not a valid entry")
                self.problem = msg("entry {n}: {why}", n=seq, why=why)
                return False
            self.seq = seq
        return True

    def _take(self, seq: int, kind: str, command: str | None, target: int | None) -> None:
        """Replay one entry; the state changes only when it is taken whole."""
        if seq != self.seq + 1:
            raise BankerError(msg("an entry is missing before it"))
        if seq > MAX_ENTRIES:
            raise BankerError(msg("too long to be an event's"))
        if seq == 1:
            if kind != "setup" or command is None:
                raise BankerError(msg("the event's setup is not first"))
            self.setup = EventSetup.model_validate_json(command)
            self.history = event_timeline(self.setup)
            return
        if self.history is None:
            raise BankerError(msg("the event's setup is not first"))
        follows = command is not None if kind == "command" else self.history.follows(kind, target)
        if not follows:
            raise BankerError(msg("it does not follow from the ones before it"))
        self.history.follow(seq, kind, command, target)  # a refused command changes nothing

    def status(self) -> str:
        """The venue's state in the venue board's words."""
        if self.problem is not None:
            return "bad data"
        if self.lost:
            return "lost"
        current = self.state.current if self.state is not None else None
        if current is None or current.started is None:
            return "waiting"
        # ended only when its director ended the round: every table recorded is not yet
        # the round's end (a correction, a late table may still come)
        return "ended" if current.ended else "playing"


class National:
    """The national board over the database at `dsn`: `load` once, then `run` follows
    every venue until stopped; `listeners` are called after each change."""

    def __init__(
        self,
        dsn: str,
        cut: int = 0,
        name: str = "",
        tie_breaks: tuple[str, ...] = DEFAULT_TIE_BREAKS,
        lost_after: float = LOST_AFTER,
    ) -> None:
        self.dsn = dsn
        self.lost_after = lost_after
        """Seconds without a venue's heartbeat before the board says it lost contact."""
        self.cut = cut
        self.name = name
        """The championship's name (else "National championship", said in the board's
        language)."""
        self.tie_breaks = tuple(t for t in tie_breaks if t in TIE_BREAK_KEYS)
        self.venues: dict[str, VenueLive] = {}
        self.listeners: list[Callable[[], None]] = []
        self.problem: Message | None = None
        """Why the database cannot be read right now, while it cannot."""
        self.changes = 0
        """Changes taken in (for the benchmark)."""

    # -- reading the database ------------------------------------------------------

    async def refresh(self, conn: psycopg.AsyncConnection[Any], heard: set[str]) -> bool:
        """Read what changed: every venue's last entry, last summary and heartbeat in one
        look, then the entries and summaries of those that moved (or were `heard`);
        True when anything the board shows changed."""
        overview = await (
            await conn.execute(
                "SELECT v.id, v.name,"
                " (SELECT max(seq) FROM entry e WHERE e.venue = v.id),"
                " (SELECT max(changed) FROM table_summary s WHERE s.venue = v.id),"
                " c.seen, extract(epoch FROM now() - c.seen)"
                " FROM venue v LEFT JOIN contact c ON c.venue = v.id ORDER BY v.id"
            )
        ).fetchall()
        changed = False
        for vid, name, last, summary_at, seen, silent in overview:
            venue = self.venues.get(vid)
            if venue is None:
                venue = self.venues[vid] = VenueLive(vid, name, lost_after=self.lost_after)
                changed = True
            was_lost = venue.lost
            venue.seen = seen
            venue.silent = float(silent) if silent is not None else None
            changed |= was_lost != venue.lost
            moved = venue.problem is None and last is not None and last > venue.seq
            if moved:
                await self._entries(conn, venue)
            rnd = venue.state.current.number if venue.state and venue.state.current else 0
            if (
                moved
                or vid in heard
                or summary_at != venue.summaries_at
                or rnd != venue.summary_round
            ):
                await self._summaries(conn, venue, rnd)
                venue.summaries_at = summary_at
                changed = True
        if changed:
            self.changes += 1
        return changed

    async def _entries(self, conn: psycopg.AsyncConnection[Any], venue: VenueLive) -> None:
        while venue.problem is None:
            rows = await (
                await conn.execute(
                    "SELECT seq, kind,"
                    " CASE WHEN octet_length(command) <= %s THEN command END, target,"
                    " coalesce(octet_length(command), 0) > %s"
                    " FROM entry WHERE venue = %s AND seq > %s ORDER BY seq LIMIT %s",
                    (MAX_ENTRY, MAX_ENTRY, venue.id, venue.seq, BATCH),
                )
            ).fetchall()
            if not rows:
                return
            venue.follow(rows)
            if len(rows) < BATCH:
                return

    async def _summaries(
        self, conn: psycopg.AsyncConnection[Any], venue: VenueLive, rnd: int
    ) -> None:
        rows = await (
            await conn.execute(
                "SELECT table_no, summary FROM table_summary"
                " WHERE venue = %s AND round = %s AND table_no <= %s"
                " AND octet_length(summary::text) <= %s ORDER BY table_no",
                (venue.id, rnd, MAX_TABLES, MAX_SUMMARY),
            )
        ).fetchall()
        venue.summary_round = rnd
        venue.summaries = {n: s for n, raw in rows if (s := seen_summary(raw)) is not None}

    async def run(self, stop: asyncio.Event) -> None:
        """Follow every venue until `stop`: a connection that only LISTENs, another that
        reads; a look every `CHECK_EVERY` seconds even without a notification (heartbeats,
        and nothing missed while the connection was being made again). While the
        database is out of reach, the board says so and tries again."""
        import psycopg

        failures = 0
        while not stop.is_set():
            try:
                async with (
                    await psycopg.AsyncConnection.connect(
                        self.dsn, autocommit=True, connect_timeout=10
                    ) as listening,
                    await psycopg.AsyncConnection.connect(
                        self.dsn, autocommit=True, connect_timeout=10
                    ) as reading,
                ):
                    await listening.execute("LISTEN " + CHANNEL)
                    self.problem = None
                    await self.refresh(reading, set())
                    self._notify()
                    failures = 0
                    await self._follow(listening, reading, stop)
            except (psycopg.Error, OSError) as exc:
                self.problem = msg(
                    "The national database is out of reach: {why}",
                    why=exc,
                )
                self._notify()
                wait = PATIENCE[min(failures, len(PATIENCE) - 1)]
                failures += 1
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), wait)

    async def _follow(
        self,
        listening: psycopg.AsyncConnection[Any],
        reading: psycopg.AsyncConnection[Any],
        stop: asyncio.Event,
    ) -> None:
        heard: set[str] = set()
        woke = asyncio.Event()

        async def hear() -> None:
            while True:
                async for note in listening.notifies(timeout=CHECK_EVERY):
                    heard.add(note.payload[:40])
                    woke.set()
                woke.set()  # the regular look

        hearing = asyncio.create_task(hear())
        stopping = asyncio.create_task(stop.wait())
        try:
            while not stop.is_set():
                waking = asyncio.create_task(woke.wait())
                await asyncio.wait({waking, stopping, hearing}, return_when=asyncio.FIRST_COMPLETED)
                waking.cancel()
                if hearing.done():
                    hearing.result()  # its connection failed: raise why
                if stop.is_set():
                    return
                woke.clear()
                heard_now = set(heard)
                heard.clear()
                if await self.refresh(reading, heard_now):
                    self._notify()
        finally:
            for task in (hearing, stopping):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def load(self) -> None:
        """Read everything once (`banker national csv`).

        Raises:
            BankerError: the database cannot be reached or read.
        """
        import psycopg

        try:
            async with await psycopg.AsyncConnection.connect(
                self.dsn, autocommit=True, connect_timeout=10
            ) as conn:
                await self.refresh(conn, set())
        except (psycopg.Error, OSError) as exc:
            raise BankerError("Cannot reach the national database: {why}", why=exc) from None

    def changed(self) -> None:
        """Something the board shows changed (the cut): redraw."""
        self._notify()

    def _notify(self) -> None:
        for listener in list(self.listeners):
            listener()

    # -- what the board shows --------------------------------------------------------

    def ranking(self) -> list[dict[str, Any]]:
        """Every player of every venue's preliminaries, best first: points (each venue's
        own points by place), then the tie-breaks in order, then the rank at the venue,
        the venue and the name. `through`: within the national cut (withdrawn players
        are passed by)."""
        rows: list[dict[str, Any]] = []
        for venue in sorted(self.venues.values(), key=lambda v: v.id):
            state = venue.state
            if state is None or not state.setup.phases or not state.rounds:
                continue
            money = _money(state.setup.edition)
            for at_venue, score in enumerate(ranking(state, 0), start=1):
                rows.append(
                    {
                        "name": score.name,
                        "venue": venue.name,
                        "venue_id": venue.id,
                        "venue_rank": at_venue,
                        "points": score.points,
                        "money": score.worth,
                        "money_text": money(score.worth),
                        "wins": score.wins,
                        "opponents": score.opponents,
                        "played": score.played,
                        "withdrawn": score.name in state.withdrawn,
                    }
                )
        keys = [TIE_BREAK_KEYS[t] for t in self.tie_breaks]
        rows.sort(
            key=lambda r: (
                -r["points"],
                *(-r[k] for k in keys),
                r["venue_rank"],
                r["venue_id"],
                r["name"],
            )
        )
        through = 0
        for rank, row in enumerate(rows, start=1):
            row["rank"] = rank
            row["through"] = not row["withdrawn"] and through < self.cut
            through += row["through"]

        # Equal in points and every tie-break on both sides of the cut: the venue's rank
        # and the venue's id decided, which the director should settle (a play-off).
        def equal(r: dict[str, Any]) -> tuple[int, ...]:
            return (r["points"], *(r[k] for k in keys))

        last_in = [r for r in rows if r["through"]][-1:]
        first_out = [r for r in rows if not r["through"] and not r["withdrawn"]][:1]
        tied = (
            equal(last_in[0])
            if last_in and first_out and equal(last_in[0]) == equal(first_out[0])
            else None
        )
        for row in rows:
            row["tied_at_cut"] = tied is not None and not row["withdrawn"] and equal(row) == tied
        return rows

    def board_json(self, say: Translator = ENGLISH) -> dict[str, Any]:
        """The national board: one row per venue (its round, its tables, its leader,
        lost contact) and the national ranking with its cut; the page draws the venues
        as it draws a venue's tables."""
        ranked = self.ranking()
        leaders: dict[str, dict[str, Any]] = {}  # each venue's first, once it has a result
        for row in sorted(ranked, key=lambda r: r["venue_rank"]):
            if row["venue_id"] not in leaders and row["played"] and not row["withdrawn"]:
                leaders[row["venue_id"]] = {"name": row["name"], "points": row["points"]}
        venues: list[dict[str, Any]] = []
        cards: list[dict[str, Any]] = []
        for number, venue in enumerate(sorted(self.venues.values(), key=lambda v: v.id), 1):
            state = venue.state
            current = state.current if state is not None else None
            leader = leaders.get(venue.id)
            tables = [
                {"number": n, **s}
                for n, s in sorted(venue.summaries.items())
                if current is not None and n <= len(current.tables)
            ]
            status = venue.status()
            lost_since = (
                venue.seen.isoformat(timespec="seconds") if venue.lost and venue.seen else None
            )
            row = {
                "id": venue.id,
                "name": venue.name,
                "round": current.number if current is not None else 0,
                "rounds": state.setup.rounds if state is not None else 0,
                "tables": len(current.tables) if current is not None else 0,
                "recorded": len(current.results) if current is not None else 0,
                "tables_lost": sum(t["state"] == "lost" for t in tables),
                "leader": leader,
                "status": status,
                "lost_since": lost_since,
                "problem": venue.problem.render(say) if venue.problem is not None else None,
                "table_rows": tables,
            }
            venues.append(row)
            cards.append(
                {
                    "number": number,
                    "title": venue.name,
                    "status": status,
                    "lost_since": lost_since,
                    "leader": None,
                    "players": [
                        {
                            "table": t["number"],
                            "name": t["leader"] or "",
                            "worth_text": t["worth_text"],
                        }
                        for t in tables
                    ],
                    "recorded": current is not None and current.complete,
                    "round_words": (
                        round_words(state.setup, current.number).render(say)
                        if state is not None and current is not None
                        else ""
                    ),
                    "flagged": False,
                    "at_time": False,
                    "corrected": False,
                }
            )
        rounds = [v["round"] for v in venues]
        return {
            "event": self.name or say.gettext(N_("National championship")),
            # each venue plays its own round (on its card): the head counts the venues
            "round_words": say.gettext(N_("{n} venues")).format(n=len(venues)),
            "round": max(rounds, default=0),
            "rounds": max((v["rounds"] for v in venues), default=0),
            "phase": None,
            "columns": self.columns(),
            "started": any(v["status"] == "playing" for v in venues),
            "ended": False,
            "time_left": None,
            "clock": None,
            "ends_at": None,
            "byes": [],
            "cut": self.cut,
            "problem": self.problem.render(say) if self.problem is not None else None,
            "venues": venues,
            "tables": cards,
            "standings": [{**row, "through_words": _through_words(row)} for row in ranked],
        }

    def columns(self) -> list[dict[str, Any]]:
        """The national ranking's columns (as `standings_columns`)."""
        columns: list[dict[str, Any]] = [
            {"key": "rank", "label": "#", "words": False},
            {"key": "name", "label": N_("Player"), "words": False},
            {"key": "venue", "label": N_("Venue"), "words": False},
            {"key": "points", "label": N_("Points"), "words": False},
        ]
        columns += tie_break_columns(self.tie_breaks)
        if self.cut:
            columns.append({"key": "through_words", "label": N_("National cut"), "words": True})
        return columns

    def cut_csv(self) -> str:
        """The national ranking as CSV: rank, player, venue, points, the tie-breaks, and
        whether the player is within the cut."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        heads = {"worth": "money_totals", "wins": "tables_won", "opponents": "opponents_points"}
        writer.writerow(
            [
                "rank",
                "player",
                "venue",
                "points",
                *(heads[t] for t in self.tie_breaks),
                "through",
                "tied_at_cut",
            ]
        )
        for row in self.ranking():
            writer.writerow(
                [
                    row["rank"],
                    csv_cell(row["name"]),
                    csv_cell(row["venue_id"]),
                    row["points"],
                    *(row[TIE_BREAK_KEYS[t]] for t in self.tie_breaks),
                    "yes" if row["through"] else ("withdrew" if row["withdrawn"] else "no"),
                    "yes" if row["tied_at_cut"] else "",
                ]
            )
        return out.getvalue()


def _through_words(row: dict[str, Any]) -> str:
    if row["tied_at_cut"]:
        return N_("through, tied at the cut") if row["through"] else N_("tied at the cut")
    return N_("through") if row["through"] else ""


@functools.cache
def _money(edition: str) -> Callable[[int], str]:
    """How an edition writes an amount ($1,500; M1,500...)."""
    return load_edition(edition).money
