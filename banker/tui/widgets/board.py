"""The board's deeds by colour group, in the group's colour, with owner and buildings.

Drawn as one widget: the groups side by side in columns, as many as the width holds
well, each a coloured title and one line per lot.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget

from banker.core.view import GroupPanel, LedgerView, LotLine
from banker.tui.looks import buildings_mark, seat_colour, short_name
from banker.tui.speech import _, pad

ROOMY = 30
"""From this width a group card spells out `mortgaged` and longer owner names."""
NARROW = 20
"""Below this width a group card shows the owner's seat number (in the owner's colour)
instead of the name, so the deed's name keeps its room."""
WITH_RENT = 44
"""From this width a group card shows the rent each owned deed collects now."""
COLUMNS = 2
"""Colour groups side by side."""
WIDE = 90
"""From this width the columns stand further apart."""


def rent_text(view: LedgerView, lot: LotLine) -> str:
    """The rent the deed collects as it stands, or the dice rule for a utility."""
    if lot.dice is not None:
        return _("{n}×dice").format(n=lot.dice)
    return view.money(lot.rent) if lot.rent is not None else ""


def _ink_on(hex_colour: str) -> str:
    """Black or white, whichever reads better on the group's colour."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def group_lines(view: LedgerView, group: GroupPanel, width: int) -> list[Text]:
    """One colour group as the board shows it, `width` cells wide: title, then its lots."""
    head = Text(f" {_(group.title)} ", style="bold", no_wrap=True, overflow="ellipsis")
    head.truncate(width, overflow="ellipsis")
    head.stylize(f"{_ink_on(group.colour)} on {group.colour}" if group.colour else "reverse")
    lines = [head]
    roomy = width >= ROOMY
    narrow = width < NARROW
    with_rent = width >= WITH_RENT
    owner_width, mark_width = (8, 9) if roomy else (1, 4) if narrow else (5, 5)
    rent_width = 8 if with_rent else 0
    name_width = width - owner_width - mark_width - (rent_width + 1 if with_rent else 0) - 2
    mortgaged = _("mortgaged") if roomy else "m" if narrow else _("mort.")
    for lot in group.lots:
        shown = short_name(lot.name, name_width)
        line = Text(no_wrap=True, overflow="crop")
        if lot.owner is None:
            line.append(pad(shown, name_width) + " ", style="dim")
            bank = "·" if narrow else _("bank")
            line.append(pad(bank, owner_width) + " ", style="dim italic")
            line.append(" " * mark_width)
        else:
            seat = view.seat_of(lot.owner)
            owner = str(seat or "?") if narrow else lot.owner
            line.append(pad(shown, name_width) + " ")
            line.append(pad(owner, owner_width) + " ", style=f"bold {seat_colour(seat)}")
            if lot.mortgaged:
                line.append(pad(mortgaged, mark_width, right=True), style="italic dim")
            else:
                mark = "H" if narrow and lot.hotel else buildings_mark(lot.houses, lot.hotel)
                line.append(
                    pad(mark, mark_width, right=True),
                    style="bold" if lot.hotel else "",
                )
        if with_rent:
            line.append(" " + pad(rent_text(view, lot), rent_width, right=True), style="dim")
        lines.append(line)
    return lines


class BoardView(Widget):
    """Every deed of the edition, grouped as on the board."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.view: LedgerView | None = None

    def show(self, view: LedgerView) -> None:
        self.view = view
        self.refresh()

    def relabel(self) -> None:
        """Redraw every group in the game's language."""
        self.refresh()

    def render(self) -> RenderableType:
        view = self.view
        if view is None:
            return ""
        width = self.size.width
        gutter = 3 if width >= WIDE else 2
        card = max(10, (width - gutter * (COLUMNS - 1)) // COLUMNS)
        out = Text(no_wrap=True, overflow="crop")
        groups = list(view.groups)
        rows = [
            [group_lines(view, g, card) for g in groups[start : start + COLUMNS]]
            for start in range(0, len(groups), COLUMNS)
        ]
        tall = sum(max(len(c) for c in row) for row in rows) + len(rows) - 1
        between = "\n\n" if tall <= self.size.height else "\n"  # short: rows touch
        for n, cards in enumerate(rows):
            if n:
                out.append(between)
            for y in range(max(len(c) for c in cards)):
                if y:
                    out.append("\n")
                for x, lines in enumerate(cards):
                    if x:
                        out.append(" " * gutter)
                    line = lines[y] if y < len(lines) else Text()
                    out.append_text(line)
                    if x < len(cards) - 1:
                        out.append(" " * (card - line.cell_len))
        return out
