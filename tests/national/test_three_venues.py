"""The national championship end to end: three venues, each a real director over real
`banker share` tables in a process of its own, publishing with its own venue role to one
real PostgreSQL server. One venue's uplink is cut for a whole round (its role may not log
in, its connection killed): the venue plays on, the national board shows it lost, then it
catches up. The national board and its page then show the same standings as the venues'
own CSVs, with no result missing or doubled."""

from __future__ import annotations

import asyncio
import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import aiohttp
import psycopg
from psycopg import sql

from banker.national.board import National
from banker.national.schema import init
from banker.national.venues import add_venue, role_of
from banker.web.standings import StandingsView
from tests.national.conftest import Server
from tests.tournament.conftest import until
from tests.web.chromium import Chromium, find_chromium

ROOT = Path(__file__).resolve().parents[2]
VENUES = {
    "kl-1": ("Kuala Lumpur", "Ana,Ben,Cai,Dee,Eli,Fay,Gus,Hal"),
    "pg-2": ("Penang", "Ivy,Jo,Kim,Lou,Max,Ned,Oli,Pam"),
    "jb-3": ("Johor Bahru", "Quy,Ros,Sam,Tia,Uma,Vic,Wan,Xin"),
}
CUT = "jb-3"
"""The venue whose uplink is cut for round 2."""
ROUNDS = 2


RUNNING: dict[str, subprocess.Popen[bytes]] = {}


def _done(folders: dict[str, Path], name: str) -> bool:
    """Every venue has written `name`; a venue's process that ended before fails the test
    at once, with what it said."""
    for venue, process in RUNNING.items():
        if process.poll() is not None:
            said = (folders[venue] / "stderr").read_text(errors="replace")[-3000:]
            raise AssertionError(f"venue {venue} ended with {process.returncode}:\n{said}")
    return all((f / name).exists() for f in folders.values())


def _venue_rows(folder: Path) -> list[tuple[str, int, int]]:
    """A venue's own standings CSV: (player, points, money totals), best first."""
    rows = csv.DictReader(io.StringIO((folder / "standings.csv").read_text(encoding="utf-8")))
    return [(r["player"], int(r["points"]), int(r["worth"])) for r in rows]


def _set_login(database: str, venue: str, allowed: bool) -> None:
    role = sql.Identifier(role_of(venue))
    with psycopg.connect(database, autocommit=True) as conn:
        word = sql.SQL("LOGIN" if allowed else "NOLOGIN")
        conn.execute(sql.SQL("ALTER ROLE {} {}").format(role, word))
        if not allowed:  # and the connection it holds: the uplink is down
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s",
                (role_of(venue),),
            )


async def test_three_venues_one_cut_off_for_a_round(
    tmp_path: Path, postgres: Server, database: str
) -> None:
    init(database)
    name = database.rsplit("/", 1)[1]
    folders: dict[str, Path] = {}
    processes = RUNNING
    processes.clear()
    env = dict(os.environ, BANKER_HOME=str(tmp_path / "home"))
    for seed, (venue, (title, names)) in enumerate(VENUES.items(), start=1):
        add_venue(database, venue, title)
        folders[venue] = tmp_path / venue
        folders[venue].mkdir()
        processes[venue] = subprocess.Popen(
            [
                sys.executable, "-m", "tests.national.venue_process", str(folders[venue]),
                postgres.dsn(name, role_of(venue)), venue, names, str(ROUNDS), str(seed),
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=(folders[venue] / "stderr").open("wb"),
        )  # fmt: skip
    # Lost after 6 s of silence, not the board's 20 (each venue beats every second): the
    # cut venue is seen lost sooner, and the test waits less.
    national = National(database, cut=6, name="Malaysia Open", lost_after=6.0)
    page = StandingsView(national.board_json)
    national.listeners.append(page.notify)
    stop = asyncio.Event()
    following = asyncio.create_task(national.run(stop))
    url = await page.start("127.0.0.1", 0)
    try:
        for folder in folders.values():
            (folder / "play-1").touch()
        await until(lambda: _done(folders, "round-1-done"), limit=300)
        await until(
            lambda: all(v.state and v.state.rounds and v.state.round(1).complete
                        for v in national.venues.values()) and len(national.venues) == 3,
            limit=120,
        )  # fmt: skip

        _set_login(database, CUT, allowed=False)  # the uplink of one venue goes down
        for folder in folders.values():
            (folder / "play-2").touch()
        await until(lambda: _done(folders, "round-2-done"), limit=300)
        for venue in VENUES:
            if venue != CUT:
                await until(
                    lambda v=venue: (
                        len(national.venues[v].state.rounds) == 2  # type: ignore[union-attr]
                        and national.venues[v].state.round(2).complete
                    ),  # type: ignore[union-attr]
                    limit=120,
                )
        assert len(national.venues[CUT].state.rounds) == 1  # type: ignore[union-attr]
        await until(
            lambda: {v["id"]: v["status"] for v in national.board_json()["venues"]}[CUT] == "lost",
            limit=120,
        )
        _set_login(database, CUT, allowed=True)  # back: it catches up on its own
        await until(lambda: _done(folders, "published"), limit=300)
        sent = {v: int((f / "published").read_text()) for v, f in folders.items()}
        await until(lambda: all(national.venues[v].seq == n for v, n in sent.items()), limit=120)
        await until(
            lambda: {v["id"]: v["status"] for v in national.board_json()["venues"]}[CUT] == "ended",
            limit=120,
        )

        # Nothing missing, nothing twice: every entry once, every table's result once.
        with psycopg.connect(database) as conn:
            counted = dict(
                conn.execute(
                    "SELECT venue, count(*) FROM entry GROUP BY venue HAVING count(*) = "
                    "count(DISTINCT seq) AND max(seq) = count(*)"
                ).fetchall()
            )
        assert counted == sent
        for venue in VENUES:
            state = national.venues[venue].state
            assert state is not None
            assert [len(r.results) for r in state.rounds] == [2] * ROUNDS

        # The national ranking, venue by venue, is each venue's own standings.
        board = national.board_json()
        for venue, folder in folders.items():
            ours = [
                (r["name"], r["points"], r["money"])
                for r in board["standings"]
                if r["venue_id"] == venue
            ]
            assert ours == _venue_rows(folder)
        # The page shows the same, and the CSV.
        async with aiohttp.ClientSession() as session:
            async with session.get(url + "board.json") as response:
                shown = await response.json()
        assert [(r["name"], r["points"], r["through"]) for r in shown["standings"]] == [
            (r["name"], r["points"], r["through"]) for r in board["standings"]
        ]
        assert sum(r["through"] for r in shown["standings"]) == 6
        if find_chromium() is not None:  # and as the page draws it, in a browser
            async with Chromium() as browser:
                await browser.open(url, width=1280, height=900)
                assert await browser.wait_for(
                    "document.querySelectorAll('#standings tbody tr').length === 24", 10
                )
                cells = await browser.evaluate(
                    "Array.from(document.querySelectorAll('#standings tbody tr'))"
                    ".map(r => Array.from(r.cells).map(c => c.textContent))"
                )
                cards = await browser.evaluate(
                    "Array.from(document.querySelectorAll('#tables .table h3 span:first-child'))"
                    ".map(c => c.textContent)"
                )
            assert [(c[1], c[2], int(c[3])) for c in cells] == [
                (r["name"], r["venue"], r["points"]) for r in board["standings"]
            ]
            assert [c[-1] == "through" for c in cells] == [r["through"] for r in board["standings"]]
            assert cards == ["Johor Bahru", "Kuala Lumpur", "Penang"]
        rows = list(csv.reader(io.StringIO(national.cut_csv())))[1:]
        assert [(r[1], int(r[3])) for r in rows] == [
            (r["name"], r["points"]) for r in board["standings"]
        ]
    finally:
        for folder in folders.values():
            (folder / "stop").touch()
        failed = []
        for venue, process in processes.items():
            try:
                await asyncio.to_thread(process.wait, 60)
            except subprocess.TimeoutExpired:
                process.kill()
                await asyncio.to_thread(process.wait)
            if process.returncode != 0:
                said = (folders[venue] / "stderr").read_text(errors="replace")[-3000:]
                failed.append(f"venue {venue} ended with {process.returncode}:\n{said}")
        stop.set()
        await asyncio.wait_for(following, 30)
        await page.stop()
    assert not failed, "\n".join(failed)
