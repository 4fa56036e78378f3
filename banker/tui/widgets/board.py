"""The board's deeds by colour group, in the group's colour, with owner and buildings."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid
from textual.reactive import reactive
from textual.widget import Widget

from banker.core.edition import DeedKind, Edition
from banker.core.state import GameState
from banker.core.worth import rent_due
from banker.tui.speech import N_, _
from banker.tui.words import buildings_mark, player_colour, short_name

ROOMY = 30
"""From this width a group card spells out `mortgaged` and longer owner names."""
WITH_RENT = 44
"""From this width a group card shows the rent each owned deed collects now."""


def rent_text(state: GameState, deed: str) -> str:
    """The rent the deed collects as it stands, or the dice rule for a utility."""
    held = state.deeds[deed]
    if held.owner is None or held.mortgaged:
        return ""
    if state.edition.deed(deed).kind is DeedKind.UTILITY:
        count = sum(
            1
            for d in state.edition.deeds
            if d.kind is DeedKind.UTILITY and state.deeds[d.name].owner == held.owner
        )
        return _("{n}×dice").format(n=state.edition.utility_multipliers[count - 1])
    return state.money(rent_due(state, deed).amount)


def _ink_on(hex_colour: str) -> str:
    """Black or white, whichever reads better on the group's colour."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


class GroupCard(Widget):
    """One colour group (or the railroads, or the utilities): a coloured title, then its lots."""

    facts: reactive[tuple[object, ...]] = reactive(())
    """What the card shows of each lot (owner, mortgage, buildings, rent): it redraws only
    when these change, so a payment elsewhere on the table costs this card nothing."""

    def __init__(self, title: str, colour: str | None, lots: list[str], **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.title = title
        """The group's name in English (as the edition has it); shown translated."""
        self.colour = colour
        self.lots = lots
        self.state: GameState | None = None

    def show(self, state: GameState) -> None:
        self.state = state
        self.facts = tuple(
            (d.owner, d.mortgaged, d.houses, d.hotel, rent_text(state, lot) if d.owner else "")
            for lot in self.lots
            for d in (state.deeds[lot],)
        )

    def render(self) -> RenderableType:
        state = self.state
        head = Text(f" {_(self.title)} ", style="bold", no_wrap=True, overflow="ellipsis")
        if self.colour:
            head.stylize(f"{_ink_on(self.colour)} on {self.colour}")
        else:
            head.stylize("reverse")
        width = self.size.width
        roomy = width >= ROOMY
        with_rent = width >= WITH_RENT
        owner_width, mark_width = (8, 9) if roomy else (5, 5)
        rent_width = 8 if with_rent else 0
        name_width = width - owner_width - mark_width - (rent_width + 1 if with_rent else 0) - 2
        mortgaged = _("mortgaged") if roomy else _("mort.")
        table = Table.grid(expand=True, padding=(0, 1, 0, 0))
        table.add_column("deed", ratio=1, no_wrap=True, overflow="ellipsis")
        table.add_column("owner", width=owner_width, no_wrap=True, overflow="ellipsis")
        table.add_column("buildings", no_wrap=True, justify="right", width=mark_width)
        if with_rent:
            table.add_column("rent", no_wrap=True, justify="right", width=rent_width)
        for lot in self.lots:
            held = state.deeds[lot] if state else None
            shown = lot if cell_len(lot) <= name_width else short_name(lot)
            if state is None or held is None or held.owner is None:
                cells = [Text(shown, style="dim"), Text(_("bank"), style="dim italic"), Text("")]
            else:
                owner = Text(held.owner, style=player_colour(state, held.owner))
                if held.mortgaged:
                    mark = Text(mortgaged, style="italic dim")
                else:
                    mark = Text(buildings_mark(held), style="bold" if held.hotel else "")
                cells = [Text(shown), owner, mark]
            if with_rent:
                cells.append(Text(rent_text(state, lot) if state else "", style="dim"))
            table.add_row(*cells)
        return Group(head, table)


class BoardView(Grid):
    """Every deed of the edition, grouped as on the board."""

    def __init__(self, edition: Edition, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.edition = edition

    def compose(self) -> ComposeResult:
        edition = self.edition
        for group in edition.groups:
            yield GroupCard(group.name, group.colour, edition.group_lots[group.id], classes="group")
        railroads = N_("Stations") if edition.id == "uk" else N_("Railroads")
        for kind, title in ((DeedKind.RAILROAD, railroads), (DeedKind.UTILITY, N_("Utilities"))):
            lots = [d.name for d in sorted(edition.deeds, key=lambda d: d.square) if d.kind is kind]
            if lots:
                yield GroupCard(title, None, lots, classes="group")

    def show(self, state: GameState) -> None:
        for card in self.query(GroupCard):
            card.show(state)

    def relabel(self) -> None:
        """Redraw every card in the game's language."""
        for card in self.query(GroupCard):
            card.refresh()
