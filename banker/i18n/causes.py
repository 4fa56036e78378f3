"""Why the machine refused, in the table's words: an operating system's or a database's
error becomes a short phrase the catalogue translates ("the disk is full"), never
Python's English ("[Errno 28] No space left on device").

`msg(..., why=exc)` passes any exception through `cause_words`, so every reason
embedded in a sentence is said in the reader's language.
"""

from __future__ import annotations

import errno
import sqlite3

from banker.i18n.message import N_, Message, msg

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
    its own sentence, one this module does not know keeps its text."""
    own = getattr(exc, "message", None)
    if isinstance(own, Message):
        return own
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
    if type(exc).__name__ == "ValidationError":  # pydantic's or msgspec's: not for the table
        return msg(N_("its contents are not valid"))
    return str(exc)
