"""Benchmark: the banker's app with 8 players and a 10,000-entry history.

Prints, each next to its floor measured in the same run:
- app start to first screen, against a bare Textual app (goal: within 1.3x): each run
  in a pseudo-terminal of 160x50, from starting the process to its first screen on the
  terminal, as the banker sees it; then how long the journal takes to open behind that
  first screen (keys typed meanwhile wait for it, none is lost);
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
import fcntl
import gc
import os
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.store import Journal

PLAYERS = [f"Player {i}" for i in range(1, 9)]


def build_game(path: Path, history: int, players: int = 8) -> None:
    """A game of `players` players with `history` journal entries, built quickly (not what
    is timed)."""
    names = PLAYERS[:players]
    journal = Journal.create(path, c.Setup(players=names, edition=load_edition("us")))
    journal._conn.execute("PRAGMA synchronous = OFF")
    n = len(names)
    for name, who in (
        ("Boardwalk", 0),
        ("Park Place", 0),
        ("Reading Railroad", 1),
        ("Oriental Avenue", 2),
    ):
        journal.apply(c.Buy(player=names[who % n], deed=name))
    turn = [
        lambda k: c.PassGo(player=names[k % n]),
        lambda k: c.PayRent(player=names[1 + k % (n - 1)], deed="Boardwalk"),
        lambda k: c.Collect(player=names[1 + k % (n - 1)], amount=100),
        lambda k: c.Pay(player=names[k % n], amount=10, to=names[(k + 1) % n]),
        lambda k: c.Pay(player=names[(k + 1) % n], amount=10, to=names[k % n]),
    ]
    i = 0
    while journal.game.seq < history:
        journal.apply(turn[i % len(turn)](i // len(turn)))
        i += 1
    journal.close()


BARE = """
from textual.app import App
from textual.widgets import Footer, Header, Static

class Bare(App):
    def compose(self):
        yield Header()
        yield Static("Hello, table")
        yield Footer()

Bare().run()
"""
"""The floor: a bare Textual app, as its tutorial writes one."""

OURS = "import sys; from banker.cli import main; sys.exit(main())"
"""What the `banker` command runs (its console script), here on the game file given."""

SHOWN = (b"palette", b"All keys")
"""How each app's footer ends (a bare Textual app's with its palette key, Banker's with
the key that lists all keys): once it is on the terminal, so is the whole first screen
(a frame is written top to bottom)."""


def time_to_screen(argv: list[str], size: tuple[int, int] = (160, 50)) -> tuple[float, int]:
    """Seconds from starting `argv` in a pseudo-terminal of `size` until its first screen
    is on that terminal, and the process's peak memory (MB). As a banker sees it: from
    the command to the ledger, interpreter start-up and all. The app runs on for a
    second (so the memory counts the open journal), then is quit."""
    master, slave = os.openpty()
    columns, rows = size
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(columns), "LINES": str(rows)}
    started = time.perf_counter()
    child = subprocess.Popen(
        argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    seen = b""
    shown_at = None
    deadline = started + 30
    while shown_at is None and time.perf_counter() < deadline:
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            seen = seen[-64:] + chunk
            if any(mark in seen for mark in SHOWN):
                shown_at = time.perf_counter()
    settled = time.perf_counter() + 1.0
    while time.perf_counter() < settled:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                os.read(master, 65536)
            except OSError:
                break
    usage = None
    try:
        os.write(master, b"\x11")  # ctrl+q: quit
        for _ in range(100):  # keep reading so the app can write its goodbye
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            usage = None
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                os.read(master, 65536)
    except OSError:
        pass
    if usage is None:
        os.kill(child.pid, signal.SIGKILL)  # not Popen.kill: it would reap the child
        _, status, usage = os.wait4(child.pid, 0)
    child.returncode = status  # reaped here, with its peak memory
    os.close(master)
    if shown_at is None:
        raise SystemExit(f"{argv} showed no first screen: {seen[-300:]!r}")
    return shown_at - started, usage.ru_maxrss // 1024


OPEN = """
import sys, time
import banker.tui.app as tui
from pathlib import Path
app = tui.make_app(Path(sys.argv[1]))
glanced = app._glance is not None
first = []
def start(self, _start=tui.BankerApp._start_opening):
    first.append(time.perf_counter())
    _start(self)
def opened(self, _open=tui.BankerApp._take_opened_journal):
    _open(self)
    print(f"{time.perf_counter() - first[-1]:.4f}", glanced, flush=True)
    self.exit()
tui.BankerApp._start_opening = start
tui.BankerApp._take_opened_journal = opened
app.run(headless=True, size=(160, 50))
"""
"""After the first screen: how long opening the journal takes (keys wait for it)."""


def journal_open_after_screen(path: Path) -> float:
    done = subprocess.run(
        [sys.executable, "-c", OPEN, str(path)], capture_output=True, text=True, check=True
    )
    seconds, glanced = done.stdout.split()
    if glanced != "True":
        raise SystemExit("the game's saved ledger was not used: the first screen waited")
    return float(seconds)


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
        # Steady state, as a banker's keys meet it: the game opened (in its thread) and
        # its heap settled, which a long game takes a moment for after the first screen.
        for _ in range(3000):
            if gc.get_freeze_count():
                break
            await asyncio.sleep(0.01)
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


SCALE_ENTRIES = (100, 1_000, 10_000, 100_000)
SCALE_PLAYERS = (2, 4, 8)


def keys_in_a_process(path: Path | None, presses: int) -> list[float]:
    """The keypresses of one game (`path`) or of the bare app (None), each in a new
    process, as a banker starts the app: no heap left over from another measurement."""
    argv = [sys.executable, __file__, "--child-keys", str(path or "bare"), str(presses)]
    done = subprocess.run(argv, capture_output=True, text=True, check=True)
    return [float(t) for t in done.stdout.split()]


def scaling(presses: int, rounds: int) -> None:
    """Keypress to redrawn ledger over the history's length (8 players) and the number of
    players (10,000 entries), each beside a bare Textual app's keypress measured just
    before it; `rounds` rounds over every game, each figure the median of its rounds (a
    p95 of a few hundred presses moves with the machine's load from one minute to the
    next)."""
    print(
        f"\nkeypress to redrawn ledger, {presses} presses each (undo and redo, 160x50), "
        f"median of {rounds} round(s)"
    )
    print(
        f"{'game':<28}{'median':>9}{'p95':>9}{'bare median':>13}{'bare p95':>10}{'p95 x bare':>12}"
    )
    games = [(n, 8) for n in SCALE_ENTRIES] + [(10_000, p) for p in SCALE_PLAYERS if p != 8]
    figures: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {
        game: [] for game in games
    }
    with tempfile.TemporaryDirectory() as tmp:
        for entries, players in games:
            build_game(Path(tmp) / f"g{entries}-{players}.banker", entries, players)
        for _ in range(rounds):
            for entries, players in games:
                bare = keys_in_a_process(None, presses)
                ours = keys_in_a_process(Path(tmp) / f"g{entries}-{players}.banker", presses)
                figures[entries, players].append(
                    (
                        statistics.median(ours) * 1000,
                        p95(ours),
                        statistics.median(bare) * 1000,
                        p95(bare),
                    )
                )
    p95s: dict[tuple[int, int], float] = {}
    for (entries, players), runs in figures.items():
        median, ours95, bare_median, bare95 = (
            statistics.median(run[i] for run in runs) for i in range(4)
        )
        p95s[entries, players] = ours95
        print(
            f"{f'{entries:,} entries, {players} players':<28}"
            f"{median:>7.1f}ms{ours95:>7.1f}ms{bare_median:>11.1f}ms{bare95:>8.1f}ms"
            f"{ours95 / bare95:>11.2f}x"
        )
    flat = [p95s[n, 8] for n in SCALE_ENTRIES]
    print(
        f"p95 from 100 to 100,000 entries: {min(flat):.1f}-{max(flat):.1f} ms "
        f"(spread {max(flat) / min(flat) - 1:+.0%}; goal: within 20%, p95 <= 3x the bare app)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--history", type=int, default=10_000)
    parser.add_argument("--presses", type=int, default=40)
    parser.add_argument(
        "--rounds", type=int, default=3, help="with --scaling: rounds over the games"
    )
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument(
        "--scaling", action="store_true", help="only the keypress table over entries and players"
    )
    parser.add_argument("--child-keys", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_keys:
        game, presses = args.child_keys
        if game == "bare":
            times = asyncio.run(bare_keypresses(int(presses)))
        else:
            times = asyncio.run(keypresses(Path(game), int(presses)))
        print(" ".join(f"{t:.6f}" for t in times))
        return
    if args.scaling:
        scaling(args.presses, args.rounds)
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "eight.banker"
        build_game(path, args.history)
        bare, ours = [], []
        for _ in range(args.starts):  # alternately, so both see the same machine
            bare.append(time_to_screen([sys.executable, "-c", BARE]))
            ours.append(time_to_screen([sys.executable, "-c", OURS, str(path)]))
        bare_start = statistics.median(t for t, _ in bare)
        our_start = statistics.median(t for t, _ in ours)
        opening = statistics.median(journal_open_after_screen(path) for _ in range(3))
        ours_keys = asyncio.run(keypresses(path, args.presses))
        bare_keys = asyncio.run(bare_keypresses(args.presses))
        print(f"{'figure':<46}{'measured':>12}{'floor':>12}{'ratio':>8}")
        print(
            f"{'app start to first screen (median)':<46}{our_start * 1000:>10.0f}ms{bare_start * 1000:>10.0f}ms{our_start / bare_start:>7.2f}x"
        )
        print(f"{'  then the journal opens (keys wait)':<46}{opening * 1000:>10.0f}ms{'':>12}")
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
