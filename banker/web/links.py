"""Each player's own link: a secret that opens the table view as that player.

The table's link (its token) is for anyone at the table and only reads. A player's link
carries a secret worked out from the sharing computer's link key, the player's seat and
name, and how many times the banker has given that player a new link (`GameState.links`,
journaled by the `link` command): giving a new one changes the secret, so the old link
stops at the next request. The key never leaves this computer and never enters the
journal, so neither the game file's entries nor the table's link tell a player's secret.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass

from banker.core.state import GameState

KEY_BYTES = 32
"""The link key's randomness."""
MOST_REPLACED = 16
"""How many of a player's latest old links are told apart from a wrong link (410, not 404)."""
SECRET_CHARS = 22
"""A player's secret: 132 bits of the key's HMAC, in URL-safe letters."""


def new_key() -> str:
    """A new link key, as `secrets.token_urlsafe` makes them (kept with the address)."""
    return secrets.token_urlsafe(KEY_BYTES)


def player_secret(key: str, seat: int, name: str, issued: int) -> str:
    """The secret of the player in `seat` (0 first) called `name`, after `issued` new links."""
    mac = hmac.new(key.encode(), f"{seat}\0{name}\0{issued}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()).decode()[:SECRET_CHARS]


@dataclass(frozen=True)
class Holder:
    """Who a link belongs to: the table (anyone, read-only) or one player."""

    link: str
    """The token or secret itself, as the path carries it."""
    seat: int | None = None
    """The player's seat (0 first); None for the table's link."""

    @property
    def is_player(self) -> bool:
        return self.seat is not None


class Links:
    """The links that open one shared game now: the table's token and each player's secret.

    The players' secrets are worked out again only when the players or their links change.
    """

    def __init__(self, key: str) -> None:
        self.key = key
        self._made: tuple[tuple[str, ...], tuple[int, ...]] | None = None
        self._secrets: list[str] = []
        self._replaced: frozenset[str] = frozenset()

    def secrets(self, state: GameState) -> list[str]:
        """Every player's current secret, in seating order."""
        names = tuple(p.name for p in state.players)
        issued = tuple(state.links.get(n, 0) for n in names)
        if self._made != (names, issued):
            self._secrets = [
                player_secret(self.key, seat, name, n)
                for seat, (name, n) in enumerate(zip(names, issued, strict=True))
            ]
            self._replaced = frozenset(
                player_secret(self.key, seat, name, old)
                for seat, (name, n) in enumerate(zip(names, issued, strict=True))
                for old in range(max(0, n - MOST_REPLACED), n)
            )
            self._made = (names, issued)
        return list(self._secrets)

    def holder(self, state: GameState, table: str | None, given: str) -> Holder | None:
        """Whose link `given` is, compared in constant time with every link; None when it
        opens nothing (a wrong token, a replaced secret)."""
        found: Holder | None = None
        raw = given.encode()
        if table and secrets.compare_digest(raw, table.encode()):
            found = Holder(given)
        for seat, secret in enumerate(self.secrets(state)):
            if secrets.compare_digest(raw, secret.encode()):
                found = Holder(given, seat)
        return found

    def replaced(self, state: GameState, given: str) -> bool:
        """Whether `given` was one of a player's latest links before the banker gave them
        a new one (the page then says so, instead of that sharing stopped). Worked out once
        per change of the links: a crowd of wrong links costs a set lookup each (a dead
        link tells nothing worth timing)."""
        self.secrets(state)
        return given in self._replaced

    def all(self, state: GameState, table: str | None) -> set[str]:
        """Every link that opens the game now."""
        return {*self.secrets(state), *([table] if table else [])}
