"""A full disk is a pause, not a stop: games played onto a small filesystem until a
command is refused ("could not be saved (the disk is full)") open again once the space is
back, with every acknowledged command, and say what happened; no witness is left empty.

The filesystem is a 300 KB tmpfs mounted in a private mount namespace (`unshare -rm`), so
nothing of the machine's own is touched; where that is not allowed the test is skipped."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROUNDS = __file__.replace("test_full_disk.py", "full_disk_rounds.py")
FREE = [0, 36_000, 40_000, 45_000, 50_000, 61_440, 70_000, 80_000, 90_000, 100_000, 122_880]
"""Bytes left free before each round: none, then enough for a few commands or a dozen, so
the refused write falls at different places of a frame."""


def in_small_disk(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    script = f"mount -t tmpfs -o size=300k tmpfs {folder} && exec {sys.executable} {' '.join(args)}"
    return subprocess.run(
        ["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True, timeout=300
    )


def test_a_game_played_onto_a_full_disk_opens_with_every_acknowledged_command(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "small"
    folder.mkdir()
    if shutil.which("unshare") is None:
        pytest.skip("no unshare here to mount a small filesystem")
    probe = in_small_disk(folder, "-c", "pass")
    if probe.returncode != 0:
        pytest.skip(f"a small filesystem cannot be mounted here: {probe.stderr.strip()}")
    ran = in_small_disk(folder, ROUNDS, str(folder), *map(str, FREE))
    assert ran.returncode == 0, ran.stderr
    rounds = [json.loads(line) for line in ran.stdout.splitlines()]
    assert len(rounds) == len(FREE)
    for found in rounds:
        assert found["opened"], found
        assert found["refused"], found  # the disk did fill
        if found["wrote"]:
            assert found["entries"] == found["acked"] and found["same"], found
        assert not [name for name in found["empty_files"] if name.endswith("-lost")], found
    torn = [f for f in rounds if f["torn"]]
    assert len(torn) >= 3, rounds  # the refused write was cut inside a frame, and said
    assert sum(f["acked"] for f in rounds) >= 30
