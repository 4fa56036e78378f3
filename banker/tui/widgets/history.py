"""The history of the game, latest first, one plain sentence per entry.

Undo and redo fold into the entries they act on: an undone command is struck through
where it stands, and is plain again once redone; the undo and redo entries themselves are
in the whole history (`h`), not on the ledger."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from banker.store.glance import HISTORY_SHOWN as SHOWN
from banker.store.glance import LogEntry
from banker.tui.speech import _, said

__all__ = ["SHOWN", "HistoryView"]


class HistoryView(Widget):
    """The latest journal entries, newest at the top, as many as the panel holds.
    The whole journal is `banker log GAME`."""

    COMPONENT_CLASSES = {"history--undone", "history--undo", "history--setup"}

    entries: reactive[tuple[LogEntry, ...]] = reactive(())
    """The entries to show, oldest first, as the journal gives them (redrawn only when
    they change)."""

    def render(self) -> RenderableType:
        lines = Text(no_wrap=False, overflow="fold")
        undone = self.get_component_rich_style("history--undone")
        undo = self.get_component_rich_style("history--undo")
        setup = self.get_component_rich_style("history--setup")
        shown = [e for e in reversed(self.entries) if e.kind not in ("undo", "redo")]
        # No more entries than the panel has lines: each takes one at least.
        del shown[max(1, self.size.height) :]
        for i, entry in enumerate(shown):
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
