"""A card that moves the token: did it pass GO, which railroad or utility, what were the dice."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Select, Static

from banker.core import commands as c
from banker.core.edition import Card, CardAction, DeedKind
from banker.core.state import GameState
from banker.tui.screens.dialog import Dialog, reason_line
from banker.tui.speech import N_, _, why_not
from banker.tui.words import card_effect, card_text


class CardDetails(Dialog[c.DrawCard]):
    """The rest of a moving card: passing GO, the deed it sends the token to, the dice."""

    BINDINGS = [Binding("g", "toggle_go", N_("Passed GO"))]
    """G ticks or clears "passed GO" from anywhere in the dialog."""

    def __init__(self, state: GameState, player: str, card: Card) -> None:
        super().__init__()
        self.state = state
        self.player = player
        self.card = card
        self.kind: DeedKind | None = {
            CardAction.NEAREST_RAILROAD: DeedKind.RAILROAD,
            CardAction.NEAREST_UTILITY: DeedKind.UTILITY,
        }.get(card.action)

    def compose(self) -> ComposeResult:
        state = self.state
        with Vertical(classes="dialog") as box:
            box.border_title = card_text(state.edition, self.card)
            yield Static(card_effect(state, self.player, self.card), classes="body")
            passed = _("Passed GO on the way ({amount} salary)").format(
                amount=state.money(state.salary)
            )
            yield Checkbox(f"[b]g[/b] {passed}", id="passed-go")
            if self.kind is not None:
                deeds = [d for d in state.edition.deeds if d.kind is self.kind]
                options = [(self._deed_label(d.name), d.name) for d in deeds]
                stations = state.edition.railroad_word == "station"
                which = (
                    _("Which utility?")
                    if self.kind is DeedKind.UTILITY
                    else _("Which station?")
                    if stations
                    else _("Which railroad?")
                )
                yield Select(options, prompt=which, id="deed")
            if self.kind is DeedKind.UTILITY:
                yield Input(
                    placeholder=_("dice total, 2 to 12 (if owned)"),
                    id="dice",
                    restrict=r"[0-9]{0,2}",
                )
            yield reason_line(None)
            with Horizontal(classes="buttons"):
                yield self.choice("enter", _("Draw it"), "draw")
                yield self.cancel_button()

    def _deed_label(self, name: str) -> str:
        held = self.state.deeds[name]
        if held.owner is None:
            return _("{deed} (for sale)").format(deed=name)
        if held.mortgaged:
            return _("{deed} ({owner}, mortgaged)").format(deed=name, owner=held.owner)
        return f"{name} ({held.owner})"

    def on_mount(self) -> None:
        self._check()
        draw = self.query_one("#draw", Button)
        if self.kind is None:
            draw.focus()
        else:
            self.query_one("#deed", Select).focus()

    def action_toggle_go(self) -> None:
        self.query_one("#passed-go", Checkbox).toggle()

    def command(self) -> c.DrawCard:
        deed: str | None = None
        dice: int | None = None
        if self.kind is not None:
            value = self.query_one("#deed", Select).value
            deed = value if isinstance(value, str) else None
        if self.kind is DeedKind.UTILITY:
            text = self.query_one("#dice", Input).value
            dice = int(text) if text else None
        passed = self.query_one("#passed-go", Checkbox).value
        return c.DrawCard(
            player=self.player, card=self.card.id, deed=deed, dice=dice, passed_go=passed
        )

    @on(Checkbox.Changed)
    @on(Select.Changed)
    @on(Input.Changed)
    def _check(self) -> None:
        command = self.command()
        reason = why_not(self.state, command)
        if self.kind is not None and command.deed is None:
            reason = (
                _("Pick the utility the card sends {p} to.")
                if self.kind is DeedKind.UTILITY
                else _("Pick the station the card sends {p} to.")
                if self.state.edition.railroad_word == "station"
                else _("Pick the railroad the card sends {p} to.")
            ).format(p=self.player)
        self.query_one("#reason", Static).update(reason or "")
        self.query_one("#draw", Button).disabled = reason is not None

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.query_one("#draw", Button).press()

    @on(Button.Pressed, "#draw")
    def _draw(self) -> None:
        self.dismiss(self.command())
