"""The app's words in the game's language: the core's sentences, its refusals, the keys.

Each app has a `Voice`: the language of its open game and that language's translator.
The app makes it when it is made and hands it to every task of its own through a context
variable (`speaking`), so two apps in one process (the tests run many) never share a
language, and nothing module-wide is set or reset. `_()` gives a screen's own words and
`said()` the core's sentences in the voice's language. Key labels are written in English
in `BINDINGS` (marked with `N_`) and translated when the footer or the keys panel asks the
screen for its active bindings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len, set_cell_size
from textual.binding import ActiveBinding

from banker.i18n.catalogue import Catalogue, EnglishCatalogue, translator
from banker.i18n.languages import Language, is_language
from banker.i18n.message import N_, Message

if TYPE_CHECKING:
    from banker.core.commands import Command
    from banker.core.errors import BankerError
    from banker.core.state import GameState

__all__ = [
    "SpeaksTheGame",
    "Voice",
    "_",
    "_in",
    "current_language",
    "pad",
    "refused",
    "said",
    "set_language",
    "speaking",
    "speaking_in",
    "voice",
    "why_not",
]


class Voice:
    """The language an app speaks, and its translator; one per app.

    It follows the open game's language, unless the banker asked for another on the
    command line (`banker GAME --lang th`): then it keeps that one, the game's own staying
    as it is, until the banker chooses a language in the app (`L`, `language`, the
    new-game form).
    """

    def __init__(self, language: Language = "en", pinned: bool = False) -> None:
        self.language: Language = language
        """The language spoken now."""
        self.translator: Catalogue | EnglishCatalogue = translator(language)
        """Renders templates and messages in it."""
        self.pinned = pinned
        """True while the language asked on the command line holds over the game's."""

    def speak(self, language: str) -> bool:
        """Follow the game: speak `language` (English for a code Banker does not know),
        unless a language asked on the command line holds. True if it changed."""
        if self.pinned:
            return False
        return self.choose(language)

    def choose(self, language: str) -> bool:
        """Speak `language` from now on, as the banker chose it. True if it changed."""
        self.pinned = False
        code: Language = language if is_language(language) else "en"
        if code == self.language:
            return False
        self.language = code
        self.translator = translator(code)
        return True


speaking: ContextVar[Voice] = ContextVar("speaking")
"""The voice of the app whose task is running: set by the app when it is made."""

_ENGLISH_VOICE = Voice()


def voice() -> Voice:
    """The running app's voice (English outside any app)."""
    return speaking.get(_ENGLISH_VOICE)


def _(text: str) -> str:
    """A screen's words in the running app's language."""
    return voice().translator(text)


def _in(context: str, text: str) -> str:
    """A screen's words as said in `context` (`_in("narrow column", "Deeds")`): a
    catalogue may say them shorter there than everywhere else."""
    return voice().translator.pgettext(context, text)


def current_language() -> Language:
    """The running app's language."""
    return voice().language


def set_language(language: str) -> None:
    """The running app speaks `language` from now on, as the banker chose it (the
    new-game form's language).

    Raises:
        LookupError: no app is running here (outside an app, use `speaking_in`).
    """
    speaking.get().choose(language)


@contextmanager
def speaking_in(language: Language) -> Iterator[Voice]:
    """Speak `language` inside the block, outside any app (for scripts and tests)."""
    token = speaking.set(Voice(language))
    try:
        yield speaking.get()
    finally:
        speaking.reset(token)


def said(message: Message) -> str:
    """A core sentence (a receipt, a refusal, a rent's reason) in the game's language."""
    return message.render(voice().translator)


def refused(exc: BankerError) -> str:
    """The core's reason for a refusal, in the game's language."""
    return said(exc.message)


def why_not(state: GameState, command: Command) -> str | None:
    """The core's `refusal` of `command`, in the game's language, or None."""
    # the rules: the first screen speaks without them (start-up)
    from banker.core.engine import refusal

    found = refusal(state, command)
    return None if found is None else said(found)


def speak(state: GameState | None) -> bool:
    """Follow the game's language. Returns True if the language changed."""
    if state is None:
        return False
    return speaking.get().speak(state.language)


def pad(text: str, width: int, right: bool = False) -> str:
    """`text` padded (or cut) to `width` terminal cells: Thai vowel and tone marks take
    no cell of their own, so `str.ljust` would leave Thai names short."""
    if cell_len(text) > width:
        return set_cell_size(text, width)
    space = " " * (width - cell_len(text))
    return space + text if right else text + space


TEXTUAL_WORDS = (
    N_("palette"),
    N_("Open the command palette"),
    N_("Quit the app and return to the command prompt."),
    N_("Search for commands…"),
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
)
"""Textual's own words that the banker sees (the palette key, the system commands)."""


if TYPE_CHECKING:
    from textual.screen import Screen

    _ScreenBase = Screen[Any]
else:
    _ScreenBase = object


class SpeaksTheGame(_ScreenBase):
    """A screen whose footer and keys panel show the key labels in the game's language.

    Mixed in before the Textual screen class: `class LedgerScreen(SpeaksTheGame, Screen[None])`.
    """

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return said_bindings(super().active_bindings, _)


class SaysItsKeys(_ScreenBase):
    """A screen with a language of its own (`self.say`, the director's board): its footer
    shows the key labels in it. Mixed in before the Textual screen class."""

    say: Catalogue | EnglishCatalogue

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return said_bindings(super().active_bindings, self.say)


def said_bindings(
    active: dict[str, ActiveBinding], say: Callable[[str], str]
) -> dict[str, ActiveBinding]:
    """The keys' labels and tooltips as `say` puts them (the footer draws these)."""
    return {
        key: ActiveBinding(
            node,
            replace(binding, description=say(binding.description))
            if binding.description
            else binding,
            enabled,
            say(tooltip) if tooltip else tooltip,
        )
        for key, (node, binding, enabled, tooltip) in active.items()
    }
