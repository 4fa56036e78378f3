"""The keys along the bottom of the ledger, drawn with the screen's first frame.

Textual's own footer mounts a widget per key and waits for a later frame to show them;
the ledger is the first screen the banker sees, so its keys are one line of text drawn
from the screen's active bindings (public `Screen.active_bindings`), redrawn when the
screen says its bindings changed (`Screen.bindings_updated_signal`). A click on a key
runs its action, as on Textual's footer.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget


def _wrap(
    keys: list[tuple[str, str, str, bool]], width: int, close: bool
) -> list[list[tuple[str, str, str, bool]]]:
    """The keys in lines of `width` cells, each line taking keys while the next fits."""
    lines: list[list[tuple[str, str, str, bool]]] = [[]]
    used = 0
    for key in keys:
        cells = _cells(key, close)
        if lines[-1] and used + cells > width:
            lines.append([])
            used = 0
        lines[-1].append(key)
        used += cells
    return lines


def _cells(key: tuple[str, str, str, bool], close: bool) -> int:
    """The cells a key takes on the footer: its key and words, with the space after."""
    return cell_len(f" {key[0]} {key[1]}") + (0 if close else 1)


class KeysFooter(Widget):
    """The screen's keys and what they do, in the game's language: one line when they
    fit, more when they do not (never a key cut off)."""

    COMPONENT_CLASSES = {"keys-footer--key"}
    """The style of a key's letter, apart from what it does."""

    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: auto;
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
        self._spans: list[tuple[int, int, int, str]] = []
        """Where each key stands (its line, first cell, past the last) and its action."""
        self.labels: list[str] = []
        """What each key shown does, as drawn last."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if screen is self.screen:
            self.refresh(layout=True)

    def _keys(self) -> list[tuple[str, str, str, bool]]:
        """Each key shown: its key, what it does, its action and whether it acts now."""
        keys: list[tuple[str, str, str, bool]] = []
        seen: set[str] = set()
        active = self.screen.active_bindings  # worked out from the focus chain on each read
        for _node, binding, enabled, _tooltip in active.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            keys.append(
                (self.app.get_key_display(binding), binding.description, binding.action, enabled)
            )
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        if "keys" in seen:
            palette = None  # `?` lists every key, the palette's among them: room for both
        if self.app.ENABLE_COMMAND_PALETTE and palette is not None:
            _node, binding, _enabled, _tooltip = palette
            if binding.action not in seen:
                keys.append(
                    (self.app.get_key_display(binding), binding.description, binding.action, True)
                )
        return keys

    def _lines(self, width: int) -> tuple[list[list[tuple[str, str, str, bool]]], bool]:
        """The keys on as many lines as `width` needs, and whether they are set close.

        The footer gives way in this order: the keys go onto a further line, standing one
        space apart instead of two when that saves a line. A key and its words are never
        cut or parted; a line takes keys until the next would not fit whole.
        """
        keys = self._keys()
        spaced, close = _wrap(keys, width, False), _wrap(keys, width, True)
        if len(close) < len(spaced):
            return close, True
        return spaced, False

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self._lines(width)[0])

    def render(self) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis")
        spans: list[tuple[int, int, int, str]] = []
        labels: list[str] = []
        key_style = self.get_component_rich_style("keys-footer--key")
        lines, close = self._lines(self.size.width)
        for y, keys in enumerate(lines):
            if y:
                out.append("\n")
            x = 0
            for item in keys:
                key, description, action, enabled = item
                start = x
                out.append(f" {key} ", style=key_style if enabled else "dim")
                out.append(
                    description if close else f"{description} ", style="" if enabled else "dim"
                )
                x += _cells(item, close)
                spans.append((y, start, x, action))
                labels.append(description)
        self._spans = spans
        self.labels = labels
        return out

    async def on_click(self, event: events.Click) -> None:
        for y, start, end, action in self._spans:
            if y == event.y and start <= event.x < end:
                event.stop()
                await self.screen.run_action(action)
                return
