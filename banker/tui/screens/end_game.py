"""The end of the game: the winner, the standings with their worth, each player's worth over
the game from the journal, and the final statement exported as text and CSV."""

from __future__ import annotations

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from banker.core.endgame import standings
from banker.core.state import GameState
from banker.i18n.message import N_
from banker.tui.looks import SCREENS_CSS
from banker.tui.screens.dialog import Confirm
from banker.tui.screens.follow import Follows
from banker.tui.speech import SpeaksTheGame, _
from banker.tui.statement import export_statement, has_debts, statement_rows, worth_history
from banker.tui.toasts import ToastsAside
from banker.tui.widgets.footer import KeysFooter
from banker.tui.widgets.worth_chart import WorthChart
from banker.tui.words import player_colour


def standings_table(state: GameState) -> Table:
    """The standings, richest first, with the worth broken down; bankrupt players last."""
    money = state.money
    table = Table(box=None, padding=(0, 2), header_style="bold")
    table.add_column("#", justify="right", style="dim")
    table.add_column(_("Player"))
    rows = statement_rows(state)
    owing = has_debts(rows)  # open debts: their own column, so the columns add up
    labels = (_("Cash"), _("Deeds"), _("Buildings"), *([_("Debts")] if owing else []))
    for label in (*labels, _("Final worth")):
        table.add_column(label, justify="right")
    for row in rows:
        name = Text(row.player, style=f"bold {player_colour(state, row.player)}")
        if row.rank is None:
            name.stylize("strike dim")
            table.add_row("", name, Text(_("bankrupt"), style="dim"), *[""] * len(labels))
            continue
        table.add_row(
            str(row.rank),
            name,
            money(row.cash),
            money(row.deeds),
            money(row.buildings),
            *([money(row.debts)] if owing else []),
            Text(money(row.total), style="bold"),
        )
    return table


def confirm_end(state: GameState) -> Confirm:
    """Are you sure? The standings as they would be, before the game is ended."""
    lines = [
        f"{n}. {row.player}: {state.money(row.total)}"
        for n, row in enumerate(standings(state), start=1)
    ]
    body = (
        _("The game ends now and the richest player wins:")
        + "\n"
        + "\n".join(lines)
        + "\n"
        + _("After the end only undo changes the game.")
    )
    return Confirm(_("End the game?"), body, yes=_("End the game"))


class EndGameScreen(ToastsAside, Follows, SpeaksTheGame, Screen[None]):
    """The game is over: who won, by how much, and how the game went."""

    CSS_PATH = SCREENS_CSS
    TOASTS_OVER = ("#worth-chart",)
    """The export's notice stands over the chart, never over the winner or the standings."""

    BINDINGS = [
        Binding("e", "export", N_("Export statement")),
        Binding("escape", "leave", N_("Ledger")),
    ]
    """e writes the final statement beside the game file; Escape goes back to the ledger."""

    def compose(self) -> ComposeResult:
        journal = self.banker.journal
        assert journal is not None
        state = self.state
        yield Header()
        with VerticalScroll(id="end-game"):
            yield Static(self._winner_line(state), id="winner")
            with Vertical(id="standings-box") as box:
                box.border_title = _("Standings")
                yield Static(standings_table(state), id="standings")
            chart = WorthChart(
                worth_history(journal.game),
                {p.name: player_colour(state, p.name) for p in state.players},
                state.money,
                id="worth-chart",
            )
            chart.border_title = _("Worth over the game")
            yield chart
            yield Static(
                _(
                    "Worth: cash + printed price of unmortgaged deeds + half for mortgaged ones "
                    "+ buildings at cost. e exports the statement as text and CSV."
                ),
                classes="hint",
            )
            yield Static(
                _(
                    "Final worth counts a mortgaged deed at half, what it is worth to its "
                    "owner; the ledger's tax worth counts it in full, as income tax does."
                ),
                classes="hint",
            )
            yield Static("", id="exported")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.title = _("The end of the game")
        journal = self.banker.journal
        self.sub_title = journal.path.stem if journal else ""

    def _winner_line(self, state: GameState) -> Text:
        winner = state.winner
        if winner is None:
            return Text(_("The game is not over."))
        rows = statement_rows(state)
        style = f"bold {player_colour(state, winner)}"
        if state.ended or len([r for r in rows if r.rank is not None]) > 1:
            line = Text(
                _("{p} wins with {amount}").format(p=winner, amount=state.money(rows[0].total)),
                style=style,
            )
            line.append("\n" + _("the richest player when the game ended"), style="dim")
        else:
            line = Text(_("{p} wins").format(p=winner), style=style)
            line.append(
                "\n" + _("the last player left after the others went bankrupt"), style="dim"
            )
        return line

    # Following the game.

    def stale(self) -> bool:
        return self.state.winner is None

    # Actions.

    def action_export(self) -> None:
        journal = self.banker.journal
        if journal is None:
            return
        try:
            text_path, csv_path = export_statement(self.state, journal.path)
        except OSError as exc:
            self.notify(
                _("The statement could not be written: {error}").format(error=exc),
                severity="error",
            )
            return
        exported = _("Exported:")
        indent = " " * (cell_len(exported) + 1)
        self.query_one("#exported", Static).update(
            Text.assemble((exported, "bold"), f" {text_path}\n{indent}{csv_path}")
        )
        self.notify(_("Final statement written beside the game:") + f"\n{text_path}\n{csv_path}")

    def action_leave(self) -> None:
        self.dismiss(None)
