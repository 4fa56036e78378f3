"""The history of the game, latest first, one plain sentence per entry, undone ones marked."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from banker.store import LogEntry
from banker.tui.speech import _, said

SHOWN = 60
"""Entries drawn at once: the latest ones, more than the tallest screen shows; the full
journal stays on disk (`banker log`). Fewer lines to wrap keeps each keypress fast."""


class HistoryView(Widget):
    """The latest journal entries, newest at the top."""

    COMPONENT_CLASSES = {"history--undone", "history--undo", "history--setup"}

    entries: reactive[tuple[LogEntry, ...]] = reactive((), always_update=True, layout=True)
    """The entries to show, oldest first, as the journal gives them."""

    def render(self) -> RenderableType:
        lines = Text(no_wrap=False, overflow="fold")
        undone = self.get_component_rich_style("history--undone")
        undo = self.get_component_rich_style("history--undo")
        setup = self.get_component_rich_style("history--setup")
        for i, entry in enumerate(reversed(self.entries)):
            if i:
                lines.append("\n")
            text = said(entry.message)
            if entry.undone:
                lines.append(text, style=undone)
                lines.append("  " + _("(undone)"), style="italic")
            elif entry.kind in ("undo", "redo"):
                lines.append(text, style=undo)
            elif entry.kind == "setup":
                lines.append(text, style=setup)
            else:
                lines.append(text)
        return lines
