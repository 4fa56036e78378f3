"""The command bar: the core's command language, completing verbs, players, deeds and cards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.binding import Binding
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import Input

from banker.core.limits import MAX_LINE
from banker.core.state import GameState
from banker.core.verbs import WORDS, word_named
from banker.i18n.message import N_
from banker.tui.speech import _

MAX_NAME_WORDS = 4
"""The longest name completed, in words ("North Carolina Avenue")."""


class CommandSuggester(Suggester):
    """Completes the word being typed: a verb first, then player, deed and card names."""

    def __init__(self, state: Callable[[], GameState | None]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self._state = state

    async def get_suggestion(self, value: str) -> str | None:
        return suggest(value, self._state())


def suggest(value: str, state: GameState | None) -> str | None:
    """The whole line with the last word (or words) completed, or None.

    >>> suggest("bu", None)
    'buy'
    """
    if not value or value.endswith(" "):
        return None
    words = value.split(" ")
    if len(words) == 1:
        names: list[str] = [word.word for word in WORDS]
        names += [alias for word in WORDS for alias in word.aliases]
    elif state is None:
        return None
    else:
        names = [p.name for p in state.active_players] + list(state.deeds)
        verb = word_named(words[0])
        if verb is not None and verb.word == "card":
            names += list(state.edition.cards_by_id)
        names += verb.keywords if verb is not None else []
    for k in range(min(MAX_NAME_WORDS, len(words) - (len(words) > 1)), 0, -1):
        tail = " ".join(words[-k:])
        folded = tail.casefold()
        for name in names:
            if name.casefold().startswith(folded) and len(name) > len(tail):
                return value + name[len(tail) :]
    return None


class RecallsLines(Input):
    """A line that keeps the lines run from it: up and down bring them back (a refused
    one to mend). The game's command bar and the director's bar are both one."""

    BINDINGS = [
        Binding("up", "recall(1)", N_("Earlier line"), show=False),
        Binding("down", "recall(-1)", N_("Later line"), show=False),
    ]

    HISTORY = 100
    """Lines kept for up-arrow."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lines: list[str] = []
        """The lines run so far, oldest first (applied or refused)."""
        self._back = 0
        """How many lines back up-arrow has gone; 0 is the line being typed."""

    def remember(self, line: str) -> None:
        """Keep a line run (applied or refused) for up-arrow, and start a fresh one."""
        if line and (not self.lines or self.lines[-1] != line):
            self.lines.append(line)
            del self.lines[: -self.HISTORY]
        self._back = 0
        self.value = ""

    def action_recall(self, step: int) -> None:
        """Up: the line before; down: the line after (past the last, an empty line)."""
        back = max(0, min(len(self.lines), self._back + step))
        if back == self._back:
            return
        self._back = back
        self.value = self.lines[-back] if back else ""
        self.cursor_position = len(self.value)


class CommandBar(RecallsLines):
    """One line of the command language; Enter applies it, Escape puts the bar away.

    The bar holds at most a command's longest line: a longer paste is refused whole, with
    the reason, instead of being read.
    """

    BINDINGS = [
        Binding("escape", "dismiss", N_("Close"), show=False),
        Binding("tab", "complete", N_("Complete"), show=False, priority=True),
    ]
    """Tab takes the completion shown in grey, as the right arrow does; up and down bring
    back the lines run before (`RecallsLines`)."""

    class Dismissed(Message):
        """The banker put the command bar away without running a command."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.max_length = MAX_LINE

    def restricted(self) -> None:
        """Say why a paste or a key was refused: the line would be longer than any command."""
        self.notify(
            _("A command is at most {max} characters: that would make the line longer.").format(
                max=f"{MAX_LINE:,}"
            ),
            title=_("Not understood"),
            severity="error",
        )

    def action_dismiss(self) -> None:
        self.value = ""
        self.post_message(self.Dismissed())

    def action_complete(self) -> None:
        """Take the completion shown in grey: what the right arrow does at the line's end."""
        self.cursor_position = len(self.value)
        self.action_cursor_right()
