"""Where did the token land? Type a few letters of a deed, a square or a card and pick it."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from banker.core.edition import Edition
from banker.core.names import candidates
from banker.tui.screens.dialog import Dialog
from banker.tui.speech import N_, _
from banker.tui.words import Landing, landings


class SquarePicker(Dialog[Landing]):
    """Fuzzy search over the board: `board` is Boardwalk, `st ch` St. Charles Place."""

    BINDINGS = [
        Binding("down", "move(1)", N_("Next"), show=False),
        Binding("up", "move(-1)", N_("Previous"), show=False),
    ]
    """The arrows move through the matches while the typing stays in the box."""

    def __init__(self, player: str, edition: Edition) -> None:
        super().__init__()
        self.player = player
        self.places = landings(edition)
        self.by_label = {place.label: place for place in self.places}
        self.shown: list[Landing] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog picker") as box:
            box.border_title = _("{p} landed on…").format(p=self.player)
            yield Input(
                placeholder=_("a deed, a square or a card: board, st ch, tax, chance"), id="query"
            )
            yield OptionList(id="matches")
            yield Static(_("Enter picks the highlighted one · Esc cancels"), classes="hint")

    def on_mount(self) -> None:
        self._show("")

    @on(Input.Changed, "#query")
    def _typed(self, event: Input.Changed) -> None:
        self._show(event.value)

    def _show(self, query: str) -> None:
        if query.strip():
            labels = candidates(query, [p.label for p in self.places])
            self.shown = [self.by_label[label] for label in labels]
        else:
            self.shown = [p for p in self.places if p.card is None]
        matches = self.query_one("#matches", OptionList)
        matches.clear_options()
        matches.add_options([Option(p.label) for p in self.shown])
        if self.shown:
            matches.highlighted = 0

    def action_move(self, step: int) -> None:
        matches = self.query_one("#matches", OptionList)
        if self.shown:
            current = matches.highlighted or 0
            matches.highlighted = max(0, min(len(self.shown) - 1, current + step))

    @on(Input.Submitted, "#query")
    def _submitted(self) -> None:
        highlighted = self.query_one("#matches", OptionList).highlighted
        if highlighted is None or not self.shown:
            self.notify(
                _("Nothing on the board matches that: type a few letters of its name."),
                severity="warning",
            )
            return
        self.dismiss(self.shown[highlighted])

    @on(OptionList.OptionSelected, "#matches")
    def _clicked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.shown[event.option_index])
