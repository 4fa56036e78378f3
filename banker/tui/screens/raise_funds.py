"""Raise funds: a player owes more than their cash. The debt, what is still missing, and the
moves that raise money (sell a colour group's buildings evenly, mortgage a deed), each with
what it brings; settle once the cash covers it, or bankruptcy once nothing more can."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from banker.core import commands as c
from banker.core.offers.raising import RaisingMove, owing, raising_moves
from banker.core.state import GameState
from banker.i18n.message import Message
from banker.tui.screens.dialog import Dialog
from banker.tui.screens.follow import Follows
from banker.tui.screens.settlement import SettlementScreen
from banker.tui.speech import _, said

REASON_WIDTH = 80
"""A blocked move's reason is cut to one line of this many characters."""


def shorten(reason: str) -> str:
    if cell_len(reason) <= REASON_WIDTH:
        return reason
    return set_cell_size(reason, REASON_WIDTH - 1) + "…"


class RaiseFundsScreen(Follows, Dialog[None]):
    """The player who owes, raising the money move by move until they can settle."""

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player
        self.moves: list[RaisingMove] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide raise-funds") as box:
            box.border_title = _("Raise funds: {p}").format(p=self.player)
            yield Static("", id="debts", classes="body")
            yield Static("", id="missing", classes="amount")
            yield OptionList(id="moves")
            said_by_phone = Static("", id="phone-said", classes="amount", markup=False)
            said_by_phone.display = False  # only while a phone's request waits here
            yield said_by_phone
            yield Static("", id="reason", classes="reason", markup=False)
            yield Static(
                _(
                    "Enter makes the highlighted move. "
                    "A trade (t on the ledger) can raise money too."
                ),
                classes="hint",
            )
            with Horizontal(classes="buttons"):
                yield self.choice("s", _("Settle"), "settle")
                yield self.choice("k", _("Bankrupt…"), "bankrupt", variant="error")
                yield self.cancel_button(_("Later"))

    def on_mount(self) -> None:
        self.game_changed()
        self.query_one("#moves", OptionList).focus()

    def stale(self) -> bool:
        state = self.state
        return state.player(self.player).bankrupt or state.winner is not None

    # What the screen shows.

    def game_changed(self) -> None:
        if not self.is_mounted or self.stale():
            return
        state = self.state
        money = state.money
        debts = state.debts_of(self.player)
        stands = owing(state, self.player)
        lines = Table.grid(padding=(0, 2))
        lines.add_column()
        lines.add_column(justify="right")
        for debt in debts:
            owes = _("Owes {creditor} ({reason})").format(
                creditor=debt.creditor or _("the bank"),
                reason=said(Message.from_json(debt.why)) if debt.why else _(debt.reason),
            )
            lines.add_row(owes, money(debt.amount))
        if not debts:
            lines.add_row(_("{p} owes nothing now.").format(p=self.player), "")
        lines.add_row(_("Cash"), money(stands.cash))
        self.query_one("#debts", Static).update(lines)
        could = money(stands.could_raise)
        if not debts:
            summary = Text(_("Could raise {amount} in all.").format(amount=could))
        elif stands.missing:
            summary = Text(
                _("Still missing {missing} · could raise {amount} in all").format(
                    missing=money(stands.missing), amount=could
                )
            )
            if stands.short:
                short = _(
                    "Even selling and mortgaging everything leaves {amount} short: bankruptcy."
                ).format(amount=money(stands.short))
                summary.append(f"\n{short}", style="bold")
        else:
            summary = Text(
                _("The cash covers the {amount} owed: settle it.").format(amount=money(stands.owed))
            )
        self.query_one("#missing", Static).update(summary)
        self._fill_moves(state)
        button = self.query_one("#settle", Button)
        settle_reason = None if stands.settle is None else said(stands.settle)
        button.disabled = settle_reason is not None
        button.tooltip = settle_reason
        settle_label = (
            _("Settle {amount}").format(amount=money(stands.owed)) if debts else _("Settle")
        )
        button.label = Text.assemble(("s", "bold"), " ", settle_label)
        bankrupt = self.query_one("#bankrupt", Button)
        bankrupt_reason = None if stands.bankrupt is None else said(stands.bankrupt)
        bankrupt.disabled = bankrupt_reason is not None
        bankrupt.tooltip = bankrupt_reason

    def _fill_moves(self, state: GameState) -> None:
        money = state.money
        options = self.query_one("#moves", OptionList)
        highlighted = options.highlighted
        self.moves = raising_moves(state, self.player)
        options.clear_options()
        for n, move in enumerate(self.moves):
            reason = None if move.refusal is None else said(move.refusal)
            prompt = Text(said(move.label), style="" if reason else "bold")
            prompt.append(f"  +{money(move.brings)}", style="dim" if reason else "bold green")
            if reason:
                prompt.append(f"\n  {shorten(reason)}", style="italic dim")
            options.add_option(Option(prompt, id=str(n), disabled=reason is not None))
        if not self.moves:
            nothing = Text(_("Nothing left to sell or mortgage."), style="dim")
            options.add_option(Option(nothing, disabled=True))
        enabled = [n for n, m in enumerate(self.moves) if m.refusal is None]
        if enabled:
            keep = highlighted if highlighted in enabled else enabled[0]
            options.highlighted = keep

    def answered_by_phone(self, command: c.Command, player: str) -> None:
        """The player asked for a move from their phone: it is highlighted (Enter makes
        it) and the dialog says so."""
        for n, move in enumerate(self.moves):
            if move.command == command and move.refusal is None:
                self.query_one("#moves", OptionList).highlighted = n
                line = _("{p}'s phone asks: {what}. Enter makes it.").format(
                    p=player, what=said(move.label)
                )
                shown = self.query_one("#phone-said", Static)
                shown.update(line)
                shown.display = True
                return

    # The moves.

    @on(OptionList.OptionSelected, "#moves")
    def _move(self, event: OptionList.OptionSelected) -> None:
        move = self.moves[int(event.option.id or 0)]
        if move.refusal is not None:
            self.query_one("#reason", Static).update(said(move.refusal))
            return
        self.query_one("#reason", Static).update("")
        self.query_one("#phone-said", Static).display = False
        owed = bool(self.state.debts_of(self.player))
        made = self.banker.do(move.command)  # asked from the phone too: answered by it
        if made and owed and not self.state.debts_of(self.player):
            self.dismiss(None)  # the move paid the debt (the receipt says so): nothing to raise

    @on(Button.Pressed, "#settle")
    def _settle(self) -> None:
        if self.banker.do(c.Settle(player=self.player)):
            self.dismiss(None)

    @on(Button.Pressed, "#bankrupt")
    def _bankrupt(self) -> None:

        self.app.push_screen(SettlementScreen(self.state, self.player), self._declared)

    def _declared(self, command: c.DeclareBankrupt | None) -> None:
        if command is None:
            return
        self.banker.do(command)
