"""The real director against hostile table views under load: 8 fake tables sending table
views of 10,000 players, ten times a second, beside 2 honest tables served by real
`banker share`, which keep being recorded with the right results. Prints the director's
CPU and memory over the run beside an honest-only run of the same length (figures, never
a verdict on speed: the test checks what was recorded)."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

from banker.core.commands import EndGame, PassGo
from banker.core.endgame import final_places
from banker.tournament.director import Director, board_json
from banker.tournament.follower import Follower
from banker.tournament.journal import EventJournal
from banker.tournament.model import AddPlayers, EventSetup, Seat
from tests.tournament.conftest import FakeTableView, Venue, until

RUN_SECONDS = 4.0
HOSTILE_TABLES = 8


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def flood() -> FakeTableView:
    """A fake table view sending a table of 10,000 players ten times a second."""
    players = [
        {"name": f"P{i}", "cash": 1500, "cash_text": "$1,500", "bankrupt": False}
        for i in range(10_000)
    ]
    table = {"seq": 2, "board": "United States", "rules": {}, "players": players}
    return FakeTableView(table, every=0.1)


async def run(tmp_path: Path, venue: Venue, hostile: bool, tag: str) -> dict[str, Any]:
    names = tuple(f"{n}{tag}" for n in ("Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal"))
    tables = [names[:4], names[4:]] + [
        tuple(f"{n}{tag}{i}" for n in ("Ivy", "Jo", "Kim", "Lou")) for i in range(HOSTILE_TABLES)
    ]
    journal = EventJournal.create(
        tmp_path / f"{tag}.event", EventSetup(name="Load", rounds=1, minutes=60)
    )
    journal.apply(AddPlayers(names=tuple(n for t in tables for n in t)))
    journal.apply(Seat(round=1, tables=tuple(tables)))
    director = Director(journal, Follower(read_timeout=5))
    board_redraws = 0

    def redraw() -> None:
        nonlocal board_redraws
        board_json(director)  # what the board and the standings page draw
        board_redraws += 1

    director.listeners.append(redraw)
    await director.start()
    floods = [flood() for _ in tables[2:]] if hostile else []
    honest = [await venue.open_table(f"{tag}{i}", list(t)) for i, t in enumerate(tables[:2])]
    try:
        for fake in floods:
            await fake.start()
        for number, table in enumerate(honest, start=1):
            director.link(number, table.url)
        for number, fake in enumerate(floods, start=3):
            director.link(number, fake.url)
        director.start_round()
        cpu, rss, started = time.process_time(), rss_mb(), time.monotonic()
        while time.monotonic() - started < RUN_SECONDS:
            for table in honest:
                table.banker.apply(PassGo(player=table.banker.game.state.players[0].name))
            await asyncio.sleep(0.2)
        figures = {
            "cpu_s": time.process_time() - cpu,
            "rss_mb": rss_mb() - rss,
            "redraws": board_redraws,
        }
        for table in honest:
            table.banker.apply(EndGame())
        await until(lambda: {1, 2} <= set(journal.state.round(1).results))
        for number, table in enumerate(honest, start=1):
            want = [(f.player, f.place, f.worth) for f in final_places(table.banker.game.state)]
            got = [
                (p.name, p.place, p.worth) for p in journal.state.round(1).results[number].places
            ]
            assert got == want
        if hostile:
            assert all(
                director.follower.tables[n].status == "bad data"
                for n in range(3, 3 + HOSTILE_TABLES)
            )
        return figures
    finally:
        await director.stop()
        for fake in floods:
            await fake.stop()
        journal.close()


async def test_hostile_tables_under_load_leave_the_honest_ones_recorded(
    tmp_path: Path, venue: Venue
) -> None:
    alone = await run(tmp_path, venue, hostile=False, tag="h")
    beside = await run(tmp_path, venue, hostile=True, tag="x")
    print(
        f"\nover {RUN_SECONDS:.0f} s: honest only: director CPU {alone['cpu_s']:.2f} s, "
        f"memory {alone['rss_mb']:+.1f} MB, {alone['redraws']} redraws | with "
        f"{HOSTILE_TABLES} tables of 10,000 players ten times a second: CPU "
        f"{beside['cpu_s']:.2f} s, memory {beside['rss_mb']:+.1f} MB, "
        f"{beside['redraws']} redraws"
    )
