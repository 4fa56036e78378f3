"""What is wrong with data handed in, and where: one reading of every refusal.

A record refused when it is read (an edition, a command read back, a new game's setup)
is worded from what is wrong and where, never from a library's English: its type is
walked over the data to the first problem (`banker.core.walk`). A pydantic model's
errors (an event's settings, a table view) are worded the same way from their structured
form (`type`, `loc`, `ctx`): `from_pydantic`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from msgspec import Struct

from banker.i18n.message import N_, Message, msg

Where = tuple[str | int, ...]


class Problem(Struct, frozen=True):
    """The first thing wrong with some data: where it is (field names and list
    positions, as the file writes them) and what is wrong there."""

    where: Where
    what: Message | str

    def words(self) -> Message:
        """`deeds.3.price: must be 1 or more`; without a place, only what is wrong."""
        if not self.where:
            return msg("{what}", what=self.what)
        return msg("{where}: {what}", where=place(self.where), what=self.what)


PLACE_SHOWN = 60
"""At most this many characters of a field's path are said (a name in it is the file's)."""


def place(where: Sequence[object]) -> str:
    """A field's path as the file writes it: `deeds.3.price`."""
    said = ".".join(str(part) for part in where)
    return said if len(said) <= PLACE_SHOWN else said[: PLACE_SHOWN - 1] + "…"


NOT_VALID = N_("its contents are not valid")
"""Said when nothing more precise can be found (the data read differently the second time)."""


# -- kinds of value --------------------------------------------------------------------

_KINDS = {
    "int": N_("a whole number"),
    "str": N_("text"),
    "bool": N_("true or false"),
    "float": N_("a decimal number"),
    "array": N_("a list"),
    "object": N_("a table"),
    "null": N_("nothing"),
}
"""What the kinds of value in a file are called in a refusal."""


def kind_of(value: object) -> str:
    """The kind of a value as a file holds it."""
    if value is None:
        return "null"
    for cls, name in ((bool, "bool"), (int, "int"), (float, "float"), (str, "str")):
        if isinstance(value, cls):
            return name
    if isinstance(value, list | tuple):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def kind_words(kinds: list[str]) -> Message | str:
    """`a whole number`; `a whole number or text` (nothing is not said beside a kind)."""
    shown = [k for k in kinds if k != "null"] or kinds
    words = [msg(_KINDS[k]) if k in _KINDS else k for k in shown]
    said: Message | str = words[0]
    for more in words[1:]:
        said = msg(N_("{a} or {b}"), a=said, b=more)
    return said


# -- pydantic's errors --------------------------------------------------------------------


def from_pydantic(error: Mapping[str, Any]) -> Problem:
    """One of a pydantic model's errors (`ValidationError.errors()`), by its type, its
    place and its context, in the words of a record's refusal."""
    where: Where = tuple(p for p in error.get("loc", ()) if isinstance(p, str | int))
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    bounds = {
        "greater_than_equal": ("ge", "must be {n} or more", 0),
        "greater_than": ("gt", "must be {n} or more", 1),
        "less_than_equal": ("le", "must be {n} or less", 0),
        "less_than": ("lt", "must be {n} or less", -1),
        "string_too_short": ("min_length", "must be at least {n} long", 0),
        "too_short": ("min_length", "must be at least {n} long", 0),
        "string_too_long": ("max_length", "must be at most {n} long", 0),
        "too_long": ("max_length", "must be at most {n} long", 0),
    }
    if kind == "missing":
        return Problem(where, msg("required, and missing"))
    if kind == "extra_forbidden":
        return Problem(where, msg("not a field it can have"))
    if kind in bounds:
        key, said, step = bounds[kind]
        n = ctx.get(key)
        if isinstance(n, int) and not isinstance(n, bool):
            return Problem(where, msg(said, n=str(n + step)))
    if kind == "literal_error" and "expected" in ctx:
        return Problem(where, msg(N_("must be one of {choices}"), choices=str(ctx["expected"])))
    expected = _PYDANTIC_KINDS.get(kind)
    if expected is not None:
        return Problem(
            where,
            msg(
                "must be {kind}, not {got}",
                kind=kind_words([expected]),
                got=kind_words([kind_of(error.get("input"))]),
            ),
        )
    return Problem(where, msg(NOT_VALID))


_PYDANTIC_KINDS = {
    "int_type": "int",
    "int_parsing": "int",
    "int_from_float": "int",
    "string_type": "str",
    "bool_type": "bool",
    "bool_parsing": "bool",
    "float_type": "float",
    "float_parsing": "float",
    "list_type": "array",
    "tuple_type": "array",
    "dict_type": "object",
    "model_type": "object",
    "model_attributes_type": "object",
    "none_required": "null",
}
"""pydantic's error types that say a value is of the wrong kind, and the kind wanted."""
