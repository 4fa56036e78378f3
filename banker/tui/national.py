"""`banker national board DSN`: the national director's board, following every venue.

One row per venue (its round, its tables recorded of all, its leader and points, its
state: playing, ended, lost contact since when, bad data), the highlighted venue's
tables beside or under, and the national ranking with its cut. Fed by the database's
notifications (`banker.national.board`); it never writes to the database. It serves the
national standings page (the standings page's conventions: token, CSP, SSE, QR).
The bar takes `csv FILE` (the national cut as CSV), `cut N` and `quit`.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static
from textual.widgets.data_table import ColumnKey

from banker.i18n import default_language, translator
from banker.i18n.message import N_
from banker.national.board import National
from banker.tournament.language import inert
from banker.tui.screens.tournament import STATUS_STYLE, DirectorBar
from banker.tui.speech import SaysItsKeys
from banker.tui.typeahead import TypesAheadApp
from banker.tui.widgets.footer import KeysFooter
from banker.tui.widgets.live_board import TellsNewestFirst, qr_on_screen, redraw_rows
from banker.web.addresses import keep_address, kept_address, start_kept
from banker.web.standings import StandingsView

STATE_WORDS = {
    "waiting": N_("waiting"),
    "playing": N_("playing"),
    "ended": N_("ended"),
    "lost": N_("lost contact"),
    "bad data": N_("bad data"),
    "recorded": N_("recorded"),
    "connecting": N_("connecting"),
    "not linked": N_("not linked"),
}

NATIONAL_PAGE_WORDS = {
    "title": N_("Banker: the national championship"),
    "heading": N_("The national championship"),
    "tables": N_("Venues"),
}
"""The national standings page's own words (the rest are the standings page's)."""


class NationalScreen(SaysItsKeys, TellsNewestFirst, Screen[None]):
    """The national board; `national` must already be followed on the app's loop."""

    DEFAULT_CSS = """
    NationalScreen #head { height: 1; background: $primary; color: $text; padding: 0 1; }
    NationalScreen #body { height: 1fr; }
    NationalScreen #left { width: 1fr; }
    NationalScreen #venues { height: 1fr; }
    NationalScreen #detail { height: auto; max-height: 12; padding: 0 1; }
    NationalScreen #ranking { width: 1fr; border-left: solid $primary; }
    NationalScreen.narrow #body { layout: vertical; }
    NationalScreen.narrow #left { height: auto; max-height: 45%; }
    NationalScreen.narrow #venues { height: auto; max-height: 6; }
    NationalScreen.narrow #detail { max-height: 2; }
    NationalScreen.narrow #ranking { height: 1fr; border-left: none; border-top: solid $primary; }
    NationalScreen #bottom { height: auto; }
    NationalScreen #addresses { height: auto; padding: 0 1; color: $text-muted; }
    NationalScreen #unseen { height: 1; padding: 0 1; display: none; }
    NationalScreen #log { height: auto; max-height: 6; padding: 0 1; }
    NationalScreen.narrow #log { max-height: 2; }
    NationalScreen #qr { width: auto; height: auto; }
    """
    """At 80x24 the ranking takes the rows the venues leave: a cut of 8 and the rows
    around it in sight (before, 6 ranking rows)."""

    AUTO_FOCUS = "#bar"
    NARROW = 120

    BINDINGS = [
        Binding("ctrl+q", "app.quit", N_("Quit")),
        Binding("f2", "qr", N_("Standings page code")),
        Binding("f3", "seen", N_("Problems seen")),
    ]

    def __init__(
        self, national: National, page: StandingsView | None = None, language: str = "en"
    ) -> None:
        super().__init__()
        self.national = national
        self.page = page
        self.language = language
        self.say = translator(language)
        self.selected: str | None = None
        self.show_qr = False
        self._venue_columns: list[ColumnKey] = []
        self._shown: dict[str, list[Text]] = {}
        self._ranking_shown: list[list[Text]] = []
        self._problem: str | None = None
        self._lost: set[str] = set()
        self._tied: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("", id="head")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                venues: DataTable[Text] = DataTable(
                    id="venues", cursor_type="row", zebra_stripes=True
                )
                yield venues
                yield Static("", id="detail")
                yield Static("", id="qr")
            ranking: DataTable[Text] = DataTable(id="ranking", zebra_stripes=True)
            yield ranking
        with Vertical(id="bottom"):
            yield Static(Text(inert(self._addresses())), id="addresses")
            yield Static("", id="unseen")
            with VerticalScroll(id="log"):
                yield Static("", id="said")
            yield DirectorBar(placeholder=self.say(N_("csv FILE · cut N · quit")), id="bar")
        yield KeysFooter()

    def _addresses(self) -> str:
        if self.page is None or not self.page.url:
            return ""
        return self.say(N_("Standings at {url}")).format(url=self.page.url)

    def on_mount(self) -> None:
        venues = self.query_one("#venues", DataTable)
        for label in (N_("Venue"), N_("Round"), N_("Tables"), N_("Leader"), N_("State")):
            self._venue_columns.append(venues.add_column(self.say(label)))
        self.national.listeners.append(self.refresh_board)
        self._fit(self.size.width)
        self.call_after_refresh(self.refresh_board)

    def on_unmount(self) -> None:
        if self.refresh_board in self.national.listeners:
            self.national.listeners.remove(self.refresh_board)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width)
        self.call_after_refresh(self._show_cut)  # fewer rows: the cut line kept in sight

    def _fit(self, width: int) -> None:
        self.set_class(0 < width < self.NARROW, "narrow")

    def refresh_board(self) -> None:
        if not self.is_mounted:
            return
        board = self.national.board_json(self.say)
        say = self.say
        self._draw_head(board)
        venues = self.query_one("#venues", DataTable)
        rows = {v["id"]: self._venue_row(v) for v in board["venues"]}
        self._shown = redraw_rows(venues, self._venue_columns, rows, self._shown)
        if self.selected not in rows:
            self.selected = next(iter(rows), None)
        self._draw_ranking(board)
        self._show_detail(board)
        problem = board["problem"]
        if problem and problem != self._problem:
            self.tell("⚠ " + problem, "bold red", problem=True)
        elif self._problem and not problem:
            self.tell(say(N_("The national database is back.")), "bold green")
        self._problem = problem
        lost = {v["id"] for v in board["venues"] if v["status"] == "lost"}
        for v in board["venues"]:
            if v["id"] in lost - self._lost and v["rounds"]:
                lost_words = say(N_("{venue}: lost contact.")).format(venue=v["name"])
                self.tell(lost_words, "bold red", problem=True)
            elif v["id"] in self._lost - lost:
                self.tell(say(N_("{venue}: back in contact.")).format(venue=v["name"]))
        self._lost = lost
        tied = [f"{r['name']} ({r['venue']})" for r in board["standings"] if r["tied_at_cut"]]
        if tied and tied != self._tied:
            said = say(N_("Tied at the cut, equal in points and every tie-break: {players}."))
            self.tell(said.format(players=", ".join(tied)), "bold yellow")
        self._tied = tied

    def _draw_head(self, board: dict[str, Any]) -> None:
        say = self.say
        head = Text(inert(board["event"]), style="bold")
        venues = board["venues"]
        head.append(" · " + say(N_("{n} venues")).format(n=len(venues)))
        if board["cut"]:
            head.append(" · " + say(N_("national cut: the best {n}")).format(n=board["cut"]))
        if board["problem"]:
            head.append(" · " + say(N_("database out of reach")), style="bold red")
        self.query_one("#head", Static).update(head)

    def _venue_row(self, v: dict[str, Any]) -> list[Text]:
        say = self.say
        leader = Text()
        if v["leader"] is not None:
            leader.append(inert(v["leader"]["name"]), style="bold")
            leader.append(" " + say(N_("{n} pts")).format(n=v["leader"]["points"]))
        tables = f"{v['recorded']}/{v['tables']}" if v["tables"] else ""
        if v["tables_lost"]:
            tables += " · " + say(N_("{n} lost")).format(n=v["tables_lost"])
        round_cell = f"{v['round']}/{v['rounds']}" if v["rounds"] else ""
        return [
            Text(inert(v["name"])),
            Text(round_cell),
            Text(tables),
            leader,
            self._state(v),
        ]

    def _state(self, v: dict[str, Any]) -> Text:
        status = v["status"]
        words = self.say(STATE_WORDS.get(status, status))
        if status == "lost" and v["lost_since"]:
            words += " " + str(v["lost_since"])[11:16]
        return Text(words, style=STATUS_STYLE.get(status, ""))

    def _draw_ranking(self, board: dict[str, Any]) -> None:
        table = self.query_one("#ranking", DataTable)
        columns = board["columns"]
        rows: list[list[Text]] = []
        for r in board["standings"]:
            style = "dim strike" if r["withdrawn"] else ("bold" if r["through"] else "")
            if r["tied_at_cut"]:
                style += " yellow"
            cells = []
            for c in columns:
                value = r.get(c["key"], "")
                text = self.say(str(value)) if c["words"] and value else str(value)
                cells.append(Text(inert(text), style=style))
            rows.append(cells)
        cut = self.national.cut
        if 0 < cut <= len(rows):  # the cut line: the last one through underlined
            rows[cut - 1] = [Text(c.plain, style=f"{c.style} underline") for c in rows[cut - 1]]
        if rows == self._ranking_shown and len(table.columns) == len(columns):
            return
        table.clear(columns=True)
        for c in columns:
            table.add_column(self.say(c["label"]))
        table.add_rows(rows)
        self._ranking_shown = rows
        self.call_after_refresh(self._show_cut)

    def _show_cut(self) -> None:
        """The ranking scrolled so that the cut line and a row or two either side of it
        are in sight, however few rows the screen has."""
        table = self.query_one("#ranking", DataTable)
        cut = self.national.cut
        shown = table.scrollable_content_region.height - 1  # below the heading
        if 0 < cut and shown > 0:
            table.scroll_to(y=max(0, min(cut + 2, table.row_count) - shown), animate=False)

    @on(DataTable.RowHighlighted, "#venues")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key.value is not None:
            self.selected = event.row_key.value
            self._show_detail(self.national.board_json(self.say))

    def _show_detail(self, board: dict[str, Any]) -> None:
        widget = self.query_one("#detail", Static)
        venue = next((v for v in board["venues"] if v["id"] == self.selected), None)
        if venue is None:
            widget.update(Text(self.say(N_("No venue has published yet.")), style="dim"))
            return
        say = self.say
        text = Text(f"{inert(venue['name'])} ({venue['id']})  ", style="bold")
        text.append_text(self._state(venue))
        if venue["problem"]:
            text.append("\n⚠ " + inert(venue["problem"]), style="bold red")
        for t in venue["table_rows"]:
            text.append(f"\n{say(N_('Table'))} {t['number']}: ")
            text.append(
                say(STATE_WORDS.get(t["state"], t["state"])), style=STATUS_STYLE.get(t["state"], "")
            )
            if t["leader"]:
                text.append(f"  {inert(t['leader'])} {t['worth_text']}")
        widget.update(text)

    @on(Input.Submitted, "#bar")
    def _command(self, event: Input.Submitted) -> None:
        line = event.value.strip()
        if not line:
            return
        words = line.split()
        verb = words[0].lower()
        say = self.say
        if verb == "quit":
            self.app.exit()
        elif verb == "cut" and len(words) == 2 and words[1].isdigit() and int(words[1]) <= 10_000:
            self.national.cut = int(words[1])
            self.tell(say(N_("National cut: the best {n}.")).format(n=self.national.cut))
            self.national.changed()
        elif verb == "csv" and len(words) >= 2:
            self._save_csv(" ".join(words[1:]))
        else:
            self.tell(
                say(N_("{line}: the national board takes csv FILE, cut N and quit.")).format(
                    line=line[:60]
                ),
                "bold red",
            )

    def _save_csv(self, name: str) -> None:
        say = self.say
        force = name.endswith(" force")
        path = Path(name.removesuffix(" force")).expanduser()
        if path.exists() and not force:
            self.tell(
                say(N_("{path} exists: 'csv {path} force' replaces it.")).format(path=path),
                "bold red",
            )
            return
        try:
            path.write_text(self.national.cut_csv(), encoding="utf-8")
        except OSError as exc:
            self.tell(say(N_("Not saved: {why}")).format(why=exc.strerror or exc), "bold red")
            return
        self.tell(say(N_("The national ranking is saved in {path}.")).format(path=path))

    def action_qr(self) -> None:
        widget = self.query_one("#qr", Static)
        self.show_qr = not self.show_qr
        if not self.show_qr or self.page is None or not self.page.url:
            widget.update("")
            return
        widget.update(qr_on_screen(self.page.qr()))


class NationalApp(TypesAheadApp):
    TITLE = "Banker"

    def __init__(
        self,
        national: National,
        host: str | None = None,
        port: int = 0,
        serve: bool = True,
        language: str | None = None,
    ) -> None:
        super().__init__()
        self.national = national
        self.language = language or default_language()
        self.host = host
        self.port = port
        self.serve = serve
        self.page: StandingsView | None = None
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def on_mount(self) -> None:
        national = self.national
        say = translator(self.language)
        self._task = asyncio.create_task(national.run(self._stop))
        moved = False
        if self.serve:
            page = self.page = StandingsView(
                lambda: national.board_json(say), self.language, NATIONAL_PAGE_WORDS
            )
            key = page_key(national.dsn)

            async def start(port: int, token: str | None) -> str:
                return await page.start(self.host, port, token)

            _, moved = await start_kept(start, self.port, kept_address(key))
            if page.port is not None and page.token is not None:
                keep_address(key, page.port, page.token)
            national.listeners.append(page.notify)
        screen = NationalScreen(national, self.page, self.language)
        await self.push_screen(screen)
        if moved and self.page is not None:
            said = say(N_("The standings page moved to {url}: its port was taken."))
            screen.tell(said.format(url=self.page.url), "bold yellow")

    async def on_unmount(self) -> None:
        self._stop.set()
        if self._task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._task, 15)
        if self.page is not None:
            await self.page.stop()


def page_key(dsn: str) -> str:
    """Where the national page's address is kept: by the database it follows (host,
    port, database and user; never the password)."""
    import hashlib
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(dsn)
        place = f"{parts.hostname}:{parts.port}/{parts.path.lstrip('/')}@{parts.username}"
    except ValueError:
        place = "?"
    return "national:" + hashlib.sha256(place.encode()).hexdigest()[:32]


def run_national_board(
    national: National, host: str | None, port: int, language: str | None = None
) -> int:
    NationalApp(national, host, port, language=language).run()
    return 0
