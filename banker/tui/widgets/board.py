"""The board's deeds by colour group, in the group's colour, with owner and buildings.

Drawn as one widget: the groups side by side in columns, as many as the width holds
well, each a coloured title and one line per lot.
"""

from __future__ import annotations

from rich.cells import cell_len
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
MOST_COLUMNS = 6
"""Columns of groups at most, on a wide and short board."""
CARD_AT_LEAST = 12
"""The narrowest group card a board takes a further column for."""
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


NAME_AT_LEAST = 15
"""A deed's name keeps this many cells before an owner's name takes more than eight."""


def group_lines(view: LedgerView, group: GroupPanel, width: int) -> list[Text]:
    """One colour group as the board shows it, `width` cells wide: title, then its lots.
    The owner's name is shown whole when the deed's name keeps `NAME_AT_LEAST` cells,
    else cut to eight (and to the seat number on a narrow card)."""
    head = Text(f" {_(group.title)} ", style="bold", no_wrap=True, overflow="ellipsis")
    head.truncate(width, overflow="ellipsis")
    head.stylize(f"{_ink_on(group.colour)} on {group.colour}" if group.colour else "reverse")
    lines = [head]
    roomy = width >= ROOMY
    narrow = width < NARROW
    with_rent = width >= WITH_RENT
    # A middling card keeps the hotel's and the mortgage's word whole (Thai โรงแรม is 6).
    middling = max(5, cell_len(_("hotel")), cell_len(_("mort.")))
    mark_width = 9 if roomy else 4 if narrow else middling
    rent_width = 8 if with_rent else 0
    bank = _("bank")  # stands in the owner's column: Thai ธนาคาร is longer than a name
    longest = max([cell_len(bank), *(cell_len(p.name) for p in view.players)])
    owner_width = owner_cells(width, longest)
    if narrow or cell_len(bank) > owner_width:
        bank = "·"  # the owner's column too narrow for the word: the dot, as on a narrow card
    name_width = width - owner_width - mark_width - (rent_width + 1 if with_rent else 0) - 2
    mortgaged = _("mortgaged") if roomy else "m" if narrow else _("mort.")
    for lot in group.lots:
        shown = short_name(lot.name, name_width)
        line = Text(no_wrap=True, overflow="crop")
        if lot.owner is None:
            line.append(pad(shown, name_width) + " ", style="dim")
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


def owner_cells(width: int, longest: int) -> int:
    """The cells a group card `width` wide gives the owner's name, the longest name being
    `longest` cells: whole when the deed's name keeps `NAME_AT_LEAST` cells, else cut to
    eight (and to the seat number on a narrow card)."""
    if width < ROOMY:
        return 1 if width < NARROW else 5
    room = width - 9 - (9 if width >= WITH_RENT else 0) - 2 - NAME_AT_LEAST
    return max(min(8, longest), min(longest, room))


def _card_width(width: int) -> int:
    """A group card's cells on a board `width` cells wide, the groups side by side."""
    gutter = 3 if width >= WIDE else 2
    return max(10, (width - gutter * (COLUMNS - 1)) // COLUMNS)


def _stack(rows: list[list[list[Text]]], column: int, spaced: bool, aligned: bool) -> list[Text]:
    """One column of group cards, one under another: a blank line between them if
    `spaced`; each padded to its row's tallest card if `aligned` (the columns side by side),
    else packed (the shortest the board can be, for a short terminal)."""
    lines: list[Text] = []
    for n, row in enumerate(rows):
        if n and spaced:
            lines.append(Text())
        card = row[column] if column < len(row) else []
        lines.extend(card)
        if aligned:
            lines.extend(Text() for _ in range(max(len(c) for c in row) - len(card)))
    return lines


def _newspaper(cards: list[list[Text]], columns: int) -> list[list[Text]]:
    """The group cards in board order down one column, then the next, in at most
    `columns` columns as even as they go: the shortest the board can be without parting
    a group."""
    sizes = [len(card) for card in cards]
    tallest = max(sizes, default=0)
    for height in range(tallest, sum(sizes) + 1):
        split: list[list[Text]] = [[]]
        for card in cards:
            if split[-1] and len(split[-1]) + len(card) > height:
                split.append([])
            split[-1].extend(card)
        if len(split) <= columns:
            return split
    return [[line for card in cards for line in card]]


def _drawn(view: LedgerView) -> tuple[object, ...]:
    """All of a view the board draws: the deeds, who holds them, the money's format."""
    names = tuple((p.name, p.seat) for p in view.players)
    return (view.groups, names, view.language, view.currency, view.currency_suffix)


class BoardView(Widget):
    """Every deed of the edition, grouped as on the board."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.view: LedgerView | None = None

    def show(self, view: LedgerView) -> None:
        """Show the deeds as they stand in `view`; redrawn only when what the board draws
        changed (most commands move money, not deeds)."""
        before, self.view = self.view, view
        if before is None or _drawn(before) != _drawn(view):
            self.refresh()

    def relabel(self) -> None:
        """Redraw every group in the game's language."""
        self.refresh()

    def owners_whole_at(self, cells: int) -> bool:
        """Whether a board `cells` wide (inside its border) shows every owner's name whole:
        the Players panel takes room for the token's square only as far as this holds."""
        view = self.view
        longest = max((cell_len(p.name) for p in view.players), default=0) if view else 0
        return owner_cells(_card_width(cells), longest) >= longest

    def render(self) -> RenderableType:
        view = self.view
        if view is None:
            return ""
        width = self.size.width
        height = self.size.height
        gutter = 3 if width >= WIDE else 2
        card = _card_width(width)
        out = Text(no_wrap=True, overflow="crop")
        groups = list(view.groups)
        rows = [
            [group_lines(view, g, card) for g in groups[start : start + COLUMNS]]
            for start in range(0, len(groups), COLUMNS)
        ]
        aligned = sum(max(len(c) for c in row) for row in rows)
        if aligned + len(rows) - 1 <= height:
            stacked = [_stack(rows, x, True, True) for x in range(COLUMNS)]
        elif aligned <= height:  # short: no blank lines between the groups
            stacked = [_stack(rows, x, False, True) for x in range(COLUMNS)]
        else:  # shorter still: the groups in board order down a column, then the next;
            # a wide and short board (the panels stacked) takes more columns
            for columns in range(COLUMNS, MOST_COLUMNS + 1):
                narrower = max(10, (width - gutter * (columns - 1)) // columns)
                if columns > COLUMNS and narrower < CARD_AT_LEAST:
                    break
                card = narrower
                stacked = _newspaper([group_lines(view, g, card) for g in groups], columns)
                if max(len(c) for c in stacked) <= height:
                    break
        for y in range(max(len(c) for c in stacked)):
            if y:
                out.append("\n")
            for x, lines in enumerate(stacked):
                if x:
                    out.append(" " * gutter)
                line = lines[y] if y < len(lines) else Text()
                out.append_text(line)
                if x < len(stacked) - 1:
                    out.append(" " * (card - line.cell_len))
        return out
