"""Money as whole currency units, and the sentences the bank says about it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias

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


@dataclass(frozen=True)
class Message:
    """A sentence for the table: a template with named, already formatted parameters.

    Kept apart so that the journal can store it and a later reader can render it
    (or translate the template) without the state it came from.
    """

    template: str
    params: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.template.format(**self.params)

    def to_json(self) -> dict[str, object]:
        return {"t": self.template, "p": self.params}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Message:
        params = data.get("p") or {}
        assert isinstance(params, dict)
        return cls(str(data["t"]), {str(k): str(v) for k, v in params.items()})


def msg(template: str, **params: object) -> Message:
    """Build a Message, turning every parameter into text."""
    return Message(template, {k: str(v) for k, v in params.items()})
