"""Regenerate the national screenshots: `python -m tests.national.screenshots`.

Three venues' qualifiers published to a throwaway PostgreSQL server, two rounds played at
two of them; the third's heartbeat is old (lost contact). The national board is saved as
SVG from the terminal app at 160x50 and 80x24, and the national standings page as PNG
from headless Chromium.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

import psycopg

from banker.national.board import National
from banker.national.outbox import Outbox
from banker.national.schema import init
from banker.tui.national import NationalApp, NationalScreen
from tests.national.conftest import throwaway_server
from tests.national.test_board import _venue
from tests.tournament.conftest import until
from tests.web.chromium import Chromium

OUT = Path(__file__).resolve().parent.parent.parent / "screenshots"
VENUES = {"jb-3": ("Johor Bahru", "J"), "kl-1": ("Kuala Lumpur", "K"), "pg-2": ("Penang", "P")}
"""Each venue's name and its players' first letter (J1 ... J8)."""


async def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="banker-national-shots-"))
    with throwaway_server() as server:
        dsn = server.dsn()
        init(dsn)
        outboxes = []
        for venue, (name, letter) in VENUES.items():
            journal = _venue(folder / f"{venue}.event", [f"{letter}{i}" for i in range(1, 9)])
            journal.close()
            outboxes.append(Outbox(folder / f"{venue}.event", dsn, venue, name))
            outboxes[-1].send()
        with psycopg.connect(dsn, autocommit=True) as conn:  # Johor Bahru: silent since
            conn.execute("UPDATE contact SET seen = now() - interval '3 minutes'")
        stop = asyncio.Event()  # the other two keep sending their heartbeat
        beating = [asyncio.create_task(o.run(stop)) for o in outboxes[1:]]
        national = National(dsn, cut=8, name="Malaysia Open 2026")
        app = NationalApp(national, host="127.0.0.1", language="en")
        async with app.run_test(size=(160, 50)) as pilot:
            await until(lambda: isinstance(app.screen, NationalScreen))
            await until(lambda: len(national.venues) == 3 and national.venues["jb-3"].lost)
            await pilot.pause(0.5)
            app.save_screenshot(str(OUT / "national-board.svg"))
            await pilot.resize_terminal(80, 24)
            await pilot.pause(0.3)
            app.save_screenshot(str(OUT / "national-board-80x24.svg"))
            assert app.page is not None
            async with Chromium() as browser:
                await browser.open(app.page.url, width=1280, height=720)
                await browser.wait_for(
                    "document.querySelectorAll('#standings tbody tr').length > 0", 10
                )
                await asyncio.sleep(0.3)
                await browser.screenshot(OUT / "national-standings.png")
        stop.set()
        await asyncio.gather(*beating)
    print(f"Saved the national board (160x50, 80x24) and {OUT / 'national-standings.png'}")


if __name__ == "__main__":
    asyncio.run(main())
