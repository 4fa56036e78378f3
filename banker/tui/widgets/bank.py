"""The bank's houses and hotels as gauges, turning to the warning colour when scarce."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from banker.core.view import LedgerView
from banker.tui.speech import _

SCARCE_HOUSES = 8
"""At or below this many houses left, building will soon be a scramble."""
SCARCE_HOTELS = 2


def gauge(left: int, supply: int, width: int) -> str:
    """A bar of `width` cells, filled in proportion to what is left."""
    if supply <= 0:
        return "░" * width
    filled = round(width * left / supply)
    return "█" * filled + "░" * (width - filled)


def _height(view: LedgerView) -> int:
    bank = view.bank
    return 2 + (bank.pot is not None) + (bank.auction is not None) + len(bank.debts)


def _drawn(view: LedgerView) -> tuple[object, ...]:
    """All of a view the Bank panel draws."""
    return (view.bank, view.language, view.currency, view.currency_suffix)


class BankGauge(Widget):
    """Houses left of the supply, hotels left, and the Free Parking pot when that rule is on."""

    COMPONENT_CLASSES = {"bank-gauge--scarce", "bank-gauge--pot"}

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.view: LedgerView | None = None
        """The ledger as it stands; shown by the ledger screen after every change."""

    def show(self, view: LedgerView) -> None:
        """Show the bank as it stands in `view`: redrawn only when it changed, laid out
        again only when its height did."""
        before, self.view = self.view, view
        if before is not None and _drawn(before) == _drawn(view):
            return
        self.refresh(layout=before is None or _height(before) != _height(view))

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return _height(self.view) if self.view else 0

    def render(self) -> RenderableType:
        view = self.view
        if view is None:
            return ""
        bank = view.bank
        scarce = self.get_component_rich_style("bank-gauge--scarce")
        table = Table.grid(expand=True, padding=(0, 1, 0, 0))
        table.add_column("what", no_wrap=True)
        table.add_column("bar", ratio=1, no_wrap=True, overflow="crop")
        table.add_column("count", no_wrap=True, justify="right")
        width = max(4, self.size.width - 20)
        for label, left, supply, limit in (
            (_("Houses"), bank.houses_left, bank.houses_supply, SCARCE_HOUSES),
            (_("Hotels"), bank.hotels_left, bank.hotels_supply, SCARCE_HOTELS),
        ):
            style = scarce if left <= limit else None
            table.add_row(
                Text(label, style="bold"),
                Text(gauge(left, supply, width), style=style or ""),
                Text(_("{left} of {supply}").format(left=left, supply=supply), style=style or ""),
            )
        # Each row below is a grid of its own, so a long label (Malay "Letak Kereta
        # Percuma") takes its own room and never squeezes who owes whom.
        rows: list[RenderableType] = [table]

        def row(label: Text, what: Text, amount: Text) -> None:
            line = Table.grid(expand=True, padding=(0, 1, 0, 0))
            line.add_column("what", no_wrap=True)
            line.add_column("detail", ratio=1, no_wrap=True, overflow="ellipsis")
            line.add_column("amount", no_wrap=True, justify="right")
            line.add_row(label, what, amount)
            rows.append(line)

        if bank.pot is not None:
            row(
                Text(_("Free Parking"), style="bold"),
                Text(""),
                Text(
                    view.money(bank.pot),
                    style=self.get_component_rich_style("bank-gauge--pot"),
                ),
            )
        auction = bank.auction
        if auction is not None:
            high = (
                _("{amount} by {name}").format(
                    amount=view.money(auction.high_bid), name=auction.high_bidder
                )
                if auction.high_bidder
                else _("no bid yet")
            )
            lot = auction.lot if auction.kind == "deed" else _(auction.lot)
            row(
                Text(_("Auction"), style="bold"),
                Text(lot, overflow="ellipsis", no_wrap=True),
                Text(high, style=self.get_component_rich_style("bank-gauge--scarce")),
            )
        for debt in bank.debts:
            row(
                Text(_("Debt"), style="bold"),
                Text(
                    _("{debtor} owes {creditor}").format(
                        debtor=debt.debtor, creditor=debt.creditor or _("the bank")
                    ),
                    no_wrap=True,
                ),
                Text(view.money(debt.amount), style=scarce),
            )
        return Group(*rows)
