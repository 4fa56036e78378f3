"""The app's words in the game's language: the core's sentences, its refusals, the keys.

The app keeps `banker.i18n`'s current language equal to the open game's (`state.language`),
so `_()` gives a screen's own words and `said()` the core's sentences in the same language.
Key labels are written in English in `BINDINGS` (marked with `N_`) and translated when the
footer or the keys panel asks the screen for its active bindings.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len, set_cell_size
from textual.binding import ActiveBinding

from banker.core.money import N_, Message
from banker.i18n import LANGUAGES, _, current_language, set_language, translator

if TYPE_CHECKING:
    from banker.core.commands import Command
    from banker.core.errors import BankerError
    from banker.core.state import GameState

__all__ = [
    "LANGUAGES",
    "N_",
    "SpeaksTheGame",
    "_",
    "current_language",
    "pad",
    "refused",
    "said",
    "set_language",
    "why_not",
]


def said(message: Message) -> str:
    """A core sentence (a receipt, a refusal, a rent's reason) in the game's language."""
    return message.render(translator(current_language()))


def refused(exc: BankerError) -> str:
    """The core's reason for a refusal, in the game's language."""
    return said(exc.message)


def why_not(state: GameState, command: Command) -> str | None:
    """The reason `command` would be refused, in the game's language, or None.

    The core's own `why_not` gives the reason in English; the screens need the table's.
    """
    from banker.core.engine import apply
    from banker.core.errors import BankerError

    try:
        apply(state, command)
    except BankerError as exc:
        return refused(exc)
    return None


def speak(state: GameState | None) -> bool:
    """Follow the game's language. Returns True if the language changed."""
    language = state.language if state is not None else current_language()
    if language == current_language():
        return False
    set_language(language)
    return True


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
        active = super().active_bindings
        return {
            key: ActiveBinding(
                node,
                replace(binding, description=_(binding.description))
                if binding.description
                else binding,
                enabled,
                _(tooltip) if tooltip else tooltip,
            )
            for key, (node, binding, enabled, tooltip) in active.items()
        }
