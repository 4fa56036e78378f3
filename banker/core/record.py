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

from functools import cache
from typing import Any, Self

import msgspec

from banker.core.problems import NOT_VALID, Problem
from banker.core.walk import first_problem
from banker.i18n.message import Message, msg

ValidationError = msgspec.ValidationError
"""What `load` and `load_json` raise for data that is not the record (a `RecordError`,
which says the first problem and where it is)."""


class RecordError(msgspec.ValidationError):
    """A record refused when it was read: the first problem and where it is, found by
    walking the record's type over the data (`core.problems`); its text is that problem
    in English words."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.words().render())
        self.problem = problem


def problem_at(exc: ValidationError) -> str:
    """A refusal of a file's field in plain English words, where it is first:
    `deeds.3.price: must be 1 or more`."""
    return problem_words(exc).render()


def problem_words(exc: ValidationError) -> Message:
    """A refusal of a file's field where it is first, in words to translate: the field's
    path as the file writes it, then what is wrong (`deeds.3.price: must be 1 or more`)."""
    if isinstance(exc, RecordError):
        return exc.problem.words()
    return msg(NOT_VALID)  # not read by a record: nothing more precise is known


def refusal_of(exc: ValueError) -> Message | ValueError:
    """Why a record was refused when it was read back: a field and its problem, in the
    reader's words, for a record's own check; other errors as they are (for `msg`)."""
    return problem_words(exc) if isinstance(exc, ValidationError) else exc


@cache
def _decoder(kind: Any) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(kind)


def read_json(kind: Any, data: str | bytes) -> Any:
    """A record, or one of a union of records told apart by their tag, from JSON, every
    field checked as `load` checks it.

    Raises:
        ValidationError: a `RecordError`, saying the first problem and where it is.
        msgspec.DecodeError: it is not JSON.
    """
    try:
        return _decoder(kind).decode(data)
    except msgspec.ValidationError:
        pass
    try:  # where it is wrong: the data as JSON holds it, walked as the record
        plain = msgspec.json.decode(data)
    except msgspec.DecodeError:
        raise RecordError(Problem((), msg(NOT_VALID))) from None
    raise RecordError(first_problem(kind, plain)) from None


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
        try:
            return msgspec.convert(data, cls)
        except msgspec.ValidationError:
            raise RecordError(first_problem(cls, data)) from None

    @classmethod
    def load_json(cls, data: str | bytes) -> Self:
        """The record from JSON, checked as `load` checks it."""
        record: Self = read_json(cls, data)
        return record

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
