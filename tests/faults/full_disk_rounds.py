"""Rounds of a game played onto a full disk, then opened once the space is back.

Run inside a small filesystem of its own (`test_full_disk.py` mounts a 300 KB tmpfs in a
private mount namespace): each round makes a game, fills the disk to leave `free` bytes,
applies commands until one is refused, closes, frees the space, and opens the game. Prints
one JSON line per round: what was acknowledged, and what the opening found.

    python tests/faults/full_disk_rounds.py FOLDER FREE...
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.errors import BankerError, JournalError
from banker.store import Journal


def one_round(folder: Path, free: int) -> dict[str, object]:
    folder.mkdir()
    path = folder / "g.banker"
    setup = c.Setup(players=["Alice", "Bob", "Carol"], edition=load_edition("us"))
    Journal.create(path, setup).close()
    stat = os.statvfs(folder)
    filler = folder / "filler"
    with filler.open("wb") as handle:
        handle.write(b"\0" * max(0, stat.f_bavail * stat.f_frsize - free))
    commands = [
        c.Collect(player="Alice", amount=1),
        c.Collect(player="Bob", amount=2),
        c.Pay(player="Alice", amount=1, to="Bob"),
        c.PassGo(player="Carol"),
    ]
    acked, ledger, refused = 0, None, ""
    try:
        journal = Journal.open(path)  # a disk too full for its -shm refuses here
    except JournalError as exc:
        refused = str(exc)
    else:
        ledger = journal.game.state.dump_ledger()
        try:
            for i in range(2_000):
                journal.apply(commands[i % len(commands)])
                acked += 1
                ledger = journal.game.state.dump_ledger()
        except JournalError as exc:
            refused = str(exc)
        finally:
            journal.close()
    filler.unlink()
    found: dict[str, object] = {
        "free": free,
        "acked": acked,
        "refused": refused,
        "wrote": ledger is not None,
    }
    try:
        with Journal.open(path) as again:
            found["opened"] = True
            found["entries"] = again.timeline.seq - 1  # the setup is entry 1
            found["same"] = again.game.state.dump_ledger() == ledger
            found["torn"] = again.torn
    except BankerError as exc:
        found["opened"] = False
        found["why"] = str(exc)
    found["empty_files"] = sorted(p.name for p in folder.iterdir() if p.stat().st_size == 0)
    for leftover in folder.iterdir():
        leftover.unlink()
    folder.rmdir()
    return found


def main() -> None:
    folder = Path(sys.argv[1])
    for n, free in enumerate(int(x) for x in sys.argv[2:]):
        print(json.dumps(one_round(folder / f"round-{n}", free)), flush=True)


if __name__ == "__main__":
    main()
