"""Benchmark: the table view under a table's worth of phones while the banker plays.

The banker's side runs as the app does: a writer journal and a `TableView` on one event
loop, an action every 500 ms, `notify()` after each. First with no phones (the floor),
then for `--seconds` with 8 phones holding the event stream and 4 page reloads a second,
from a second process on loopback. Prints:

- actions delivered to every phone (must be all of them);
- the banker's keypress latency (the wait for the loop, plus apply and notify), with
  and without the phones, and the difference (should stay under 10 ms);
- the server process's memory (RSS) when the phones arrived and at the end.

    python tests/bench/bench_table_view.py [--seconds 120] [--floor-seconds 20]

Exits 1 when an action failed to reach a phone, latency grew by more than 10 ms at the
median, or memory grew by more than 5 MB. Loopback only; every loop has a deadline.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from array import array
from pathlib import Path
from typing import Any

import aiohttp

PHONES = 8
RELOADS_PER_SECOND = 4
ACTION_EVERY = 0.5
GRACE = 2.0
"""Seconds the phones keep listening after the last action."""


# The phones' side (a second process).


async def _phone(session: aiohttp.ClientSession, url: str, until: float, seen: set[int]) -> int:
    """Hold the event stream until `until`, noting every table's seq; reconnects counted."""
    reconnects = -1
    while time.monotonic() < until:
        reconnects += 1
        try:
            async with session.get(url + "events") as response:
                while time.monotonic() < until:
                    left = until - time.monotonic()
                    line = await asyncio.wait_for(response.content.readline(), max(left, 0.01))
                    if not line:
                        break
                    if line.startswith(b"id: "):
                        seen.add(int(line[4:]))
        except (TimeoutError, aiohttp.ClientError):
            await asyncio.sleep(0.1)
    return reconnects


async def _reload(session: aiohttp.ClientSession, url: str) -> float:
    """A phone reloading the page: the page, its two files, and the first table event."""
    start = time.monotonic()
    for path in ("", "s/app.css", "s/app.js"):
        async with session.get(url + path) as response:
            await response.read()
            response.raise_for_status()
    async with session.get(url + "events") as response:
        response.raise_for_status()
        while True:
            line = await asyncio.wait_for(response.content.readline(), 5)
            if not line:  # the stream ended before its first event: a failed reload
                raise ConnectionError("the event stream ended before its first event")
            if line.startswith(b"data:"):
                break
    return time.monotonic() - start


async def phones(url: str, seconds: float) -> dict[str, Any]:
    until = time.monotonic() + seconds + GRACE

    def from_address(n: int) -> aiohttp.ClientSession:
        """A client with its own loopback address, as every phone at a table has its own
        (the table view holds at most 8 streams from one address)."""
        return aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(limit=0, local_addr=(f"127.0.0.{n}", 0))
        )

    sessions = [from_address(10 + i) for i in range(PHONES)]
    reloading = from_address(9)
    try:
        seen: list[set[int]] = [set() for _ in range(PHONES)]
        holders = [
            asyncio.create_task(_phone(session, url, until, s))
            for session, s in zip(sessions, seen, strict=True)
        ]
        reloads: list[asyncio.Task[float]] = []
        tick = time.monotonic()
        while tick < until - GRACE:
            reloads.append(asyncio.create_task(_reload(reloading, url)))
            tick += 1 / RELOADS_PER_SECOND
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
        results = await asyncio.gather(*reloads, return_exceptions=True)
        reconnects = await asyncio.gather(*holders)
    finally:
        for session in (*sessions, reloading):
            await session.close()
    times = [r for r in results if isinstance(r, float)]
    return {
        "seen": [sorted(s) for s in seen],
        "reconnects": sum(reconnects),
        "reloads": len(times),
        "reload_errors": len(results) - len(times),
        "reload_ms_median": statistics.median(times) * 1000 if times else None,
        "reload_error": next((repr(r) for r in results if not isinstance(r, float)), None),
    }


# The banker's side (this process).


class LagProbe:
    """A key pressed at any moment: how late a 10 ms timer fires on the banker's loop.

    Samples go into an array sized up front, so measuring does not grow the memory measured.
    """

    def __init__(self, seconds: float) -> None:
        self.samples = array("d", bytes(8 * (int(seconds / 0.01) + 100)))
        self.count = 0

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set() and self.count < len(self.samples):
            due = time.monotonic() + 0.01
            await asyncio.sleep(0.01)
            self.samples[self.count] = max(0.0, time.monotonic() - due)
            self.count += 1

    def values(self) -> list[float]:
        return list(self.samples[: self.count])


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def summary(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    return f"median {statistics.median(ms):6.2f} ms   p95 {p95:6.2f} ms   max {ms[-1]:6.2f} ms"


async def banker(seconds: float, floor_seconds: float) -> int:
    from banker.core import commands as c
    from banker.core.edition import load_edition
    from banker.store import Journal
    from banker.web.server import TableView

    players = ["Alice", "Bob", "Carol", "Dave"]
    actions: list[c.Command] = []
    for name in players:
        actions += [c.PassGo(player=name), c.Pay(player=name, amount=200)]

    with tempfile.TemporaryDirectory() as tmp:
        setup = c.Setup(players=players, edition=load_edition("us"))
        journal = Journal.create(Path(tmp) / "bench.banker", setup)
        view = TableView(journal)
        url = await view.start("127.0.0.1", 0)
        step = 0

        async def play(
            duration: float, lag: LagProbe
        ) -> tuple[list[float], list[float], list[int]]:
            nonlocal step
            stop = asyncio.Event()
            probe = asyncio.create_task(lag.run(stop))
            latency: list[float] = []
            work: list[float] = []
            applied: list[int] = []
            due = time.monotonic() + ACTION_EVERY
            end = time.monotonic() + duration
            while due <= end:
                await asyncio.sleep(max(0.0, due - time.monotonic()))
                started = time.monotonic()
                journal.apply(actions[step % len(actions)])
                view.notify()
                done = time.monotonic()
                latency.append(done - due)  # the loop's wait, then apply and notify
                work.append(done - started)
                applied.append(journal.game.seq)
                step += 1
                due += ACTION_EVERY
            stop.set()
            await probe
            return latency, work, applied

        try:
            print(
                f"Floor: {floor_seconds:.0f} s of actions every {ACTION_EVERY * 1000:.0f} ms, "
                "no phones ...",
                flush=True,
            )
            floor_lag = LagProbe(floor_seconds)
            floor, floor_work, _ = await play(floor_seconds, floor_lag)
            print(
                f"Load: {seconds:.0f} s with {PHONES} phones on the stream and "
                f"{RELOADS_PER_SECOND} reloads a second ...",
                flush=True,
            )
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                __file__,
                "--phones",
                url,
                "--seconds",
                str(seconds),
                stdout=subprocess.PIPE,
            )
            connect_deadline = time.monotonic() + 10
            while view.phones < PHONES and time.monotonic() < connect_deadline:
                await asyncio.sleep(0.05)
            loaded_lag = LagProbe(seconds)
            rss_start = rss_mb()
            rss_samples: list[float] = []

            async def sample_rss() -> None:
                for _ in range(4):
                    await asyncio.sleep(seconds / 4)
                    rss_samples.append(rss_mb())

            sampler = asyncio.create_task(sample_rss())
            loaded, loaded_work, applied = await play(seconds, loaded_lag)
            await sampler
            try:
                out, _ = await asyncio.wait_for(proc.communicate(), seconds + 30)
            except TimeoutError:
                proc.kill()  # never left behind: the phones' process ends with the bench
                raise
            rss_end = rss_mb()
        finally:
            await view.stop()
            journal.close()

    result = json.loads(out)
    wanted = set(applied)
    complete = [wanted <= set(seen) for seen in result["seen"]]
    growth = (statistics.median(loaded) - statistics.median(floor)) * 1000
    print()
    print(f"Actions applied under load:      {len(applied)}")
    print(
        f"Phones that got every action:    {sum(complete)} of {PHONES}"
        f"   (stream reconnects: {result['reconnects']})"
    )
    median = result["reload_ms_median"]
    print(
        f"Page reloads:                    {result['reloads']}, "
        f"{result['reload_errors']} failed, median "
        + ("-" if median is None else f"{median:.1f} ms")
    )
    if result["reload_error"]:
        print(f"  a failed reload:               {result['reload_error']}")
    print(f"Keypress latency, no phones:     {summary(floor)}   ({len(floor)} actions)")
    print(f"Keypress latency, with phones:   {summary(loaded)}   ({len(loaded)} actions)")
    print(f"  of which apply + notify, none: {summary(floor_work)}")
    print(f"  of which apply + notify, load: {summary(loaded_work)}")
    print(f"Loop lag, a key at any moment:   {summary(floor_lag.values())}   (no phones)")
    print(f"Loop lag, a key at any moment:   {summary(loaded_lag.values())}   (with phones)")
    print(f"Median growth under load:        {growth:+.2f} ms")
    print(
        f"Server RSS:                      {rss_start:.1f} MB with the phones connected, "
        f"{rss_end:.1f} MB at the end ({rss_end - rss_start:+.1f} MB)"
    )
    print("  after each quarter of the load: " + ", ".join(f"{r:.1f} MB" for r in rss_samples))
    ok = all(complete) and growth <= 10 and rss_end - rss_start <= 5
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=120, help="under load (default 120)")
    parser.add_argument("--floor-seconds", type=float, default=20, help="without phones")
    parser.add_argument("--phones", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.phones:
        if not args.phones.startswith("http://127.0.0.1:"):
            raise SystemExit("the phones only ever connect to loopback")
        print(json.dumps(asyncio.run(phones(args.phones, args.seconds))))
        return 0
    return asyncio.run(banker(args.seconds, args.floor_seconds))


if __name__ == "__main__":
    sys.exit(main())
