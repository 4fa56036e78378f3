"""The director's board: every table of the round at once, live, and the director's bar.

One row per table: its players with cash and worth, the leader, bankruptcies, its
state (playing, ended, lost contact since when, not linked) and whether its result is
recorded; the round's clock above. Selecting a row shows that table's ledger as the
phones see it. The bar below takes the director's commands (`link 2 URL`, `start`,
`end`, `draw`, `correct ...`, `undo`), each journaled before the board changes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static
from textual.widgets.data_table import ColumnKey

from banker.core.errors import BankerError
from banker.i18n import translator
from banker.i18n.message import N_
from banker.tournament.director import (
    Director,
    board_json,
    clock_mark,
    complete_words,
    time_left,
)
from banker.tournament.language import inert, perform
from banker.tournament.model import EventState, Seat, round_words
from banker.tournament.scoring import champion
from banker.tournament.seating import next_seating
from banker.tui.speech import SaysItsKeys
from banker.tui.widgets.command_bar import RecallsLines
from banker.tui.widgets.footer import KeysFooter
from banker.tui.widgets.live_board import (
    FittedList,
    TellsNewestFirst,
    qr_on_screen,
    redraw_rows,
)
from banker.web.standings import StandingsView

if TYPE_CHECKING:
    from banker.national.outbox import Outbox

STATUS_STYLE = {
    "playing": "green",
    "ended": "bold cyan",
    "lost": "bold red",
    "connecting": "yellow",
    "not linked": "dim",
    "bad data": "bold red",
}


CLOCK_TOLD = {
    "last turn": N_("Time: the last turn. Each table still playing finishes its round of turns."),
    "past time": N_(
        "Past time: tables still playing are past their last turn; 'end' ends the round."
    ),
}
"""What the log says when the clock calls the last turn, and when it is past time."""


def clock(seconds: int | None) -> str:
    if seconds is None:
        return "--:--"
    sign = "-" if seconds < 0 else ""
    seconds = abs(seconds)
    return f"{sign}{seconds // 60}:{seconds % 60:02}"


PLAYER_CELLS = 36
"""The cells one player takes in the details: name, cash, worth, the bankrupt's mark."""


def fit_players(entries: list[Text], width: int) -> Text:
    """Whole players while they fit in `width` cells, then "+N" for those left out (the
    highlighted table's details show every one): never a worth cut in half."""
    shown = Text()
    for i, entry in enumerate(entries):
        gap = 2 if i else 0
        left = len(entries) - i - 1
        marker = len(f"  +{left}") if left else 0
        if shown.cell_len + gap + entry.cell_len + marker > width:
            shown.append(("  " if i else "") + f"+{len(entries) - i}", style="bold")
            break
        if i:
            shown.append("  ")
        shown.append_text(entry)
    return shown


class BoardCommands(Provider):
    """The board's commands by name (ctrl+p): each table of the round by its number and
    players, and what the board's keys do."""

    def _entries(self) -> list[tuple[str, Callable[[], object], str]]:
        screen = self.screen
        return screen.palette_entries() if isinstance(screen, TournamentScreen) else []

    async def discover(self) -> Hits:
        for name, run, help_text in self._entries():
            yield DiscoveryHit(name, run, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, run, help_text in self._entries():
            if (score := matcher.match(name)) > 0:
                yield Hit(score, matcher.highlight(name), run, help=help_text)


class DirectorBar(RecallsLines):
    """The director's bar. Enter hands the line over and empties the bar at once, so what
    is typed right after starts a line of its own (typed fast, two lines never run
    together, nor does one run twice); up and down bring back the lines before."""

    async def action_submit(self) -> None:
        line = self.value
        self.remember(line)
        self.post_message(self.Submitted(self, line))


class TournamentScreen(SaysItsKeys, TellsNewestFirst, Screen[None]):
    """The board of one event; `director` must already be started on the app's loop."""

    DEFAULT_CSS = """
    TournamentScreen #head { height: 1; background: $primary; color: $text; padding: 0 1; }
    TournamentScreen #body { height: 1fr; }
    TournamentScreen #main { width: 1fr; }
    TournamentScreen #tables { height: auto; max-height: 70%; }
    TournamentScreen #log {
        height: 1fr; min-height: 3; padding: 0 1; border-top: solid $primary;
    }
    TournamentScreen #detail { width: 56; border-left: solid $primary; padding: 0 1; }
    TournamentScreen.narrow #body { layout: vertical; }
    TournamentScreen.narrow #main { height: 1fr; }
    TournamentScreen.narrow #tables { max-height: 60%; }
    TournamentScreen.narrow #log { min-height: 2; }
    TournamentScreen.narrow #detail {
        width: 1fr; height: auto; max-height: 8; border-left: none; border-top: solid $primary;
    }
    TournamentScreen #bottom { height: auto; }
    TournamentScreen #addresses { height: auto; padding: 0 1; color: $text-muted; }
    TournamentScreen #qr { width: auto; height: auto; }
    TournamentScreen #unseen { height: 1; padding: 0 1; display: none; }
    """

    AUTO_FOCUS = "#bar"
    """The director types at once: the bar has the keys from the start (the arrows of
    the table list are a Tab away)."""

    NARROW = 120
    """Below this many columns the highlighted table's details go under the list."""

    BINDINGS = [
        Binding("ctrl+q", "app.quit", N_("Quit")),
        Binding("f2", "qr", N_("Standings page code")),
        Binding("f3", "seen", N_("Problems seen")),
        Binding("pagedown", "table(1)", N_("Next table"), priority=True),
        Binding("pageup", "table(-1)", N_("Previous table"), show=False, priority=True),
    ]
    """The table whose details show is chosen from the bar too (page down and up), or
    on the list (Tab), where a table's number picks it and a letter goes back to the bar."""

    def __init__(
        self,
        director: Director,
        standings: StandingsView | None = None,
        language: str = "en",
        join_url: str = "",
        uplink: Outbox | None = None,
    ) -> None:
        super().__init__()
        self.join_url = join_url
        self.uplink = uplink
        """The national database's outbox, where the event is published."""
        self._down: str | None = None
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
        """The messages, newest first: answers, refusals and the director's problems."""
        self._told = 0
        self._number = ""
        self._told_complete: str | None = None
        self._won: tuple[EventState | None, str | None] = (None, None)
        """The event's champion (None before the end), for the state it was found in."""
        """The digits typed on the table list so far (a table's number)."""
        """How much of what happened at the tables (`director.told`) the log holds."""
        self._mark: str | None = None
        """What the clock said at the last redraw (`director.clock_mark`)."""

    def compose(self) -> ComposeResult:
        yield Static("", id="head")
        with Horizontal(id="body"):
            with Vertical(id="main"):  # the log takes the rows the tables leave
                yield FittedList(id="tables", cursor_type="row", zebra_stripes=True)
                yield Static("", id="unseen")
                with VerticalScroll(id="log"):
                    yield Static("", id="said")
            with VerticalScroll(id="detail"):
                yield Static("", id="ledger")
                yield Static("", id="qr")
        with Vertical(id="bottom"):
            yield Static(Text(inert(self._addresses())), id="addresses")
            yield DirectorBar(
                placeholder=self.say(N_("link 2 URL · start · end · draw · undo")),
                id="bar",
                select_on_focus=False,  # a letter typed on the list is the line's start
            )
        yield KeysFooter()

    def _addresses(self, narrow: bool = False) -> str:
        """Where tables join and where the standings are: shown for the whole event (on a
        narrow screen where tables join; the standings page's code is a key away)."""
        parts = []
        if self.join_url:
            parts.append(self.say(N_("Tables join at {url}")).format(url=self.join_url))
        if narrow and parts:
            return parts[0]
        if self.standings is not None and self.standings.url:
            parts.append(self.say(N_("Standings at {url}")).format(url=self.standings.url))
            clock_at = self.say(N_("the clock for a projector at {url}"))
            parts.append(clock_at.format(url=self.standings.clock_url))
        return " · ".join(parts)

    def on_mount(self) -> None:
        table = self.query_one("#tables", DataTable)
        labels = (N_("Table"), N_("Leader"), N_("Result"), N_("State"), N_("Players: worth"))
        for label in labels:
            self._columns.append(table.add_column(self.say(label)))
        self.director.listeners.append(self.refresh_board)
        self.set_interval(1.0, self.refresh_head)
        self._fit(self.size.width)
        self.call_after_refresh(self.refresh_board)  # the rows from the start

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width)
        self.call_after_refresh(self.refresh_board)  # the players fitted to the new width

    @on(FittedList.Resized)
    def _list_resized(self) -> None:
        self.refresh_board()  # the players fitted to the list's new width

    def _fit(self, width: int) -> None:
        narrow = 0 < width < self.NARROW
        if narrow != self.has_class("narrow"):
            self.set_class(narrow, "narrow")
            self.query_one("#addresses", Static).update(Text(inert(self._addresses(narrow))))

    def on_unmount(self) -> None:
        if self.refresh_board in self.director.listeners:
            self.director.listeners.remove(self.refresh_board)

    def refresh_head(self) -> None:
        state = self.director.state
        left = time_left(state)
        mark = clock_mark(left)
        if mark != self._mark:  # the clock moved a table on (last turn, past time)
            self._mark = mark
            if mark is not None:
                self.tell(self.say(CLOCK_TOLD[mark]), "bold magenta")
            self.refresh_board()
            return
        self._draw_head(state, left, mark)

    def _draw_head(self, state: EventState, left: int | None, mark: str | None) -> None:
        say = self.say
        current = state.current
        setup = state.setup
        named = ""
        if current is not None:
            named = round_words(setup, current.number).render(say)
            found = setup.phase_of(current.number)
            if found is not None and found[0] > 0:  # the number the commands take
                named = say(N_("{words} (round {n})")).format(words=named, n=current.number)
        playing = current is not None and current.started is not None and not current.ended
        status = ""
        if current is not None and current.ended:
            status = say(N_("ended"))
        elif playing:
            status = say(N_("playing"))
        if self._won[0] is not state:  # the clock ticks every second: once a change
            self._won = (state, champion(state))
        won = self._won[1]
        if won is not None:  # the event is won: that, not the last round's clock
            head = Text(inert(f"{setup.name} · {named} · "))
            head.append(say(N_("complete: {name} is the champion")).format(name=won), "bold")
            if self._told_complete != won:  # said once in the log, with the ranking
                self._told_complete = won
                self.tell(complete_words(state, won).render(say), "bold green")
            playing = False
        else:
            head = Text(inert(f"{setup.name} · {named} {status} "))
        if playing:
            head.append(clock(left), style="bold")
            if mark is not None:
                head.append(f" · {say(mark)}", style="bold magenta")
        if self.uplink is not None:
            self._draw_uplink(head, self.uplink)
        self.query_one("#head", Static).update(head)

    def _draw_uplink(self, head: Text, uplink: Outbox) -> None:
        """The national database in the head: sent, or out of reach since when (and the
        log says when it goes down and when it is back)."""
        say = self.say
        down = uplink.down_since
        head.rstrip()
        if down is not None:
            head.append(
                " · " + say(N_("national: down since {time}")).format(time=down[11:16]),
                style="bold red",
            )
        else:
            head.append(" · " + say(N_("national: sent")), style="green")
        if down != self._down:
            if down is not None:
                why = uplink.problem.render(say) if uplink.problem is not None else ""
                said = say(
                    N_(
                        "The national database is out of reach; the event goes on here and "
                        "is sent when it is back: {why}"
                    )
                )
                self.tell(said.format(why=why), "bold red", problem=True)
            elif self._down is not None:
                self.tell(
                    say(N_("The national database is back: everything recorded meanwhile is sent."))
                )
            self._down = down

    def refresh_board(self) -> None:
        if not self.is_mounted:
            return
        board = board_json(self.director, self.say)
        table = self.query_one("#tables", DataTable)
        cells = {str(t["number"]): self._cells(t) for t in board["tables"]}
        room = self._room(table, list(cells.values()))
        rows = {
            str(t["number"]): [*cells[str(t["number"])], fit_players(self._players(t), room)]
            for t in board["tables"]
        }
        self._shown = redraw_rows(table, self._columns, rows, self._shown)
        state = self.director.state
        left = time_left(state)
        self._draw_head(state, left, clock_mark(left))
        told = self.director.told
        for said, problem in told[self._told :]:  # each once, kept in the log
            if problem:
                self.tell("⚠ " + said.render(self.say), "bold red", problem=True)
            else:
                self.tell(said.render(self.say))
        self._told = len(told)
        self._show_detail(board)

    def _cells(self, t: dict[str, Any]) -> list[Text]:
        """A table's row before its players: number, leader and worth, result, state."""
        leader = Text(str(t["leader"] or ""), style="bold")
        for p in t["players"]:
            if p["name"] == t["leader"] and p.get("worth_text"):
                leader.append(f" {p['worth_text']}", style="")
        return [Text(str(t["number"])), leader, Text(self._result(t)), self._state(t, short=True)]

    def _players(self, t: dict[str, Any]) -> list[Text]:
        """Each player of a table with their worth, the leader bold, a bankrupt struck."""
        entries = []
        for p in t["players"]:
            style = (
                "strike dim" if p.get("bankrupt") else ("bold" if p["name"] == t["leader"] else "")
            )
            entry = Text(str(p["name"]), style=style)
            if p.get("worth_text"):
                entry.append(f" {p['worth_text']}", style="dim" if not style else style)
            entries.append(entry)
        return entries

    def _room(self, table: DataTable[Text], rows: list[list[Text]]) -> int:
        """The cells left for the players in the list's width, after the other columns
        and a scroll bar. Each other column is taken as wide as its widest new cell or
        heading, or as it is drawn now if that is wider: the list narrows a column only
        when it is next idle, and never after it is filled again, so a row fitted to the
        new cells alone was drawn cut ("Cai $1,530  Ben $1,520  Iv")."""
        width = table.size.width or self.size.width
        pad = 2 * table.cell_padding
        taken = sum(
            max(
                column.get_render_width(table),
                max([Text(str(column.label)).cell_len, *(row[i].cell_len for row in rows)]) + pad,
            )
            for i, column in enumerate(list(table.columns.values())[:-1])
        )
        return width - taken - pad - 2

    def _state(self, t: dict[str, Any], short: bool) -> Text:
        """The table's state; `short` for its row (what differs counted, not listed)."""
        say = self.say
        status = t["status"]
        words = say(N_("lost contact")) if status == "lost" else say(status)
        if status == "lost" and t["lost_since"]:
            words += " " + str(t["lost_since"])[11:19]
        if t["pickups"] and status != "lost":
            words += f" ({say(N_('picked up'))})"
        if status == "bad data" and t.get("problem") and not short:
            words += f": {t['problem']}"
        state = Text(words, style=STATUS_STYLE.get(status, ""))
        if t.get("clock"):
            state.append(" · " + say(t["clock"]), style="bold magenta")
        if t["differs"]:
            if short:
                state.append(" ⚠ " + say(N_("differs")), style="bold yellow")
            else:
                state.append(" ⚠ " + "; ".join(t["differs"]), style="bold yellow")
        return state

    def _result(self, t: dict[str, Any]) -> str:
        say = self.say
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
        elif t.get("live"):
            result = say(N_("live"))
        return result

    def action_table(self, step: int) -> None:
        """The next (or previous) table's details, wherever the focus is."""
        table = self.query_one("#tables", DataTable)
        if table.row_count:
            table.move_cursor(row=(table.cursor_row + step) % table.row_count)

    def palette_entries(self) -> list[tuple[str, Callable[[], object], str]]:
        """(name, what it does, help) for each entry of the board's palette."""
        say = self.say
        current = self.director.state.current
        shown = say(N_("The table's players, their worths and its ledger in the details"))
        entries: list[tuple[str, Callable[[], object], str]] = [
            (
                say(N_("Table {n}: {players}")).format(n=n, players=inert(", ".join(names))),
                partial(self.choose_table, n),
                shown,
            )
            for n, names in enumerate(current.tables if current is not None else [], start=1)
        ]
        return [
            *entries,
            (say(N_("Next table")), partial(self.action_table, 1), shown),
            (say(N_("Previous table")), partial(self.action_table, -1), shown),
            (say(N_("Problems seen")), self.action_seen, ""),
            (say(N_("Standings page code")), self.action_qr, ""),
        ]

    def choose_table(self, number: int) -> None:
        """Table `number`'s details (its row highlighted)."""
        table = self.query_one("#tables", DataTable)
        if 1 <= number <= table.row_count:
            table.move_cursor(row=number - 1)

    def on_key(self, event: events.Key) -> None:
        """On the table list a typed number picks a table (12: table 12, or 2 when there
        is none); a letter goes to the bar, where the director types (before, it was
        dropped without a sign)."""
        table = self.query_one("#tables", DataTable)
        if self.focused is not table or not event.is_printable or event.character is None:
            self._number = ""
            return
        event.stop()
        if event.character.isdigit():
            typed = self._number + event.character
            self._number = typed if int(typed) <= table.row_count else event.character
            self.choose_table(int(self._number))
            return
        self._number = ""
        bar = self.query_one("#bar", DirectorBar)
        bar.focus()
        bar.insert_text_at_cursor(event.character)

    @on(DataTable.RowHighlighted, "#tables")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key.value is not None:
            self.selected = int(event.row_key.value)
            self._show_detail(board_json(self.director, self.say))

    def _show_detail(self, board: dict[str, Any]) -> None:
        widget = self.query_one("#ledger", Static)
        live = self.director.follower.tables.get(self.selected)
        row = next((t for t in board["tables"] if t["number"] == self.selected), None)
        data = live.table if live is not None else None
        recorded = row is not None and row["recorded"]
        if data is None and not recorded:
            text = Text(self.say(N_("Table {n}: no table view yet.")).format(n=self.selected))
            if row is not None:
                text.append("  " + ", ".join(inert(n) for n in row["seated"]))
            widget.update(text)
            return
        on_board = f" · {data.get('board', '')}" if data is not None else ""
        text = Text(f"{self.say(N_('Table'))} {self.selected}{on_board}  ", style="bold")
        if row is not None:
            text.append_text(self._state(row, short=False))
            if result := self._result(row):
                text.append(f"  {result}")
        text.append(f"  {self.say(N_('Cash'))} · {self.say(N_('Worth'))}\n", style="dim")
        # every player, side by side as the width allows (a table of 5 in four lines at
        # 80 columns), in the recorded order once there is a result: the worth as the
        # table's end counts it; none while strict income tax hides it
        players = row["players"] if row is not None else []
        room = (self.query_one("#detail").size.width or self.size.width) - 2  # a scroll bar
        across = max(1, (room + 2) // (PLAYER_CELLS + 2))
        for i, p in enumerate(players):
            mark = " ✗" if p.get("bankrupt") else "  "
            text.append(
                f"{str(p.get('name') or '')[:16]:<16} {str(p.get('cash_text') or ''):>8} "
                f"{str(p.get('worth_text') or ''):>8}{mark}",
                style="strike dim" if p.get("bankrupt") else "",
            )
            last = i == len(players) - 1 or (i + 1) % across == 0
            text.append("\n" if last else "  ")
        if data is None:  # recorded by hand: no table view to show
            widget.update(text)
            return
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
                self.run_worker(self._draw(line), group="draw")
            return
        self._perform(line)

    async def _draw(self, line: str) -> None:
        """Search the next round's seating in a thread, the board answering meanwhile;
        then journal it, unless the event changed in the meantime."""
        state = self.director.journal.state
        self.tell(self.say(N_("Drawing the next round…")))
        try:
            seat = await asyncio.to_thread(next_seating, state)
        except BankerError as exc:
            self.tell(str(exc.message.render(self.say)), "bold red")
            return
        finally:
            self._drawing = False
        if self.director.journal.state is not state:
            self.tell(self.say(N_("The event changed while drawing: draw again.")), "bold red")
            return
        self._perform(line, seat)

    def _perform(self, line: str, seat: Seat | None = None) -> None:
        try:
            lines = perform(self.director.journal, line, self.director, self.language, seat)
        except BankerError as exc:
            self.tell(str(exc.message.render(self.say)), "bold red")
            return
        except ValueError as exc:
            self.tell(str(exc), "bold red")
            return
        self.tell("\n".join(lines))
        self.refresh_board()

    def action_qr(self) -> None:
        widget = self.query_one("#qr", Static)
        self.show_qr = not self.show_qr
        if not self.show_qr or self.standings is None or not self.standings.url:
            widget.update("")
            return
        widget.update(qr_on_screen(self.standings.qr()))
