"""The base of the game's own data: house rules, editions, commands and the state.

A `Record` is a msgspec struct: its class costs next to nothing to define and a game file
is read into records with every field checked (types, bounds, no unknown field) in one
pass, so a command line that opens a game never builds a validation schema. Records are
checked when they are read (`Record.load`, `load_json`), not when built in code: what a
game keeps is read back that way before it counts (a command in `Game.prepare`, a new
game's setup in `Journal.create`).

An event's pydantic models may hold records as fields: the record checks itself the same
way there (`__get_pydantic_core_schema__`).
"""

from __future__ import annotations

import re
from typing import Any, Self

import msgspec

from banker.core.errors import FileProblem
from banker.i18n.message import N_, Message, msg

ValidationError = msgspec.ValidationError
"""What `load` and `load_json` raise for data that is not the record: the first problem
and where it is (`$.deeds[3].price`)."""


def problem_at(exc: ValidationError) -> str:
    """A refusal of a file's field in plain English words, where it is first:
    `deeds.3.price: must be 1 or more`."""
    return problem_words(exc).render()


def problem_words(exc: ValidationError) -> Message:
    """A refusal of a file's field where it is first, in words to translate: the field's
    path as the file writes it, then what is wrong (`deeds.3.price: must be 1 or more`)."""
    found = re.fullmatch(r"(.*) - at `\$(.*)`", str(exc), re.DOTALL)
    text, where = (found[1], found[2]) if found else (str(exc), "")
    where = re.sub(r"\[(\d+)\]", r".\1", where).removeprefix(".")
    own = exc.__cause__
    what: Message | str = text
    if isinstance(own, FileProblem):  # one of the game's own checks: its own words
        what = own.message
    for pattern, said in _FIELD_WORDS:
        named = re.fullmatch(pattern, text)
        if named:
            where = f"{where}.{named[1]}" if where else named[1]
            what = msg(said)
    bound = re.fullmatch(r"Expected `[^`]*` (>=|<=|of length >=|of length <=) (\d+)", text)
    if bound:
        what = msg(_BOUND_WORDS[bound[1]], n=bound[2])
    kind = re.fullmatch(r"Expected `([^`]*)`, got `([^`]*)`", text)
    if kind:
        what = msg("must be {kind}, not {got}", kind=_kind(kind[1]), got=_kind(kind[2]))
    return msg("{where}: {what}", where=where, what=what) if where else msg("{what}", what=what)


def refusal_of(exc: ValueError) -> Message | ValueError:
    """Why a record was refused when it was read back: a field and its problem, in the
    reader's words, for a record's own check; other errors as they are (for `msg`)."""
    return problem_words(exc) if isinstance(exc, ValidationError) else exc


def _kind(name: str) -> Message | str:
    return msg(_KINDS[name]) if name in _KINDS else name


_FIELD_WORDS = (
    (r"Object missing required field `(.*)`", N_("required, and missing")),
    (r"Object contains unknown field `(.*)`", N_("not a field it can have")),
)
_BOUND_WORDS = {
    ">=": N_("must be {n} or more"),
    "<=": N_("must be {n} or less"),
    "of length >=": N_("must be at least {n} long"),
    "of length <=": N_("must be at most {n} long"),
}
_KINDS = {
    "int": N_("a whole number"),
    "int | null": N_("a whole number"),
    "str": N_("text"),
    "str | null": N_("text"),
    "bool": N_("true or false"),
    "float": N_("a decimal number"),
    "array": N_("a list"),
    "object": N_("a table"),
    "null": N_("nothing"),
}
"""What the kinds of value in a file are called in a refusal."""


class _Reading:
    """What every record can do: be read, checked, from plain data or JSON, and written."""

    __slots__ = ()

    @classmethod
    def load(cls, data: object) -> Self:
        """The record from plain data (dicts, lists, numbers, text; records pass as they
        are), every field checked strictly: no text for a number, no 1 for true.

        Raises:
            ValidationError: what is wrong, and where.
        """
        return msgspec.convert(data, cls)

    @classmethod
    def load_json(cls, data: str | bytes) -> Self:
        """The record from JSON, checked as `load` checks it."""
        return msgspec.json.decode(data, type=cls)

    def to_data(self) -> dict[str, Any]:
        """The record as plain data (what JSON holds), every field included."""
        data: dict[str, Any] = msgspec.to_builtins(self)
        return data

    def to_json(self) -> str:
        """The record as compact JSON, every field included."""
        return msgspec.json.encode(self).decode()

    def replace(self, **changes: Any) -> Self:
        """A copy with `changes` (shallow: fields not named are shared)."""
        return msgspec.structs.replace(self, **changes)  # type: ignore[type-var]

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        names: tuple[str, ...] = cls.__struct_fields__  # type: ignore[attr-defined]
        return names

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """A record inside a pydantic model: checked by `load`, written by `to_data`."""
        from pydantic_core import core_schema

        def check(value: object) -> _Reading:
            if isinstance(value, cls):
                return value
            try:
                return cls.load(value)
            except ValidationError as exc:
                raise ValueError(str(exc)) from None

        return core_schema.no_info_plain_validator_function(
            check,
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda record: record.to_data()
            ),
        )


class Record(_Reading, msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A record of the game that changes in place (the state, while a command applies):
    fields by keyword, unknown fields refused when read."""


class FrozenRecord(_Reading, msgspec.Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """A record that never changes once made (house rules, an edition, a command)."""
