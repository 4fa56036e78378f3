"""A title deed as printed: the colour band, the price, the rent table, the mortgage value;
or, for a housing-shortage auction, the building on offer and who could take it."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from banker.core.edition import DeedKind
from banker.core.money import plural
from banker.core.state import GameState
from banker.tui.screens.lots import legal_lots
from banker.tui.speech import _, said
from banker.tui.words import hotels_word, houses_word


def _ink_on(hex_colour: str) -> str:
    """Black or white, whichever reads better on the band's colour."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def deed_card(state: GameState, lot: str) -> RenderableType:
    """The printed deed of `lot`, or the card of a house or hotel on offer."""
    if lot in ("house", "hotel"):
        return _building_card(state, lot)
    edition = state.edition
    deed = edition.deed(lot)
    money = state.money
    band = Text(f" {lot.upper()} ", style="bold", justify="center")
    if deed.kind is DeedKind.STREET and deed.group:
        colour = edition.groups_by_id[deed.group].colour
        band.stylize(f"{_ink_on(colour)} on {colour}")
        group_name = _(edition.groups_by_id[deed.group].name)
    else:
        band.stylize("reverse")
        group_name = _("Railroad") if deed.kind is DeedKind.RAILROAD else _("Utility")
    rows = Table.grid(expand=True, padding=(0, 1))
    rows.add_column(ratio=1)
    rows.add_column(justify="right")
    rows.add_row(Text(group_name, style="dim"), "")
    rows.add_row(Text(_("Printed price"), style="bold"), Text(money(deed.price), style="bold"))
    if deed.kind is DeedKind.STREET and deed.rent is not None:
        rent = deed.rent
        rows.add_row(_("Rent"), money(rent[0]))
        rows.add_row("  " + _("whole colour group"), money(rent[0] * 2))
        for n in range(1, state.max_houses + 1):
            rows.add_row("  " + _("with {houses}").format(houses=houses_word(n)), money(rent[n]))
        rows.add_row("  " + _("with a hotel"), money(rent[5]))
        rows.add_row(
            _("Houses and hotel"), _("{amount} each").format(amount=money(deed.house_cost or 0))
        )
    elif deed.kind is DeedKind.RAILROAD:
        for n, amount in enumerate(edition.railroad_rent, start=1):
            rows.add_row(
                said(plural(n, "Rent, 1 railroad owned", "Rent, {n} railroads owned")),
                money(amount),
            )
    else:
        for n, times in enumerate(edition.utility_multipliers, start=1):
            owned = _("Rent, one utility owned") if n == 1 else _("Rent, both utilities owned")
            rows.add_row(owned, _("{n} × dice").format(n=times * edition.scale))
    rows.add_row(_("Mortgage value"), money(deed.mortgage))
    return Group(band, rows)


def _building_card(state: GameState, kind: str) -> RenderableType:
    auction = state.auction
    one = _("ONE HOUSE") if kind == "house" else _("ONE HOTEL")
    band = Text(f" {one} ", style="bold reverse", justify="center")
    rows = Table.grid(expand=True, padding=(0, 1))
    rows.add_column(ratio=1)
    rows.add_column(justify="right")
    left = state.bank.houses_left if kind == "house" else state.bank.hotels_left
    rows.add_row(_("Housing shortage"), "")
    rows.add_row(
        _("The bank has left"), houses_word(left) if kind == "house" else hotels_word(left)
    )
    if auction is not None:
        rows.add_row(_("Bids from"), state.money(auction.opening))
    lines: list[RenderableType] = [band, rows, Text("")]
    for bidder in auction.bidders if auction else []:
        lots = legal_lots(state, bidder, kind)
        lines.append(Text(_("{p} could put it on").format(p=bidder), style="bold"))
        lines.append(Text("  " + (", ".join(lots) or _("no lot now")), style="dim"))
    return Group(*lines)


class DeedCard(Static):
    """The card of the lot on offer, redrawn when the lot changes."""

    def show(self, state: GameState, lot: str) -> None:
        self.update(deed_card(state, lot))
