"""Matching what the banker types to player and deed names: any word, by prefix.

"board" is Boardwalk, "park" is Park Place, "st ch" is St. Charles Place; case and
dots do not matter. An exact name always wins; otherwise exactly one name must match.
"""

from __future__ import annotations

import re

from banker.core.errors import UnknownName
from banker.core.money import N_, joined

_DROP = re.compile(r"[.'’`]")


def normalize(text: str) -> list[str]:
    """The words of a name or a query, folded: `St. Charles` -> ['st', 'charles']."""
    return _DROP.sub("", text.casefold()).split()


def _matches(query: list[str], name: list[str]) -> bool:
    """Each query word is the prefix of a later word of the name, in order."""
    i = 0
    for word in query:
        while i < len(name) and not name[i].startswith(word):
            i += 1
        if i == len(name):
            return False
        i += 1
    return True


def candidates(query: str, names: list[str]) -> list[str]:
    """The names the query could mean (the exact one alone, when there is one)."""
    words = normalize(query)
    if not words:
        return []
    exact = [n for n in names if normalize(n) == words]
    if exact:
        return exact
    return [n for n in names if _matches(words, normalize(n))]


def match(query: str, names: list[str], what: str) -> str:
    """`what` is "player", "deed" or "card"."""
    return _match(query, names, what)


_AMBIGUOUS = {
    "player": N_("{q!r} could be more than one player: {names}. Type more of the name."),
    "deed": N_("{q!r} could be more than one deed: {names}. Type more of the name."),
}
_UNKNOWN = {
    "player": N_("No player is called {q!r}. The players are: {names}."),
    "deed": N_("No deed is called {q!r}. The deeds are: {names}."),
}
_UNKNOWN_NEAR = {
    "player": N_("No player is called {q!r}. Did you mean one of these: {names}."),
    "deed": N_("No deed is called {q!r}. Did you mean one of these: {names}."),
}


def _match(query: str, names: list[str], what: str) -> str:
    found = candidates(query, names)
    if len(found) == 1:
        return found[0]
    if found:
        raise UnknownName(_AMBIGUOUS[what], q=query, names=joined(found))
    first = (normalize(query) or [""])[0][:1]
    near = [n for n in names if any(w.startswith(first) for w in normalize(n))] if first else []
    raise UnknownName(
        (_UNKNOWN_NEAR if near else _UNKNOWN)[what], q=query, names=joined(near or names)
    )
