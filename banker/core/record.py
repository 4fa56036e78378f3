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

ValidationError = msgspec.ValidationError
"""What `load` and `load_json` raise for data that is not the record: the first problem
and where it is (`$.deeds[3].price`)."""


def problem_at(exc: ValidationError) -> str:
    """A refusal of a file's field in plain words, where it is first:
    `deeds.3.price: must be 1 or more`."""
    found = re.fullmatch(r"(.*) - at `\$(.*)`", str(exc), re.DOTALL)
    what, where = (found[1], found[2]) if found else (str(exc), "")
    where = re.sub(r"\[(\d+)\]", r".\1", where).removeprefix(".")
    for pattern, said in _FIELD_WORDS:
        named = re.fullmatch(pattern, what)
        if named:
            where = f"{where}.{named[1]}" if where else named[1]
            what = said
    bound = re.fullmatch(r"Expected `[^`]*` (>=|<=|of length >=|of length <=) (\d+)", what)
    if bound:
        what = "must be " + _BOUND_WORDS[bound[1]].format(n=bound[2])
    kind = re.fullmatch(r"Expected `([^`]*)`, got `([^`]*)`", what)
    if kind:
        what = f"must be {_KINDS.get(kind[1], kind[1])}, not {_KINDS.get(kind[2], kind[2])}"
    return f"{where}: {what}" if where else what


_FIELD_WORDS = (
    (r"Object missing required field `(.*)`", "required, and missing"),
    (r"Object contains unknown field `(.*)`", "not a field it can have"),
)
_BOUND_WORDS = {
    ">=": "{n} or more",
    "<=": "{n} or less",
    "of length >=": "at least {n} long",
    "of length <=": "at most {n} long",
}
_KINDS = {
    "int": "a whole number",
    "int | null": "a whole number",
    "str": "text",
    "str | null": "text",
    "bool": "true or false",
    "float": "a decimal number",
    "array": "a list",
    "object": "a table",
    "null": "nothing",
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
