"""The screens draw the core's offers: two bugs of screens that held rules of their own,
pinned through the keys."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets import DataTable

from banker.core import commands as c
from banker.core.rules import HouseRules
from banker.tui.app import make_app
from banker.tui.screens.build import BuildScreen
from banker.tui.screens.raise_funds import RaiseFundsScreen
from tests.tui.conftest import SIZE, reopen
from tests.tui.test_raise_funds import choose, command, text_of

ALICE_DARK_BLUES = (
    c.Buy(player="Alice", deed="Park Place"),
    c.Buy(player="Alice", deed="Boardwalk"),
)


def rents(table: DataTable[object]) -> list[str]:
    return [str(table.get_cell(lot, "rent")) for lot in ("Park Place", "Boardwalk")]


async def test_rent_after_on_a_whole_group_is_the_ledgers_double(
    game: Callable[..., Path],
) -> None:
    """The rent table printed $35/$50; a whole group with no houses collects $70/$100."""
    app = make_app(game(*ALICE_DARK_BLUES))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BuildScreen)
        table = screen.query_one("#lots", DataTable)
        assert rents(table) == ["$70", "$100"]
        await pilot.press("plus", "down", "plus")
        await pilot.pause()
        assert rents(table) == ["$175", "$200"]
        assert "Cost $400" in str(screen.query_one("#summary").render())


async def test_the_short_game_sells_one_building_from_a_hotel_lot(
    game: Callable[..., Path],
) -> None:
    """With 3 houses before a hotel, selling one building takes a hotel down to 3 houses."""
    path = game(
        c.Buy(player="Bob", deed="Park Place"),
        c.Buy(player="Bob", deed="Boardwalk"),
        c.Buy(player="Alice", deed="Oriental Avenue"),
        c.Buy(player="Alice", deed="Vermont Avenue"),
        c.Buy(player="Alice", deed="Connecticut Avenue"),
        c.SetGroupLevels(player="Alice", deed="Oriental Avenue", levels=[5, 5, 5]),
        c.Pay(player="Alice", amount=550),
        rules=HouseRules(houses_before_hotel=3),
    )
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, "rent alice boardwalk")
        screen = app.screen
        assert isinstance(screen, RaiseFundsScreen)
        first = screen.moves[0]
        assert str(first.label) == (
            "Sell one building on the Light blue group (Connecticut Avenue: hotel → 3 houses)"
        )
        assert first.refusal is None
        assert "Still missing $70" in text_of(screen.query_one("#missing"))
        await choose(pilot, app, "Sell one building on the Light blue group")
        assert "Still missing $45" in text_of(screen.query_one("#missing"))
    with reopen(path) as journal:
        state = journal.game.state
        assert [state.deeds[d].hotel for d in ("Oriental Avenue", "Vermont Avenue")] == [
            True,
            True,
        ]
        held = state.deeds["Connecticut Avenue"]
        assert (held.hotel, held.houses) == (False, 3)
        assert state.player("Alice").cash == 30 + 25
