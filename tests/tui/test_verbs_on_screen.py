"""Every verb the core declares is reachable on screen: a ledger key, a palette entry and
the command bar's completion; and the bar refuses a paste longer than any command."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events

from banker.core.limits import MAX_LINE
from banker.core.verbs import WORDS, Word
from banker.store import Journal
from banker.tui.app import make_app
from banker.tui.palette import ACTIONS, entries
from banker.tui.screens.ledger import LedgerScreen
from banker.tui.widgets.command_bar import CommandBar, suggest
from tests.tui.conftest import SIZE, type_text

ON_SCREEN = [word for word in WORDS if word.action is not None]


def test_every_word_but_the_questions_has_a_place_on_screen() -> None:
    assert [w.word for w in WORDS if w.action is None] == ["worth"]


@pytest.mark.parametrize("word", ON_SCREEN, ids=lambda w: w.word)
def test_each_word_has_a_ledger_action_a_key_and_a_palette_entry(word: Word[object]) -> None:
    action = word.action
    assert action is not None
    assert callable(getattr(LedgerScreen, f"action_{action}", None)), action
    keys = {b.action for b in LedgerScreen.BINDINGS if not isinstance(b, tuple)}
    assert action in keys or f"next_{action}" in keys, action
    offered = [a for _, a, _ in entries()]
    assert action in offered or any(a.startswith(f"{action}(") for a in offered), action


def test_every_palette_entry_is_a_ledger_action() -> None:
    for _, action, _ in ACTIONS:
        assert callable(getattr(LedgerScreen, f"action_{action}", None)), action


def test_the_bar_completes_every_word_and_its_keywords(demo_path: Path) -> None:
    with Journal.open(demo_path, read_only=True) as journal:
        state = journal.game.state
    for word in WORDS:
        for typed in (word.word, *word.aliases):
            assert suggest(typed[:-1], state) in {typed, *(w.word for w in WORDS)}, typed
        for keyword in word.keywords:
            line = f"{word.word} alice {keyword[:-1]}"
            names = [p.name for p in state.players] + list(state.deeds)
            if not any(n.casefold().startswith(keyword[:-1]) for n in names):  # names first
                assert suggest(line, state) == f"{word.word} alice {keyword}", line
    assert suggest("l", state) == "levels"
    assert suggest("rent bob board dou", state) == "rent bob board double"
    assert suggest("build bob board ho", state) is None  # a hotel is its own verb


async def test_a_paste_longer_than_any_command_is_refused_with_the_reason(
    demo_path: Path,
) -> None:
    """48 KB pasted into the bar froze the app; now the bar refuses it whole and says why."""
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        bar = app.screen.query_one(CommandBar)
        assert bar.max_length == MAX_LINE
        bar.post_message(events.Paste("go alice " * 6_000))
        await pilot.pause()
        assert bar.value == ""
        note = list(app._notifications)[-1]
        assert note.message == (
            "A command is at most 1,000 characters: that would make the line longer."
        )
        await type_text(pilot, "go alice")
        await pilot.press("enter")
        await pilot.pause()
        assert bar.value == ""
    with Journal.open(demo_path, read_only=True) as journal:
        assert str(journal.game.applied[-1].message).startswith("Alice passed GO")
