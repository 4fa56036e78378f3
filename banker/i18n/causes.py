"""Why the machine refused, in the table's words: an operating system's, a file format's
or a database's error becomes a short phrase the catalogue translates ("the disk is full",
"it is not TOML: line 3, column 5", "it is not text in UTF-8"), never the library's
English ("[Errno 28] No space left on device", "Invalid value (at line 3, column 5)").

`msg(..., why=exc)` passes any exception through `cause_words`, so every reason
embedded in a sentence is said in the reader's language. The library's own text goes to
the `banker.causes` log (shown on the command line with `--verbose`).
"""

from __future__ import annotations

import errno
import json
import sqlite3
import sys
from typing import Any

from banker.i18n.message import N_, Message, msg


def log(text: str, *args: object) -> None:
    """Keep a library's own words in the `banker.causes` log (printed with `--verbose`)."""
    import logging  # start-up: only once there is something to keep (about 6 ms)

    logging.getLogger("banker.causes").info(text, *args)


_OS_CAUSES: dict[int, str] = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk is full"),
    errno.EROFS: N_("the disk is read-only"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("part of the path is not a folder"),
    errno.EEXIST: N_("it already exists"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.EIO: N_("the disk could not be read or written"),
    errno.ECONNREFUSED: N_("the connection was refused"),
    errno.ECONNRESET: N_("the connection was cut"),
    errno.ETIMEDOUT: N_("no answer in time"),
    errno.EHOSTUNREACH: N_("the network cannot reach it"),
    errno.ENETUNREACH: N_("the network cannot reach it"),
    errno.EADDRINUSE: N_("the address is already in use"),
    errno.EADDRNOTAVAIL: N_("this computer has no such address"),
}

_SQLITE_CAUSES: dict[int, str] = {
    3: N_("permission denied"),  # SQLITE_PERM
    5: N_("another program is using the file"),  # SQLITE_BUSY
    6: N_("another program is using the file"),  # SQLITE_LOCKED
    8: N_("the file cannot be written"),  # SQLITE_READONLY
    10: N_("the disk could not be read or written"),  # SQLITE_IOERR
    11: N_("the file is damaged"),  # SQLITE_CORRUPT
    13: N_("the disk is full"),  # SQLITE_FULL
    14: N_("the file cannot be opened"),  # SQLITE_CANTOPEN
    26: N_("it is not a database file"),  # SQLITE_NOTADB
}


def cause_words(exc: BaseException) -> Message | str:
    """The reason an exception gives, as words to translate; an error the bank raised keeps
    its own sentence. A library's reason is said by its kind; its own text is logged."""
    own = getattr(exc, "message", None)
    if isinstance(own, Message):
        return own
    words = _kind_words(exc)
    if isinstance(words, Message):
        log("%s: %s", type(exc).__name__, own_text(exc))
    return words


def _loaded(module: str, name: str) -> tuple[type[BaseException], ...]:
    """The exception class `name` of `module` when that library is loaded, else nothing
    to match (an error of a library never loaded cannot have been raised, and the
    causes do not load one to find out)."""
    found = getattr(sys.modules.get(module), name, None)
    return (found,) if isinstance(found, type) and issubclass(found, BaseException) else ()


def _kind_words(exc: BaseException) -> Message | str:
    if isinstance(exc, UnicodeDecodeError):
        return msg(N_("it is not text in UTF-8 (byte {n})"), n=exc.start + 1)
    if isinstance(exc, UnicodeEncodeError):
        return msg(N_("it cannot be written as UTF-8 text"))
    toml_error = _loaded("tomli", "TOMLDecodeError")
    if isinstance(exc, toml_error):
        return _toml_words(exc)
    if isinstance(exc, json.JSONDecodeError):
        return msg(
            N_("it is not JSON: line {line}, column {column}"), line=exc.lineno, column=exc.colno
        )
    if isinstance(exc, _loaded("psycopg", "Error")):
        return _postgres_words(exc)
    if isinstance(exc, TimeoutError) and exc.errno is None:
        return msg(N_("no answer in time"))
    if isinstance(exc, OSError) and exc.errno in _OS_CAUSES:
        return msg(_OS_CAUSES[exc.errno])
    if isinstance(exc, OSError) and exc.errno:
        return msg(N_("system error {n}"), n=exc.errno)
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        if isinstance(code, int) and (code & 0xFF) in _SQLITE_CAUSES:
            return msg(_SQLITE_CAUSES[code & 0xFF])
        return msg(N_("a database error"))
    # pydantic's or msgspec's: not for the table (what is wrong is said where it is read)
    if isinstance(
        exc, _loaded("msgspec", "ValidationError") + _loaded("pydantic_core", "ValidationError")
    ):
        return msg(N_("its contents are not valid"))
    if isinstance(exc, RecursionError):
        return msg(N_("it is nested too deeply to be read"))
    if isinstance(exc, ValueError | KeyError | TypeError | IndexError | AttributeError):
        return msg(N_("its contents are not valid"))  # a damaged record, as Python read it
    return own_text(exc)


def own_text(exc: BaseException) -> str:
    """An exception's own text, whatever it holds: at most 200 characters of valid UTF-8,
    its class's name if it cannot say itself."""
    try:
        text = str(exc)
    except Exception:
        text = type(exc).__name__
    return text.encode("utf-8", "replace").decode("utf-8", "replace")[:200]


def _toml_words(exc: Any) -> Message:
    """TOML's reason by where it stopped, as the reader counts it (its English reason
    itself goes to the log)."""
    line, column, pos, doc = (getattr(exc, k, None) for k in ("lineno", "colno", "pos", "doc"))
    if isinstance(pos, int) and isinstance(doc, str) and pos >= len(doc):
        return msg(N_("it is not TOML: the file ends in the middle of a value"))
    if isinstance(line, int) and isinstance(column, int):
        return msg(N_("it is not TOML: line {line}, column {column}"), line=line, column=column)
    return msg(N_("it is not TOML"))


_POSTGRES_CLASSES: dict[str, str] = {
    "08": N_("the connection to the database failed"),
    "28": N_("the database did not accept the role or its password"),
    "42": N_("the database refused the request (permission or schema)"),
    "53": N_("the database server has run out of room"),
    "57": N_("the database server is stopping or stopped the request"),
    "3D": N_("there is no such database"),
    "23": N_("the database refused a value that breaks its rules"),
    "22": N_("the database refused a value out of its range"),
    "40": N_("the database could not finish in time; try again"),
    "55": N_("the database is busy with that table; try again"),
}
"""PostgreSQL's error classes (the first two characters of SQLSTATE) in the table's words."""


def _postgres_words(exc: BaseException) -> Message:
    state = getattr(exc, "sqlstate", None)
    if isinstance(state, str) and state[:2] in _POSTGRES_CLASSES:
        return msg(_POSTGRES_CLASSES[state[:2]])
    if isinstance(
        exc, _loaded("psycopg", "OperationalError") + _loaded("psycopg", "InterfaceError")
    ):
        return msg(N_("the database cannot be reached"))  # its ConnectionTimeout is one too
    return msg(N_("a database error"))
