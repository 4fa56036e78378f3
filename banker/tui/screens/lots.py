"""The dialog where the winner of a house or hotel auction picks the lot it goes on, among
the lots the core offers."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from banker.core.offers.auction import building_lots
from banker.core.state import GameState
from banker.tui.screens.dialog import Dialog
from banker.tui.speech import _
from banker.tui.words import level_word


class LotPicker(Dialog[str]):
    """The winner of a house or hotel auction chooses the lot it goes on."""

    def __init__(self, state: GameState, winner: str, kind: str, price: str) -> None:
        super().__init__()
        self.state = state
        self.winner = winner
        self.kind = kind
        self.bid = price
        self.lots = building_lots(state, winner, kind)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            if self.kind == "house":
                title = _("Where does {p} put the house?")
                body = _(
                    "{p} pays {amount} for one house. Only the lots where "
                    "it is legal now (building evenly) are offered."
                )
            else:
                title = _("Where does {p} put the hotel?")
                body = _(
                    "{p} pays {amount} for one hotel. Only the lots where "
                    "it is legal now (building evenly) are offered."
                )
            box.border_title = title.format(p=self.winner)
            yield Static(body.format(p=self.winner, amount=self.bid), classes="body")
            options = []
            for lot in self.lots:
                prompt = Text(lot, style="bold")
                now = _("now {buildings}").format(buildings=level_word(self.state.level(lot)))
                prompt.append(f"  {now}", style="dim")
                options.append(Option(prompt, id=lot))
            if options:
                yield OptionList(*options, id="lots")
            else:
                yield Static(
                    _("{p} has no lot where it is legal now.").format(p=self.winner),
                    classes="reason",
                )
            with Horizontal(classes="buttons"):
                yield self.cancel_button(_("Back to the auction"))

    def on_mount(self) -> None:
        found = self.query("#lots")
        if found:
            found.first().focus()

    @on(OptionList.OptionSelected, "#lots")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
