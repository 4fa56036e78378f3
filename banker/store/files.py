"""Small files the banker and the director hand the program: a house-rules file, a
script of commands. Read whole, bounded, and only when they are regular files."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from banker.core.errors import BadInput
from banker.core.limits import MAX_RULES_BYTES
from banker.core.record import ValidationError
from banker.core.rules import HouseRules, rules_problems


def read_small(path: Path, most: int) -> str:
    """The text of a regular file (not a FIFO, a device or a folder) of at most `most`
    bytes, a byte order mark allowed.

    Raises:
        BadInput: it is not a file, or too big.
        OSError, UnicodeDecodeError: it cannot be read as text.
    """
    if not stat.S_ISREG(os.stat(path).st_mode):  # before opening: a FIFO would wait
        raise BadInput("{file} is not a file.", file=str(path))
    with path.open("rb") as f:
        data = f.read(most + 1)
    if len(data) > most:
        raise BadInput(
            "{file} is too big: at most {most} bytes are read.", file=str(path), most=f"{most:,}"
        )
    return data.decode("utf-8-sig")


def load_rules(path: str | Path | None) -> HouseRules:
    """The house rules in the TOML file at `path` (the rule book's own when None): what
    `banker new --rules` and `banker tournament new --rules` read.

    Raises:
        BadInput: no such file, not readable, not TOML, or rules out of their bounds
            (each named with its reason).
    """
    if path is None:
        return HouseRules()
    import tomli  # only here: a command that reads no rules file does not load it

    try:
        data = tomli.loads(read_small(Path(path), MAX_RULES_BYTES))
        return HouseRules.load(data)
    except FileNotFoundError:
        raise BadInput("There is no house-rules file at {path}.", path=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput("Cannot read {path}: {why}", path=str(path), why=exc) from None
    except tomli.TOMLDecodeError as exc:
        raise BadInput("{path}: {why}", path=str(path), why=exc) from None
    except ValidationError:
        raise BadInput(
            "{path}: {problems}", path=str(path), problems=rules_problems(data)
        ) from None
