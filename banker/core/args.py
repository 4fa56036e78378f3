"""The words after a verb, and the readers of an amount and a dice total that every
family of verbs uses (`banker.core.language` hands each verb's reader the rest of the line)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from msgspec import Struct

from banker.core.errors import BadInput, BankerError, UnknownName
from banker.core.limits import MAX_AMOUNT, MAX_DICE, MIN_DICE
from banker.core.names import candidates, match, normalize
from banker.core.state import GameState
from banker.i18n.message import Message, joined

_DIGITS = re.compile(r"[0-9]+")


T = TypeVar("T")


class Args(Struct):
    """The words after the verb, and the game they are read against."""

    usage_text: str
    """The verb's form, for the refusal of a line that does not fit it."""
    words: list[str]
    state: GameState

    def usage(self) -> BadInput:
        return BadInput("Write it as: {usage}", usage=Message(self.usage_text))

    @property
    def players(self) -> list[str]:
        return [p.name for p in self.state.active_players]

    @property
    def deeds(self) -> list[str]:
        return list(self.state.deeds)

    def player(self, words: list[str]) -> str:
        if not words:
            raise self.usage()
        query = " ".join(words)
        try:
            return match(query, self.players, "player")
        except UnknownName:
            gone = [p.name for p in self.state.players if p.bankrupt]
            if gone and len(found := candidates(query, gone)) == 1:
                raise UnknownName(
                    "{p} is bankrupt and out of the game: name a player still playing ({names}).",
                    p=found[0],
                    names=joined(self.players),
                ) from None
            raise

    def deed(self, words: list[str]) -> str:
        if not words:
            raise self.usage()
        return match(" ".join(words), self.deeds, "deed")

    def name_ends(self, words: list[str]) -> range:
        """Where a player's name at the start of `words` may end: 1 up to as many words
        as the longest name has (words that fold to nothing, like a lone dot, not
        counted), so looking for the name costs the same however long the line is."""
        longest = max((len(normalize(p)) for p in self.players), default=0)
        seen = 0
        for end, word in enumerate(words, start=1):
            if normalize(word):
                seen += 1
                if seen > longest:
                    return range(1, end)
        return range(1, len(words) + 1)

    def split(self, words: list[str], rest: Callable[[list[str]], T]) -> tuple[str, T]:
        """A player's name (one or more words) followed by whatever `rest` reads."""
        if not words:
            raise self.usage()
        player_error: BankerError | None = None
        rest_error: BankerError | None = None
        for k in self.name_ends(words) or range(1, 2):
            try:
                name = self.player(words[:k])
            except BankerError as exc:
                player_error = player_error or exc
                continue
            try:
                return name, rest(words[k:])
            except BankerError as exc:
                rest_error = rest_error or exc
        error = rest_error or player_error
        assert error is not None
        raise error

    def nothing(self, words: list[str]) -> None:
        if words:
            raise BadInput(
                "{extra!r} is more than this command takes. Write it as: {usage}",
                extra=" ".join(words),
                usage=Message(self.usage_text),
            )


def amount(word: str, state: GameState | None = None) -> int:
    """A positive whole amount in decimal digits, optionally after the currency symbol."""
    text = word
    if state is not None and text.startswith(state.edition.currency):
        text = text[len(state.edition.currency) :]
    if not _DIGITS.fullmatch(text):
        raise BadInput(
            "{w!r} is not an amount: write a whole number with the digits 0-9, like 150.", w=word
        )
    if len(text) > len(str(MAX_AMOUNT)):
        raise BadInput("{w} is more than the bank handles in one go; check the amount.", w=word)
    value = int(text)
    if value <= 0:
        raise BadInput("An amount must be more than zero; {w!r} is not.", w=word)
    if value > MAX_AMOUNT:
        raise BadInput("{w} is more than the bank handles in one go; check the amount.", w=word)
    return value


def dice(word: str) -> int:
    if len(word) > 3 or not _DIGITS.fullmatch(word) or not MIN_DICE <= int(word) <= MAX_DICE:
        raise BadInput(
            "{w!r} is not a dice total: give the total of two dice, {lo} to {hi}.",
            w=word,
            lo=MIN_DICE,
            hi=MAX_DICE,
        )
    return int(word)


def is_number(word: str) -> bool:
    return bool(_DIGITS.fullmatch(word))
