"""The ledger: players, deeds by colour group, the bank and the history on one screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, cast

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import Header

from banker.core.view import LedgerView, ledger_view
from banker.store.glance import Glance, LogEntry
from banker.tui.screens.follow import InTheGame
from banker.tui.screens.ledger_actions import bindings, install
from banker.tui.speech import SpeaksTheGame, _, refused
from banker.tui.toasts import ToastsAside
from banker.tui.widgets.bank import BankGauge
from banker.tui.widgets.board import BoardView
from banker.tui.widgets.footer import KeysFooter
from banker.tui.widgets.history import SHOWN, HistoryView
from banker.tui.widgets.phone_queue import PhoneQueue
from banker.tui.widgets.players import SQUARE_SHORT, PlayersTable

if TYPE_CHECKING:
    from textual.widgets import Input

    from banker.core import commands as c
    from banker.core.state import GameState
    from banker.store import Journal
    from banker.tui.app import GameChange
    from banker.tui.widgets.command_bar import CommandBar

BOARD_AT_LEAST = 32
"""The Deeds panel's fewest cells beside the Players panel: two columns of groups, each
deed's name shortened to seven cells and its owner by seat number."""
LEFT_AT_LEAST = 46
"""The Players panel's width when the players need no more (their panel, bank and history)."""
LEFT_AT_MOST = 60
"""The Players panel's widest, unless the players need more."""
PANEL_EDGES = 2
"""The Players panel's border, left and right."""
SQUARE_SHOWN_AT = 110
"""From this many columns the Players panel widens for the token's square (the "On"
column), its name short (`Penn RR`) where the Deeds panel needs the room."""
SQUARE_NAMES_WHOLE_AT = 150
"""From this many columns the "On" column takes its longest name whole."""

# The screen imports only what its first frame draws: the rules, the dialogs and the
# command bar are imported by the actions that need them, after the ledger is on screen.


class LedgerScreen(ToastsAside, InTheGame, SpeaksTheGame, Screen[None]):
    """The banker's main screen. Every key acts on the highlighted player."""

    BINDINGS = bindings()
    """Every action's key (`ledger_actions.ACTIONS`, where each is declared once), then
    1-8, the player the actions are for."""

    TOASTS_OVER = ("#history-box", "#bank")
    TOASTS_AT_BOTTOM = True
    """Receipts and refusals stand at the foot of the left column, over the history (whose
    newest lines say the same) and, when long, the Bank panel above it; when the panels are
    stacked, over the Bank panel. Never over a player, a deed or the command bar."""

    def __init__(self, glance: Glance | None = None) -> None:
        super().__init__()
        self._glance = glance
        """The ledger saved in the game file, to draw before the journal is open."""
        self.view: LedgerView | None = glance.view if glance else None
        """What the ledger shows now."""
        self._swallow: frozenset[str] = frozenset()
        """The keys the next key is not taken as, when it is one of them: a landing's
        dialog keys, after a landing that opened no dialog."""
        self._turn_followed: int | None = None
        """The seat whose turn the highlight last moved to: the first view drawn (a game
        opened), a turn passed, or undo and redo moving it, move it again."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="left"):
            yield PlayersTable(id="players")
            yield BankGauge(id="bank")
            yield PhoneQueue(id="phones")
            yield HistoryView(id="history-box")
        yield BoardView(id="board")
        yield KeysFooter()

    def relabel(self, keys: bool = True) -> None:
        """Put the screen's own words (titles, column heads, hints) in the game's language;
        with `keys`, the footer's too (not needed while the screen is made)."""
        self.query_one("#players").border_title = _("Players")
        self.query_one("#players").border_subtitle = _("worth: as income tax counts it")
        self.query_one("#bank").border_title = _("Bank")
        self.query_one("#history-box").border_title = _("History, latest first")
        self.query_one("#board").border_title = _("Deeds")
        for bar in self.query("#command-bar"):
            cast("CommandBar", bar).placeholder = self._bar_hint()
        self.query_one(PlayersTable).relabel()
        self.query_one(BoardView).relabel()
        self.query_one(HistoryView).refresh(layout=True)
        self.query_one(BankGauge).refresh()
        if not (self.view and self.view.time_limit_minutes):
            self.sub_title = self.banker.game_path.stem
        if keys:
            self.refresh_bindings()

    # What the screen shows.

    @property
    def journal(self) -> Journal:
        journal = self.banker.journal
        assert journal is not None
        return journal

    @property
    def app_state(self) -> GameState | None:
        journal = self.banker.journal
        return journal.game.state if journal else None

    def on_mount(self) -> None:
        self.sub_title = self.banker.game_path.stem
        if self._glance is not None and self.banker.journal_is_opening:
            self.show_view(self._glance.view, self._glance.history)
        else:
            self.refresh_ledger()
        self.relabel(keys=False)
        self.query_one(PlayersTable).focus()
        if self.view and self.view.time_limit_minutes:
            self.tick_clock()
            self.set_interval(1.0, self.tick_clock)

    def tick_clock(self) -> None:
        """A timed game: the time left in the title; at zero the game ends (journaled)."""
        view = self.view
        limit = view.time_limit_minutes if view else None
        if not limit or view is None or view.winner is not None:
            return
        elapsed = datetime.now(UTC) - self.banker.started_at
        left = int(limit * 60 - elapsed.total_seconds())
        if left > 0:
            hours, rest = divmod(left, 3600)
            clock = (
                f"{hours}:{rest // 60:02d}:{rest % 60:02d}"
                if hours
                else f"{rest // 60}:{rest % 60:02d}"
            )
            self.sub_title = _("{game} · {clock} left").format(
                game=self.banker.game_path.stem, clock=clock
            )
            return
        self.sub_title = _("{game} · time is up").format(game=self.banker.game_path.stem)
        # kept out of the ledger's first frame (start-up)
        from banker.core import commands as c

        self.banker.do(c.EndGame())

    def follow_change(self, change: GameChange) -> None:
        if change.relabel:
            self.relabel()
        self.refresh_ledger()

    def refresh_ledger(self) -> None:
        """Show the game as journaled: called after every change."""
        journal = self.journal
        self.show_view(ledger_view(journal.game.state), journal.entries(limit=SHOWN))

    def show_view(self, view: LedgerView, history: Sequence[LogEntry]) -> None:
        self.view = view
        if view.winner is not None:
            self.sub_title = _("{game} · game over, {p} won").format(
                game=self.banker.game_path.stem, p=view.winner
            )
        elif not view.time_limit_minutes:
            self.sub_title = self.banker.game_path.stem
        self.query_one(PlayersTable).show(view)
        self.lay_out()
        self._follow_turn(view)
        self.query_one(BoardView).show(view)
        self.query_one(BankGauge).show(view)
        self.query_one(HistoryView).entries = tuple(history)
        self.show_queue()

    def show_queue(self) -> None:
        """What the phones asked for and waits for the banker (hidden while nothing does);
        the y and x keys show only then."""
        queue = self.banker.phone_queue()
        before = self.query_one(PhoneQueue).display
        # the saved ledger is drawn before the journal opens: nothing is queued then
        self.query_one(PhoneQueue).show(self.app_state if queue else None, queue)
        if before != bool(queue):
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("phone_yes", "phone_no"):
            return bool(self.banker.phone_queue())
        return True

    def on_resize(self) -> None:
        self.lay_out()

    def toast_area(self) -> Region | None:
        """The Bank and History panels (the Bank's alone when stacked), above the command
        bar when it is open: a refusal never stands over the command it refuses."""
        shown = [w.content_region for w in self.query("#bank, #history-box") if w.display]
        if not shown:
            return None
        area = Region.from_union(shown)
        for bar in self.query("#command-bar.-open"):
            if bar.region.y < area.bottom:
                area = Region(area.x, area.y, area.width, max(0, bar.region.y - area.y))
        return area if area.height else None

    def lay_out(self) -> None:
        """Fit the panels to the terminal, giving way in this order and never hiding a
        player, a deed or a key:

        1. Deed names shorten the way the table says them (`looks.short_name`), then the
           Deeds panel shows owners by seat number: the Deeds panel gives its width to the
           Players panel, down to `BOARD_AT_LEAST` cells.
        2. The Players panel's labels give way (`PlayersTable.FITS`): the token's square,
           the space between columns, the word "owes", then the deed swatches (the count
           stays). The footer's keys go onto a second line rather than being cut.
        3. Still too narrow for every name, cash, worth and jail card beside the Deeds
           panel: the panels stack, the Players panel across the top at full width and
           the deeds under it (the history is one key away, `h`).
        """
        table = self.query_one(PlayersTable)
        if table.view is None:
            return
        width = self.size.width
        room = width - BOARD_AT_LEAST
        stacked = table.least_width() + PANEL_EDGES > room
        self.set_class(stacked, "-stacked")
        if stacked:
            self.query_one("#left").styles.width = "100%"
            return
        roomy = min(LEFT_AT_MOST, max(LEFT_AT_LEAST, width * 38 // 100))
        wanted = max(roomy, table.natural_width() + PANEL_EDGES)
        if width >= SQUARE_SHOWN_AT:  # the "On" column, as far as the deeds keep their owners
            whole = width >= SQUARE_NAMES_WHOLE_AT
            with_square = table.width_with_square(None if whole else SQUARE_SHORT)
            board = self.query_one(BoardView)
            widest = min(with_square + PANEL_EDGES, room)
            for left in range(widest, wanted, -1):  # as wide as the deeds keep their owners
                if board.owners_whole_at(width - left - board.styles.gutter.width):
                    wanted = left
                    break
        self.query_one("#left").styles.width = min(wanted, room)

    @property
    def history(self) -> list[LogEntry]:
        return list(self.query_one(HistoryView).entries)

    @property
    def selected(self) -> str:
        """The player the next action is for: the highlighted row."""
        players = self.view.players if self.view else self.state.players
        row = self.query_one(PlayersTable).cursor_row
        return players[max(0, min(row, len(players) - 1))].name

    # Player selection.

    def _follow_turn(self, view: LedgerView) -> None:
        """When the turn moves on (or back, by undo), the highlight goes with it: the
        actions are for the player whose turn it is unless 1-8 picks another."""
        turn = next((p.seat for p in view.players if p.turn), None)
        if turn is not None and turn != self._turn_followed:
            self.query_one(PlayersTable).move_cursor(turn - 1)
        self._turn_followed = turn

    def quiet_landing(self, words: str | None) -> None:
        """A landing that opened no dialog: say so, and take the next key if it is one a
        landing's dialog answers to (typed for a dialog that never came, it must not
        reach the ledger: `l 5 r` onto one's own deed would open Raise funds)."""
        from banker.core.offers.landing import OFFER_KEYS  # start-up

        if words:
            self.notify(words)
        self._swallow = OFFER_KEYS | {"enter"}

    def on_key(self, event: events.Key) -> None:
        swallow, self._swallow = self._swallow, frozenset()
        if event.key in swallow:
            event.stop()
            event.prevent_default()
            self.notify(
                _("{key}: not taken, the landing had nothing to do.").format(
                    key=event.character if event.key != "enter" else _("Enter")
                ),
                severity="warning",
            )

    def action_select(self, seat: int) -> None:
        table = self.query_one(PlayersTable)
        if seat <= table.row_count:
            table.move_cursor(seat - 1)

    @on(PlayersTable.RowSelected, "#players")
    async def _row_chosen(self) -> None:
        await self.run_action("landed")

    # The actions.

    def for_seat(self, seat: int, action: Callable[[LedgerScreen], object]) -> None:
        """The player's dialog again, for the player in `seat` (typed in the dialog)."""
        self.action_select(seat)
        action(self)

    def action_language(self, code: str) -> None:
        """Switch the game to the language `code` (journaled, so undo switches back)."""
        self.banker.language(code)

    def game_is_over(self) -> bool:
        """Refuse an action once the game has ended, before any dialog opens."""
        view = self.view
        if view is None or view.winner is None:
            return False
        self.notify(
            _("The game is over: {p} won. Undo (ctrl+z) to go back, or n for a new game.").format(
                p=view.winner
            ),
            title=_("Game over"),
            severity="warning",
        )
        return True

    def do(self, command: c.Command | None) -> None:
        if command is not None:
            self.banker.do(command)

    # The command bar.

    def _bar_hint(self) -> str:
        """Example lines for the empty command bar, with this table's own players (as a
        banker types them: the start of a name, any case)."""
        state = self.app_state
        players = state.active_players if state is not None else []
        names = [p.name.split()[0].casefold() for p in players] or ["alice", "bob"]
        n = len(names)
        return _("rent {a} board · build {b} park 2 · pay {c} 50 to {d}").format(
            a=names[1 % n], b=names[0], c=names[2 % n], d=names[3 % n]
        )

    async def action_command_bar(self) -> None:
        """Open the command bar (made the first time it is asked for)."""
        # kept out of the ledger's first frame (start-up)
        from banker.tui.widgets.command_bar import CommandBar, CommandSuggester

        found = self.query(CommandBar)
        if found:
            bar = found.first()
        else:
            bar = CommandBar(suggester=CommandSuggester(lambda: self.app_state), id="command-bar")
            bar.placeholder = self._bar_hint()
            self.banker.keys_held += 1  # the letters typed after `:` are for the bar
            try:
                await self.mount(bar)
            finally:
                self.banker.keys_held -= 1
        bar.add_class("-open")
        bar.focus()

    def on_command_bar_dismissed(self) -> None:
        self._close_bar()

    def _close_bar(self) -> None:
        for bar in self.query("#command-bar"):
            bar.remove_class("-open")
        self.query_one(PlayersTable).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "command-bar":
            self._run_line(event)

    def _run_line(self, event: Input.Submitted) -> None:
        # kept out of the ledger's first frame (start-up)
        from banker.core.errors import BankerError
        from banker.core.language import RaiseQuery, Redo, Undo, WorthQuery, read_line
        from banker.tui.words import raise_lines, worth_lines

        line = event.value.strip()
        bar = cast("CommandBar", event.input)
        bar.remember(line)  # cleared either way; up-arrow brings a refused line back
        self._close_bar()  # the keys after Enter are the ledger's again
        if not line:
            return
        try:
            parsed = read_line(line, self.state)
        except BankerError as exc:
            self.notify(refused(exc), title=_("Not understood"), severity="error", timeout=8)
            return
        except Exception as exc:  # the bar must never take the app down
            self.banker.unexpected(exc)
            return
        if isinstance(parsed, WorthQuery):
            self.notify(
                "\n".join(worth_lines(self.state, parsed.player)), title=_("Worth"), timeout=10
            )
        elif isinstance(parsed, RaiseQuery):
            lines = raise_lines(self.state, parsed.player)
            self.notify("\n".join(lines), title=_("Could raise"), timeout=10)
        elif isinstance(parsed, Undo):
            self.banker.undo()
        elif isinstance(parsed, Redo):
            self.banker.redo()
        else:
            self.banker.do(parsed)


install(LedgerScreen)
