"""Mortgage deeds or lift mortgages, several in a row: the amounts, the interest, why a
deed cannot, and what the list has done so far."""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from banker.core import commands as c
from banker.core.offers.trading import mortgage_offers
from banker.tui.screens.dialog import Dialog
from banker.tui.screens.follow import Follows
from banker.tui.speech import _, said


class MortgageScreen(Follows, Dialog[None]):
    """The player's deeds, each with what mortgaging or lifting it would pay or cost. Enter
    does it at once (journaled, one receipt each) and the list stays open for the next
    deed, with what has been done since it opened; Escape closes it."""

    def __init__(self, player: str, lifts_only: bool = False) -> None:
        super().__init__()
        self.player = player
        self.lifts_only = lifts_only
        """Only the mortgaged deeds, to lift (`u`); else every deed (`m`)."""
        self.offers: dict[str, c.Command] = {}
        self.opening_cash = self.state.player(player).cash
        """The player's cash when the list opened: the running total is from it."""
        self.done: list[str] = []
        """The deeds mortgaged or lifted since the list opened, in order."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = self._title()
            box.border_subtitle = _("1-8: another player")
            yield Static(
                _("Space lifts the highlighted mortgage and stays for the next; Enter, the last.")
                if self.lifts_only
                else _("Space mortgages or lifts the highlighted deed and stays; Enter, the last."),
                classes="body",
            )
            yield OptionList(id="deeds")
            yield Static("", id="done", classes="amount", markup=False)
            with Horizontal(classes="buttons"):
                yield self.cancel_button(_("Close"))

    def _title(self) -> str:
        cash = self.state.money(self.state.player(self.player).cash)
        if self.lifts_only:
            return _("Lift mortgages: {p} ({cash})").format(p=self.player, cash=cash)
        return _("Mortgages: {p} ({cash})").format(p=self.player, cash=cash)

    def on_mount(self) -> None:
        super().on_mount()
        self._fill()
        self.query_one("#deeds", OptionList).focus()

    def game_changed(self) -> None:
        if self.is_mounted:
            self._fill()

    def _fill(self) -> None:
        state = self.state
        if self.player not in {p.name for p in state.players}:
            return
        deeds = self.query_one("#deeds", OptionList)
        highlighted = deeds.highlighted
        deeds.clear_options()
        self.offers = {}
        for offer in mortgage_offers(state, self.player):
            if self.lifts_only and not isinstance(offer.command, c.LiftMortgage):
                continue
            reason = None if offer.refusal is None else said(offer.refusal)
            prompt = Text(offer.deed, style="bold")
            prompt.append(f"\n  {said(offer.said(state))}")
            if reason:
                prompt.append(f"\n  {reason}", style="italic")
            self.offers[offer.deed] = offer.command
            deeds.add_option(Option(prompt, id=offer.deed, disabled=reason is not None))
        if not self.offers:
            nothing = (
                _("{p} has no mortgaged deed.")
                if self.lifts_only
                else _("{p} owns no deeds.")
            ).format(p=self.player)
            deeds.add_option(Option(nothing, disabled=True))
        else:
            enabled = [
                n for n in range(deeds.option_count) if not deeds.get_option_at_index(n).disabled
            ]
            if highlighted is not None and highlighted < deeds.option_count:
                deeds.highlighted = highlighted
            elif enabled:
                deeds.highlighted = enabled[0]
        self.query_one(".dialog").border_title = self._title()
        self._show_done()

    def _show_done(self) -> None:
        """What the list has done since it opened: the deeds, and the cash it moved."""
        line = ""
        opening = self.opening_cash
        if self.done:
            money = self.state.money
            cash = self.state.player(self.player).cash
            change = cash - opening
            line = _("Done here: {deeds}. Cash {before} → {after} ({change}).").format(
                deeds=", ".join(self.done),
                before=money(opening),
                after=money(cash),
                change=("+" if change >= 0 else "-") + money(abs(change)),
            )
        self.query_one("#done", Static).update(line)

    def on_key(self, event: events.Key) -> None:
        """Space mortgages or lifts the highlighted deed and keeps the list open for the
        next (three deeds: `m`, then a letter and Space, a letter and Space, a letter and
        Enter); Enter does the last and closes."""
        deeds = self.query_one("#deeds", OptionList)
        if event.key == "space" and self.focused is deeds:
            event.stop()
            event.prevent_default()
            if deeds.highlighted is not None:
                self._do(deeds.get_option_at_index(deeds.highlighted).id or "")
            return
        super().on_key(event)

    @on(OptionList.OptionSelected, "#deeds")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        if self._do(event.option.id or ""):
            self.dismiss(None)

    def _do(self, deed: str) -> bool:
        """Mortgage or lift `deed` (journaled, its receipt shown); the list stays as it is
        for the next, its search cleared."""
        command = self.offers.get(deed)
        if command is None:
            return False
        self._list_letters = ""  # the next letters find the next deed anew
        self.query_one("#deeds", OptionList).border_subtitle = ""
        if not self.banker.do(command):
            return False
        self.done.append(deed)
        self._show_done()
        return True
