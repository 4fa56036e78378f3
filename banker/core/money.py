"""Money as whole currency units: the one type every amount in the game has. (The
sentences the bank says about money are `banker.i18n.message`'s.)"""

from __future__ import annotations

from typing import TypeAlias

__all__ = ["Money", "format_money", "percent_of"]

Money: TypeAlias = int
"""An amount in whole units of the edition's currency. Never a float."""


def format_money(amount: Money, symbol: str = "$", suffix: bool = False) -> str:
    """Write an amount as the table reads it: `$1,500`, `-$40`, `1,500 ฿`."""
    digits = f"{abs(amount):,}"
    text = f"{digits} {symbol}" if suffix else f"{symbol}{digits}"
    return f"-{text}" if amount < 0 else text


def percent_of(amount: Money, percent: int, round_up: bool) -> Money:
    """`percent`% of `amount` in integer arithmetic, rounded up or down to a whole unit."""
    if round_up:
        return (amount * percent + 99) // 100
    return amount * percent // 100
