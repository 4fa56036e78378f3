"""What every test shares: how many workers `-n auto` starts (two a core, below; the
tests are handed to them one at a time, `pyproject.toml`), the program compiled once
before they start, the CSS of the apps read once a process (`rules_read_once`), the
suite's own objects kept out of the garbage collector's way (`heap_left_as_it_is`), and
how a Textual pilot waits.

Every test's Textual pilot waits for the app to have nothing left to do, not for a
clock: Textual's own wait samples the process's CPU over 20 ms windows (three per key);
this one samples 5 ms windows and counts an app as idle only when, besides, nothing is
due on the event loop, no message or callback waits in its queues or its screens', the
screen has nothing left to draw and no worker of its runs. Faster where the app is
quiet (a Pilot test takes about two thirds of the time), and never earlier than it is
quiet, on a loaded machine too (a 5 ms look alone, without these questions, read screens
before they were drawn)."""

from __future__ import annotations

import asyncio
import compileall
import gc
import os
from pathlib import Path
from time import monotonic, process_time

import pytest
import textual.app
import textual.pilot
from textual._context import active_app
from textual.css.model import RuleSet
from textual.css.stylesheet import CSSLocation, Stylesheet
from textual.timer import Timer
from textual.widgets import Button
from textual.worker import WorkerState

from banker.tui.app import BankerApp

WINDOW = 0.005
"""Seconds of one look (Textual's own: 0.02)."""

BUSY = WINDOW / 20
"""CPU seconds within a look that mean the app is still working (Textual's ratio)."""


def nothing_pending() -> bool:
    """No message or callback waiting in the app's queue or any of its screens' widgets',
    no worker waiting to start, no thread at work."""
    if asyncio.get_running_loop()._ready:  # type: ignore[attr-defined]
        return False  # a task or callback is due to run now
    app = active_app.get(None)
    if app is None:
        return True
    screen = app.screen
    if (
        screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._dirty_widgets
    ):
        return False  # the screen is still to be drawn again
    for screen in app._screen_stack:
        if screen._callbacks:  # to run after the screen's next refresh
            return False
    for node in (app, *(n for s in app._screen_stack for n in s.walk_children(with_self=True))):
        if node._message_queue.qsize() or node._next_callbacks:
            return False
        if any(_due_soon(timer) for timer in node._timers):
            return False
    return not any(
        worker.state in (WorkerState.PENDING, WorkerState.RUNNING) for worker in app.workers
    )


SOON = 0.5
"""A one-off timer set this many seconds ahead or less is work still to come (a pressed
button's lit look goes after 0.2 s); a longer one, or one that repeats (a clock, the
auction's countdown), is not waited for, as Textual's own wait would not."""


def _due_soon(timer: Timer) -> bool:
    task = timer._task
    return timer._repeat == 1 and timer._interval <= SOON and task is not None and not task.done()


async def wait_for_idle(min_sleep: float = WINDOW, max_sleep: float = 1) -> None:
    """Textual's `wait_for_idle`, in shorter looks that also ask the app's queues."""
    start = monotonic()
    while True:
        cpu = process_time()
        await asyncio.sleep(WINDOW)
        busy = process_time() - cpu
        elapsed = monotonic() - start
        if elapsed >= max_sleep:
            return
        if elapsed > min_sleep and busy < BUSY and nothing_pending():
            return


def no_press_flash(self: Button) -> None:
    """A pressed button's lit look lasts 0.2 s: a screen it opens is drawn with it or
    without it, as the timer and the drawing happen to fall (a snapshot that changes by
    itself). Off in the tests; the press itself is untouched."""


_read_rules = Stylesheet._parse_rules
_rules_read: dict[tuple[object, ...], list[RuleSet]] = {}


def rules_read_once(
    self: Stylesheet,
    css: str,
    read_from: CSSLocation,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    """Textual reads every widget's CSS again for each app (each keeps its own cache of
    what it read): about a sixth of a short Pilot test's time, thousands of times over.
    Here what a CSS text reads as, with the same variables, is read once a process; the
    rules read are Textual's own, which its stylesheets already share between parses."""
    key = (css, read_from, is_default_rules, tie_breaker, scope, *sorted(self._variables.items()))
    rules = _rules_read.get(key)
    if rules is None:
        rules = _rules_read[key] = _read_rules(
            self, css, read_from, is_default_rules, tie_breaker, scope
        )
    return rules


settle_heap_of_the_app = BankerApp._settle_heap
"""The app's own (`tests/tui/test_first_screen.py` checks it)."""


def heap_left_as_it_is(self: BankerApp) -> None:
    """Once its game is open and drawn, the app collects the garbage and freezes what is
    left (`BankerApp._settle_heap`): in a player's process, the app and its game, once.
    A test's process holds the whole suite and runs hundreds of apps one after another:
    each unfroze and walked all of it again (a third of the Pilot tests' samples in a
    profile; leaving it out took 12% off their processor time).
    Here the suite's own objects are frozen once, when the tests are collected (below),
    and an app leaves the heap as it is."""


def pytest_collection_finish(session: pytest.Session) -> None:
    """What the suite holds once collected (its modules, its tests) is kept out of the
    collector's way: a collection walks only what the tests made since."""
    gc.collect()
    gc.freeze()


Stylesheet._parse_rules = rules_read_once  # type: ignore[method-assign]
Button._start_active_affect = no_press_flash  # type: ignore[method-assign]
BankerApp._settle_heap = heap_left_as_it_is  # type: ignore[method-assign]
textual.app.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]
textual.pilot.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` (the README's test command) starts two workers for each core: a test
    spends much of its time waiting (for a terminal's screen to settle, a browser, a
    server, a disk's flush, a child process), and a second worker uses a core while the
    first waits. On the 2-core machine: 266 s with four workers, 381-394 s with two."""
    return 2 * len(os.sched_getaffinity(0))


ROOT = Path(__file__).resolve().parents[1]


def pytest_configure(config: pytest.Config) -> None:
    """Before the workers start (once, in the process that starts them), the program's
    modules are compiled: an editable install leaves them as source, and where Python is
    told not to write what it compiles (PYTHONDONTWRITEBYTECODE) every worker and every
    `banker` a test starts compiled them again (half of a short command's 1 s start)."""
    if hasattr(config, "workerinput"):
        return  # a worker: the process that started it compiled them
    for folder in ("banker", "tools"):
        compileall.compile_dir(ROOT / folder, quiet=2, workers=1)
