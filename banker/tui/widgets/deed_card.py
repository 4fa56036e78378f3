"""A title deed as printed: the colour band, the price, the rent table, the mortgage value;
or, for a housing-shortage auction, the building on offer and who could take it."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from banker.core.offers.auction import auction_offers
from banker.core.offers.deed import printed_deed
from banker.core.state import GameState
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
    card = printed_deed(state, lot)
    band = Text(f" {lot.upper()} ", style="bold", justify="center")
    if card.colour is not None:
        band.stylize(f"{_ink_on(card.colour)} on {card.colour}")
    else:
        band.stylize("reverse")
    rows = Table.grid(expand=True, padding=(0, 1))
    rows.add_column(ratio=1)
    rows.add_column(justify="right")
    rows.add_row(Text(said(card.group), style="dim"), "")
    for line in card.lines:
        label = ("  " if line.indent else "") + said(line.label)
        amount = line.amount if isinstance(line.amount, str) else said(line.amount)
        if line.strong:
            rows.add_row(Text(label, style="bold"), Text(amount, style="bold"))
        else:
            rows.add_row(label, amount)
    return Group(band, rows)


def _building_card(state: GameState, kind: str) -> RenderableType:
    offers = auction_offers(state)
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
    if offers is not None:
        rows.add_row(_("Bids from"), state.money(offers.lowest_bid))
    lines: list[RenderableType] = [band, rows, Text("")]
    for bidder in offers.bidders if offers else []:
        lines.append(Text(_("{p} could put it on").format(p=bidder.name), style="bold"))
        lines.append(Text("  " + (", ".join(bidder.lots) or _("no lot now")), style="dim"))
    return Group(*lines)


class DeedCard(Static):
    """The card of the lot on offer, redrawn when the lot changes."""

    def show(self, state: GameState, lot: str) -> None:
        self.update(deed_card(state, lot))
