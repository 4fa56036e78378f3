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
from banker.core.offers.raising import creditor_has, creditor_receives
from banker.core.offers.trading import handed_over
from banker.core.state import Claim, GameState
from banker.core.worth import raisable
from banker.tui.screens.dialog import Dialog
from banker.tui.speech import _
from banker.tui.words import hotels_word, houses_word


def _buildings(s: Settlement) -> str:
    if s.houses and s.hotels:
        return _("{houses} and {hotels}").format(
            houses=houses_word(s.houses), hotels=hotels_word(s.hotels)
        )
    if s.houses:
        return houses_word(s.houses)
    if s.hotels:
        return hotels_word(s.hotels)
    return _("none")


def creditors_of(s: Settlement) -> str:
    """Who the debtor is bankrupt to, as the screen names them."""
    if not s.shared:
        return s.creditor or _("the bank")
    return ", ".join(_claimant(claim) for claim in s.claims)


def _claimant(claim: Claim) -> str:
    if claim.creditor is not None:
        return claim.creditor
    return _("the Free Parking pot") if claim.to_pot else _("the bank")


def shared_table(state: GameState, s: Settlement) -> Table:
    """The statement of a bankruptcy to several creditors (or to the pot): the pool, each
    creditor's share of it now, and the auctions whose proceeds join it."""
    money = state.money
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    table.add_column(justify="right", no_wrap=True)
    table.add_row(_("To"), creditors_of(s), "")
    table.add_row(_("Owed"), "", money(s.owed))
    table.add_row(_("Cash"), _("all of it, shared"), money(s.cash))
    table.add_row(
        _("Buildings"),
        _("{buildings} sold to the bank at half").format(buildings=_buildings(s)),
        money(s.buildings),
    )
    others = [p.name for p in state.active_players if p.name != s.debtor]
    table.add_row(
        _("Deeds"),
        _("{n} to auction, unmortgaged, among {players}; the proceeds are shared too").format(
            n=len(s.deeds), players=", ".join(others)
        )
        if s.deeds and len(others) > 1 and not s.ends_game
        else _("{n}: the game ends, the bank keeps them").format(n=len(s.deeds))
        if s.deeds
        else _("none"),
        "",
    )
    for name in s.deeds:
        table.add_row("", Text(f"  {name}", style="dim"), "")
    table.add_row(
        Text(_("Shares")),
        _("in proportion to each debt, rounded down; odd units from {p}'s left").format(p=s.debtor),
        Text(money(s.pool), style="bold"),
    )
    for claim, share in zip(s.claims, s.shares, strict=True):
        table.add_row(
            "",
            "  " + _("{who}: owed {owed}").format(who=_claimant(claim), owed=money(claim.amount)),
            Text(money(share), style="bold"),
        )
    if s.to_bank:
        table.add_row("", "  " + _("left over, to the bank"), money(s.to_bank))
    cards = _("{n}, back to their decks").format(n=s.jail_cards) if s.jail_cards else _("none")
    table.add_row(_("Jail cards"), cards, "")
    return table


def statement_table(state: GameState, s: Settlement, lift: list[str]) -> Table:
    """The statement as rows of what moves where, with the amounts."""
    if s.shared:
        return shared_table(state, s)
    money = state.money
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    table.add_column(justify="right", no_wrap=True)
    who = s.creditor or _("the bank")
    table.add_row(_("To"), who, "")
    table.add_row(_("Owed"), "", money(s.owed))
    table.add_row(_("Cash"), _("all of it, to {who}").format(who=who), money(s.cash))
    if s.creditor is None:
        table.add_row(
            _("Buildings"),
            _("{buildings}: back to the bank's supply").format(buildings=_buildings(s)),
            "",
        )
    elif s.intact:
        table.add_row(
            _("Buildings"),
            _("{buildings}: handed over standing (the short game)").format(
                buildings=_buildings(s)
            ),
            "",
        )
        table.add_row(
            Text(_("{p} receives").format(p=s.creditor)),
            _("cash"),
            Text(money(creditor_receives(s)), style="bold"),
        )
    else:
        table.add_row(
            _("Buildings"),
            _("{buildings} sold to the bank at half").format(buildings=_buildings(s)),
            money(s.buildings),
        )
        table.add_row(
            Text(_("{p} receives").format(p=s.creditor)),
            _("cash and the buildings' price"),
            Text(money(creditor_receives(s)), style="bold"),
        )
    deeds = []
    for name in s.deeds:
        deeds.append(_("{deed} (mortgaged)").format(deed=name) if name in s.mortgaged else name)
    if s.creditor is None:
        others = [p.name for p in state.active_players if p.name != s.debtor]
        table.add_row(
            _("Deeds"),
            _("{n} to auction, unmortgaged, one after another among {players}").format(
                n=len(s.deeds), players=", ".join(others)
            )
            if s.deeds and not s.ends_game
            else _("{n}: the game ends, the bank keeps them").format(n=len(s.deeds))
            if s.deeds
            else _("none"),
            "",
        )
        for name in s.deeds:
            table.add_row("", Text(f"  {name}", style="dim"), "")
    else:
        table.add_row(
            _("Deeds"),
            _("to {p}: {deeds}").format(p=s.creditor, deeds=", ".join(deeds) or _("none")),
            "",
        )
        for found in handed_over(state, s.mortgaged, s.creditor, lift):
            if found.lifted:
                lift_now = _("lift {deed} now: {value} + {fee}").format(
                    deed=found.deed, value=money(found.value), fee=money(found.fee)
                )
                table.add_row("", f"  {lift_now}", money(found.lift))
            else:
                later = _("10% fee on {deed}; lift later").format(deed=found.deed)
                table.add_row("", f"  {later}", money(found.fee))
        if s.mortgaged:
            table.add_row(
                Text(_("{p} pays the bank").format(p=s.creditor)),
                _("for the mortgaged deeds"),
                Text(money(s.fees), style="bold"),
            )
    if not s.jail_cards:
        cards = _("none")
    elif s.creditor is None:
        cards = _("{n}, back to their decks").format(n=s.jail_cards)
    else:
        cards = _("{n}, to {p}").format(n=s.jail_cards, p=s.creditor)
    table.add_row(_("Jail cards"), cards, "")
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
        who = creditors_of(s)
        could = raisable(state, self.player).total
        with Vertical(classes="dialog wide settlement") as box:
            box.border_title = _("Settlement: {p} bankrupt to {who}").format(p=self.player, who=who)
            yield Static(
                _(
                    "{p} owes {who} {owed} and could raise only {amount}. "
                    "Check the statement with the table: nothing is final until you confirm."
                ).format(p=self.player, who=who, owed=money(s.owed), amount=money(could)),
                classes="body",
            )
            yield Static(statement_table(state, s, self.lift), id="statement", classes="breakdown")
            if s.creditor is not None and s.mortgaged:
                yield Static(
                    _(
                        "{p} may lift a mortgaged deed now instead of only paying the fee "
                        "(space ticks it):"
                    ).format(p=s.creditor),
                    classes="hint",
                )
                yield SelectionList[str](
                    *[(_("Lift {deed} now").format(deed=name), name) for name in s.mortgaged],
                    id="lift",
                )
            yield Static("", id="note", classes="reason")
            with Horizontal(classes="buttons"):
                yield self.choice("y", _("Declare bankrupt: final"), "yes", variant="error")
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
            has = creditor_has(state, s)
            if has < s.fees:
                note = _("{p} will have {cash}: the {fees} becomes their debt to the bank.").format(
                    p=s.creditor, cash=state.money(has), fees=state.money(s.fees)
                )
        self.query_one("#note", Static).update(note)

    @on(Button.Pressed, "#yes")
    def _yes(self) -> None:
        self.dismiss(c.DeclareBankrupt(player=self.player, lift=list(self.lift)))
