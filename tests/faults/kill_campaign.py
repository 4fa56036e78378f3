"""Fault campaign: kill `banker do` processes with SIGKILL at random moments.

Each round starts `banker do GAME -f SCRIPT` (real processes, real SQLite file), reads
the receipts it prints (a receipt is printed only after its command is committed),
kills it at a random moment, reopens the game and checks that every acknowledged
command is there and the validators hold.

    python tests/faults/kill_campaign.py [--kills 100] [--seed 1]

Prints: kills, commands acknowledged, lost (must be 0), unopenable (must be 0).
"""

from __future__ import annotations

import argparse
import os
import random
import select
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from banker.core.commands import Setup
from banker.core.edition import load_edition
from banker.core.errors import BankerError
from banker.core.validators import validate
from banker.store import Journal

# A guard against a process that hangs, not a measure of speed.
PATIENCE = 300.0

TURN = [
    "go alice",
    "rent bob board",
    "collect bob 100",
    "card carol chance-dividend",
    "build alice park",
    "sell alice park",
    "tax carol income flat",
    "collect carol 200",
    "pay bob 10 to carol",
    "pay carol 10 to bob",
    "undo",
    "redo",
]


@dataclass
class Tally:
    kills: int = 0
    acknowledged: int = 0
    lost: int = 0
    unopenable: int = 0
    invalid: int = 0

    def line(self) -> str:
        return (
            f"kills={self.kills} commands={self.acknowledged} lost={self.lost} "
            f"unopenable={self.unopenable} invalid={self.invalid}"
        )


def prepare(folder: Path) -> tuple[Path, Path]:
    game = folder / "campaign.banker"
    with Journal.create(
        game, Setup(players=["Alice", "Bob", "Carol"], edition=load_edition("us"))
    ) as j:
        from banker.core.language import parse

        for line in ("buy alice board", "buy alice park", "collect alice 5000"):
            j.apply(parse(line, j.game.state))
    script = folder / "turns.txt"
    script.write_text("\n".join(TURN * 400) + "\n")
    return game, script


def _read(fd: int) -> bytes:
    try:
        return os.read(fd, 1 << 16)
    except BlockingIOError:
        return b""


def entries_in(game: Path) -> int | None:
    """How many journal entries the game has, or None if it cannot be opened."""
    try:
        with Journal.open(game) as j:
            if validate(j.game.state):
                return -1
            return j.game.seq
    except BankerError:
        return None


def campaign(kills: int, seed: int, most_receipts: int = 40) -> Tally:
    """Kill `banker do` `kills` times, each after a random number of its receipts.

    The moment of each kill is counted in receipts, not in seconds, so a slow or loaded
    machine kills at the same points of the game as a fast one: after the chosen receipt
    the process is killed at once, mid-way through whatever command comes next.
    """
    rng = random.Random(seed)
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        game, script = prepare(Path(tmp))
        for _ in range(kills):
            before = entries_in(game)
            assert before is not None and before > 0
            wanted = rng.randint(1, most_receipts)
            proc = subprocess.Popen(
                [sys.executable, "-m", "banker.cli", "do", str(game), "-f", str(script)],
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
            assert proc.stdout is not None
            fd = proc.stdout.fileno()
            printed = b""
            deadline = time.monotonic() + PATIENCE
            while printed.count(b"\n") < wanted and time.monotonic() < deadline:
                ready, _, _ = select.select([fd], [], [], 1.0)
                if ready:
                    chunk = os.read(fd, 1 << 16)
                    if not chunk:  # the script ran to its end
                        break
                    printed += chunk
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
            os.set_blocking(fd, False)
            printed += _read(fd)
            acknowledged = printed.count(b"\n")
            tally.kills += 1
            tally.acknowledged += acknowledged
            after = entries_in(game)
            if after is None:
                tally.unopenable += 1
                break
            if after == -1:
                tally.invalid += 1
                break
            if after - before < acknowledged:
                tally.lost += acknowledged - (after - before)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.monotonic()
    tally = campaign(args.kills, args.seed)
    print(f"{tally.line()} in {time.monotonic() - started:.0f}s")
    sys.exit(0 if tally.lost == tally.unopenable == tally.invalid == 0 else 1)


if __name__ == "__main__":
    main()
