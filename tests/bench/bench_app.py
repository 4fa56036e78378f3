"""Benchmark: the banker's app with 8 players and a 10,000-entry history.

Prints, each next to its floor measured in the same run:
- app start to first screen, against a bare Textual app (goal: within 1.3x);
- keypress to updated ledger: undo or redo by key, journaled, until the frame showing it
  is drawn
  (goal: under 50 ms at the 95th percentile), against a keypress on a bare app;
- peak memory of the app process with that game (goal: under 150 MB), against a bare
  Textual app's.

    python tests/bench/bench_app.py [--history 10000] [--presses 40]

Not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.store import Journal

PLAYERS = [f"Player {i}" for i in range(1, 9)]


def build_game(path: Path, history: int) -> None:
    """An 8-player game with `history` journal entries, built quickly (not what is timed)."""
    journal = Journal.create(path, c.Setup(players=PLAYERS, edition=load_edition("us")))
    journal._conn.execute("PRAGMA synchronous = OFF")
    for name, who in (
        ("Boardwalk", 0),
        ("Park Place", 0),
        ("Reading Railroad", 1),
        ("Oriental Avenue", 2),
    ):
        journal.apply(c.Buy(player=PLAYERS[who], deed=name))
    turn = [
        lambda k: c.PassGo(player=PLAYERS[k % 8]),
        lambda k: c.PayRent(player=PLAYERS[1 + k % 7], deed="Boardwalk"),
        lambda k: c.Collect(player=PLAYERS[1 + k % 7], amount=100),
        lambda k: c.Pay(player=PLAYERS[k % 8], amount=10, to=PLAYERS[(k + 1) % 8]),
        lambda k: c.Pay(player=PLAYERS[(k + 1) % 8], amount=10, to=PLAYERS[k % 8]),
    ]
    i = 0
    while journal.game.seq < history:
        journal.apply(turn[i % len(turn)](i // len(turn)))
        i += 1
    journal.close()


START = r"""
import sys, time
t0 = time.perf_counter()
{setup}
class Timed(App):
    def on_mount(self):
        self.call_after_refresh(self.done)
    def done(self):
        print(f"{{time.perf_counter() - t0:.4f}}", flush=True)
        self.exit()
"""

BARE = (
    START.format(
        setup="from textual.app import App\nfrom textual.widgets import Footer, Header, Static\n"
    )
    + """
class Bare(Timed):
    def compose(self):
        yield Header()
        yield Static("Hello, table")
        yield Footer()
Bare().run(headless=True, size=(160, 50))
"""
)

OURS = (
    START.format(
        setup="from textual.app import App\nfrom banker.tui.app import BankerApp, make_app\n"
    )
    + """
from pathlib import Path
app = make_app(Path(sys.argv[1]))
import banker.tui.app as tui
class Ours(Timed, BankerApp):
    CSS_PATH = str(Path(tui.__file__).parent / "app.tcss")
Ours(app.journal).run(headless=True, size=(160, 50))
"""
)

PEAK = "\nimport resource; print('rss', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"


def run_script(code: str, *args: str) -> tuple[float, int]:
    """Run `code` as a script file (Textual finds a subclass's CSS beside its source)."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(code + PEAK)
    try:
        done = subprocess.run([sys.executable, script.name, *args], capture_output=True, text=True)
    finally:
        Path(script.name).unlink()
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    lines = done.stdout.split()
    return float(lines[0]), int(lines[-1]) // 1024


async def _press_and_wait_for_frame(app: object, key: str, changed: object) -> float:
    """Post one key as the terminal would and time it until the frame that shows the
    change has been drawn (the callback after the next refresh)."""
    from textual import events

    start = time.perf_counter()
    app.post_message(events.Key(key, None))  # type: ignore[attr-defined]
    while not changed():  # type: ignore[operator]
        await asyncio.sleep(0)
    drawn = asyncio.Event()
    app.call_after_refresh(drawn.set)  # type: ignore[attr-defined]
    await drawn.wait()
    return time.perf_counter() - start


async def keypresses(path: Path, presses: int) -> list[float]:
    """Undo and redo by key, alternately: each is journaled, then the ledger redraws."""
    from banker.tui.app import make_app

    app = make_app(path)
    times: list[float] = []
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        for i in range(presses):
            before = app.journal.game.seq
            key = "ctrl+z" if i % 2 == 0 else "ctrl+y"
            times.append(
                await _press_and_wait_for_frame(
                    app, key, lambda b=before: app.journal.game.seq != b
                )
            )
            await pilot.pause()
    return times


async def bare_keypresses(presses: int) -> list[float]:
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Bare(App[None]):
        BINDINGS = [("y", "bump", "Bump")]
        count = 0

        def compose(self) -> ComposeResult:
            yield Static("0", id="n")

        def action_bump(self) -> None:
            self.count += 1
            self.query_one("#n", Static).update(str(self.count))

    app = Bare()
    times = []
    async with app.run_test(size=(160, 50)) as pilot:
        for _ in range(presses):
            before = app.count
            times.append(await _press_and_wait_for_frame(app, "y", lambda b=before: app.count != b))
            await pilot.pause()
    return times


def p95(samples: list[float]) -> float:
    return sorted(samples)[int(0.95 * (len(samples) - 1))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--history", type=int, default=10_000)
    parser.add_argument("--presses", type=int, default=40)
    parser.add_argument("--starts", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "eight.banker"
        build_game(path, args.history)
        bare = [run_script(BARE) for _ in range(args.starts)]
        ours = [run_script(OURS, str(path)) for _ in range(args.starts)]
        bare_start = statistics.median(t for t, _ in bare)
        our_start = statistics.median(t for t, _ in ours)
        ours_keys = asyncio.run(keypresses(path, args.presses))
        bare_keys = asyncio.run(bare_keypresses(args.presses))
        print(f"{'figure':<46}{'measured':>12}{'floor':>12}{'ratio':>8}")
        print(
            f"{'app start to first screen (median)':<46}{our_start * 1000:>10.0f}ms{bare_start * 1000:>10.0f}ms{our_start / bare_start:>7.2f}x"
        )
        print(
            f"{'keypress to updated ledger (p95)':<46}{p95(ours_keys):>10.1f}ms{p95(bare_keys):>10.1f}ms"
        )
        print(
            f"{'keypress to updated ledger (median)':<46}{statistics.median(ours_keys) * 1000:>10.1f}ms{statistics.median(bare_keys) * 1000:>10.1f}ms"
        )
        print(
            f"{'peak memory (max RSS)':<46}{max(m for _, m in ours):>10}MB{max(m for _, m in bare):>10}MB"
        )
        print(f"(history: {args.history:,} entries, 8 players)")


if __name__ == "__main__":
    main()
