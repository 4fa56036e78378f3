"""Raise funds: a player owes more than their cash. The debt, what is still missing, and the
moves that raise money (sell a colour group's buildings evenly, mortgage a deed), each with
what it brings; settle once the cash covers it, or bankruptcy once nothing more can."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from banker.core import commands as c
from banker.core.engine import apply, why_not
from banker.core.errors import BankerError
from banker.core.state import GameState
from banker.core.worth import raisable
from banker.tui.screens.dialog import Dialog
from banker.tui.screens.follow import Follows
from banker.tui.words import level_word

if TYPE_CHECKING:
    from banker.tui.app import BankerApp


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
    return reason if len(reason) <= REASON_WIDTH else reason[: REASON_WIDTH - 1] + "…"


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
        return 0, str(exc)
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
        name = state.edition.groups_by_id[group_id].name
        one = _sell_one_round(levels)
        changed = next(i for i, (a, b) in enumerate(zip(levels, one, strict=True)) if a != b)
        for label, target in (
            (
                f"Sell one building on the {name} group ({lots[changed]}: "
                f"{level_word(levels[changed])} → {level_word(one[changed])})",
                one,
            ),
            (f"Sell every building on the {name} group ({sum(levels)})", [0] * len(lots)),
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
        moves.append(Move(f"Mortgage {name}", mortgage, value, why_not(state, mortgage)))
    return moves


class RaiseFundsScreen(Follows, Dialog[None]):
    """The player who owes, raising the money move by move until they can settle."""

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player
        self.moves: list[Move] = []

    @property
    def banker(self) -> BankerApp:
        return cast("BankerApp", self.app)

    @property
    def state(self) -> GameState:
        journal = self.banker.journal
        assert journal is not None
        return journal.game.state

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide raise-funds") as box:
            box.border_title = f"Raise funds: {self.player}"
            yield Static("", id="debts", classes="body")
            yield Static("", id="missing", classes="amount")
            yield OptionList(id="moves")
            yield Static("", id="reason", classes="reason", markup=False)
            yield Static(
                "Enter makes the highlighted move. A trade (t on the ledger) can raise money too.",
                classes="hint",
            )
            with Horizontal(classes="buttons"):
                yield self.choice("s", "Settle", "settle")
                yield self.choice("k", "Bankrupt…", "bankrupt", variant="error")
                yield self.cancel_button("Later")

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
            lines.add_row(f"Owes {debt.creditor or 'the bank'} ({debt.reason})", money(debt.amount))
        if not debts:
            lines.add_row(f"{self.player} owes nothing now.", "")
        lines.add_row("Cash", money(cash))
        self.query_one("#debts", Static).update(lines)
        missing = max(0, total - cash)
        if not debts:
            summary = Text(f"Could raise {money(could)} in all.")
        elif missing:
            summary = Text(f"Still missing {money(missing)} · could raise {money(could)} in all")
            if total > could:
                summary.append(
                    f"\nEven selling and mortgaging everything leaves {money(total - could)} "
                    "short: bankruptcy.",
                    style="bold",
                )
        else:
            summary = Text(f"The cash covers the {money(total)} owed: settle it.")
        self.query_one("#missing", Static).update(summary)
        self._fill_moves(state)
        settle = c.Settle(player=self.player)
        settle_reason = why_not(state, settle) if debts else f"{self.player} owes nothing."
        button = self.query_one("#settle", Button)
        button.disabled = settle_reason is not None
        button.tooltip = settle_reason
        button.label = Text.from_markup("[b]s[/b] Settle" + (f" {money(total)}" if debts else ""))
        bankrupt = self.query_one("#bankrupt", Button)
        bankrupt_reason = None
        if not debts:
            bankrupt_reason = f"{self.player} owes nothing."
        elif total <= could:
            bankrupt_reason = (
                f"{self.player} can still raise {money(could)} against {money(total)} owed: "
                "sell and mortgage, then settle."
            )
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
            nothing = Text("Nothing left to sell or mortgage.", style="dim")
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
