"""The sentences the bank says: templates with named parameters, rendered in any language.

A `Message` is kept apart from its language so that the journal can store it and a later
reader can render it in the table's language, without the state it came from. Parameters
that are words are messages themselves, so every word can be translated. A counted
sentence keeps both its English forms and its count, and is rendered through the
catalogue's plural rule (gettext's `ngettext`), never by picking a form in English first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol, TypeAlias

Param: TypeAlias = "str | Message | Joined"
"""A message parameter: text that is not translated (names, amounts, numbers), a nested
message (translated in turn), or a list of parameters."""


class Translator(Protocol):
    """What renders a template in a language: gettext's two calls."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


class English:
    """The templates as written: English, with English plurals (1 house, 2 houses)."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural


ENGLISH = English()
"""Renders messages in English."""


@dataclass(frozen=True)
class Joined:
    """Parameters shown one after another, e.g. a list of deeds."""

    items: tuple[Param, ...]
    sep: str = ", "

    def __bool__(self) -> bool:
        return bool(self.items)

    def render(self, translator: Translator = ENGLISH) -> str:
        return self.sep.join(_render(item, translator) for item in self.items)


def _render(param: Param, translator: Translator) -> str:
    return param if isinstance(param, str) else param.render(translator)


@dataclass(frozen=True)
class Message:
    """A sentence for the table: a template with named parameters.

    A counted sentence also has `plural`, the English form for any count but one, and
    `count`, which chooses the form in the language it is rendered in.
    """

    template: str
    params: dict[str, Param] = field(default_factory=dict)
    plural: str | None = None
    """The English template for counts other than one (`{n} houses`), if counted."""
    count: int = 0
    """The count that chooses the plural form."""

    def render(self, translator: Translator = ENGLISH) -> str:
        """The sentence, every template passed through the translator (a catalogue)."""
        values = {k: _render(v, translator) for k, v in self.params.items()}
        if self.plural is not None:
            text = translator.ngettext(self.template, self.plural, self.count)
        else:
            text = translator.gettext(self.template) if self.template else self.template
        return text.format(**values)

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "t": self.template,
            "p": {k: _dump(v) for k, v in self.params.items()},
        }
        if self.plural is not None:
            data["pl"] = self.plural
            data["n"] = self.count
        return data

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Message:
        """A message as the journal stored it.

        Raises:
            ValueError: the stored data is not a message.
        """
        params = data.get("p") or {}
        if not isinstance(params, dict) or "t" not in data:
            raise ValueError("not a stored message")
        plural = data.get("pl")
        count = data.get("n", 0)
        return cls(
            str(data["t"]),
            {str(k): _load(v) for k, v in params.items()},
            plural=str(plural) if plural is not None else None,
            count=count if isinstance(count, int) else 0,
        )


def _dump(param: Param) -> object:
    if isinstance(param, str):
        return param
    if isinstance(param, Joined):
        return {"l": [_dump(i) for i in param.items], "s": param.sep}
    return param.to_json()


def _load(data: object) -> Param:
    if isinstance(data, dict):
        if "l" in data:
            items = data["l"]
            if not isinstance(items, list):
                raise ValueError("not a stored list")
            return Joined(tuple(_load(i) for i in items), str(data.get("s", ", ")))
        return Message.from_json(data)
    return str(data)


def msg(template: str, **params: object) -> Message:
    """Build a Message; parameters that are not messages or lists become text."""
    return Message(template, _params(params))


def _params(params: dict[str, object]) -> dict[str, Param]:
    return {k: _param(v) for k, v in params.items()}


def _param(value: object) -> Param:
    if isinstance(value, Message | Joined):
        return value
    if isinstance(value, BaseException):  # a reason: said in the reader's words
        return _explains[0](value)
    return str(value)


Explains = Callable[[BaseException], "Message | str"]
"""What says an exception in the reader's words (`banker.i18n.causes.cause_words`)."""


def _kind_only(exc: BaseException) -> Message | str:
    return type(exc).__name__


_explains: list[Explains] = [_kind_only]
"""How `msg(..., why=exc)` says an exception: the package (`banker/i18n/__init__.py`)
gives `causes.cause_words` as it loads, before anything can build a message."""


def explain_with(words: Explains) -> None:
    """Say every exception given to `msg` with `words`. The causes speak in messages of
    their own (they import this module), so they are handed in rather than imported."""
    _explains[0] = words


def joined(items: Iterable[object], sep: str = ", ") -> Joined:
    return Joined(tuple(_param(i) for i in items), sep)


def plural(n: int, one: str, many: str, **params: object) -> Message:
    """A counted sentence: `one` for a count of one in English, `many` otherwise, and in
    another language whichever form its catalogue's plural rule picks. Both get `{n}`."""
    return Message(one, _params({"n": n, **params}), plural=many, count=n)


def N_(template: str) -> str:
    """Marks a template kept in a table so the catalogue check finds it; returns it as is."""
    return template


NOTHING = Message("")
"""An empty part of a sentence."""
