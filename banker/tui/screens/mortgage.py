"""Mortgage a deed or lift a mortgage: the amounts, the interest, and why a deed cannot."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from banker.core import commands as c
from banker.core.offers.trading import mortgage_offers
from banker.core.state import GameState
from banker.tui.screens.dialog import Dialog
from banker.tui.speech import _, said


class MortgageScreen(Dialog[c.Command]):
    """The player's deeds, each with what mortgaging or lifting it would pay or cost."""

    def __init__(self, state: GameState, player: str) -> None:
        super().__init__()
        self.state = state
        self.player = player
        self.offers: dict[str, c.Command] = {}

    def compose(self) -> ComposeResult:
        state = self.state
        money = state.money
        options: list[Option] = []
        for offer in mortgage_offers(state, self.player):
            reason = None if offer.refusal is None else said(offer.refusal)
            prompt = Text(offer.deed, style="bold")
            prompt.append(f"\n  {said(offer.said(state))}")
            if reason:
                prompt.append(f"\n  {reason}", style="italic")
            self.offers[offer.deed] = offer.command
            options.append(Option(prompt, id=offer.deed, disabled=reason is not None))
        cash = money(state.player(self.player).cash)
        with Vertical(classes="dialog") as box:
            box.border_title = _("Mortgages: {p} ({cash})").format(p=self.player, cash=cash)
            if options:
                yield Static(_("Enter mortgages or lifts the highlighted deed."), classes="body")
                yield OptionList(*options, id="deeds")
            else:
                yield Static(_("{p} owns no deeds.").format(p=self.player), classes="body")
            with Horizontal(classes="buttons"):
                yield self.cancel_button(_("Close"))

    def on_mount(self) -> None:
        found = self.query("#deeds")
        if found:
            found.first().focus()

    @on(OptionList.OptionSelected, "#deeds")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.offers[event.option.id or ""])
