"""A card that moves the token: the square it was drawn on when the bank does not know it,
and the dice for a utility. Where the card goes, and whether it passes GO, is the core's
word (`banker.core.cards.card_journeys`); only a game saved before the bank followed the
tokens, or a board without the deck's squares, asks for GO and the deed instead."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Select, Static

from banker.core import commands as c
from banker.core.cards import card_journeys
from banker.core.edition import Card, CardAction, DeedKind
from banker.core.offers.landing import journey_effect
from banker.core.state import GameState
from banker.core.turns import position, squares
from banker.i18n.message import N_
from banker.tui.screens.dialog import Dialog, DigitsInput, reason_line
from banker.tui.speech import _, said, why_not
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
        self.journeys = card_journeys(state, player, card)
        """Where the card may take the token: one when the bank knows, one per square of
        the deck when the banker must say which; none in a game that does not follow."""

    def compose(self) -> ComposeResult:
        state = self.state
        with Vertical(classes="dialog") as box:
            box.border_title = card_text(state.edition, self.card)
            yield Static(card_effect(state, self.player, self.card), classes="body")
            if len(self.journeys) > 1:
                options = [
                    (
                        _("square {n}: {effect}").format(
                            n=j.origin,
                            effect=said(journey_effect(state, self.player, self.card, j)),
                        ),
                        j.origin,
                    )
                    for j in self.journeys
                ]
                yield Select(options, prompt=_("Drawn on which square?"), id="square")
            if not self.journeys:
                yield from self._asked()
            if self.kind is DeedKind.UTILITY:
                yield DigitsInput(
                    placeholder=_("dice total, 2 to 12 (if owned)"),
                    id="dice",
                    restrict=r"[0-9]{0,2}",
                )
            yield reason_line(None)
            with Horizontal(classes="buttons"):
                yield self.choice("enter", _("Draw it"), "draw")
                yield self.cancel_button()

    def _asked(self) -> ComposeResult:
        """A game that does not follow the tokens: the banker says GO and the deed."""
        state = self.state
        passed = _("Passed GO on the way ({amount} salary)").format(
            amount=state.money(state.salary)
        )
        nearest, passes = self._where_to()
        yield Checkbox(f"[b]g[/b] {passed}", passes, id="passed-go")
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
            if nearest is None:
                yield Select(options, prompt=which, id="deed")
            else:
                yield Select(options, prompt=which, id="deed", value=nearest)

    def _where_to(self) -> tuple[str | None, bool]:
        """From the token's last known square: the nearest railroad or utility ahead (for
        those cards), and whether the way to the card's square passes GO."""
        state = self.state
        edition = state.edition
        start = position(state, self.player)
        size = edition.board_size
        target: int | None = None
        nearest: str | None = None
        if self.kind is not None:
            deeds = [d for d in edition.deeds if d.kind is self.kind]
            if deeds:
                best = min(deeds, key=lambda d: (d.square - start) % size)
                nearest, target = best.name, best.square
        elif self.card.action is CardAction.ADVANCE and self.card.target:
            wanted = self.card.target.casefold()
            target = next((i for i, n in squares(edition).items() if n.casefold() == wanted), None)
        return nearest, target is not None and 0 < start and target < start

    def _deed_label(self, name: str) -> str:
        held = self.state.deeds[name]
        if held.owner is None:
            return _("{deed} (for sale)").format(deed=name)
        if held.mortgaged:
            return _("{deed} ({owner}, mortgaged)").format(deed=name, owner=held.owner)
        return f"{name} ({held.owner})"

    def on_mount(self) -> None:
        self._check()
        for first in ("#square", "#deed", "#dice", "#draw"):
            found = self.query(first)
            if found:
                found.first().focus()
                return

    def action_toggle_go(self) -> None:
        for box in self.query("#passed-go").results(Checkbox):
            box.toggle()

    def command(self) -> c.DrawCard:
        deed: str | None = None
        dice: int | None = None
        square: int | None = None
        if self.kind is DeedKind.UTILITY:
            text = self.query_one("#dice", Input).value
            dice = int(text) if text else None
        if self.journeys:
            for field in self.query("#square").results(Select):
                square = field.value if isinstance(field.value, int) else None
            return c.DrawCard(player=self.player, card=self.card.id, dice=dice, square=square)
        if self.kind is not None:
            value = self.query_one("#deed", Select).value
            deed = value if isinstance(value, str) else None
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
        if len(self.journeys) > 1 and command.square is None:
            reason = _("Pick the square {p} drew the card on.").format(p=self.player)
        elif not self.journeys and self.kind is not None and command.deed is None:
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
