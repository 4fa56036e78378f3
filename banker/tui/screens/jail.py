"""A player in jail is asked before the throw: pay the fine, use a Get Out of Jail Free card,
or throw for doubles. What applies, and what it costs, is the core's (the Jail square's
offers); this dialog only draws it and adds the throw."""

from __future__ import annotations

from typing import Final

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from banker.core import commands as c
from banker.core.edition import SquareKind
from banker.core.offers.landing import land_on_square
from banker.core.state import GameState
from banker.tui.screens.dialog import Dialog
from banker.tui.speech import _, said

THROW: Final = "throw"
"""The answer that asks for the throw from jail rather than a command."""


class JailScreen(Dialog[c.Command | str]):
    """In jail: `f` pays the fine, `c` uses a card (each then followed by the throw), `t`
    (or Enter) records the throw from jail."""

    def __init__(self, state: GameState, player: str) -> None:
        super().__init__()
        self.state = state
        self.player = player
        self.commands: dict[str, c.Command] = {}

    def compose(self) -> ComposeResult:
        found = land_on_square(self.state, self.player, SquareKind.JAIL)
        with Vertical(classes="dialog landed") as box:
            box.border_title = _("{p} is in jail").format(p=self.player)
            for line in found.says:
                yield Static(said(line), classes="body")
            buttons = [self.choice("t", _("Throw the dice"), "throw")]
            for offer in found.offers:
                self.commands[offer.key] = offer.command
                reason = None if offer.refusal is None else said(offer.refusal)
                buttons.append(
                    self.choice(offer.key, said(offer.label), f"do-{offer.key}", reason=reason)
                )
            buttons.append(self.cancel_button(_("Close")))
            # Two rows, so every choice shows at 80 columns and in every language.
            with Horizontal(classes="buttons"):
                yield from buttons[:2]
            with Horizontal(classes="buttons"):
                yield from buttons[2:]

    def on_mount(self) -> None:
        self.query_one("#throw", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        if button_id == "throw":
            self.dismiss(THROW)
        elif button_id.startswith("do-"):
            self.dismiss(self.commands[button_id.removeprefix("do-")])
