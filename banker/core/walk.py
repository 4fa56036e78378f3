"""The walk of a record's type over the data it refused, to the first problem, in the
order the reader met it: a table's fields as written, then what is missing, then the
record's own check (`FileProblem`, raised by its `__post_init__`, says its own words).

It runs only once a record has been refused (`Record.load`, `read_json`): reading a good
one costs nothing more. (`msgspec.inspect` is loaded by msgspec itself.)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
import msgspec.inspect as mi

from banker.core.errors import FileProblem
from banker.core.problems import NOT_VALID, Problem, Where, kind_of, kind_words
from banker.i18n.message import N_, msg


def first_problem(kind: Any, data: object) -> Problem:
    """The first problem the reader found in `data` read as `kind` (a record), in the
    order it reads: a table's fields as written, then what is missing, then the record's
    own check."""
    found = _check(mi.type_info(kind), data, ())
    return found if found is not None else Problem((), msg(NOT_VALID))


def _kinds_of(t: Any) -> list[str]:
    """The kinds of value a type takes, in the order it names them."""
    if isinstance(t, mi.UnionType):
        kinds = [k for member in t.types for k in _kinds_of(member)]
        return list(dict.fromkeys(kinds))
    if isinstance(t, mi.LiteralType | mi.EnumType):
        values = t.values if isinstance(t, mi.LiteralType) else [m.value for m in t.cls]
        return list(dict.fromkeys(kind_of(v) for v in values))
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


def _wrong_kind(where: Where, t: Any, value: object) -> Problem:
    return Problem(
        where,
        msg(
            "must be {kind}, not {got}",
            kind=kind_words(_kinds_of(t)),
            got=kind_words([kind_of(value)]),
        ),
    )


# -- the walk ---------------------------------------------------------------------------


def _check(t: Any, value: object, where: Where) -> Problem | None:  # noqa: C901 (one case a kind)
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
    values = list(t.values) if isinstance(t, mi.LiteralType) else [m.value for m in t.cls]
    if kind_of(value) not in _kinds_of(t):
        return _wrong_kind(where, t, value)
    if value in values:
        return None
    shown = ", ".join(str(v.value if isinstance(v, enum.Enum) else v) for v in values)
    return Problem(where, msg(N_("must be one of {choices}"), choices=shown))


def _check_union(t: Any, value: object, where: Where) -> Problem | None:
    got = kind_of(value)
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
