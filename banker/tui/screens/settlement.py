"""The settlement statement of a bankruptcy, for the table to check before it is final: to
whom, the cash, the buildings sold, the deeds, the fees on mortgaged deeds, the jail cards."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, SelectionList, Static

from banker.core import commands as c
from banker.core.endgame import Settlement, settlement
from banker.core.ledger import interest
from banker.core.state import GameState
from banker.core.worth import raisable
from banker.tui.screens.dialog import Dialog


def _buildings(s: Settlement) -> str:
    parts = []
    if s.houses:
        parts.append(f"{s.houses} house{'s' if s.houses != 1 else ''}")
    if s.hotels:
        parts.append(f"{s.hotels} hotel{'s' if s.hotels != 1 else ''}")
    return " and ".join(parts) or "none"


def statement_table(state: GameState, s: Settlement, lift: list[str]) -> Table:
    """The statement as rows of what moves where, with the amounts."""
    money = state.money
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    table.add_column(justify="right", no_wrap=True)
    who = s.creditor or "the bank"
    table.add_row("To", who, "")
    table.add_row("Owed", "", money(s.owed))
    table.add_row("Cash", f"all of it, to {who}", money(s.cash))
    if s.creditor is None:
        table.add_row("Buildings", f"{_buildings(s)}: back to the bank's supply", "")
    else:
        table.add_row("Buildings", f"{_buildings(s)} sold to the bank at half", money(s.buildings))
        table.add_row(
            Text(f"{s.creditor} receives"),
            "cash and the buildings' price",
            Text(money(s.cash + s.buildings), style="bold"),
        )
    deeds = []
    for name in s.deeds:
        deeds.append(f"{name} (mortgaged)" if name in s.mortgaged else name)
    if s.creditor is None:
        others = [p.name for p in state.active_players if p.name != s.debtor]
        table.add_row(
            "Deeds",
            f"{len(s.deeds)} to auction, unmortgaged, one after another among {', '.join(others)}"
            if s.deeds
            else "none",
            "",
        )
        for name in s.deeds:
            table.add_row("", Text(f"  {name}", style="dim"), "")
    else:
        table.add_row("Deeds", f"to {s.creditor}: " + (", ".join(deeds) or "none"), "")
        for name in s.mortgaged:
            m = state.edition.deed(name).mortgage
            fee = interest(state, m)
            if name in lift:
                table.add_row("", f"  lift {name} now: {money(m)} + {money(fee)}", money(m + fee))
            else:
                table.add_row("", f"  10% fee on {name}; lift later", money(fee))
        if s.mortgaged:
            table.add_row(
                Text(f"{s.creditor} pays the bank"),
                "for the mortgaged deeds",
                Text(money(s.fees), style="bold"),
            )
    cards = f"{s.jail_cards}" if s.jail_cards else "none"
    where = "back to their decks" if s.creditor is None else f"to {s.creditor}"
    table.add_row("Jail cards", f"{cards}" + (f", {where}" if s.jail_cards else ""), "")
    return table


class SettlementScreen(Dialog[c.DeclareBankrupt]):
    """The statement of `player`'s bankruptcy; nothing moves until it is confirmed."""

    def __init__(self, state: GameState, player: str) -> None:
        super().__init__()
        self.state = state
        self.player = player
        self.lift: list[str] = []
        self.statement = settlement(state, player)

    def compose(self) -> ComposeResult:
        state = self.state
        s = self.statement
        money = state.money
        who = s.creditor or "the bank"
        could = raisable(state, self.player).total
        with Vertical(classes="dialog wide settlement") as box:
            box.border_title = f"Settlement: {self.player} bankrupt to {who}"
            yield Static(
                f"{self.player} owes {who} {money(s.owed)} and could raise only {money(could)}. "
                "Check the statement with the table: nothing is final until you confirm.",
                classes="body",
            )
            yield Static(statement_table(state, s, self.lift), id="statement", classes="breakdown")
            if s.creditor is not None and s.mortgaged:
                yield Static(
                    f"{s.creditor} may lift a mortgaged deed now instead of only paying the fee "
                    "(space ticks it):",
                    classes="hint",
                )
                yield SelectionList[str](
                    *[(f"Lift {name} now", name) for name in s.mortgaged],
                    id="lift",
                )
            yield Static("", id="note", classes="reason")
            with Horizontal(classes="buttons"):
                yield self.choice("y", "Declare bankrupt: final", "yes", variant="error")
                yield self.cancel_button()

    def on_mount(self) -> None:
        found = self.query("#lift")
        (found.first() if found else self.query_one("#yes", Button)).focus()
        self._update()

    @on(SelectionList.SelectedChanged, "#lift")
    def _lift_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        ticked = event.selection_list.selected
        self.lift = [name for name in self.statement.mortgaged if name in ticked]
        self._update()

    def _update(self) -> None:
        state = self.state
        self.statement = settlement(state, self.player, self.lift)
        s = self.statement
        self.query_one("#statement", Static).update(statement_table(state, s, self.lift))
        note = ""
        if s.creditor is not None and s.fees:
            has = state.player(s.creditor).cash + s.cash + s.buildings
            if has < s.fees:
                note = (
                    f"{s.creditor} will have {state.money(has)}: the {state.money(s.fees)} "
                    "becomes their debt to the bank."
                )
        self.query_one("#note", Static).update(note)

    @on(Button.Pressed, "#yes")
    def _yes(self) -> None:
        self.dismiss(c.DeclareBankrupt(player=self.player, lift=list(self.lift)))
