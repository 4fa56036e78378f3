"""What a command would do to the players' cash, worked out by the core applying it to a
copy, so a dialog can show `Alice $1,500 → $1,300` before the banker confirms."""

from __future__ import annotations

from dataclasses import dataclass

from banker.core.commands import Command
from banker.core.engine import apply
from banker.core.errors import BankerError
from banker.core.money import Money
from banker.core.state import GameState
from banker.i18n.message import Message


@dataclass(frozen=True)
class CashMove:
    """One player's cash before and after a command."""

    player: str
    before: Money
    after: Money


def cash_moves(state: GameState, command: Command) -> list[CashMove]:
    """Each player whose cash the command changes, in seating order; none if refused."""
    try:
        after, _receipt = apply(state, command)
    except BankerError:
        return []
    return cash_changes(state, after)


def cash_changes(before: GameState, after: GameState) -> list[CashMove]:
    """Each player whose cash differs between two states, in seating order."""
    return [
        CashMove(p.name, p.cash, after.player(p.name).cash)
        for p in before.players
        if after.player(p.name).cash != p.cash
    ]


def debt_made(state: GameState, command: Command) -> Message | None:
    """The receipt of a command that would leave something owed (a payment beyond the cash
    becomes a debt), so a dialog can say so before the banker confirms; None otherwise."""
    try:
        after, receipt = apply(state, command)
    except BankerError:
        return None
    return receipt.message if len(after.debts) > len(state.debts) else None


def cash_after(state: GameState, command: Command, player: str) -> CashMove:
    """`player`'s cash before and after the command (unchanged if it is refused)."""
    cash = state.player(player).cash
    for move in cash_moves(state, command):
        if move.player == player:
            return move
    return CashMove(player, cash, cash)


def owed_by_player(state: GameState) -> dict[str, Money]:
    """What each player who owes owes in all."""
    totals: dict[str, Money] = {}
    for debt in state.debts:
        totals[debt.debtor] = totals.get(debt.debtor, 0) + debt.amount
    return totals
