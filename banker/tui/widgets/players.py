"""The players at the table: cash first and clear, then worth, deeds and jail cards."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from banker.core.view import LedgerView, PlayerLine
from banker.i18n.message import N_
from banker.tui.looks import seat_colour, short_name
from banker.tui.speech import _, _in, pad

COLUMNS = (
    ("seat", "#"),
    ("name", N_("Player")),
    ("cash", N_("Cash")),
    ("worth", N_("Worth")),
    ("deeds", N_("Deeds")),
    ("cards", N_("Cards")),
    ("square", N_("On")),
)
"""Each column's key and its head, in English; shown in the game's language. The worth is
income tax's (mortgaged deeds in full): the panel's subtitle says so, since the end of the
game ranks by another worth. The square the token stands on comes last: a narrow panel
crops it, a wide one shows it."""

GAP = 2
"""Cells between two columns, when there is room."""
TIGHT_GAP = 1
"""Cells between two columns once the panel is narrow."""
SQUARE_AT_LEAST = 8
"""The fewest cells the token's square is shown in; a narrower panel leaves it out."""
SQUARE_SHORT = 14
"""The cells the token's square is given on a middling screen (120 columns): the name as
the table says it short (`Penn RR`, `Community Chest`)."""
STRIP_AT_LEAST = 3
"""The fewest deed swatches shown beside the count before the strip is cut with `…`."""


@dataclass(frozen=True)
class Fit:
    """How the table fits its width: what it has given way on so far.

    The order of giving way, narrowest last: the token's square goes first, then the
    columns close up, then the Deeds column takes its narrow head (Malay's "Geran" for
    "Surat ikatan": the head, not a debtor's tag, gives way first), then a debtor's name
    drops the word "owes" (the cash stays red and the Bank panel says whom they owe) with
    the whole head back if the tag was all it made room for, then the narrow head again,
    then the deed swatches are cut to the room left (the count stays). The seat, the turn
    marker, every name, cash, worth and jail cards never go: a panel too narrow for them
    is the ledger's cue to stack its panels (see `LedgerScreen.lay_out`).
    """

    gap: int = GAP
    square: bool = True
    owes_tag: bool = True
    strip: int | None = None
    """Swatches shown at most, None for all of them."""
    narrow_heads: bool = False
    """The column heads as a narrow column says them."""


def _head(key: str, label: str, fit: Fit) -> str:
    """A column's head in the game's language (the seat's `#` as it is)."""
    if key == "seat":
        return label
    if key == "deeds" and fit.narrow_heads:
        return _in("narrow column", "Deeds")
    return _(label)


def _drawn(view: LedgerView) -> tuple[object, ...]:
    """All of a view the players' table draws."""
    return (view.players, view.language, view.currency, view.currency_suffix)


class PlayersTable(Widget, can_focus=True):
    """One line per player, in turn order; the highlighted line is the player the keys
    act on. Up and down move it; Enter (or a click on the highlighted line) chooses it."""

    BINDINGS = [
        Binding("up", "cursor(-1)", N_("Up"), show=False),
        Binding("down", "cursor(1)", N_("Down"), show=False),
        Binding("home", "cursor_to(0)", N_("First"), show=False),
        Binding("end", "cursor_to(-1)", N_("Last"), show=False),
        Binding("enter", "choose", N_("Landed"), show=False),
    ]

    COMPONENT_CLASSES = {"players--header", "players--cursor", "players--cursor-blurred"}

    cursor_row: reactive[int] = reactive(0)
    """The highlighted line, 0 for the first player."""

    class RowSelected(Message):
        """The banker chose the highlighted player (Enter, or a click on them)."""

        def __init__(self, table: PlayersTable, row: int) -> None:
            super().__init__()
            self.table = table
            self.cursor_row = row

        @property
        def control(self) -> PlayersTable:
            return self.table

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.view: LedgerView | None = None

    @property
    def row_count(self) -> int:
        return len(self.view.players) if self.view else 0

    def show(self, view: LedgerView) -> None:
        """Show the players as they stand in `view`, keeping the highlighted line."""
        before, self.view = self.view, view
        self.cursor_row = max(0, min(self.cursor_row, self.row_count - 1))
        if before is not None and _drawn(before) == _drawn(view):
            return  # nothing the table draws changed (a deed built on, say)
        self.refresh(layout=before is None or len(view.players) != len(before.players))

    def relabel(self) -> None:
        """The column heads in the game's language (they are drawn from the table)."""
        self.refresh()

    def move_cursor(self, row: int) -> None:
        self.cursor_row = max(0, min(row, self.row_count - 1))

    def action_cursor(self, step: int) -> None:
        self.move_cursor(self.cursor_row + step)

    def action_cursor_to(self, row: int) -> None:
        self.move_cursor(row if row >= 0 else self.row_count - 1)

    def action_choose(self) -> None:
        if self.row_count:
            self.post_message(self.RowSelected(self, self.cursor_row))

    def on_click(self, event: events.Click) -> None:
        inside = event.get_content_offset(self)  # inside the border
        row = inside.y - 1 if inside is not None else -1  # under the line of column heads
        if 0 <= row < self.row_count:
            if row == self.cursor_row:
                self.action_choose()
            self.move_cursor(row)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return 1 + self.row_count

    FITS = (
        Fit(),
        Fit(square=False),
        Fit(gap=TIGHT_GAP, square=False),
        Fit(gap=TIGHT_GAP, square=False, narrow_heads=True),
        Fit(gap=TIGHT_GAP, square=False, owes_tag=False),  # the narrow head bought nothing
        Fit(gap=TIGHT_GAP, square=False, owes_tag=False, narrow_heads=True),
    )
    """The order of giving way, widest first; the last is followed by cutting the strip."""

    def _table(self, view: LedgerView, fit: Fit) -> tuple[list[str], list[list[Text]], list[int]]:
        """The heads, the cells of each row and each column's width, for `fit`."""
        rows = [self._cells(view, p, fit) for p in view.players]
        heads = [_head(key, label, fit) for key, label in COLUMNS]
        if not fit.square:
            heads, rows = heads[:-1], [r[:-1] for r in rows]
        widths = [
            max([cell_len(heads[i]), *(cell_len(r[i].plain) for r in rows)])
            for i in range(len(heads))
        ]
        if fit.square and widths[-1] < SQUARE_AT_LEAST:
            widths[-1] = SQUARE_AT_LEAST
        return heads, rows, widths

    def width_for(self, view: LedgerView, fit: Fit) -> int:
        """The fewest cells a line takes with `fit`: the token's square may be cut with
        an ellipsis down to `SQUARE_AT_LEAST` cells."""
        _heads, _rows, widths = self._table(view, fit)
        if fit.square:
            widths[-1] = min(widths[-1], SQUARE_AT_LEAST)
        return sum(widths) + fit.gap * (len(widths) - 1)

    def fit_to(self, view: LedgerView, width: int) -> Fit:
        """The first way of giving way that fits `width`; past the last, the deed strip is
        cut to what is left (to nothing but the count at the narrowest)."""
        for fit in self.FITS:
            if self.width_for(view, fit) <= width:
                return fit
        last = self.FITS[-1]
        longest = max((len(p.deeds) for p in view.players), default=0)
        for strip in range(longest - 1, STRIP_AT_LEAST - 1, -1):
            cut = replace(last, strip=strip)
            if self.width_for(view, cut) <= width:
                return cut
        return replace(last, strip=0)

    def natural_width(self) -> int:
        """The cells the table takes with nothing given way but the token's square."""
        return self.width_for(self.view, self.FITS[1]) if self.view else 0

    def width_with_square(self, square_cells: int | None = None) -> int:
        """The cells the table takes with the token's square shown in `square_cells` (its
        longest name whole when None): what the panel asks for when there is room."""
        view = self.view
        if view is None:
            return 0
        _heads, _rows, widths = self._table(view, self.FITS[0])
        if square_cells is not None:
            widths[-1] = min(widths[-1], max(square_cells, SQUARE_AT_LEAST))
        return sum(widths) + GAP * (len(widths) - 1)

    def least_width(self) -> int:
        """The fewest cells that still show every seat, name, cash, worth and jail card."""
        return self.width_for(self.view, replace(self.FITS[-1], strip=0)) if self.view else 0

    def render(self) -> RenderableType:
        view = self.view
        if view is None:
            return ""
        fit = self.fit_to(view, self.size.width)
        heads, rows, widths = self._table(view, fit)
        if fit.square:  # the square's name the way the table says it short, if it must be
            room = self.size.width - sum(widths[:-1]) - fit.gap * (len(widths) - 1)
            for row, player in zip(rows, view.players, strict=True):
                if player.square and cell_len(row[-1].plain) > room:
                    row[-1] = Text(short_name(_(player.square), room), style="dim")
        right = {2, 3}
        gap = " " * fit.gap
        header_style = self.get_component_rich_style("players--header")
        lines = Text(no_wrap=True, overflow="crop")
        for i, head in enumerate(heads):
            lines.append(
                pad(head, widths[i], right=i in right) + (gap if i < len(heads) - 1 else ""),
                style=header_style,
            )
        lines.truncate(self.size.width, overflow="crop")
        cursor = self.get_component_rich_style(
            "players--cursor" if self.has_focus else "players--cursor-blurred"
        )
        for y, cells in enumerate(rows):
            line = Text(no_wrap=True, overflow="crop")
            for i, cell in enumerate(cells):
                space = widths[i] - cell_len(cell.plain)
                if i in right:
                    line.append(" " * space)
                line.append_text(cell)
                if i not in right and i < len(cells) - 1:
                    line.append(" " * space)
                if i < len(cells) - 1:
                    line.append(gap)
            line.truncate(self.size.width, overflow="ellipsis")
            if y == self.cursor_row:
                line.pad_right(max(0, self.size.width - line.cell_len))
                line.stylize(cursor)
            lines.append("\n")
            lines.append_text(line)
        return lines

    def watch_cursor_row(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def _cells(self, view: LedgerView, player: PlayerLine, fit: Fit) -> list[Text]:
        name = player.name
        if player.bankrupt:
            return [
                Text(f" {player.seat}", style="dim"),
                Text(name, style="strike dim"),
                Text(_("bankrupt"), style="dim"),
                Text(""),
                Text(""),
                Text(""),
                Text(""),
            ]
        colour = seat_colour(player.seat)
        seat = (
            Text(f">{player.seat}", style="bold reverse")
            if player.turn
            else Text(f" {player.seat}", style="dim")
        )
        if player.jail is not None:  # in jail: J and the next throw's number, 1 to 3
            seat.append(f"J{player.jail + 1}", style="bold red")
        swatches = Text(f"{len(player.deeds):>2}")
        shown = player.deeds
        if fit.strip is not None and len(shown) > fit.strip:
            shown = shown[: max(0, fit.strip - 1)]
        if shown:
            swatches.append(" ")
        for hue, mortgaged in shown:
            if hue:
                swatches.append("▪" if mortgaged else "■", style=hue)
            else:
                swatches.append("▫" if mortgaged else "□", style="bold")
        if len(shown) < len(player.deeds) and fit.strip:
            swatches.append("…", style="dim")
        return [
            seat,
            Text(
                _("{p} owes").format(p=name) if player.owes and fit.owes_tag else name,
                style=f"bold {colour}",
            ),
            Text(view.money(player.cash), style="bold red" if player.owes else "bold"),
            Text("" if player.worth is None else view.money(player.worth)),
            swatches,
            Text(str(player.jail_cards) if player.jail_cards else ""),
            Text(_(player.square) if player.square else "", style="dim"),
        ]
