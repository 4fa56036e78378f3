"""Each player's worth over the game, drawn in text: two rows of bars per player, one scale
for everyone, so the table can see who led when.

The scale runs from the lowest worth anyone had to the highest, so the differences between
players show; a bankrupt player's zero is an empty column.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text
from textual.widget import Widget

from banker.core.money import Money
from banker.tui.speech import _, pad

BARS = " ▁▂▃▄▅▆▇█"
"""Eighths of a cell, empty to full."""
LEVELS = 2 * (len(BARS) - 1)
"""Two rows per player: sixteen steps from nothing to the richest moment of the game."""


def resample(values: list[Money], width: int) -> list[Money]:
    """`values` stretched or thinned to `width` columns."""
    if not values or width <= 0:
        return []
    if len(values) == 1:
        return values * width
    return [values[round(i * (len(values) - 1) / max(1, width - 1))] for i in range(width)]


def step(value: Money, low: Money, high: Money) -> int:
    """How many of the sixteen steps `value` fills: one at the lowest worth, all at the
    highest, none for nothing at all."""
    if value <= 0:
        return 0
    if high <= low:
        return LEVELS
    return 1 + round((value - low) * (LEVELS - 1) / (high - low))


class WorthChart(Widget):
    """Worth over the game, one band per player in the player's colour."""

    DEFAULT_CSS = """
    WorthChart {
        height: auto;
    }
    """

    def __init__(
        self,
        history: dict[str, list[Money]],
        colours: dict[str, str],
        money: Callable[[Money], str] = str,
        **kwargs: object,
    ) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.history = history
        self.colours = colours
        self.money = money

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return 2 * len(self.history) + 1

    def render(self) -> RenderableType:
        names = list(self.history)
        if not names:
            return Text("")
        name_width = min(14, max(cell_len(n) for n in names)) + 1
        finals = [self.money(v[-1] if v else 0) for v in self.history.values()]
        value_width = max(cell_len(f) for f in finals) + 1
        width = max(4, self.size.width - name_width - value_width)
        every = [v for values in self.history.values() for v in values]
        low = min((v for v in every if v > 0), default=0)
        high = max(every, default=0)
        rows: list[Text] = []
        for name in names:
            values = resample(self.history[name], width)
            steps = [step(v, low, high) for v in values]
            colour = self.colours.get(name, "")
            upper = "".join(BARS[max(0, s - len(BARS) + 1)] for s in steps)
            lower = "".join(BARS[min(len(BARS) - 1, s)] for s in steps)
            rows.append(Text.assemble(" " * name_width, (upper, colour)))
            rows.append(
                Text.assemble(
                    (pad(pad(name, name_width - 1), name_width), f"bold {colour}"),
                    (lower, colour),
                    (finals[names.index(name)].rjust(value_width), "bold"),
                )
            )
        scale = _("scale {low} to {high}").format(low=self.money(low), high=self.money(high))
        start, now = _("start"), _("now")
        axis = Text(" " * name_width + start, style="dim")
        gap = width - cell_len(start) - cell_len(now) - cell_len(scale)
        axis.append(" " * max(1, gap // 2) + scale + " " * max(1, gap - gap // 2) + now)
        axis.stylize("dim")
        rows.append(axis)
        return Group(*rows)
