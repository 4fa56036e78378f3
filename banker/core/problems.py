"""What is wrong with data handed in, and where: one reading of every refusal.

A record refused when it is read (an edition, a command read back, a new game's setup)
is worded from what is wrong and where, never from a library's English: the record's
type (`msgspec.inspect`) is walked over the data, as the reader walked it, to the first
problem; the game's own checks (`FileProblem`, raised by a record's `__post_init__`) say
their own words. A pydantic model's errors (an event's settings, a table view) are worded
the same way from their structured form (`type`, `loc`, `ctx`): `from_pydantic`.

This runs only once a record has been refused: reading a good one costs nothing more.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from banker.core.errors import FileProblem
from banker.i18n.message import N_, Message, msg

Where = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
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


def first_problem(kind: Any, data: object) -> Problem:
    """The first problem the reader found in `data` read as `kind` (a record), in the
    order it reads: a table's fields as written, then what is missing, then the record's
    own check."""
    import msgspec.inspect  # only when a record was refused

    found = _check(msgspec.inspect.type_info(kind), data, ())
    return found if found is not None else Problem((), msg(NOT_VALID))


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


def _kind_of(value: object) -> str:
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


def _kinds_of(t: Any) -> list[str]:
    """The kinds of value a type takes, in the order it names them."""
    import msgspec.inspect as mi  # only when a record was refused

    if isinstance(t, mi.UnionType):
        kinds = [k for member in t.types for k in _kinds_of(member)]
        return list(dict.fromkeys(kinds))
    if isinstance(t, mi.LiteralType | mi.EnumType):
        values = t.values if isinstance(t, mi.LiteralType) else [m.value for m in t.cls]
        return list(dict.fromkeys(_kind_of(v) for v in values))
    named: dict[type, str] = {
        mi.IntType: "int",
        mi.StrType: "str",
        mi.BoolType: "bool",
        mi.FloatType: "float",
        mi.NoneType: "null",
        mi.StructType: "object",
        mi.DictType: "object",
        mi.TypedDictType: "object",
        mi.ListType: "array",
        mi.VarTupleType: "array",
        mi.TupleType: "array",
        mi.SetType: "array",
        mi.FrozenSetType: "array",
    }
    return [named.get(type(t), type(t).__name__)]


def _kind_words(kinds: list[str]) -> Message | str:
    """`a whole number`; `a whole number or text` (nothing is not said beside a kind)."""
    shown = [k for k in kinds if k != "null"] or kinds
    words = [msg(_KINDS[k]) if k in _KINDS else k for k in shown]
    said: Message | str = words[0]
    for more in words[1:]:
        said = msg(N_("{a} or {b}"), a=said, b=more)
    return said


def _wrong_kind(where: Where, t: Any, value: object) -> Problem:
    return Problem(
        where,
        msg(
            "must be {kind}, not {got}",
            kind=_kind_words(_kinds_of(t)),
            got=_kind_words([_kind_of(value)]),
        ),
    )


# -- the walk ---------------------------------------------------------------------------


def _check(t: Any, value: object, where: Where) -> Problem | None:  # noqa: C901 (one case a kind)
    import msgspec.inspect as mi  # only when a record was refused

    if isinstance(t, mi.AnyType):
        return None
    if isinstance(t, mi.UnionType):
        return _check_union(t, value, where)
    if isinstance(t, mi.NoneType):
        return None if value is None else _wrong_kind(where, t, value)
    if isinstance(t, mi.BoolType):
        return None if isinstance(value, bool) else _wrong_kind(where, t, value)
    if isinstance(t, mi.IntType):
        if isinstance(value, bool) or not isinstance(value, int):
            return _wrong_kind(where, t, value)
        return _check_int(t, value, where)
    if isinstance(t, mi.FloatType):
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return None if ok else _wrong_kind(where, t, value)
    if isinstance(t, mi.StrType):
        if not isinstance(value, str):
            return _wrong_kind(where, t, value)
        return _check_str(t, value, where)
    if isinstance(t, mi.LiteralType | mi.EnumType):
        return _check_choice(t, value, where)
    if isinstance(t, mi.ListType | mi.VarTupleType | mi.SetType | mi.FrozenSetType):
        if not isinstance(value, list | tuple):
            return _wrong_kind(where, t, value)
        return _length(t, len(value), where) or _each((t.item_type for _ in value), value, where)
    if isinstance(t, mi.TupleType):
        if not isinstance(value, list | tuple):
            return _wrong_kind(where, t, value)
        if len(value) != len(t.item_types):
            return Problem(where, msg(N_("must hold {n} items"), n=len(t.item_types)))
        return _each(t.item_types, value, where)
    if isinstance(t, mi.DictType):
        return _check_dict(t, value, where)
    if isinstance(t, mi.StructType):
        return _check_struct(t, value, where)
    return None  # a kind no record holds: nothing more precise to say


def _each(types: Any, values: Sequence[object], where: Where) -> Problem | None:
    for i, (t, value) in enumerate(zip(types, values, strict=False)):
        found = _check(t, value, (*where, i))
        if found is not None:
            return found
    return None


def _check_int(t: Any, value: int, where: Where) -> Problem | None:
    low = t.ge if t.ge is not None else (t.gt + 1 if t.gt is not None else None)
    high = t.le if t.le is not None else (t.lt - 1 if t.lt is not None else None)
    if low is not None and value < low:
        return Problem(where, msg("must be {n} or more", n=str(low)))
    if high is not None and value > high:
        return Problem(where, msg("must be {n} or less", n=str(high)))
    if t.multiple_of is not None and value % t.multiple_of:
        return Problem(where, msg(N_("must be a multiple of {n}"), n=str(t.multiple_of)))
    return None


def _check_str(t: Any, value: str, where: Where) -> Problem | None:
    found = _length(t, len(value), where)
    if found is None and t.pattern is not None and re.search(t.pattern, value) is None:
        # the record's own pattern over the value (never over a library's message)
        return Problem(where, msg(N_("must be written in the form {form}"), form=t.pattern))
    return found


def _length(t: Any, length: int, where: Where) -> Problem | None:
    if t.min_length is not None and length < t.min_length:
        return Problem(where, msg("must be at least {n} long", n=str(t.min_length)))
    if t.max_length is not None and length > t.max_length:
        return Problem(where, msg("must be at most {n} long", n=str(t.max_length)))
    return None


def _check_choice(t: Any, value: object, where: Where) -> Problem | None:
    import msgspec.inspect as mi  # only when a record was refused

    values = list(t.values) if isinstance(t, mi.LiteralType) else [m.value for m in t.cls]
    if _kind_of(value) not in _kinds_of(t):
        return _wrong_kind(where, t, value)
    if value in values:
        return None
    shown = ", ".join(str(v.value if isinstance(v, enum.Enum) else v) for v in values)
    return Problem(where, msg(N_("must be one of {choices}"), choices=shown))


def _check_union(t: Any, value: object, where: Where) -> Problem | None:
    import msgspec.inspect as mi  # only when a record was refused

    got = _kind_of(value)
    members = [m for m in t.types if got in _kinds_of(m)]
    if got == "int" and not members:  # a whole number is read as a decimal one
        members = [m for m in t.types if isinstance(m, mi.FloatType)]
    if not members:
        return _wrong_kind(where, t, value)
    structs = [m for m in members if isinstance(m, mi.StructType) and m.tag_field is not None]
    if len(structs) > 1 and isinstance(value, Mapping):  # a tagged union: by its tag
        tag_field = str(structs[0].tag_field)
        tagged = [m for m in structs if value.get(tag_field) == m.tag]
        if not tagged:
            shown = ", ".join(str(m.tag) for m in structs)
            return Problem((*where, tag_field), msg(N_("must be one of {choices}"), choices=shown))
        members = tagged
    return _check(members[0], value, where)


def _check_dict(t: Any, value: object, where: Where) -> Problem | None:
    if not isinstance(value, Mapping):
        return _wrong_kind(where, t, value)
    found = _length(t, len(value), where)
    for key, item in value.items():
        if found is not None:
            break
        found = _check(t.key_type, key, where) or _check(t.value_type, item, (*where, key))
    return found


def _check_struct(t: Any, value: object, where: Where) -> Problem | None:
    if isinstance(value, t.cls):  # a record passes as it is
        return None
    if not isinstance(value, Mapping):
        return _wrong_kind(where, t, value)
    fields = {f.encode_name: f for f in t.fields}
    for key, item in value.items():
        if key == t.tag_field:
            if item != t.tag:
                shown = str(t.tag)
                return Problem((*where, key), msg(N_("must be one of {choices}"), choices=shown))
            continue
        field = fields.get(key) if isinstance(key, str) else None
        if field is None:
            if t.forbid_unknown_fields:
                return Problem((*where, str(key)), msg("not a field it can have"))
            continue
        found = _check(field.type, item, (*where, key))
        if found is not None:
            return found
    for name, field in fields.items():
        if field.required and name not in value:
            return Problem((*where, name), msg("required, and missing"))
    try:  # every field is right: the record's own check, where it is
        msgspec.convert(value, t.cls)
    except msgspec.ValidationError as exc:
        own = exc.__cause__
        if isinstance(own, FileProblem):
            return Problem(where, own.message)
        return Problem(where, _own_text(own) if own is not None else msg(NOT_VALID))
    return None


def _own_text(exc: BaseException) -> str:
    try:
        return str(exc)[:200]
    except Exception:
        return type(exc).__name__


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
                kind=_kind_words([expected]),
                got=_kind_words([_kind_of(error.get("input"))]),
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
