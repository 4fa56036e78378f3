"""One venue of the national test, in a process of its own: a real director (`Director`)
over real `banker share` tables, publishing with its own venue role through its outbox
(entries, heartbeat and each table's live summary), as `banker tournament board
--publish` does. It plays each round when the test allows it (a file `play-N` in its
folder), says when the round is over (`round-N-done`), and at the end saves its own
standings CSV and says when the outbox has sent every entry (`published`).

    python -m tests.national.venue_process FOLDER DSN VENUE NAMES ROUNDS SEED
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from banker.national.outbox import Outbox
from banker.national.summary import table_summaries
from banker.tournament.director import Director, board_json, standings_csv
from banker.tournament.follower import Follower
from banker.tournament.journal import EventJournal
from banker.tournament.language import perform
from banker.tournament.model import EventSetup, Phase
from tests.tournament.conftest import Venue, play_round, until


def strength(name: str) -> int:
    """What each player collects at every table (x $10): a fixed order of worth."""
    return 1 + sum(ord(c) * (i + 3) for i, c in enumerate(name)) % 37


async def play(
    folder: Path, dsn: str, venue_id: str, names: list[str], rounds: int, seed: int
) -> None:
    setup = EventSetup(
        name=f"Qualifier {venue_id}",
        rounds=rounds,
        minutes=60,
        seed=seed,
        phases=(Phase(name="preliminary", rounds=rounds, minutes=60),),
    )
    journal = EventJournal.create(folder / "venue.event", setup)
    director = Director(journal, Follower(read_timeout=5))
    await director.start()
    outbox = Outbox(journal.path, dsn, venue_id)
    stop = asyncio.Event()
    uplink = asyncio.create_task(
        outbox.run(
            stop, every=0.2, board=lambda: table_summaries(director.state, board_json(director))
        )
    )
    tables = Venue(folder)
    try:
        perform(journal, "players " + ",".join(names), director)
        for number in range(1, rounds + 1):
            await until(lambda n=number: (folder / f"play-{n}").exists(), limit=600)
            perform(journal, "draw", director)
            await play_round(director, tables, number, lambda n: 10 * strength(n), 300)
            (folder / f"round-{number}-done").write_text("", encoding="utf-8")
        (folder / "standings.csv").write_text(standings_csv(director.state), encoding="utf-8")
        await until(lambda: outbox.sent >= journal.seq, limit=600)
        (folder / "published").write_text(str(journal.seq), encoding="utf-8")
        await until(lambda: (folder / "stop").exists(), limit=600)
    finally:
        stop.set()
        await uplink
        await director.stop()
        await tables.close()
        journal.close()


def main() -> None:
    folder, dsn, venue_id, names, rounds, seed = sys.argv[1:7]
    asyncio.run(play(Path(folder), dsn, venue_id, names.split(","), int(rounds), int(seed)))


if __name__ == "__main__":
    main()
