"""The players at the table: cash first and clear, then worth, deeds and jail cards."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable
from textual.widgets.data_table import ColumnKey

from banker.core.edition import DeedKind
from banker.core.state import GameState
from banker.core.worth import worth
from banker.tui.speech import N_, _
from banker.tui.words import player_colour

COLUMNS = (
    ("seat", "#"),
    ("name", N_("Player")),
    ("cash", N_("Cash")),
    ("worth", N_("Worth")),
    ("deeds", N_("Deeds")),
    ("cards", N_("Cards")),
)
"""Each column's key and its head, in English; shown in the game's language."""


class PlayersTable(DataTable[Text]):
    """One row per player, in turn order; the highlighted row is the player the keys act on."""

    def on_mount(self) -> None:
        self._shown: dict[str, list[Text]] = {}
        self.cursor_type = "row"
        self.zebra_stripes = False
        for key, label in COLUMNS:
            self.add_column(_(label), key=key)

    def relabel(self) -> None:
        """The column heads in the game's language, and every row redrawn in it."""
        if not self.columns:
            return
        for key, label in COLUMNS:
            column = self.columns[ColumnKey(key)]
            column.label = Text(_(label))
            column.content_width = cell_len(column.label.plain)
        self._shown.clear()  # the next `show` updates every cell, measuring each column again
        self._clear_caches()
        self._require_update_dimensions = True
        self.refresh()

    def show(self, state: GameState) -> None:
        """Show the players as they stand in `state`, keeping the highlighted row.

        Every column fits what it shows now (a cash total growing a digit stays whole),
        except the name's: it is as wide as the longest name, so a debtor's `owes` is cut
        short rather than pushing the table past the panel. The bank lists the debts.
        """
        row = self.cursor_row
        names = self.columns[ColumnKey("name")]
        widest = max([cell_len(names.label.plain), *(cell_len(p.name) for p in state.players)])
        if names.auto_width or names.width != widest:
            names.auto_width = False
            names.width = widest
            self._require_update_dimensions = True
        for seat, player in enumerate(state.players, start=1):
            cells = self._cells(state, seat, player.name)
            if player.name in self.rows:
                before = self._shown.get(player.name, [])
                for i, ((key, _label), cell) in enumerate(zip(COLUMNS, cells, strict=True)):
                    if i >= len(before) or before[i] != cell:  # redraw only what changed
                        self.update_cell(player.name, key, cell, update_width=True)
            else:
                self.add_row(*cells, key=player.name)
            self._shown[player.name] = cells
        if self.row_count:
            self.move_cursor(row=min(row, self.row_count - 1))

    def _cells(self, state: GameState, seat: int, name: str) -> list[Text]:
        player = state.player(name)
        colour = player_colour(state, name)
        money = state.money
        if player.bankrupt:
            struck = Text(name, style="strike dim")
            return [
                Text(str(seat)),
                struck,
                Text(_("bankrupt"), style="dim"),
                Text(""),
                Text(""),
                Text(""),
            ]
        deeds = state.deeds_of(name)
        owes = bool(state.debts_of(name))
        swatches = Text(f"{len(deeds):>2} ")
        for deed_name in deeds:
            deed = state.edition.deed(deed_name)
            mortgaged = state.deeds[deed_name].mortgaged
            if deed.kind is DeedKind.STREET and deed.group:
                hue = state.edition.groups_by_id[deed.group].colour
                swatches.append("▪" if mortgaged else "■", style=hue)
            else:
                swatches.append("▫" if mortgaged else "□", style="bold")
        cards = Text(str(len(player.jail_cards)) if player.jail_cards else "", justify="center")
        return [
            Text(str(seat), style="dim"),
            Text(_("{p} owes").format(p=name) if owes else name, style=f"bold {colour}"),
            Text(money(player.cash), style="bold red" if owes else "bold", justify="right"),
            Text(money(worth(state, name).total), justify="right"),
            swatches,
            cards,
        ]
