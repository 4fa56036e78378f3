"""Fault campaign: damage many copies of a real game file and read each one.

Each copy of a played game (commands, undos, redos, a snapshot) gets random bit flips at
random offsets, or is truncated at a random offset, as a failing disk, a bad copy or a
full disk would leave it. Then the readers run on it as the banker would: `banker show
--json`, `banker log` and the app's first screen (`glance`). Each copy is counted as

- unchanged: every reader gives exactly what the healthy file gives;
- refused: the readers that did not give that said what is wrong (exit 1, the file named);
- silent: a reader gave something else without a word (goal 0);
- crashed: an "Unexpected error" or an exception (goal 0).

Then `banker recover` runs on every copy that was not unchanged, and the entries it saved
are set against the entries still intact (rows that read back exactly as written).

With `--wal`, the game is left as a crash leaves it (its latest commands only in the -wal
beside it, its index the -shm file too) and the -wal is damaged instead, by kind:
truncation anywhere, a cut at a frame's end, emptied, bit flips, zeroed frames, and another
game's -wal put in its place; each kind is tallied on its own line.

With `--event`, copies of a tournament's event file (3 rounds: draws, results by hand,
corrections, undos) are damaged the same way and read by `banker tournament show`, `csv`
and `log`; `banker tournament recover` runs on the refused ones.

    python -m tests.faults.damage_campaign [--copies 300] [--seed 1] [--wal | --event]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sqlite3
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from banker.cli import main as cli
from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.errors import BankerError
from banker.store import Journal
from banker.store.glance import Glance, glance
from banker.store.recover import recover


@dataclass
class Tally:
    copies: int = 0
    unchanged: int = 0
    refused: int = 0
    silent: int = 0
    crashed: int = 0
    recovered_files: int = 0
    saved: int = 0
    intact: int = 0
    setup_lost: int = 0
    """Copies whose setup entry (the board, the players) was damaged: nothing to replay."""

    def line(self) -> str:
        return (
            f"copies={self.copies} unchanged={self.unchanged} refused={self.refused} "
            f"silent={self.silent} crashed={self.crashed} | recover: files={self.recovered_files}"
            f" entries saved={self.saved} of intact={self.intact}"
            f" (setup damaged in {self.setup_lost})"
        )


def make_game(path: Path, commands: int = 260) -> None:
    """A game with a snapshot, undos and redos, closed as the app closes it."""
    rng = random.Random(5)
    with Journal.create(
        path, c.Setup(players=["Alice", "Bob", "Carol"], edition=load_edition("us"))
    ) as j:
        j.apply(c.Buy(player="Alice", deed="Boardwalk"))
        for i in range(commands):
            roll = rng.random()
            if roll < 0.08 and j.game.applied:
                j.undo()
            elif roll < 0.12 and j.game.undone:
                j.redo()
            else:
                who = ("Alice", "Bob", "Carol")[i % 3]
                j.apply(c.Collect(player=who, amount=rng.randrange(1, 500)))


WAL_COMMANDS = 150
"""The commands of the crashed game, every one acknowledged before the crash."""


def make_crashed_game(
    path: Path, commands: int = WAL_COMMANDS, players: tuple[str, ...] = ("Alice", "Bob", "Carol")
) -> None:
    """A game as a crash leaves it: its journal never closed, the latest commands only in
    the -wal (copied from the live game, as the README tells a banker to copy both)."""
    live = path.with_name(f"live-{path.name}")
    rng = random.Random(len(players))
    journal = Journal.create(live, c.Setup(players=list(players), edition=load_edition("us")))
    try:
        for i in range(commands):
            journal.apply(c.Collect(player=players[i % len(players)], amount=rng.randrange(1, 500)))
        path.write_bytes(live.read_bytes())
        Path(f"{path}-wal").write_bytes(Path(f"{live}-wal").read_bytes())
        Path(f"{path}-shm").write_bytes(Path(f"{live}-shm").read_bytes())  # left by a crash
    finally:
        journal.close()


WAL_KINDS = (
    "truncation",
    "cut at a frame's end",
    "emptied",
    "bit flips",
    "zeroed frames",
    "another game's -wal",
)
FRAME = 24 + 4096


def damage_wal(data: bytes, kind: str, rng: random.Random, other: bytes) -> bytes:
    if kind == "truncation":
        return data[: rng.randrange(len(data))]
    if kind == "cut at a frame's end":  # nothing damaged is left: only the count differs
        return data[: 32 + rng.randrange((len(data) - 32) // FRAME) * FRAME]
    if kind == "emptied":
        return b""
    if kind == "another game's -wal":
        return other
    hurt = bytearray(data)
    if kind == "bit flips":
        for _ in range(rng.choice((1, 1, 1, 2, 4, 8))):
            at = rng.randrange(len(hurt))
            hurt[at] ^= 1 << rng.randrange(8)
        return bytes(hurt)
    frames = (len(hurt) - 32) // FRAME
    for _ in range(rng.choice((1, 1, 2, 3))):
        at = 32 + rng.randrange(frames) * FRAME
        hurt[at : at + FRAME] = bytes(FRAME)
    return bytes(hurt)


def wal_campaign(copies: int, seed: int) -> dict[str, Tally]:
    """Each kind of -wal damage on `copies` copies of a crashed game, tallied apart."""
    rng = random.Random(seed)
    tallies = {kind: Tally() for kind in WAL_KINDS}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        healthy = folder / "healthy.banker"
        make_crashed_game(healthy)
        other = folder / "other.banker"
        make_crashed_game(other, players=("Dee", "Eve"))
        wal = Path(f"{healthy}-wal").read_bytes()
        other_wal = Path(f"{other}-wal").read_bytes()
        shm = Path(f"{healthy}-shm").read_bytes()
        want_show = _run(["show", "--json", str(healthy)])
        want_log = _run(["log", str(healthy)])
        want_view = _view(glance(healthy))
        assert want_show[0] == want_log[0] == 0
        data = healthy.read_bytes()
        for n in range(copies):
            kind = WAL_KINDS[n % len(WAL_KINDS)]
            path = folder / f"copy{n}.banker"
            path.write_bytes(data)
            Path(f"{path}-wal").write_bytes(damage_wal(wal, kind, rng, other_wal))
            Path(f"{path}-shm").write_bytes(shm)
            shown = _read(path, n, tallies[kind], want_show, want_log, want_view)
            if shown is not None and shown != want_show:
                try:
                    report = recover(path, folder / f"saved{n}.banker")
                except BankerError:
                    continue
                except Exception:  # noqa: BLE001
                    tallies[kind].crashed += 1
                    continue
                tallies[kind].recovered_files += 1
                tallies[kind].saved += report.saved
                tallies[kind].intact += WAL_COMMANDS  # every command was acknowledged
    return tallies


def _read(
    path: Path, n: int, tally: Tally, want_show: object, want_log: object, want_view: object
) -> tuple[int | None, str, str] | None:
    """Read one damaged copy as the banker would and count how it went: what `show
    --json` gave, or None when the first screen crashed (nothing more to try)."""
    tally.copies += 1
    results = [_run(["show", "--json", str(path)]), _run(["log", str(path)])]
    try:
        view = _view(glance(path))
    except BaseException:  # noqa: BLE001
        tally.crashed += 1
        return None
    if any(code is None or code == 2 for code, _, _ in results):
        tally.crashed += 1
    elif all(r == w for r, w in zip(results, (want_show, want_log), strict=True)) and (
        view in (None, want_view)
    ):
        tally.unchanged += 1
    elif any(
        code == 0 and r != w
        for (code, *_), r, w in zip(results, results, (want_show, want_log), strict=True)
    ) or view not in (None, want_view):
        tally.silent += 1
        print(f"silent: copy {n}", file=sys.stderr)
    elif all(code == 1 and str(path) in err for code, _, err in results if code != 0):
        tally.refused += 1
    else:
        tally.crashed += 1
    return results[0]


def _run(args: list[str]) -> tuple[int | None, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli(args)
    except BaseException as exc:  # noqa: BLE001 - a crash is what is counted here
        return None, out.getvalue(), f"{type(exc).__name__}: {exc}"
    return code, out.getvalue(), err.getvalue()


def _view(seen: Glance | None) -> object:
    return None if seen is None else (seen.seq, seen.view.to_json(), seen.history)


def damage(data: bytes, rng: random.Random) -> bytes:
    if rng.random() < 0.3:
        return data[: rng.randrange(len(data))]
    hurt = bytearray(data)
    for _ in range(rng.choice((1, 1, 1, 2, 4, 8))):
        at = rng.randrange(len(hurt))
        hurt[at] ^= 1 << rng.randrange(8)
    return bytes(hurt)


def _rows(path: Path) -> dict[int, tuple[object, ...]]:
    """The rows that read back from the file, one lookup each."""
    rows: dict[int, tuple[object, ...]] = {}
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
        db.execute("PRAGMA writable_schema = ON")
    except Exception:  # noqa: BLE001 - nothing readable at all
        return rows
    with contextlib.closing(db):
        for seq in range(1, 2000):
            try:
                row = db.execute(
                    "SELECT seq, kind, command, target, message, at FROM journal WHERE seq = ?",
                    (seq,),
                ).fetchone()
            except Exception:  # noqa: BLE001
                continue
            if row is not None:
                rows[seq] = row
    return rows


def campaign(copies: int, seed: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        healthy = folder / "healthy.banker"
        make_game(healthy)
        want_show = _run(["show", "--json", str(healthy)])
        want_log = _run(["log", str(healthy)])
        want_view = _view(glance(healthy))
        assert want_show[0] == want_log[0] == 0 and want_view is not None
        rows = _rows(healthy)
        data = healthy.read_bytes()
        for n in range(copies):
            path = folder / f"copy{n}.banker"
            path.write_bytes(damage(data, rng))
            shown = _read(path, n, tally, want_show, want_log, want_view)
            if shown is None or shown == want_show:
                continue
            left = _rows(path)
            intact = sum(1 for seq, row in left.items() if seq > 1 and rows.get(seq) == row)
            if left.get(1) != rows[1]:
                tally.setup_lost += 1
                intact = 0
            try:
                report = recover(path, folder / f"saved{n}.banker")
            except BankerError:
                report = None
            except Exception:  # noqa: BLE001
                tally.crashed += 1
                continue
            tally.recovered_files += 1
            tally.intact += intact
            tally.saved += report.saved if report else 0
    return tally


def make_event(path: Path) -> None:
    """An event of 3 rounds played through: players, draws, starts, results by hand,
    corrections, undos and redos, closed as the board closes it."""
    from banker.tournament.journal import EventJournal
    from banker.tournament.language import perform
    from banker.tournament.model import AddPlayers, EventSetup

    names = tuple(f"P{i:02}" for i in range(1, 17))
    setup = EventSetup(name="Campaign", rounds=3, minutes=60, advance="best", best=16, seed=4)
    with EventJournal.create(path, setup) as journal:
        journal.apply(AddPlayers(names=names))
        for number in (1, 2, 3):
            perform(journal, "draw")
            perform(journal, "start")
            for table, seated in enumerate(journal.state.round(number).tables, start=1):
                worths = ",".join(f"{n}={2500 - 300 * i}" for i, n in enumerate(seated))
                perform(journal, f"record {table} {worths}")
                if table == 2:
                    perform(journal, "undo")
                    perform(journal, "redo")
            seated = journal.state.round(number).tables[0]
            worths = ",".join(f"{n}={2520 - 300 * i}" for i, n in enumerate(seated))
            perform(journal, f"correct 1 {worths} because a hotel miscounted")
            perform(journal, "end")


def event_campaign(copies: int, seed: int) -> Tally:
    """Damaged copies of an event file, read by `tournament show`, `csv` and `log`."""
    from banker.tournament.journal import recover as recover_event

    rng = random.Random(seed)
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        healthy = folder / "healthy.event"
        make_event(healthy)
        readers = (["show"], ["csv"], ["log"])
        wants = [_run(["tournament", *r, str(healthy)]) for r in readers]
        assert all(w[0] == 0 for w in wants)
        data = healthy.read_bytes()
        rows = _rows(healthy)
        for n in range(copies):
            path = folder / f"copy{n}.event"
            path.write_bytes(damage(data, rng))
            tally.copies += 1
            results = [_run(["tournament", *r, str(path)]) for r in readers]
            if any(code is None or code == 2 for code, _, _ in results):
                tally.crashed += 1
                print(f"crashed: copy {n}: {[r[2][-300:] for r in results]}", file=sys.stderr)
                continue
            if results == wants:
                tally.unchanged += 1
                continue
            pairs = zip(results, results, wants, strict=True)
            if any(code == 0 and r != w for (code, *_), r, w in pairs):
                tally.silent += 1
                print(f"silent: copy {n}", file=sys.stderr)
                continue
            if all(code == 1 and str(path) in err for code, _, err in results):
                tally.refused += 1
            else:
                tally.crashed += 1
                continue
            left = _rows(path)
            intact = sum(1 for seq, row in left.items() if seq > 1 and rows.get(seq) == row)
            if left.get(1) != rows[1]:
                tally.setup_lost += 1
                intact = 0
            tally.intact += intact
            try:
                report = recover_event(path, folder / f"saved{n}.event")
            except BankerError:
                continue
            except Exception:  # noqa: BLE001
                tally.crashed += 1
                continue
            tally.recovered_files += 1
            tally.saved += report.saved
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--copies", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wal", action="store_true", help="damage the -wal instead")
    parser.add_argument("--event", action="store_true", help="damage an event file instead")
    args = parser.parse_args()
    started = time.monotonic()
    if args.event:
        tally = event_campaign(args.copies, args.seed)
        print(f"{tally.line()} in {time.monotonic() - started:.0f}s")
        sys.exit(0 if tally.silent == tally.crashed == 0 else 1)
    if args.wal:
        tallies = wal_campaign(args.copies, args.seed)
        for kind, kind_tally in tallies.items():
            print(f"{kind:>20}: {kind_tally.line()}")
        print(f"in {time.monotonic() - started:.0f}s")
        bad = sum(t.silent + t.crashed for t in tallies.values())
        sys.exit(0 if bad == 0 else 1)
    tally = campaign(args.copies, args.seed)
    print(f"{tally.line()} in {time.monotonic() - started:.0f}s")
    sys.exit(0 if tally.silent == tally.crashed == 0 else 1)


if __name__ == "__main__":
    main()
