"""The director's board: every table of the round at once, live, and the director's bar.

One row per table: its players with cash and worth, the leader, bankruptcies, its
state (playing, ended, lost contact since when, not linked) and whether its result is
recorded; the round's clock above. Selecting a row shows that table's ledger as the
phones see it. The bar below takes the director's commands (`link 2 URL`, `start`,
`end`, `draw`, `correct ...`, `undo`), each journaled before the board changes.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pydantic import ValidationError
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, DataTable, Input, Label, Select, Static
from textual.widgets.data_table import ColumnKey

from banker.core.edition import BUILTIN_EDITIONS, load_edition
from banker.core.errors import BankerError
from banker.core.money import N_
from banker.i18n import translator
from banker.tournament.director import Director, board_json
from banker.tournament.language import inert, perform
from banker.tournament.model import EventSetup, Seat, setup_problems
from banker.tournament.seating import next_seating
from banker.tui.speech import SaysItsKeys
from banker.tui.widgets.footer import KeysFooter
from banker.web.standings import StandingsView

STATUS_STYLE = {
    "playing": "green",
    "ended": "bold cyan",
    "lost": "bold red",
    "connecting": "yellow",
    "not linked": "dim",
    "bad data": "bold red",
}


def clock(seconds: int | None) -> str:
    if seconds is None:
        return "--:--"
    sign = "-" if seconds < 0 else ""
    seconds = abs(seconds)
    return f"{sign}{seconds // 60}:{seconds % 60:02}"


class TournamentScreen(SaysItsKeys, Screen[None]):
    """The board of one event; `director` must already be started on the app's loop."""

    DEFAULT_CSS = """
    TournamentScreen #head { height: 1; background: $primary; color: $text; padding: 0 1; }
    TournamentScreen #body { height: 1fr; }
    TournamentScreen #tables { width: 3fr; }
    TournamentScreen #detail { width: 56; border-left: solid $primary; padding: 0 1; }
    TournamentScreen #bottom { height: auto; }
    TournamentScreen #said { height: auto; max-height: 6; padding: 0 1; color: $text-muted; }
    TournamentScreen #qr { width: auto; height: auto; }
    """

    BINDINGS = [
        Binding("ctrl+q", "app.quit", N_("Quit")),
        Binding("f2", "qr", N_("Standings page code")),
    ]

    def __init__(
        self,
        director: Director,
        standings: StandingsView | None = None,
        language: str = "en",
        join_url: str = "",
    ) -> None:
        super().__init__()
        self.join_url = join_url
        self.director = director
        self.standings = standings
        self.say = translator(language)
        self.language = language
        self.selected = 1
        self.show_qr = False
        self._columns: list[ColumnKey] = []
        self._drawing = False
        self._shown: dict[str, list[Text]] = {}
        """The rows as drawn, by table number, so a redraw changes only what changed."""

    def compose(self) -> ComposeResult:
        yield Static("", id="head")
        with Horizontal(id="body"):
            table: DataTable[Text] = DataTable(id="tables", cursor_type="row", zebra_stripes=True)
            yield table
            with VerticalScroll(id="detail"):
                yield Static("", id="ledger")
                yield Static("", id="qr")
        with Vertical(id="bottom"):
            yield Static(Text(inert(self._join_hint())), id="said")
            yield Input(
                placeholder=self.say(N_("link 2 URL · start · end · draw · undo")), id="bar"
            )
        yield KeysFooter()

    def _join_hint(self) -> str:
        if not self.join_url:
            return ""
        return self.say(N_("Tables join at {url}")).format(url=self.join_url)

    def on_mount(self) -> None:
        table = self.query_one("#tables", DataTable)
        for label in (N_("Table"), N_("Players: worth"), N_("Leader"), N_("State"), N_("Result")):
            self._columns.append(table.add_column(self.say(label)))
        self.director.listeners.append(self.refresh_board)
        self.set_interval(1.0, self.refresh_head)
        self.refresh_board()

    def on_unmount(self) -> None:
        if self.refresh_board in self.director.listeners:
            self.director.listeners.remove(self.refresh_board)

    def refresh_head(self) -> None:
        board = board_json(self.director, self.say)
        say = self.say
        left = clock(board["time_left"]) if board["started"] and not board["ended"] else ""
        where = self.standings.url if self.standings is not None else ""
        phase = f" · {say(board['phase'])}" if board["phase"] else ""
        state = (
            say(N_("ended")) if board["ended"] else (say(N_("playing")) if board["started"] else "")
        )
        self.query_one("#head", Static).update(
            Text(
                inert(
                    f"{board['event']} · {say(N_('Round'))} {board['round']}/{board['rounds']}"
                    f"{phase} {state} {left}   {where}"
                )
            )
        )

    def refresh_board(self) -> None:
        if not self.is_mounted:
            return
        board = board_json(self.director, self.say)
        table = self.query_one("#tables", DataTable)
        rows = {str(t["number"]): self._row(t) for t in board["tables"]}
        if list(rows) == list(self._shown):
            for key, cells in rows.items():  # only what changed: 200 tables stay cheap
                for column, cell, old in zip(self._columns, cells, self._shown[key], strict=True):
                    if cell != old:
                        table.update_cell(key, column, cell, update_width=True)
        else:
            row = table.cursor_row
            table.clear()
            for key, cells in rows.items():
                table.add_row(*cells, key=key)
            if rows:
                table.move_cursor(row=min(max(row, 0), len(rows) - 1))
        self._shown = rows
        self.refresh_head()
        if self.director.problems:  # a result the director must look at: never hidden
            said = self.query_one("#said", Static)
            problems = [m.render(self.say) for m in self.director.problems[-3:]]
            said.update(Text(inert("\n".join(problems)), style="bold red"))
        self._show_detail(board)

    def _row(self, t: dict[str, Any]) -> list[Text]:
        say = self.say
        players = Text()
        for i, p in enumerate(t["players"]):
            if i:
                players.append("  ")
            style = (
                "strike dim" if p.get("bankrupt") else ("bold" if p["name"] == t["leader"] else "")
            )
            players.append(p["name"], style=style)
            if p.get("worth_text"):
                players.append(f" {p['worth_text']}", style="dim" if not style else style)
        status = t["status"]
        words = say(N_("lost contact")) if status == "lost" else say(status)
        if status == "lost" and t["lost_since"]:
            words += " " + str(t["lost_since"])[11:19]
        if t["pickups"] and status != "lost":
            words += f" ({say(N_('picked up'))})"
        if status == "bad data" and t.get("problem"):
            words += f": {t['problem']}"
        state = Text(words, style=STATUS_STYLE.get(status, ""))
        if t["over_time"]:
            state.append(" · " + say(N_("past time")), style="bold magenta")
        if t["differs"]:
            state.append(" ⚠ " + "; ".join(t["differs"]), style="bold yellow")
        result = ""
        if t["recorded"]:
            result = say(N_("recorded"))
            if t["at_time"]:
                result += " · " + say(N_("at time"))
            if t["corrected"]:
                result += " · " + say(N_("corrected"))
        elif t["flagged"] and t.get("hidden"):
            result = say(N_("at time: its worth shows when the table ends its game"))
        elif t["flagged"]:
            result = say(N_("still playing at time"))
        return [Text(str(t["number"])), players, Text(str(t["leader"] or "")), state, Text(result)]

    @on(DataTable.RowHighlighted, "#tables")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key.value is not None:
            self.selected = int(event.row_key.value)
            self._show_detail(board_json(self.director, self.say))

    def _show_detail(self, board: dict[str, Any]) -> None:
        widget = self.query_one("#ledger", Static)
        live = self.director.follower.tables.get(self.selected)
        if live is None or live.table is None:
            widget.update(
                Text(self.say(N_("Table {n}: no table view yet.")).format(n=self.selected))
            )
            return
        data = live.table
        text = Text(
            f"{self.say(N_('Table'))} {self.selected} · {data.get('board', '')}\n", style="bold"
        )
        row = next((t for t in board["tables"] if t["number"] == self.selected), None)
        for p in row["players"] if row is not None else []:
            mark = " ✗" if p.get("bankrupt") else ""
            # the worth as the table's end counts it; none while strict income tax hides it
            text.append(
                f"{str(p.get('name') or '')[:16]:<16} {str(p.get('cash_text') or ''):>10} "
                f"{str(p.get('worth_text') or ''):>10}{mark}\n"
            )
        owned: dict[str, list[str]] = {}
        for d in data.get("deeds", []):
            if d.get("owner"):
                owned.setdefault(d["owner"], []).append(d["name"])
        for owner, deeds in owned.items():
            text.append(f"{owner}: ", style="bold")
            text.append(", ".join(deeds) + "\n", style="dim")
        text.append("\n")
        for entry in data.get("history", [])[:12]:
            style = "dim strike" if entry.get("undone") else ""
            text.append(f"{entry.get('text', '')}\n", style=style)
        widget.update(text)

    @on(Input.Submitted, "#bar")
    def _command(self, event: Input.Submitted) -> None:
        line = event.value.strip()
        if not line:
            return
        if line.split()[0].lower() == "draw":  # heavy for a big event: off the board's loop
            if not self._drawing:
                self._drawing = True
                self.run_worker(self._draw(event.input, line), group="draw")
            return
        self._perform(event.input, line)

    async def _draw(self, bar: Input, line: str) -> None:
        """Search the next round's seating in a thread, the board answering meanwhile;
        then journal it, unless the event changed in the meantime."""
        said = self.query_one("#said", Static)
        state = self.director.journal.state
        said.update(Text(self.say(N_("Drawing the next round…"))))
        try:
            seat = await asyncio.to_thread(next_seating, state)
        except BankerError as exc:
            said.update(Text(str(exc.message.render(self.say)), style="bold red"))
            return
        finally:
            self._drawing = False
        if self.director.journal.state is not state:
            said.update(
                Text(self.say(N_("The event changed while drawing: draw again.")), "bold red")
            )
            return
        self._perform(bar, line, seat)

    def _perform(self, bar: Input, line: str, seat: Seat | None = None) -> None:
        said = self.query_one("#said", Static)
        try:
            lines = perform(self.director.journal, line, self.director, self.language, seat)
        except BankerError as exc:
            said.update(Text(str(exc.message.render(self.say)), style="bold red"))
            return
        except ValueError as exc:
            said.update(Text(str(exc), style="bold red"))
            return
        if bar.value.strip() == line:  # not what was typed since (a draw takes a while)
            bar.value = ""
        said.update(Text(inert("\n".join(lines))))
        self.refresh_board()

    def action_qr(self) -> None:
        widget = self.query_one("#qr", Static)
        self.show_qr = not self.show_qr
        if not self.show_qr or self.standings is None or not self.standings.url:
            widget.update("")
            return
        code = self.standings.qr()
        style = f"{code.foreground} on {code.background}"
        widget.update(Text("\n".join(code.lines) + "\n" + code.data, style=style, no_wrap=True))


class NewEventScreen(SaysItsKeys, Screen[EventSetup | None]):
    """The form for a new event: its name, rounds, round length, who goes on, the board."""

    DEFAULT_CSS = """
    NewEventScreen { align: center middle; }
    NewEventScreen #form { width: 72; height: auto; border: round $primary; padding: 1 2; }
    NewEventScreen .field { height: 3; }
    NewEventScreen .field Label { width: 24; padding: 1 0; }
    NewEventScreen .field Input, NewEventScreen .field Select { width: 1fr; }
    NewEventScreen #why { color: $error; height: auto; }
    NewEventScreen #buttons { height: 3; align-horizontal: right; }
    """

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, name: str, language: str = "en") -> None:
        super().__init__()
        self.event_name = name
        self.say = translator(language)

    def compose(self) -> ComposeResult:
        say = self.say
        with Vertical(id="form"):
            yield Static(say(N_("A new tournament")), classes="title")
            fields: list[tuple[str, str, Widget]] = [
                ("name", N_("Event"), Input(self.event_name, id="name")),
                ("rounds", N_("Rounds"), Input("3", id="rounds", type="integer")),
                ("minutes", N_("Minutes a round"), Input("90", id="minutes", type="integer")),
                (
                    "advance",
                    N_("Who goes on"),
                    Select(
                        [
                            (say(N_("each table's winner")), "winners"),
                            (say(N_("the best N, by place then worth")), "best"),
                        ],
                        value="winners",
                        allow_blank=False,
                        id="advance",
                    ),
                ),
                ("best", N_("N (for the best N)"), Input("16", id="best", type="integer")),
                ("size", N_("Players a table"), Input("4", id="size", type="integer")),
                (
                    "edition",
                    N_("Board"),
                    Select(
                        [(say(load_edition(e).name), e) for e in BUILTIN_EDITIONS],
                        value="us",
                        allow_blank=False,
                        id="edition",
                    ),
                ),
                ("seed", N_("Seed of the draws"), Input("0", id="seed", type="integer")),
            ]
            for _, label, widget in fields:
                with Horizontal(classes="field"):
                    yield Label(say(label))
                    yield widget
            yield Static("", id="why")
            with Horizontal(id="buttons"):
                yield Button(say(N_("Create the event")), id="create", variant="primary")
                yield Button(say(N_("Cancel")), id="cancel")

    def _number(self, ident: str) -> int:
        text = self.query_one(f"#{ident}", Input).value.strip()
        return int(text) if text.lstrip("-").isdigit() else 0

    @on(Button.Pressed, "#create")
    @on(Input.Submitted)
    def create(self) -> None:
        advance = str(self.query_one("#advance", Select).value)
        edition = str(self.query_one("#edition", Select).value)
        try:
            setup = EventSetup(
                name=self.query_one("#name", Input).value.strip(),
                rounds=self._number("rounds"),
                minutes=self._number("minutes"),
                advance="best" if advance == "best" else "winners",
                best=self._number("best") if advance == "best" else None,
                table_size=self._number("size"),
                edition=edition,
                board=load_edition(edition).name,
                seed=self._number("seed"),
            )
        except ValidationError as exc:
            self.query_one("#why", Static).update(Text(setup_problems(exc).render(self.say)))
            return
        self.dismiss(setup)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
