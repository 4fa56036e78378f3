"""Raise funds: a player owes more than their cash. The debt, what is still missing, and the
moves that raise money (sell a colour group's buildings evenly, mortgage a deed), each with
what it brings; settle once the cash covers it, or bankruptcy once nothing more can."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len, set_cell_size
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from banker.core import commands as c
from banker.core.engine import apply
from banker.core.errors import BankerError
from banker.core.money import Message
from banker.core.state import GameState
from banker.core.worth import raisable
from banker.tui.screens.dialog import Dialog
from banker.tui.screens.follow import Follows
from banker.tui.speech import _, refused, said, why_not
from banker.tui.words import level_word


@dataclass(frozen=True)
class Move:
    """One way to raise money now, with what it brings or why it cannot be done."""

    label: str
    command: c.Command
    brings: int
    reason: str | None


REASON_WIDTH = 80
"""A blocked move's reason is cut to one line of this many characters."""


def shorten(reason: str) -> str:
    if cell_len(reason) <= REASON_WIDTH:
        return reason
    return set_cell_size(reason, REASON_WIDTH - 1) + "…"


def _sell_one_round(levels: list[int]) -> list[int]:
    """The group's levels after selling one building from its most built lot (the last such
    lot in board order), which keeps the group even."""
    top = max(levels)
    lot = len(levels) - 1 - levels[::-1].index(top)
    return [level - 1 if i == lot else level for i, level in enumerate(levels)]


def _brings(state: GameState, player: str, command: c.Command) -> tuple[int, str | None]:
    try:
        after, _ = apply(state, command)
    except BankerError as exc:
        return 0, refused(exc)
    return after.player(player).cash - state.player(player).cash, None


def raising_moves(state: GameState, player: str) -> list[Move]:
    """Every move that raises money for `player` now: per colour group with buildings, sell
    one building evenly and sell them all; per unmortgaged deed, mortgage it."""
    moves: list[Move] = []
    for group_id, lots in state.edition.group_lots.items():
        if state.deeds[lots[0]].owner != player:
            continue
        levels = [state.level(lot) for lot in lots]
        if not any(levels):
            continue
        name = _(state.edition.groups_by_id[group_id].name)
        one = _sell_one_round(levels)
        changed = next(i for i, (a, b) in enumerate(zip(levels, one, strict=True)) if a != b)
        for label, target in (
            (
                _("Sell one building on the {group} group ({lot}: {before} → {after})").format(
                    group=name,
                    lot=lots[changed],
                    before=level_word(levels[changed]),
                    after=level_word(one[changed]),
                ),
                one,
            ),
            (
                _("Sell every building on the {group} group ({n})").format(
                    group=name, n=sum(levels)
                ),
                [0] * len(lots),
            ),
        ):
            sell = c.SetGroupLevels(player=player, deed=lots[0], levels=target)
            brings, reason = _brings(state, player, sell)
            moves.append(Move(label, sell, brings, reason))
            if sum(levels) == 1:
                break
    for name in state.deeds_of(player):
        if state.deeds[name].mortgaged:
            continue
        mortgage = c.Mortgage(player=player, deed=name)
        value = state.edition.deed(name).mortgage
        label = _("Mortgage {deed}").format(deed=name)
        moves.append(Move(label, mortgage, value, why_not(state, mortgage)))
    return moves


class RaiseFundsScreen(Follows, Dialog[None]):
    """The player who owes, raising the money move by move until they can settle."""

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player
        self.moves: list[Move] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide raise-funds") as box:
            box.border_title = _("Raise funds: {p}").format(p=self.player)
            yield Static("", id="debts", classes="body")
            yield Static("", id="missing", classes="amount")
            yield OptionList(id="moves")
            yield Static("", id="reason", classes="reason", markup=False)
            yield Static(
                _(
                    "Enter makes the highlighted move. "
                    "A trade (t on the ledger) can raise money too."
                ),
                classes="hint",
            )
            with Horizontal(classes="buttons"):
                yield self.choice("s", _("Settle"), "settle")
                yield self.choice("k", _("Bankrupt…"), "bankrupt", variant="error")
                yield self.cancel_button(_("Later"))

    def on_mount(self) -> None:
        self.game_changed()
        self.query_one("#moves", OptionList).focus()

    def stale(self) -> bool:
        state = self.state
        return state.player(self.player).bankrupt or state.winner is not None

    # What the screen shows.

    def game_changed(self) -> None:
        if not self.is_mounted or self.stale():
            return
        state = self.state
        money = state.money
        debts = state.debts_of(self.player)
        cash = state.player(self.player).cash
        total = sum(d.amount for d in debts)
        could = raisable(state, self.player).total
        lines = Table.grid(padding=(0, 2))
        lines.add_column()
        lines.add_column(justify="right")
        for debt in debts:
            owes = _("Owes {creditor} ({reason})").format(
                creditor=debt.creditor or _("the bank"),
                reason=said(Message.from_json(debt.why)) if debt.why else _(debt.reason),
            )
            lines.add_row(owes, money(debt.amount))
        if not debts:
            lines.add_row(_("{p} owes nothing now.").format(p=self.player), "")
        lines.add_row(_("Cash"), money(cash))
        self.query_one("#debts", Static).update(lines)
        missing = max(0, total - cash)
        if not debts:
            summary = Text(_("Could raise {amount} in all.").format(amount=money(could)))
        elif missing:
            summary = Text(
                _("Still missing {missing} · could raise {amount} in all").format(
                    missing=money(missing), amount=money(could)
                )
            )
            if total > could:
                short = _(
                    "Even selling and mortgaging everything leaves {amount} short: bankruptcy."
                ).format(amount=money(total - could))
                summary.append(f"\n{short}", style="bold")
        else:
            summary = Text(
                _("The cash covers the {amount} owed: settle it.").format(amount=money(total))
            )
        self.query_one("#missing", Static).update(summary)
        self._fill_moves(state)
        settle = c.Settle(player=self.player)
        nothing = _("{p} owes nothing.").format(p=self.player)
        settle_reason = why_not(state, settle) if debts else nothing
        button = self.query_one("#settle", Button)
        button.disabled = settle_reason is not None
        button.tooltip = settle_reason
        settle_label = _("Settle {amount}").format(amount=money(total)) if debts else _("Settle")
        button.label = Text.assemble(("s", "bold"), " ", settle_label)
        bankrupt = self.query_one("#bankrupt", Button)
        bankrupt_reason = None
        if not debts:
            bankrupt_reason = nothing
        elif total <= could:
            bankrupt_reason = _(
                "{p} can still raise {amount} against {owed} owed: sell and mortgage, then settle."
            ).format(p=self.player, amount=money(could), owed=money(total))
        bankrupt.disabled = bankrupt_reason is not None
        bankrupt.tooltip = bankrupt_reason

    def _fill_moves(self, state: GameState) -> None:
        money = state.money
        options = self.query_one("#moves", OptionList)
        highlighted = options.highlighted
        self.moves = raising_moves(state, self.player)
        options.clear_options()
        for n, move in enumerate(self.moves):
            prompt = Text(move.label, style="" if move.reason else "bold")
            prompt.append(f"  +{money(move.brings)}", style="dim" if move.reason else "bold green")
            if move.reason:
                prompt.append(f"\n  {shorten(move.reason)}", style="italic dim")
            options.add_option(Option(prompt, id=str(n), disabled=move.reason is not None))
        if not self.moves:
            nothing = Text(_("Nothing left to sell or mortgage."), style="dim")
            options.add_option(Option(nothing, disabled=True))
        enabled = [n for n, m in enumerate(self.moves) if m.reason is None]
        if enabled:
            keep = highlighted if highlighted in enabled else enabled[0]
            options.highlighted = keep

    # The moves.

    @on(OptionList.OptionSelected, "#moves")
    def _move(self, event: OptionList.OptionSelected) -> None:
        move = self.moves[int(event.option.id or 0)]
        if move.reason:
            self.query_one("#reason", Static).update(move.reason)
            return
        self.query_one("#reason", Static).update("")
        self.banker.do(move.command)

    @on(Button.Pressed, "#settle")
    def _settle(self) -> None:
        if self.banker.do(c.Settle(player=self.player)):
            self.dismiss(None)

    @on(Button.Pressed, "#bankrupt")
    def _bankrupt(self) -> None:
        from banker.tui.screens.settlement import SettlementScreen

        self.app.push_screen(SettlementScreen(self.state, self.player), self._declared)

    def _declared(self, command: c.DeclareBankrupt | None) -> None:
        if command is None:
            return
        self.banker.do(command)
