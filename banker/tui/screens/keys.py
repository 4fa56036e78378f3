"""Every key of the ledger and what it does: the footer shows the common ones, `?` all."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from banker.tui.screens.dialog import Dialog
from banker.tui.speech import _


class KeysScreen(Dialog[None]):
    """The ledger's keys in two columns, each with what it does; Escape closes it."""

    def __init__(self, keys: list[tuple[str, str]]) -> None:
        super().__init__()
        self.keys = keys

    def compose(self) -> ComposeResult:
        half = (len(self.keys) + 1) // 2
        table = Table.grid(padding=(0, 1))
        for _n in range(2):
            table.add_column(justify="right", no_wrap=True)
            table.add_column(no_wrap=True)
        left, right = self.keys[:half], self.keys[half:]
        for n, (key, does) in enumerate(left):
            row = [Text(key, style="bold"), Text(does)]
            if n < len(right):
                other, other_does = right[n]
                row += [Text(other, style="bold"), Text(other_does)]
            table.add_row(*row)
        with Vertical(classes="dialog") as box:
            box.border_title = _("Keys on the ledger")
            yield Static(table, classes="body")
            with Horizontal(classes="buttons"):
                yield self.cancel_button(_("Close"))

    def on_mount(self) -> None:
        self.query_one("#cancel").focus()
