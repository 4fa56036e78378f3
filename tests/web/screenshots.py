"""Regenerate the phone screenshots: `python -m tests.web.screenshots` (needs chromium).

Plays the demo game, opens an auction on top of it, serves it on 127.0.0.1 and renders
the table view in headless Chromium at a phone's size (390x844 CSS pixels, 2x): the
table's read-only link, and Bob's own link just after he raised the bid from it; plus
what the terminal `banker share` prints, as SVG.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import tempfile
from pathlib import Path

from rich.console import Console
from rich.text import Text

from banker.core.commands import Bid, StartAuction
from banker.demo import make_demo
from banker.store import Journal
from banker.web.actions import journal_actor
from banker.web.server import TableView
from banker.web.share import share_lines
from tests.web.chromium import Chromium

OUT = Path(__file__).resolve().parents[2] / "screenshots"


def demo_game(folder: Path) -> Path:
    """The demo afternoon with Pennsylvania Avenue under the hammer."""
    path = make_demo(folder / "demo.banker")
    with Journal.open(path) as journal:
        journal.apply(StartAuction(lot="Pennsylvania Avenue"))
        journal.apply(Bid(player="Carol", amount=180))
        journal.apply(Bid(player="Alice", amount=210))
    return path


def terminal_svg(view: TableView, path: Path) -> None:
    """What `banker share` prints, drawn as the terminal shows it."""
    console = Console(record=True, width=72, file=io.StringIO())
    qr = view.qr()
    for line in qr.lines:
        console.print(Text("  ") + Text(line, style=f"{qr.foreground} on {qr.background}"))
    for line in share_lines(view, qr, colour=False)[1:]:
        console.print(Text(line))
    path.write_text(console.export_svg(title="banker share demo.banker"), encoding="utf-8")


async def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = demo_game(Path(tmp))
        with Journal.open(path) as journal:
            view = TableView(journal)
            view.actor = journal_actor(journal, view.notify)  # as the app takes the bids
            url = await view.start("127.0.0.1", 0)
            try:
                async with Chromium() as browser:
                    for name, page in (
                        ("phone.png", url),
                        ("phone-bid.png", view.player_url("Bob")),
                    ):
                        await browser.open(page, scale=2)
                        if not await browser.wait_for("!!document.querySelector('.live.ok')", 10):
                            raise RuntimeError(f"the page at {page} did not go live")
                        if name == "phone-bid.png":  # Bob taps the +$10 quick raise
                            await browser.evaluate(
                                "document.querySelectorAll('#act .raises button')[1].click()"
                            )
                            if not await browser.wait_for(
                                "!!document.querySelector('#act .said.ok')", 10
                            ):
                                said = await browser.evaluate("document.body.innerText")
                                raise RuntimeError(f"Bob's bid was not taken: {said}")
                        await browser.screenshot(out / name)
                        print(f"wrote {out / name}")
                terminal_svg(view, out / "phone-scan.svg")
                print(f"wrote {out / 'phone-scan.svg'}")
            finally:
                await view.stop()
        await trade_shots(Path(tmp), out)


async def trade_shots(folder: Path, out: Path) -> None:
    """A trade on two phones: Alice builds it on her page (Kentucky Avenue for $250 of
    Bob's), then Bob's page shows what Alice asks, to accept, change or decline."""
    path = make_demo(folder / "trade.banker")
    with Journal.open(path) as journal:
        view = TableView(journal)
        view.actor = journal_actor(journal, view.notify)
        await view.start("127.0.0.1", 0)
        try:
            async with Chromium() as browser:
                await browser.open(view.player_url("Alice"), scale=2)
                if not await browser.wait_for("!!document.querySelector('.live.ok')", 10):
                    raise RuntimeError("Alice's page did not go live")
                await browser.evaluate(
                    "document.getElementById('trade-new').click();"
                    "const s = document.getElementById('trade-partner'); s.value = 'Bob';"
                    "s.dispatchEvent(new Event('change'));"
                    "document.querySelector('.builder input[data-deed=\"Kentucky Avenue\"]')"
                    ".click();"
                    "document.getElementById('get-cash').value = '250';"
                    "document.querySelector('.trades').scrollIntoView();"
                )
                await browser.screenshot(out / "phone-trade-builder.png")
                print(f"wrote {out / 'phone-trade-builder.png'}")
                await browser.evaluate("document.getElementById('trade-send').click()")
                if not await browser.wait_for("!!document.querySelector('.proposal')", 10):
                    raise RuntimeError("Alice's trade was not proposed")
                await browser.open(view.player_url("Bob"), scale=2)
                if not await browser.wait_for("!!document.querySelector('.proposal')", 10):
                    raise RuntimeError("Bob's page does not show the trade")
                await browser.evaluate("document.querySelector('.trades').scrollIntoView()")
                await browser.screenshot(out / "phone-trade.png")
                print(f"wrote {out / 'phone-trade.png'}")
        finally:
            await view.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=OUT, help="folder (default: screenshots/)")
    asyncio.run(main(parser.parse_args().out))
