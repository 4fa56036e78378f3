"""Benchmark: one `banker do` and one `banker show --json`, each a whole process.

Each figure is printed beside its floor, measured in the same run and interleaved with it
so that load from elsewhere falls on both alike: `python -c 'import pydantic, sqlite3'`,
what a command that reads a game file into validated models cost when the goal was set
(banker's command line no longer imports pydantic: its records are msgspec's). Also
shown: a bare `python -c pass`. CPU is the child's user + system time; wall is from start to exit.
The goal of both commands: within 2x of the floor, CPU and wall, median of the runs.
Not a test: the machines are shared and noisy, so nothing here asserts a time.

    python tests/bench/bench_cli.py [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL = 2.0


def measure(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(cpu seconds, wall seconds) of one run of `argv` as a child process. CPU from
    `getrusage` (microseconds), not `os.times` (10 ms clock ticks on Linux, which moved a
    60 ms floor by up to a sixth)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, BANKER_HOME=str(Path(tmp) / "home"))
        # As on a user's machine, where pip compiled the bytecode at install.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        game = str(Path(tmp) / "bench.banker")
        cli = [python, "-m", "banker.cli"]
        # The demo game: a game in full swing, a few dozen entries into its journal.
        subprocess.run(
            [python, "-c", f"from banker.demo import make_demo; make_demo({game!r})"],
            env=env,
            check=True,
        )
        subjects = {
            "python -c pass": [python, "-c", "pass"],
            "floor: import pydantic, sqlite3": [python, "-c", "import pydantic, sqlite3"],
            "banker do GAME 'collect alice 1'": [*cli, "do", game, "collect alice 1"],
            "banker show GAME --json": [*cli, "show", game, "--json"],
        }
        for argv in subjects.values():  # warm the file cache and the bytecode
            measure(argv, env)
        samples: dict[str, list[tuple[float, float]]] = {name: [] for name in subjects}
        for _ in range(args.runs):
            for name, argv in subjects.items():
                samples[name].append(measure(argv, env))
    median = {
        name: (statistics.median(c for c, _ in s), statistics.median(w for _, w in s))
        for name, s in samples.items()
    }
    floor_cpu, floor_wall = median["floor: import pydantic, sqlite3"]
    print(f"{args.runs} runs each, interleaved; medians")
    print(f"{'':36} {'CPU ms':>8} {'wall ms':>8} {'CPU x':>6} {'wall x':>6}")
    for name, (cpu, wall) in median.items():
        print(
            f"{name:36} {cpu * 1000:8.0f} {wall * 1000:8.0f} "
            f"{cpu / floor_cpu:6.2f} {wall / floor_wall:6.2f}"
        )
    for name in ("banker do GAME 'collect alice 1'", "banker show GAME --json"):
        cpu, wall = median[name]
        worst = max(cpu / floor_cpu, wall / floor_wall)
        verdict = "met" if worst <= GOAL else "not met"
        print(
            f"goal {name}: within {GOAL:.0f}x of the floor, CPU and wall: {verdict} ({worst:.2f}x)"
        )


if __name__ == "__main__":
    main()
