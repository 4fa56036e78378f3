"""Ending the game by key: the confirmation, the standings, the chart, the exported statement."""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path

from banker.core import commands as c
from banker.tui.app import make_app
from banker.tui.screens.dialog import Confirm
from banker.tui.screens.end_game import EndGameScreen
from banker.tui.screens.ledger import LedgerScreen
from banker.tui.statement import sample_depths
from banker.tui.widgets.worth_chart import WorthChart, resample
from tests.tui.conftest import SIZE, reopen
from tests.tui.test_raise_funds import text_of

PLAYED = (
    c.Buy(player="Alice", deed="Boardwalk"),
    c.Buy(player="Bob", deed="Park Place"),
    c.Mortgage(player="Bob", deed="Park Place"),
    c.Buy(player="Carol", deed="Reading Railroad"),
    c.PassGo(player="Carol"),
)


async def test_end_the_game_by_key_and_export_the_statement(game: Callable[..., Path]) -> None:
    path = game(*PLAYED)
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        assert "1. Carol: $1,700" in app.screen.body
        await pilot.press("y")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EndGameScreen)
        assert "Carol wins with $1,700" in text_of(screen.query_one("#winner"))
        standings = text_of(screen.query_one("#standings"))
        assert "Carol" in standings and "$1,700" in standings and "$200" in standings
        chart = screen.query_one(WorthChart)
        assert chart.history["Carol"] == [1500, 1500, 1500, 1500, 1500, 1700, 1700]
        await pilot.press("e")
        await pilot.pause()
        exported = text_of(screen.query_one("#exported"))
        assert "table-final.txt" in exported and "table-final.csv" in exported
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
    text = (path.parent / "table-final.txt").read_text(encoding="utf-8")
    assert "Winner: Carol" in text
    assert " 1  Carol" in text and "$1,700" in text
    with (path.parent / "table-final.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [(r["rank"], r["player"], r["total"], r["status"]) for r in rows] == [
        ("1", "Carol", "1700", "winner"),
        ("2", "Bob", "1500", ""),
        ("3", "Alice", "1500", ""),
    ]
    # Park Place is mortgaged: it counts for half its printed price. Bob and Alice tie at
    # $1,500: the tie goes to more cash, Bob's $1,325 to Alice's $1,100.
    assert (rows[1]["cash"], rows[1]["deeds"]) == ("1325", "175")
    with reopen(path) as journal:
        assert journal.game.state.ended and journal.game.state.winner == "Carol"


async def test_open_debts_have_their_own_column_and_count_in_the_worth(
    game: Callable[..., Path],
) -> None:
    """Bob owes Alice $50 at the end: $50 of worth moves from Bob to Alice, on the screen,
    in the exported text and in the CSV, and the columns add up."""
    path = game(c.Pay(player="Bob", amount=1480), c.Pay(player="Bob", amount=50, to="Alice"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        await pilot.pause()
        assert "1. Alice: $1,550" in app.screen.body  # type: ignore[attr-defined]
        await pilot.press("y")
        await pilot.pause()
        standings = text_of(app.screen.query_one("#standings"))
        assert "Debts" in standings and "-$50" in standings and "$1,550" in standings
        await pilot.press("e")
        await pilot.pause()
    text = (path.parent / "table-final.txt").read_text(encoding="utf-8")
    assert "Debts" in text and "-$50" in text
    with (path.parent / "table-final.csv").open(encoding="utf-8") as f:
        rows = {r["player"]: r for r in csv.DictReader(f)}
    assert (rows["Alice"]["debts"], rows["Alice"]["total"]) == ("50", "1550")
    assert (rows["Bob"]["cash"], rows["Bob"]["debts"], rows["Bob"]["total"]) == ("20", "-50", "-30")


async def test_after_the_end_the_key_shows_the_standings_again(game: Callable[..., Path]) -> None:
    path = game(*PLAYED, c.EndGame())
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, EndGameScreen)
        await pilot.press("escape", "ctrl+z")  # undo the end: back to play
        await pilot.pause()
    with reopen(path) as journal:
        assert journal.game.state.winner is None


def test_a_long_game_is_sampled_at_most_a_hundred_times() -> None:
    depths = sample_depths(10_000)
    assert len(depths) == 100
    assert (depths[0], depths[-1]) == (0, 10_000)
    assert sample_depths(3) == [0, 1, 2, 3]


def test_the_chart_stretches_and_thins_to_its_width() -> None:
    assert resample([1, 2], 4) == [1, 1, 2, 2]
    assert resample(list(range(10)), 3) == [0, 4, 9]
