"""Renders the README's screenshots from the demo game: `python -m tools.screenshots`.

Each shot is a few keys pressed on a fresh demo game, so the pictures are the app itself;
the snapshot tests replay the same shots. The Thai ledger is also rendered to PNG with a
Thai font (`rsvg-convert`; `fonts-thai-tlwg` and `librsvg2-bin` are installed with apt-get
when missing and the command runs as root).
"""

from __future__ import annotations

import argparse
import asyncio
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from rich.cells import cell_len
from textual.pilot import Pilot

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.demo import DEMO_PLAYERS, DEMO_RULES, demo_commands, make_demo
from banker.store import Journal
from banker.tui.app import BankerApp, make_app
from tools.tables import open_debt

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


async def landed_by_dice(pilot: Pilot[None]) -> None:
    await pilot.press("space", "l", "8")
    await pilot.pause()


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
    await pilot.press("s", "down", "d")
    await quiet(pilot)


async def raise_funds(pilot: Pilot[None]) -> None:
    await pilot.press("colon")
    await type_in(pilot, "pay bob 800 to dave")
    await pilot.press("enter", "colon")  # the bar closes after each line
    await type_in(pilot, "rent bob boardwalk")
    await pilot.press("enter")
    await quiet(pilot)


async def settlement(pilot: Pilot[None]) -> None:
    await raise_funds(pilot)
    await pilot.press("k")
    await pilot.pause()


async def auction_opened(pilot: Pilot[None]) -> None:
    """The auctioneer's screen before the first bid: the starting bid, whole."""
    await pilot.press("colon")
    await type_in(pilot, "auction st james place")
    await pilot.press("enter")
    await quiet(pilot)


async def settlement_to_the_bank(pilot: Pilot[None]) -> None:
    """Dave owes the bank more than he could raise: his bankruptcy statement (his deeds go
    to auction without their mortgages)."""
    await pilot.press("colon")
    await type_in(pilot, "pay dave 3000")
    await pilot.press("enter")
    await quiet(pilot)
    await pilot.press("k")
    await pilot.pause()


def with_a_debt(language: str) -> Callable[[Path], Path]:
    """The demo game in `language` where Bob has paid Carol more than his cash."""

    def make(path: Path) -> Path:
        return open_debt(path, language)

    return make


async def end_game(pilot: Pilot[None]) -> None:
    await pilot.press("e", "y")
    await quiet(pilot)


async def quiet(pilot: Pilot[None]) -> None:
    """Clear the receipts' notifications, so the shot shows the screen alone."""
    await pilot.pause()
    pilot.app.clear_notifications()
    await pilot.pause()


THAI_PLAYERS = ("สมชาย", "สมหญิง", "วิชัย", "นิภา")
"""The demo table's players as a Thai table might be named: vowel and tone marks above and
below the line, which take no cell of their own."""


def demo_in(language: str, players: tuple[str, ...] | None = None) -> Callable[[Path], Path]:
    """A maker of the demo game in `language`, with the players renamed if given.

    The language is set as the table would set it, with a journaled `SetLanguage`.
    """

    def make(path: Path) -> Path:
        names = dict(zip(DEMO_PLAYERS, players or DEMO_PLAYERS, strict=True))
        setup = c.Setup(players=list(names.values()), edition=load_edition("us"), rules=DEMO_RULES)
        with Journal.create(path, setup) as journal:
            for command in demo_commands():
                update = {
                    field: names[value]
                    for field in ("player", "to", "partner")
                    if isinstance(value := getattr(command, field, None), str) and value in names
                }
                journal.apply(command.replace(**update))
            journal.apply(c.SetLanguage.load({"language": language}))
        return path

    return make


def demo_with_dave_in_jail(path: Path) -> Path:
    """The demo game with Dave sent to jail by the Go to Jail square: the jail dialog's
    game (only a player in jail pays the fine or uses a card)."""
    make_demo(path)
    with Journal.open(path) as journal:
        journal.apply(c.MoveToken(player="Dave", how="forward", square=30))
    return path


@dataclass(frozen=True)
class Shot:
    """One screenshot: its file name, the terminal size, and the keys that lead to it."""

    name: str
    size: tuple[int, int]
    keys: Keys
    game: Callable[[Path], Path] = make_demo
    """Writes the game the shot starts from (the demo game in English unless said)."""
    png: bool = False
    """Also rendered to PNG, for viewers that cannot show the SVG's text (Thai fonts)."""


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
    Shot("ledger-thai", (120, 40), ledger, demo_in("th", THAI_PLAYERS), png=True),
    Shot("jail", (120, 40), jail, demo_with_dave_in_jail),
    Shot("pay", (120, 40), pay),
    Shot("ledger-malay", (120, 40), ledger, demo_in("ms")),
    Shot("picker", (120, 40), picker),
    Shot("mortgage", (120, 40), mortgage),
    Shot("pass-go", (120, 40), pass_go),
    Shot("card-details", (120, 40), card_details),
    Shot("command-bar", (120, 40), command_bar),
    Shot("chance-thai", (120, 40), chance, demo_in("th", THAI_PLAYERS)),
    Shot("chance-malay", (120, 40), chance, demo_in("ms")),
    Shot("ledger-80x24", (80, 24), ledger),
    Shot("ledger-200x60", (200, 60), ledger),
    Shot("landed-rent-80x24", (80, 24), landed_rent),
    Shot("landed-by-dice-80x24", (80, 24), landed_by_dice),
    Shot("chance-80x24", (80, 24), chance),
    Shot("trade-80x24", (80, 24), trade),
    Shot("auction-80x24", (80, 24), auction),
    Shot("build-80x24", (80, 24), build),
    Shot("ledger-malay-80x24", (80, 24), ledger, demo_in("ms")),
    Shot("ledger-thai-80x24", (80, 24), ledger, demo_in("th", THAI_PLAYERS), png=True),
    Shot("ledger-malay-160x50", (160, 50), ledger, demo_in("ms")),
    Shot("ledger-thai-160x50", (160, 50), ledger, demo_in("th", THAI_PLAYERS), png=True),
    Shot("auction-malay-80x24", (80, 24), auction_opened, demo_in("ms")),
    Shot("auction-thai-80x24", (80, 24), auction_opened, demo_in("th"), png=True),
    Shot("debt-malay-80x24", (80, 24), ledger, with_a_debt("ms")),
    Shot("debt-thai-80x24", (80, 24), ledger, with_a_debt("th"), png=True),
    Shot("bankruptcy-malay-80x24", (80, 24), settlement_to_the_bank, demo_in("ms")),
    Shot("bankruptcy-thai-80x24", (80, 24), settlement_to_the_bank, demo_in("th"), png=True),
)
"""Every snapshot test; the first fifteen are also the screenshots in `screenshots/`."""

README_SHOTS = 15
SMALL_SHOTS = (
    "ledger-80x24",
    "landed-by-dice-80x24",
    "ledger-malay-80x24",
    "ledger-thai-80x24",
    "ledger-malay-160x50",
    "ledger-thai-160x50",
    "auction-malay-80x24",
    "auction-thai-80x24",
    "debt-malay-80x24",
    "debt-thai-80x24",
    "bankruptcy-malay-80x24",
    "bankruptcy-thai-80x24",
)
"""Also written to `screenshots/`: the smallest terminal the app is made for, and the
ledger in Malay and Thai at the smallest and a large one."""


def demo_app(folder: Path, shot: Shot | None = None) -> BankerApp:
    """The app on a fresh demo game (the shot's own, if given) written in `folder`."""
    game = shot.game if shot is not None else make_demo
    return make_app(game(folder / "demo.banker"))


async def render(shot: Shot, folder: Path) -> str:
    app = demo_app(folder, shot)
    async with app.run_test(size=shot.size) as pilot:
        await shot.keys(pilot)
        svg = app.export_screenshot(title=f"Banker: {shot.name}")
    if app.journal is not None:
        app.journal.close()
    return svg


TEXT_SPAN = re.compile(r'(<text [^>]*?)( textLength="([0-9.]+)")([^>]*>)([^<]*)(</text>)')
"""A text span of Rich's SVG: its start, its textLength, the rest of the tag, the text."""


def fit_text_lengths(svg: str) -> str:
    """Each text span stretched over the cells it takes, not over its characters.

    Rich's SVG export sets `textLength` from `len(text)`, so a Thai word whose vowel and
    tone marks take no cell of their own is drawn stretched past its column. Spans whose
    characters each take one cell are left exactly as they are.
    """

    def fit(match: re.Match[str]) -> str:
        head, _attr, length, rest, body, tail = match.groups()
        text = html.unescape(body)
        cells = cell_len(text)
        if not text or cells == len(text):
            return match.group(0)
        fitted = float(length) / len(text) * cells
        return f'{head} textLength="{fitted:g}"{rest}{body}{tail}'

    return TEXT_SPAN.sub(fit, svg)


THAI = re.compile("[\u0e00-\u0e7f]")
THAI_FACES = "Loma, Garuda, Norasi, sans-serif"
"""fonts-thai-tlwg's faces that shape Thai marks over their letters under rsvg-convert (its
monospace face, Tlwg Mono, sets them beside the letters instead)."""
SPAN = re.compile(
    r'<text ([^>]*?)x="([0-9.]+)"([^>]*?)textLength="([0-9.]+)"([^>]*)>([^<]*)</text>'
)
BLANK = "\u00a0 "


def for_rsvg(svg: str) -> str:
    """The SVG as rsvg-convert draws it cell for cell, Thai in a Thai face.

    rsvg-convert collapses the non-breaking spaces that open a span, so every span starts
    at its first letter's own cell instead; and a Thai span is set in a Thai face (which is
    not monospace) over exactly the cells its letters take.
    """

    def place(match: re.Match[str]) -> str:
        before, x, between, length, after, body = match.groups()
        text = html.unescape(body)
        word = text.strip(BLANK)
        if word == text and not THAI.search(text):
            return match.group(0)
        if not word:
            return ""
        cell = float(length) / max(1, cell_len(text))
        lead = len(text) - len(text.lstrip(BLANK))
        face = f'style="font-family: {THAI_FACES}" ' if THAI.search(word) else ""
        return (
            f'<text {face}{before}x="{float(x) + lead * cell:g}"'
            f'{between}textLength="{cell_len(word) * cell:g}"{after}>'
            f"{html.escape(word, quote=False)}</text>"
        )

    return SPAN.sub(place, svg)


async def render_all(out: Path) -> list[Path]:
    written = []
    out.mkdir(parents=True, exist_ok=True)
    for shot in [*SHOTS[:README_SHOTS], *(s for s in SHOTS if s.name in SMALL_SHOTS)]:
        with tempfile.TemporaryDirectory(prefix="banker-shot-") as tmp:
            svg = fit_text_lengths(await render(shot, Path(tmp)))
        path = out / f"{shot.name}.svg"
        path.write_text(svg, encoding="utf-8")
        written.append(path)
        if shot.png:
            png = to_png(path)
            if png is not None:
                written.append(png)
    with tempfile.TemporaryDirectory(prefix="banker-shot-") as tmp:
        path = out / "share.svg"
        path.write_text(await render_share(Path(tmp)), encoding="utf-8")
        written.append(path)
    with tempfile.TemporaryDirectory(prefix="banker-shot-") as tmp:
        path = out / "phone-queue.svg"
        path.write_text(fit_text_lengths(await render_queue(Path(tmp))), encoding="utf-8")
        written.append(path)
    return written


async def render_queue(folder: Path) -> str:
    """The ledger with what the phones asked waiting for the banker: a trade Alice and
    Carol agreed on their phones, and Dave's request to mortgage a deed (put on the table
    as the phones' requests put them, without the network)."""
    from banker.core import commands as c

    app = make_app(make_demo(folder / "demo.banker"), share_host="127.0.0.1", share_port=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause(0.5)
        await pilot.press("escape")
        view, journal = app.table_view, app.journal
        assert view is not None and journal is not None
        state = journal.game.state
        trade = c.Trade(
            player="Alice",
            partner="Carol",
            give=c.TradeSide(deeds=["Kentucky Avenue"]),
            get=c.TradeSide(cash=200, deeds=["Reading Railroad"]),
        )
        proposal = view.proposals.propose(state, "Alice", trade)
        view.proposals.accept(state, "Carol", proposal.number, proposal.version)
        dave = next(d for d in state.deeds_of("Dave") if not state.deeds[d].mortgaged)
        view.asks.add(state, "Dave", "mortgage", dave)
        app.queue_changed()
        await pilot.pause(0.3)
        await quiet(pilot)
        svg = app.export_screenshot(title="Banker: from the phones")
    if app.journal is not None:
        app.journal.close()
    return svg


async def render_share(folder: Path) -> str:
    """The share screen with its QR code, served on this computer only for the shot (its
    address and token differ every time, so it is a screenshot and not a snapshot test)."""
    app = make_app(make_demo(folder / "demo.banker"), share_host="127.0.0.1", share_port=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause(0.5)
        await quiet(pilot)
        svg = app.export_screenshot(title="Banker: share")
    if app.journal is not None:
        app.journal.close()
    return svg


THAI_FONT_PACKAGE = "fonts-thai-tlwg"
"""Debian's Thai fonts (Loma, Garuda, the TLWG monospace faces) for the PNG."""
SVG_TOOL_PACKAGE = "librsvg2-bin"
"""Debian's `rsvg-convert`, which draws the SVG with the system's fonts."""


def has_thai_font() -> bool:
    """True if fontconfig knows a font that covers Thai."""
    if shutil.which("fc-list") is None:
        return False
    found = subprocess.run(["fc-list", ":lang=th", "family"], capture_output=True, text=True)
    return bool(found.stdout.strip())


def ensure_png_tools() -> bool:
    """Install the Thai font and `rsvg-convert` with apt-get if missing (as root only).

    Returns:
        True when both are there to use.
    """
    wanted = []
    if shutil.which("rsvg-convert") is None:
        wanted.append(SVG_TOOL_PACKAGE)
    if not has_thai_font():
        wanted.append(THAI_FONT_PACKAGE)
    if not wanted:
        return True
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        print(f"For the PNG screenshots install: apt-get install {' '.join(wanted)}")
        return False
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for step in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", *wanted]):
        if subprocess.run(step, env=env).returncode != 0:
            print(f"Could not install {' '.join(wanted)}: no PNG screenshots.")
            return False
    subprocess.run(["fc-cache", "-f"], capture_output=True)
    return shutil.which("rsvg-convert") is not None and has_thai_font()


def to_png(svg: Path) -> Path | None:
    """`svg` rendered to a PNG beside it, Thai drawn with a Thai font; None if it cannot be."""
    if not ensure_png_tools():
        return None
    png = svg.with_suffix(".png")
    # The SVG asks for Fira Code, which fontconfig replaces with a proportional face when it
    # is not installed; a monospace face keeps every cell in its column.
    text = for_rsvg(
        svg.read_text(encoding="utf-8").replace(
            "font-family: Fira Code, monospace;", 'font-family: "DejaVu Sans Mono", monospace;'
        )
    )
    with tempfile.NamedTemporaryFile("w", suffix=".svg", encoding="utf-8", delete=False) as tmp:
        tmp.write(text)
    result = subprocess.run(
        [
            "rsvg-convert",
            "--zoom",
            "1.5",
            "--background-color",
            "#1e1e1e",
            "-o",
            str(png),
            tmp.name,
        ],
        capture_output=True,
        text=True,
    )
    Path(tmp.name).unlink()
    if result.returncode != 0:
        print(f"rsvg-convert failed on {svg}: {result.stderr.strip()}")
        return None
    return png


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
