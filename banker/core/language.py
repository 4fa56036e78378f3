"""The command language: one line of text to one command, names matched by prefix.

The same text the app's command bar takes, and the way scripts and tests drive a game:
`rent bob board 7`, `trade alice bob give 100, st ch get park lift`. `parse` reads a
command that changes the game; `read_line` reads anything a line may say, questions
(`worth`, `raise`) and moves through history (`undo`, `redo`) too. The verbs and their
forms are declared once, in `banker.core.verbs`.
"""

from __future__ import annotations

from typing import TypeAlias

from banker.core import commands as c
from banker.core.args import Args
from banker.core.args import amount as amount
from banker.core.args import dice as dice
from banker.core.errors import BadInput
from banker.core.limits import MAX_LINE
from banker.core.reading import HistoryMove, Question, RaiseQuery, Redo, Undo, WorthQuery
from banker.core.state import GameState
from banker.core.verbs import WORDS, word_named

__all__ = [
    "USAGE",
    "VERBS",
    "HistoryMove",
    "Line",
    "Question",
    "RaiseQuery",
    "Redo",
    "Undo",
    "WorthQuery",
    "amount",
    "dice",
    "parse",
    "read_line",
]

Line: TypeAlias = c.Command | Question | HistoryMove
"""Whatever one line of the command language says."""

USAGE: dict[str, str] = {word.word: word.usage for word in WORDS}
"""Every verb and its form, for help, completion and refusals."""

VERBS = tuple(USAGE)


def read_line(text: str, state: GameState) -> Line:
    """Turn one line into what it says for this game: a command, a question, undo or redo.

    Raises:
        BankerError: BadInput or UnknownName, saying what is wrong and the right form.
    """
    if len(text) > MAX_LINE:
        raise BadInput(
            "That line is {n} characters long; a command is at most {max}. "
            "Type one command per line.",
            n=f"{len(text):,}",
            max=f"{MAX_LINE:,}",
        )
    words = text.split()
    if not words:
        raise BadInput(
            "Type a command, e.g. 'rent Bob Boardwalk'. Verbs: {verbs}.", verbs=", ".join(VERBS)
        )
    if words[0].startswith("-") and len(words[0]) > 1:
        raise BadInput(
            "{first!r} is not a command: a command starts with its verb, not a dash, "
            "e.g. 'rent Bob Boardwalk'. The commands are: {verbs}.",
            first=words[0],
            verbs=", ".join(VERBS),
        )
    word = word_named(words[0])
    if word is None:
        raise BadInput(
            "There is no command {verb!r}. The commands are: {verbs}.",
            verb=words[0],
            verbs=", ".join(VERBS),
        )
    line: Line = word.read(Args(word.usage, words[1:], state))
    return line


def parse(text: str, state: GameState) -> c.Command:
    """Turn one line into a command that changes this game.

    Raises:
        BankerError: BadInput or UnknownName, saying what is wrong and the right form;
            BadInput for a question or undo/redo, which `read_line` takes.
    """
    line = read_line(text, state)
    if isinstance(line, WorthQuery | RaiseQuery):
        raise BadInput(
            "{verb!r} asks a question and changes nothing: it is not a command for the game.",
            verb=text.split()[0],
        )
    if isinstance(line, Undo | Redo):
        raise BadInput(
            "{verb!r} moves through the game's history: it is not a command for the game.",
            verb=text.split()[0],
        )
    return line
