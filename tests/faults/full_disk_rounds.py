"""Rounds of a game played onto a full disk, then opened once the space is back.

Run inside a small filesystem of its own (`test_full_disk.py` mounts a 300 KB tmpfs in a
private mount namespace): each round makes a game, fills the disk to leave `free` bytes,
applies commands (an undo and a redo among them) until one is refused, closes, frees the
space, and opens the game. Prints one JSON line per round: what was acknowledged, and what
the opening found.

    python tests/faults/full_disk_rounds.py FOLDER FREE...

The campaign (the review's 40 rounds, every amount of free space from none to 130 KB),
with a summary: rounds refused after the space came back, acknowledged commands lost,
witnesses left empty. It mounts its own 300 KB filesystem:

    python -m tests.faults.full_disk_rounds --campaign 40
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
    commands: list[c.Command | str] = [
        c.Collect(player="Alice", amount=1),
        c.Collect(player="Bob", amount=2),
        c.Pay(player="Alice", amount=1, to="Bob"),
        c.PassGo(player="Carol"),
        "undo",
        "redo",
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
                command = commands[i % len(commands)]
                if command == "undo":
                    journal.undo()
                elif command == "redo":
                    journal.redo()
                else:
                    assert not isinstance(command, str)
                    journal.apply(command)
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
    if sys.argv[1:2] == ["--campaign"]:
        campaign(int(sys.argv[2]))
        return
    folder = Path(sys.argv[1])
    for n, free in enumerate(int(x) for x in sys.argv[2:]):
        print(json.dumps(one_round(folder / f"round-{n}", free)), flush=True)


def campaign(rounds: int) -> None:
    """`rounds` rounds on a 300 KB filesystem of their own, free space spread from none
    to 130 KB; one line a round, then the summary."""
    import subprocess
    import tempfile

    free = [130_000 * n // max(1, rounds - 1) for n in range(rounds)]
    with tempfile.TemporaryDirectory() as tmp:
        script = (
            f"mount -t tmpfs -o size=300k tmpfs {tmp} && exec {sys.executable} {__file__} "
            f"{tmp} {' '.join(map(str, free))}"
        )
        ran = subprocess.run(
            ["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True, check=False
        )
    if ran.returncode != 0:
        sys.exit(f"the campaign could not run: {ran.stderr.strip()}")
    found = [json.loads(line) for line in ran.stdout.splitlines()]
    for one in found:
        print(json.dumps(one))
    refused = [f for f in found if not f["opened"]]
    lost = sum(f["acked"] - f.get("entries", 0) for f in found if f["opened"] and f["wrote"])
    different = [f for f in found if f["opened"] and f["wrote"] and not f["same"]]
    empty = [f for f in found if any(n.endswith("-lost") for n in f["empty_files"])]
    print(
        f"rounds {len(found)}: the disk filled in {sum(bool(f['refused']) for f in found)}; "
        f"refused after the space came back {len(refused)}; acknowledged "
        f"{sum(f['acked'] for f in found)}, lost {lost}, different {len(different)}; "
        f"the last write cut short and said {sum(bool(f.get('torn')) for f in found)}; "
        f"empty witnesses {len(empty)}"
    )


if __name__ == "__main__":
    main()
