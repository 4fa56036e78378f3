"""Matching what the banker types to player and deed names: any word, by prefix.

"board" is Boardwalk, "park" is Park Place, "st ch" is St. Charles Place; case and
dots do not matter. An exact name always wins; otherwise exactly one name must match.
"""

from __future__ import annotations

import difflib
import re

from banker.core.errors import UnknownName
from banker.i18n.message import N_, Message, joined, msg

_DROP = re.compile(r"[.'’`()]")  # a translated square shows its board name in brackets


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
    "deed": N_("No deed is called {q!r}. Type the start of any word of its name: {names}."),
}
_EXAMPLE = N_("{typed} for {name}")
"""How a name may be typed, shown rather than every deed (they would not fit)."""
NEAREST = 5
"""The most names a refusal suggests."""
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
    near = nearest(query, names)
    if near:
        raise UnknownName(_UNKNOWN_NEAR[what], q=query, names=joined(near))
    if what == "deed":
        raise UnknownName(_UNKNOWN[what], q=query, names=joined(examples(names)))
    raise UnknownName(_UNKNOWN[what], q=query, names=joined(names))


def examples(names: list[str]) -> list[Message]:
    """Two names of this board as the banker may type them: `board` for Boardwalk,
    `st ch` for St. Charles Place (each checked to mean that name alone)."""
    shown: list[Message] = []
    single = [n for n in names if len(normalize(n)) == 1][-1:]
    several = [n for n in names if len(normalize(n)) > 1][:1]
    picks = single + several or names[:1]
    for name in dict.fromkeys(picks):
        words = normalize(name)
        typed = " ".join(w[:5] if len(words) == 1 else w[:2] for w in words[:2])
        if candidates(typed, names) != [name]:
            typed = " ".join(words)
        shown.append(msg(_EXAMPLE, typed=typed, name=name))
    return shown


def nearest(query: str, names: list[str]) -> list[str]:
    """At most `NEAREST` names the query may be a slip for: a word of the name spelt
    nearly like a word of the query (`bordwalk`, `pensylvania`)."""
    words = normalize(query)
    if not words:
        return []
    scored = []
    for name in names:
        best = max(
            difflib.SequenceMatcher(None, q, w).ratio() for q in words for w in normalize(name)
        )
        if best >= 0.75:
            scored.append((-best, names.index(name), name))
    return [name for _score, _i, name in sorted(scored)[:NEAREST]]


def _whole_words(query: list[str], name: list[str]) -> bool:
    """Each query word is a whole later word of the name, in order."""
    i = 0
    for word in query:
        while i < len(name) and name[i] != word:
            i += 1
        if i == len(name):
            return False
        i += 1
    return True


def ranked(
    query: str,
    names: list[str],
    likely: list[str] | None = None,
    kinds: dict[str, list[str]] | None = None,
) -> list[str]:
    """Every name the query could mean, the most likely first: the exact name, then names
    with each query word as a whole word (`park`: Park Place), then by the start of a word
    (Free Parking), then names of the kind or colour group the query names (`railroad`:
    every railroad, the Short Line too; `red`), the kind named in full before the kinds it
    begins (`merah` is red, `merah jambu` pink). Within each rank the names in `likely`
    come first, in its order (the squares the token can reach, likeliest first), then the
    others in `names` order."""
    words = normalize(query)
    if not words:
        return []
    order = {name: i for i, name in enumerate(likely or [])}
    by_kind: set[str] = set()
    by_kind_named: set[str] = set()  # `merah` is the red group before `merah jambu` (pink)
    for kind, members in (kinds or {}).items():
        if normalize(kind) == words:
            by_kind_named.update(members)
        elif _matches(words, normalize(kind)):
            by_kind.update(members)
    scored: list[tuple[int, int, int, str]] = []
    for i, name in enumerate(names):
        folded = normalize(name)
        if folded == words:
            rank = 0
        elif _whole_words(words, folded):
            rank = 1
        elif _matches(words, folded):
            rank = 2
        elif name in by_kind_named:
            rank = 3
        elif name in by_kind:
            rank = 4
        else:
            continue
        scored.append((rank, order.get(name, len(order)), i, name))
    return [name for *_key, name in sorted(scored)]
