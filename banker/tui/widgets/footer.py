"""The keys along the bottom of the ledger, drawn with the screen's first frame.

Textual's own footer mounts a widget per key and waits for a later frame to show them;
the ledger is the first screen the banker sees, so its keys are one line of text drawn
from the screen's active bindings (public `Screen.active_bindings`), redrawn when the
screen says its bindings changed (`Screen.bindings_updated_signal`). A click on a key
runs its action, as on Textual's footer.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget


class KeysFooter(Widget):
    """The screen's keys and what they do, one line, in the game's language."""

    COMPONENT_CLASSES = {"keys-footer--key"}
    """The style of a key's letter, apart from what it does."""

    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-description-foreground;
    }
    KeysFooter > .keys-footer--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self._spans: list[tuple[int, int, str]] = []
        """Where each key stands on the line (first cell, past the last) and its action."""
        self.labels: list[str] = []
        """What each key shown does, as drawn last."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if screen is self.screen:
            self.refresh()

    def render(self) -> Text:
        line = Text(no_wrap=True, overflow="ellipsis")
        spans: list[tuple[int, int, str]] = []
        labels: list[str] = []
        seen: set[str] = set()
        key_style = self.get_component_rich_style("keys-footer--key")
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            start = line.cell_len
            key = f" {self.app.get_key_display(binding)} "
            line.append(key, style=key_style if enabled else "dim")
            line.append(f"{binding.description} ", style="" if enabled else "dim")
            spans.append((start, line.cell_len, binding.action))
            labels.append(binding.description)
        palette = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if self.app.ENABLE_COMMAND_PALETTE and palette is not None:
            _node, binding, _enabled, _tooltip = palette
            start = line.cell_len
            line.append(f" {self.app.get_key_display(binding)} ", style=key_style)
            line.append(f"{binding.description} ")
            spans.append((start, line.cell_len, binding.action))
            labels.append(binding.description)
        self._spans = spans
        self.labels = labels
        return line

    async def on_click(self, event: events.Click) -> None:
        for start, end, action in self._spans:
            if start <= event.x < end:
                event.stop()
                await self.screen.run_action(action)
                return
