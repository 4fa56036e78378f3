"""Each player's worth over the game, drawn in text: two rows of bars per player, one scale
for everyone, so the table can see who led when."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.text import Text
from textual.widget import Widget

from banker.core.money import Money

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
        name_width = min(14, max(len(n) for n in names)) + 1
        finals = [self.money(v[-1] if v else 0) for v in self.history.values()]
        value_width = max(len(f) for f in finals) + 1
        width = max(4, self.size.width - name_width - value_width)
        top = max((max(v) for v in self.history.values() if v), default=0) or 1
        rows: list[Text] = []
        for name in names:
            values = resample(self.history[name], width)
            steps = [min(LEVELS, round(v * LEVELS / top)) for v in values]
            colour = self.colours.get(name, "")
            upper = "".join(BARS[max(0, s - len(BARS) + 1)] for s in steps)
            lower = "".join(BARS[min(len(BARS) - 1, s)] for s in steps)
            rows.append(Text.assemble(" " * name_width, (upper, colour)))
            rows.append(
                Text.assemble(
                    (name[: name_width - 1].ljust(name_width), f"bold {colour}"),
                    (lower, colour),
                    (finals[names.index(name)].rjust(value_width), "bold"),
                )
            )
        first = Text(" " * name_width + "start", style="dim")
        end = "now"
        first.append(" " * max(1, width - len("start") - len(end)) + end, style="dim")
        rows.append(first)
        return Group(*rows)
