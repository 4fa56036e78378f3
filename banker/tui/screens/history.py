"""The whole history of the game (`h`): every journal entry, latest first, scrollable, and
searchable by any word of what was said (the search box at the bottom, like the command
bar, where notifications never stand).

The ledger shows the latest entries that fit, with undo and redo folded in; here every
entry stands, undo and redo included, with the time it was journaled.
"""

from __future__ import annotations

from datetime import datetime

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, Input, OptionList, Static

from banker.i18n.message import N_
from banker.store.glance import LogEntry
from banker.tui.looks import SCREENS_CSS
from banker.tui.screens.follow import Follows
from banker.tui.speech import SpeaksTheGame, _, said
from banker.tui.widgets.footer import KeysFooter


def local_time(at: str) -> str:
    """The hour and minute an entry was journaled, on this computer's clock."""
    try:
        return datetime.fromisoformat(at).astimezone().strftime("%H:%M")
    except ValueError:
        return "--:--"


class HistoryScreen(Follows, SpeaksTheGame, Screen[None]):
    """Every entry of the journal; typing narrows it to the entries that say those words."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [
        Binding("escape", "leave", N_("Ledger")),
        Binding("down", "scroll(1)", N_("Down"), show=False),
        Binding("up", "scroll(-1)", N_("Up"), show=False),
        Binding("pagedown", "scroll(10)", N_("Page down"), show=False),
        Binding("pageup", "scroll(-10)", N_("Page up"), show=False),
    ]
    """Type to search; the arrows and page keys scroll; Escape goes back to the ledger."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[tuple[LogEntry, str]] = []
        """Every entry with its sentence in the game's language, latest first."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="history-screen"):
            yield OptionList(id="history-list")
            yield Static(id="history-count")
            search = Input(id="history-search")
            search.placeholder = _("Search: a player, a deed, an amount…")
            yield search
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = _("The whole history, latest first")
        self.game_changed()
        self.query_one("#history-search", Input).focus()

    def game_changed(self) -> None:
        journal = self.banker.journal
        if journal is None:
            return
        self.lines = [(entry, said(entry.message)) for entry in reversed(journal.entries())]
        self._show(self.query_one("#history-search", Input).value)

    @on(Input.Changed, "#history-search")
    def _search(self, event: Input.Changed) -> None:
        self._show(event.value)

    def _show(self, query: str) -> None:
        words = query.casefold().split()
        found = [
            (entry, text)
            for entry, text in self.lines
            if all(word in text.casefold() for word in words)
        ]
        listing = self.query_one("#history-list", OptionList)
        listing.clear_options()
        listing.add_options([self._line(entry, text) for entry, text in found])
        self.query_one("#history-count", Static).update(
            _("{shown} of {total} entries").format(shown=len(found), total=len(self.lines))
        )

    def _line(self, entry: LogEntry, text: str) -> Text:
        line = Text(f"{entry.seq:>5}  {local_time(entry.at)}  ", style="dim")
        if entry.undone:
            line.append(text, style="strike dim")
            line.append("  " + _("(undone)"), style="italic")
        elif entry.kind in ("undo", "redo"):
            line.append(text, style="italic")
        else:
            line.append(text)
        return line

    def action_scroll(self, rows: int) -> None:
        listing = self.query_one("#history-list", OptionList)
        listing.scroll_relative(y=rows, animate=False)

    def action_leave(self) -> None:
        self.dismiss(None)
