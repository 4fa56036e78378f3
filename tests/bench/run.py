"""Runs every benchmark and prints its figures, each next to its floor from the same run.

    python tests/bench/run.py            # the full run (about six minutes)
    python tests/bench/run.py --quick    # a shorter run, under two minutes

The benchmarks:
- bench_journal.py: apply + journal one command vs. a bare SQLite insert+commit (goal
  within 3x); opening games of 1,000 / 10,000 / 100,000 commands from their checkpoint
  (goal: 100,000 within 1.5x of 1,000), and every entry checked (`banker verify`);
- bench_app.py: app start to first screen vs. a bare Textual app (goal within 1.3x);
  keypress to updated ledger with 8 players and 10,000 entries (goal under 50 ms p95);
  peak memory of the app (goal under 150 MB); with --scaling, the keypress at 100 /
  1,000 / 10,000 / 100,000 entries and 2 / 4 / 8 players, each beside a bare app's (goal:
  p95 within 3x the bare app's, flat within 20% over the entries);
- bench_cli.py: one `banker do` and one `banker show --json` as whole processes vs.
  `python -c 'import pydantic, sqlite3'` (goal within 2x, CPU and wall);
- bench_table_view.py: 8 phones on the event stream and 4 page reloads a second while
  the banker plays (every action reaches every phone; latency grows < 10 ms; memory flat);
- bench_keys.py: keys per event in a scripted 72-event game driven through the real app
  (goals: overall median <= 4, rent and purchase <= 4, a trade <= 10, GO and undo 1-2),
  and the same game pressed with no pauses ending in the same journal;
- bench_lan.py: 2,000 idle and slow connections from 100 LAN addresses while a token
  holder reads the table and the banker plays (holder served within 1 s; latency grows
  < 10 ms; memory bounded);
- tests/faults/damage_campaign.py: random bit flips and truncations of a real game file
  (silently different 0, crashed 0; entries recover saves against those intact);
- bench_tournament.py: a director following 10, 50 and 200 tables that each play every
  3 s, next to a bare stream reader (goal: a table's change on the board within 1 s p95);
- bench_national.py: the national board over 20 venues x 50 tables in a throwaway
  PostgreSQL, next to a bare LISTEN client (goal: a table's change on the national board
  within 2 s p95), and the rows and bytes per round;
- bench_seating.py: repeat pairings of 16 players over 4 rounds at tables of 4 in 40
  seeds, beside the minimum an exhaustive search finds (goal: equal in every seed).
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def machine() -> str:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{platform.system()} {platform.machine()}, {cores} cores, Python {platform.python_version()}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="a run under two minutes")
    args = parser.parse_args()
    runs = [
        (
            "journal",
            ["bench_journal.py", "--commands", "100000"] + (["--quick"] if args.quick else []),
        ),
        ("command line", ["bench_cli.py"] + (["--runs", "7"] if args.quick else [])),
        ("app", ["bench_app.py"] + (["--presses", "20", "--starts", "3"] if args.quick else [])),
        (
            "keypress over entries and players",
            ["bench_app.py", "--scaling", "--presses", "60" if args.quick else "200"]
            + ["--rounds", "1" if args.quick else "3"],
        ),
        (
            "table view",
            ["bench_table_view.py"]
            + (["--seconds", "20", "--floor-seconds", "8"] if args.quick else []),
        ),
        ("keys per event", ["bench_keys.py"]),
        (
            "table view under attack",
            ["bench_lan.py"] + (["--seconds", "15", "--floor-seconds", "6"] if args.quick else []),
        ),
        (
            "damaged files",
            ["../faults/damage_campaign.py", "--copies", "60" if args.quick else "300"],
        ),
        (
            "tournament",
            ["bench_tournament.py"] + (["--seconds", "5"] if args.quick else []),
        ),
        ("seating", ["bench_seating.py"] + (["--seeds", "10"] if args.quick else [])),
        (
            "national board",
            ["bench_national.py"] + (["--seconds", "10"] if args.quick else []),
        ),
    ]
    print(f"Banker benchmarks on {machine()}")
    failed = 0
    for title, command in runs:
        started = time.monotonic()
        print(f"\n== {title} ==", flush=True)
        done = subprocess.run([sys.executable, str(HERE / command[0]), *command[1:]], text=True)
        failed += done.returncode != 0
        print(f"({time.monotonic() - started:.0f} s)", flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
