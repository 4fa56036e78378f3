"""Addresses that stay: a page's port and token kept from one start to the next, so the
QR code on the venue's screen and the links the tables hold keep working after a restart.

Whatever is read back is checked before use (a port, a token of the shape this program
makes); anything else is ignored and a new address is made. When the kept port is taken
by another program, the page starts on a free one and the caller says where it moved.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path

from banker.store.paths import default_games_dir
from banker.web.site import ShareError

TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""A token as `secrets.token_urlsafe` makes them."""
MOST_SHARES = 256
"""The games whose share address `banker share` keeps (the oldest forgotten first)."""
MOST_BYTES = 64 * 1024


def kept(port: object, token: object) -> tuple[int, str] | None:
    """(port, token) when both are what this program would have made, else None."""
    if type(port) is not int or not 1 <= port <= 65535:
        return None
    if not isinstance(token, str) or not TOKEN.fullmatch(token):
        return None
    return port, token


async def start_kept(
    start: Callable[[int, str | None], Awaitable[str]],
    wanted: int,
    keep: tuple[int, str] | None,
) -> tuple[str, bool]:
    """Start a page with `start(port, token)`: on `wanted` when given (not 0), else on the
    kept port with the kept token. Returns its address and whether it moved (the kept
    port was taken: a free one instead, the kept token still)."""
    token = keep[1] if keep is not None else None
    if wanted or keep is None:
        return await start(wanted, token), False
    try:
        return await start(keep[0], token), False
    except ShareError:
        return await start(0, token), True


def _shares_file() -> Path:

    return default_games_dir().parent / "shares.json"


def _read_shares(path: Path) -> dict[str, object]:
    try:
        if path.stat().st_size > MOST_BYTES:
            return {}
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def kept_share(game: Path) -> tuple[int, str] | None:
    """The port and token `banker share` last served `game` on, when kept and sound."""
    return kept_address(str(game.resolve()))


def keep_share(game: Path, port: int, token: str, key: str | None = None) -> None:
    """Remember where `game` is shared, and the key of its players' links (best effort:
    an unwritable folder only means a new address next time)."""
    keep_address(str(game.resolve()), port, token, key)


def kept_link_key(game: Path) -> str | None:
    """The key `game`'s players' own links were last worked out from, when kept and sound
    (the app and `banker share` give the same player the same link)."""
    entry = _read_shares(_shares_file()).get(str(game.resolve()))
    key = entry.get("key") if isinstance(entry, dict) else None
    return key if isinstance(key, str) and TOKEN.fullmatch(key) else None


def forget_share(game: Path) -> None:
    """Forget where `game` was shared: the next share has a new address and new links
    (the banker stopped sharing: the old codes must stop opening the table)."""
    path = _shares_file()
    shares = _read_shares(path)
    if shares.pop(str(game.resolve()), None) is not None:
        _write_shares(path, shares)


def kept_address(key: str) -> tuple[int, str] | None:
    """The port and token last kept under `key` (a game's path, the national board's
    database), when kept and sound."""
    entry = _read_shares(_shares_file()).get(key)
    if not isinstance(entry, dict):
        return None
    return kept(entry.get("port"), entry.get("token"))


def keep_address(key: str, port: int, token: str, link_key: str | None = None) -> None:
    """Remember a page's port and token under `key` (best effort), and the key of the
    players' links when it has them."""
    path = _shares_file()
    shares = {k: v for k, v in _read_shares(path).items() if isinstance(v, dict)}
    shares.pop(key, None)
    shares[key] = {"port": port, "token": token}
    if link_key is not None:
        shares[key]["key"] = link_key
    while len(shares) > MOST_SHARES:
        shares.pop(next(iter(shares)))
    _write_shares(path, shares)


def _write_shares(path: Path, shares: Mapping[str, object]) -> None:
    building = path.with_name(f".{path.name}.{os.getpid()}")
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        building.write_text(json.dumps(shares), "utf-8")
        os.replace(building, path)
