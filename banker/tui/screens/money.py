"""Pay or collect any amount: player to bank, bank to player, or player to player."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Select, Static

from banker.core import commands as c
from banker.core.errors import BankerError
from banker.core.language import amount as read_amount
from banker.core.offers.cash import cash_after, cash_moves, debt_made
from banker.core.state import GameState
from banker.tui.screens.dialog import Dialog, reason_line
from banker.tui.speech import _, refused, said, why_not

BANK = "\x00bank"
"""The Select value standing for the bank (no player name can hold a NUL)."""


class MoneyScreen(Dialog[c.Command]):
    """Who pays whom how much, with both balances after, before anything moves."""

    def __init__(self, state: GameState, payer: str | None, payee: str | None) -> None:
        super().__init__()
        self.state = state
        self.payer = payer or BANK
        self.payee = payee or BANK

    def compose(self) -> ComposeResult:
        options = [(p.name, p.name) for p in self.state.active_players]
        options.append((_("the bank"), BANK))
        with Vertical(classes="dialog") as box:
            box.border_title = _("Collect from the bank") if self.payer == BANK else _("Pay")
            with Horizontal(classes="fields"):
                yield Select(options, value=self.payer, allow_blank=False, id="payer")
                yield Static(" " + _("pays") + " ", classes="joiner")
                yield Select(options, value=self.payee, allow_blank=False, id="payee")
            yield Input(
                placeholder=_("amount, e.g. 50 ({currency})").format(
                    currency=self.state.edition.currency
                ),
                id="amount",
                restrict=r"[0-9]{0,10}",
            )
            yield Static("", id="summary", classes="amount", markup=False)
            yield reason_line(_("Type the amount."))
            with Horizontal(classes="buttons"):
                yield self.choice("enter", _("Confirm"), "confirm")
                yield self.cancel_button()

    def on_mount(self) -> None:
        self.query_one("#amount", Input).focus()
        self._check()

    def command(self) -> tuple[c.Command | None, str | None]:
        """The command the form describes, or the reason there is none yet."""
        payer = self.query_one("#payer", Select).value
        payee = self.query_one("#payee", Select).value
        text = self.query_one("#amount", Input).value
        if payer == BANK and payee == BANK:
            return None, _("The bank cannot pay itself: choose a player on one side.")
        if not text:
            return None, _("Type the amount.")
        try:
            value = read_amount(text, self.state)
        except BankerError as exc:
            return None, refused(exc)
        command: c.Command
        if payer == BANK:
            command = c.Collect(player=str(payee), amount=value)
        else:
            command = c.Pay(
                player=str(payer), amount=value, to=None if payee == BANK else str(payee)
            )
        return command, why_not(self.state, command)

    def _summary(self, command: c.Command) -> str:
        money = self.state.money
        if isinstance(command, c.Collect):
            move = cash_after(self.state, command, command.player)
            return _("The bank pays {p} {amount}: {before} → {after}").format(
                p=command.player,
                amount=money(command.amount),
                before=money(move.before),
                after=money(move.after),
            )
        owed = debt_made(self.state, command)
        if owed is not None:
            return said(owed)  # beyond the cash: owed as a debt, and the dialog says so
        return " · ".join(
            f"{move.player} {money(move.before)} → {money(move.after)}"
            for move in cash_moves(self.state, command)
        )

    @on(Select.Changed)
    @on(Input.Changed)
    def _check(self) -> None:
        command, reason = self.command()
        shown = self._summary(command) if command and reason is None else ""
        self.query_one("#summary", Static).update(shown)
        self.query_one("#reason", Static).update(reason or "")
        self.query_one("#confirm", Button).disabled = command is None or reason is not None

    @on(Input.Submitted)
    def _submitted(self) -> None:
        command, reason = self.command()
        if command is None or reason is not None:
            self.notify(reason or _("Type the amount."), severity="error")
            return
        self.dismiss(command)

    @on(Button.Pressed, "#confirm")
    def _confirm(self) -> None:
        self._submitted()
