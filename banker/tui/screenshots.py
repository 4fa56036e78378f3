"""Renders the README's screenshots from the demo game: `python -m banker.tui.screenshots`.

Each shot is a few keys pressed on a fresh demo game, so the pictures are the app itself;
the snapshot tests replay the same shots.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from textual.pilot import Pilot

from banker.demo import make_demo
from banker.tui.app import BankerApp, make_app

Keys = Callable[[Pilot[None]], Awaitable[None]]


async def type_in(pilot: Pilot[None], text: str) -> None:
    for ch in text:
        await pilot.press("space" if ch == " " else ch)
    await pilot.pause()


async def ledger(pilot: Pilot[None]) -> None:
    await pilot.pause()


async def landed_rent(pilot: Pilot[None]) -> None:
    await pilot.press("2", "l")
    await type_in(pilot, "boardwalk")
    await pilot.press("enter")
    await pilot.pause()


async def tax_choice(pilot: Pilot[None]) -> None:
    await pilot.press("1", "l")
    await type_in(pilot, "income")
    await pilot.press("enter")
    await pilot.pause()


async def chance(pilot: Pilot[None]) -> None:
    await pilot.press("2", "l")
    await type_in(pilot, "chance")
    await pilot.press("enter")
    await pilot.pause()


async def build(pilot: Pilot[None]) -> None:
    await pilot.press("1", "b", "plus", "down", "plus")
    await pilot.pause()


async def trade(pilot: Pilot[None]) -> None:
    from textual.widgets import Input, Select, SelectionList

    await pilot.press("4", "t")
    screen = pilot.app.screen
    screen.query_one("#who-get", Select).value = "Alice"
    await pilot.pause()
    screen.query_one("#deeds-give", SelectionList).select("Virginia Avenue")
    screen.query_one("#cash-get", Input).value = "150"
    await pilot.pause()
    screen.query_one("#lift", SelectionList).focus()
    await pilot.pause()


async def picker(pilot: Pilot[None]) -> None:
    await pilot.press("3", "l")
    await type_in(pilot, "av")


async def pay(pilot: Pilot[None]) -> None:
    await pilot.press("3", "p")
    await type_in(pilot, "5000")


async def mortgage(pilot: Pilot[None]) -> None:
    await pilot.press("4", "m")
    await pilot.pause()


async def pass_go(pilot: Pilot[None]) -> None:
    await pilot.press("3", "g")
    await pilot.pause()


async def jail(pilot: Pilot[None]) -> None:
    await pilot.press("4", "j")
    await pilot.pause()


async def card_details(pilot: Pilot[None]) -> None:
    await pilot.press("3", "l")
    await type_in(pilot, "nearest utility")
    await pilot.press("enter", "enter")
    await pilot.pause()


async def command_bar(pilot: Pilot[None]) -> None:
    await pilot.press("colon")
    await type_in(pilot, "rent carol boa")


async def auction(pilot: Pilot[None]) -> None:
    await pilot.press("colon")
    await type_in(pilot, "auction st james place")
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("2", "down", "3")
    await quiet(pilot)


async def raise_funds(pilot: Pilot[None]) -> None:
    await pilot.press("colon")
    await type_in(pilot, "pay bob 800 to dave")
    await pilot.press("enter")
    await type_in(pilot, "rent bob boardwalk")
    await pilot.press("enter")
    await quiet(pilot)


async def settlement(pilot: Pilot[None]) -> None:
    await raise_funds(pilot)
    await pilot.press("k")
    await pilot.pause()


async def end_game(pilot: Pilot[None]) -> None:
    await pilot.press("e", "y")
    await quiet(pilot)


async def quiet(pilot: Pilot[None]) -> None:
    """Clear the receipts' notifications, so the shot shows the screen alone."""
    await pilot.pause()
    pilot.app.clear_notifications()
    await pilot.pause()


@dataclass(frozen=True)
class Shot:
    """One screenshot: its file name, the terminal size, and the keys that lead to it."""

    name: str
    size: tuple[int, int]
    keys: Keys


SHOTS = (
    Shot("ledger", (120, 40), ledger),
    Shot("ledger-small", (100, 30), ledger),
    Shot("ledger-large", (160, 50), ledger),
    Shot("landed-rent", (120, 40), landed_rent),
    Shot("tax-choice", (120, 40), tax_choice),
    Shot("chance", (120, 40), chance),
    Shot("build", (120, 40), build),
    Shot("trade", (120, 40), trade),
    Shot("auction", (120, 40), auction),
    Shot("raise-funds", (120, 40), raise_funds),
    Shot("settlement", (120, 40), settlement),
    Shot("end-game", (120, 40), end_game),
    Shot("picker", (120, 40), picker),
    Shot("pay", (120, 40), pay),
    Shot("mortgage", (120, 40), mortgage),
    Shot("pass-go", (120, 40), pass_go),
    Shot("jail", (120, 40), jail),
    Shot("card-details", (120, 40), card_details),
    Shot("command-bar", (120, 40), command_bar),
)
"""Every snapshot test; the first twelve are also the screenshots in `screenshots/`."""

README_SHOTS = 12


def demo_app(folder: Path) -> BankerApp:
    """The app on a fresh demo game written in `folder`."""
    return make_app(make_demo(folder / "demo.banker"))


async def render(shot: Shot, folder: Path) -> str:
    app = demo_app(folder)
    async with app.run_test(size=shot.size) as pilot:
        await shot.keys(pilot)
        svg = app.export_screenshot(title=f"Banker: {shot.name}")
    if app.journal is not None:
        app.journal.close()
    return svg


async def render_all(out: Path) -> list[Path]:
    written = []
    out.mkdir(parents=True, exist_ok=True)
    for shot in SHOTS[:README_SHOTS]:
        with tempfile.TemporaryDirectory(prefix="banker-shot-") as tmp:
            svg = await render(shot, Path(tmp))
        path = out / f"{shot.name}.svg"
        path.write_text(svg, encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", default="screenshots", help="folder for the SVGs")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="banker-home-") as home:
        os.environ["BANKER_HOME"] = home
        for path in asyncio.run(render_all(Path(args.out))):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
