"""Regenerate the tournament screenshots: `python -m tests.tournament.screenshots`.

A championship's first preliminary round: three tables play on real table views on
loopback; one has ended, one has lost contact (its cable pulled), one plays on. The
director's board is saved as SVG from the terminal app at 160x50 and 80x24, and the
standings page as PNG from headless Chromium at a venue screen's size.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from textual.widgets import DataTable

from banker.core.commands import Buy, EndGame, PassGo, PayRent
from banker.tournament.model import EventSetup, Phase
from banker.tui.board import BoardApp
from tests.tournament.conftest import Cable, Venue, seated, until
from tests.web.chromium import Chromium

OUT = Path(__file__).resolve().parent.parent.parent / "screenshots"
PLAYERS = (
    "Ana",
    "Ben",
    "Cai",
    "Dee",
    "Eli",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jo",
    "Kim",
    "Lou",
    "Max",
    "Ned",
)


async def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="banker-tournament-shots-"))
    venue = Venue(folder)
    setup = EventSetup(
        name="Spring Open",
        rounds=5,
        minutes=90,
        seed=2,
        phases=(
            Phase(name="preliminary", rounds=3, minutes=90),
            Phase(name="semi-final", minutes=75, players=8),
            Phase(name="final", minutes=120, players=4),
        ),
    )
    journal = seated(folder / "spring.event", setup, PLAYERS)
    seating = journal.state.round(1).tables
    tables = [
        await venue.open_table(f"t{i}", list(names)) for i, names in enumerate(seating, start=1)
    ]
    deeds = [
        "Boardwalk",
        "Park Place",
        "Illinois Avenue",
        "St. Charles Place",
        "Reading Railroad",
        "Baltic Avenue",
    ]
    for n, table in enumerate(tables):
        names = seating[n]
        for k, deed in enumerate(deeds[n : n + 3]):
            table.banker.apply(Buy(player=names[k % 4], deed=deed))
        table.banker.apply(PassGo(player=names[3]))
        table.banker.apply(PayRent(player=names[1], deed=deeds[n]))
    cable = Cable(tables[1].port)
    await cable.plug()
    app = BoardApp(journal, "127.0.0.1", 0)
    async with app.run_test(size=(160, 50)) as pilot:
        director = app.director
        director.link(1, tables[0].url)
        director.link(2, tables[1].url.replace(f":{tables[1].port}/", f":{cable.port}/"))
        director.link(3, tables[2].url)
        director.start_round()
        await until(lambda: all(t.status == "playing" for t in director.follower.tables.values()))
        tables[0].banker.apply(EndGame())
        await cable.unplug()
        await until(
            lambda: (
                director.follower.tables[2].status == "lost"
                and 1 in director.state.round(1).results
            )
        )
        await pilot.press(*"standings", "enter")
        app.screen.query_one("#tables", DataTable).move_cursor(row=1)  # the lost table
        await pilot.pause(0.3)
        app.save_screenshot(str(OUT / "tournament-board.svg"))
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.3)
        app.save_screenshot(str(OUT / "tournament-board-80x24.svg"))
        async with Chromium() as browser:
            await browser.open(app.standings.url, width=1280, height=720)
            await browser.wait_for(
                "document.querySelectorAll('#standings tbody tr').length > 0", 10
            )
            await asyncio.sleep(0.3)
            await browser.screenshot(OUT / "tournament-standings.png")
    await venue.close()
    journal.close()
    print(f"Saved the board (160x50, 80x24) and {OUT / 'tournament-standings.png'}")


if __name__ == "__main__":
    asyncio.run(main())
