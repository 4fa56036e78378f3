"""A whole game played twice: once through the app as the banker drives it (keys, dialogs,
the jail dialog, ctrl+d for doubles, the trade screen writing a debt off), once typed as
the command language; both journals and both final states are the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Select, SelectionList

from banker.cli import main
from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.rules import HouseRules
from banker.store.journal import Journal
from banker.tui.app import make_app
from banker.tui.screens.jail import JailScreen
from banker.tui.screens.ledger import LedgerScreen
from banker.tui.screens.money import MoneyScreen
from banker.tui.screens.raise_funds import RaiseFundsScreen
from banker.tui.screens.trade import TradeScreen
from tests.tui.conftest import SIZE, reopen

PLAYERS = ["Alice", "Bob", "Carol"]

LINES = [
    "move alice 6",
    "buy alice oriental",
    "turn",
    "move bob 9",
    "buy bob connecticut",
    "turn",
    "move carol 6",
    "rent carol oriental",
    "turn",
    "move alice 4 doubles",  # Jail, just visiting
    "move alice 6 doubles",  # St. James Place, not bought
    "move alice 2 doubles",  # a third double: to jail, Bob's turn
    "move bob 12",
    "buy bob kentucky",
    "turn",
    "move carol 8",
    "buy carol virginia",
    "turn",
    "move alice 5",  # from jail, no double: still in jail
    "turn",
    "move bob 9",  # Go To Jail: Carol's turn
    "move carol 7",
    "rent carol kentucky",
    "turn",
    "jail alice fine",
    "move alice 3",
    "buy alice states",
    "turn",
    "move bob 6 doubles",  # out of jail without the fine
    "buy bob st james",
    "move bob 5",  # a double: Bob throws again, onto his own Kentucky Avenue
    "turn",
    "pay carol 1400 to alice",  # an agreed payment beyond her cash: owed
    "trade carol alice give virginia get debt 100",  # the rest is covered: paid at once
    "end",
]


def _new_game(path: Path) -> None:
    setup = c.Setup(players=PLAYERS, edition=load_edition("us"), rules=HouseRules())
    with Journal.create(path, setup):
        pass


async def _play_in_the_app(path: Path) -> None:
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:

        async def keys(*pressed: str) -> None:
            for key in pressed:
                await pilot.press(key)
            await pilot.pause()

        async def ledger() -> None:
            await pilot.pause()
            assert isinstance(app.screen, LedgerScreen), app.screen

        await keys("l", "6", "b")  # Alice buys Oriental Avenue
        await keys("space", "l", "9", "b")  # Bob buys Connecticut Avenue
        await keys("space", "l", "6", "r")  # Carol pays Alice's rent
        await keys("space", "l", "ctrl+d", "4")  # Alice: Jail, just visiting
        await ledger()
        await keys("l", "ctrl+d", "6", "escape")  # St. James Place, not bought
        await keys("l", "ctrl+d", "2")  # a third double in a row: to jail
        await ledger()
        assert "Alice" in app.state.jail
        await keys("l", "1", "2", "b")  # Bob's turn: Kentucky Avenue
        await keys("space", "l", "8", "b")  # Carol buys Virginia Avenue
        await keys("space", "l")  # Alice, in jail, is asked first
        assert isinstance(app.screen, JailScreen)
        await keys("t", "5")  # no double: still in jail
        await ledger()
        await keys("space", "l", "9")  # Bob: Go To Jail
        await ledger()
        await keys("l", "7", "r")  # Carol: Bob's Kentucky Avenue
        await keys("space", "l", "f", "3", "b")  # Alice pays the fine, throws, buys
        await keys("space", "l", "t", "ctrl+d", "6", "b")  # Bob leaves by a double
        await keys("l", "5")  # and throws again: his own deed
        await ledger()
        await keys("space", "p")  # Carol pays Alice $1,400 she does not have
        assert isinstance(app.screen, MoneyScreen)
        app.screen.query_one("#payee", Select).value = "Alice"
        await keys(*"1400", "enter")
        assert isinstance(app.screen, RaiseFundsScreen)  # a debt: what could be raised
        await keys("escape")
        await ledger()
        await keys("t")  # Carol hands Alice Virginia Avenue against $100 of the debt
        screen = app.screen
        assert isinstance(screen, TradeScreen)
        screen.query_one("#deeds-give", SelectionList).select("Virginia Avenue")
        debt = screen.query_one("#debt-get", Input)
        assert debt.display
        debt.focus()
        await keys(*"100", "ctrl+s", "y")
        await ledger()
        await keys("e", "y")
        await pilot.pause()


def _entries(path: Path) -> list[str]:
    with reopen(path) as journal:
        return [f"{e.kind} {e.message}" for e in journal.entries()]


async def test_a_whole_game_through_the_app_is_the_same_as_typed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    by_keys, typed = tmp_path / "keys.banker", tmp_path / "typed.banker"
    _new_game(by_keys)
    _new_game(typed)
    await _play_in_the_app(by_keys)
    script = tmp_path / "game.txt"
    script.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    assert main(["do", str(typed), "-f", str(script)]) == 0
    capsys.readouterr()
    assert _entries(by_keys) == _entries(typed)
    with reopen(by_keys) as a, reopen(typed) as b:
        assert a.game.state.to_data() == b.game.state.to_data()
        state = a.game.state
    said = "\n".join(_entries(typed))
    assert "Alice threw a third double in a row: straight to jail" in said
    assert "Alice threw 5 in jail, not a double: still in jail (throw 1 of 3)" in said
    assert "Bob threw a double and left jail without the fine" in said
    assert "Carol paid Alice the $1,300 owed" in said
    assert state.debts == [] and state.ended
    assert state.deeds["Virginia Avenue"].owner == "Alice"
    assert len(_entries(typed)) == len(LINES) + 1  # the setup, then a line each
