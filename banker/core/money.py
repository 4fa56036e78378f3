"""Money as whole currency units, and the sentences the bank says about it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
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


Param: TypeAlias = "str | Message | Joined"
"""A message parameter: text that is not translated (names, amounts, numbers), a nested
message (translated in turn), or a list of parameters."""

Translate: TypeAlias = Callable[[str], str]


def _same(template: str) -> str:
    return template


@dataclass(frozen=True)
class Joined:
    """Parameters shown one after another, e.g. a list of deeds."""

    items: tuple[Param, ...]
    sep: str = ", "

    def __bool__(self) -> bool:
        return bool(self.items)

    def render(self, translate: Translate = _same) -> str:
        return self.sep.join(_render(item, translate) for item in self.items)


def _render(param: Param, translate: Translate) -> str:
    return param if isinstance(param, str) else param.render(translate)


@dataclass(frozen=True)
class Message:
    """A sentence for the table: a template with named parameters.

    Kept apart so that the journal can store it and a later reader can render it, in
    the table's language, without the state it came from. Parameters that are words
    are messages themselves, so every word can be translated.
    """

    template: str
    params: dict[str, Param] = field(default_factory=dict)

    def render(self, translate: Translate = _same) -> str:
        """The sentence, with every template passed through `translate` (a catalogue)."""
        values = {k: _render(v, translate) for k, v in self.params.items()}
        return translate(self.template).format(**values)

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, object]:
        return {"t": self.template, "p": {k: _dump(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Message:
        params = data.get("p") or {}
        assert isinstance(params, dict)
        return cls(str(data["t"]), {str(k): _load(v) for k, v in params.items()})


def _dump(param: Param) -> object:
    if isinstance(param, str):
        return param
    if isinstance(param, Joined):
        return {"l": [_dump(i) for i in param.items], "s": param.sep}
    return param.to_json()


def _load(data: object) -> Param:
    if isinstance(data, dict):
        if "l" in data:
            return Joined(tuple(_load(i) for i in data["l"]), str(data.get("s", ", ")))
        return Message.from_json(data)
    return str(data)


def msg(template: str, **params: object) -> Message:
    """Build a Message; parameters that are not messages or lists become text."""
    return Message(
        template,
        {k: v if isinstance(v, Message | Joined) else str(v) for k, v in params.items()},
    )


def joined(items: Iterable[object], sep: str = ", ") -> Joined:
    return Joined(tuple(i if isinstance(i, Message | Joined) else str(i) for i in items), sep)


def plural(n: int, one: str, many: str, **params: object) -> Message:
    """`one` when n is 1, else `many`; both templates get `{n}`."""
    return msg(one if n == 1 else many, n=n, **params)


def N_(template: str) -> str:
    """Marks a template kept in a table so the catalogue check finds it; returns it as is."""
    return template


NOTHING = Message("")
"""An empty part of a sentence."""
