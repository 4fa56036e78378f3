"""The table's own verbs: the game's language and a player's new phone link, each with
its command, handler, reader and entry in `DECLARED`."""

from __future__ import annotations

from typing import Any

from banker.core.args import Args
from banker.core.command import CommandRecord
from banker.core.errors import NotAllowed
from banker.core.ledger import (
    player_of,
)
from banker.core.state import GameState
from banker.core.verb import Verb, Word
from banker.i18n.languages import LANGUAGES, Language, is_language
from banker.i18n.message import N_, Message, msg


class SetLanguage(CommandRecord, frozen=True, kw_only=True, tag="language"):
    """Switch the language of the game's sentences and screens."""

    language: Language


class NewLink(CommandRecord, frozen=True, kw_only=True, tag="link"):
    """The player's phone link is replaced: the old one stops opening their page at once
    (a phone lost, or a link seen by someone else)."""

    player: str


LANGUAGE_WORDS = {"en": N_("English"), "ms": N_("Malay"), "th": N_("Thai")}
"""Each language's name as a sentence says it, in the language the sentence is in (Thai
says ภาษาไทย, not ไทย after its own word for language). Translated with the sentence."""


def language(state: GameState, cmd: SetLanguage) -> Message:
    name = msg(LANGUAGE_WORDS[cmd.language])
    if cmd.language == state.language:
        raise NotAllowed("The game is already in {name}.", name=name)
    state.language = cmd.language
    return msg("The game now speaks {name}", name=name)


def new_link(state: GameState, cmd: NewLink) -> Message:
    if cmd.player not in [p.name for p in state.players]:
        player_of(state, cmd.player)  # says who the players are
    state.links[cmd.player] = state.links.get(cmd.player, 0) + 1
    return msg("{p}'s phone link is new: the old one no longer opens their page.", p=cmd.player)


def read_language(a: Args) -> SetLanguage:
    code = a.words[0].casefold() if len(a.words) == 1 else ""
    if not is_language(code):
        raise a.usage()
    return SetLanguage(language=code)


DECLARED: tuple[Verb[Any] | Word[Any], ...] = (
    Verb(
        SetLanguage,
        language,
        Word(
            "language",
            N_("language en|ms|th"),
            read_language,
            "language",
            keywords=tuple(LANGUAGES),
        ),
        example="language th",
        any_moment=True,
    ),
    Verb(NewLink, new_link, None, any_moment=True),
)
"""This family's verbs (help lists every word in `verbs.HELP_ORDER`'s order)."""
