"""The money of issue 12 on screen: the settlement statement of a bankruptcy to several
creditors shows each share before it is final, and the history tells part payments and
debts paid as the cash arrives, in English, Malay and Thai."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.game import Game
from banker.core.language import parse
from banker.i18n import translator
from banker.tui.app import make_app
from banker.tui.screens.ledger import LedgerScreen
from banker.tui.screens.raise_funds import RaiseFundsScreen
from banker.tui.screens.settlement import SettlementScreen
from tests.tui.conftest import SIZE, command, reopen, text_of, type_text


async def test_the_statement_shows_each_creditors_share_before_it_is_final(
    game: Callable[..., Path],
) -> None:
    """Alice has $11 and the chairman card makes her owe Bob and Carol $50 each: $6 to Bob
    (on her left, the odd unit) and $5 to Carol, shown before anything moves."""
    path = game(c.Pay(player="Alice", amount=1489))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, "card alice chance-chairman")
        if not isinstance(app.screen, RaiseFundsScreen):
            await command(pilot, "raise alice")
        assert isinstance(app.screen, RaiseFundsScreen)
        await pilot.press("k")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettlementScreen)
        statement = text_of(screen.query_one("#statement"))
        assert re.search(r"^To\s+Bob, Carol", statement, re.M)
        assert re.search(r"Bob: owed \$50\s+\$6", statement)
        assert re.search(r"Carol: owed \$50\s+\$5", statement)
        with reopen(path) as journal:
            assert not journal.game.state.player("Alice").bankrupt
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
    with reopen(path) as journal:
        state = journal.game.state
        assert state.player("Alice").bankrupt
        assert [state.player(p).cash for p in ("Bob", "Carol")] == [1506, 1505]


LINES = (
    "buy alice medit",
    "pay alice 1410",
    "buy bob board",
    "rent alice board",
    "pay alice 20 to bob",
    "go alice",
)


@pytest.mark.parametrize(
    ("language", "part", "paid"),
    [
        ("en", "Alice paid Bob $20 towards the debt; $30 still owed", "Alice paid Bob the $30"),
        (
            "ms",
            "Alice membayar Bob $20 untuk hutang; $30 masih terhutang",
            "Alice membayar Bob $30",
        ),
        ("th", "Alice ชำระหนี้ให้ Bob $20; ยังค้างอยู่ $30", "Alice ชำระหนี้ $30 ให้ Bob"),
    ],
)
def test_the_history_tells_part_and_automatic_payments(language: str, part: str, paid: str) -> None:
    game = Game(c.Setup(players=["Alice", "Bob"], edition=load_edition("us"), language=language))
    said = []
    for line in LINES:
        said.append(game.do(parse(line, game.state)).render(translator(language)))
    assert said[4] == part
    assert paid in said[5]
    assert game.state.debts == []


@pytest.mark.parametrize(
    ("language", "shares", "owed"),
    [("ms", "Bahagian", "Bob: terhutang $50"), ("th", "ส่วนแบ่ง", "Bob: ค้าง $50")],
)
async def test_the_shared_statement_speaks_the_games_language(
    tmp_path: Path, language: str, shares: str, owed: str
) -> None:
    from banker.store import Journal

    path = tmp_path / "table.banker"
    setup = c.Setup(
        players=["Alice", "Bob", "Carol"], edition=load_edition("us"), language=language
    )
    with Journal.create(path, setup) as journal:
        journal.apply(c.Pay(player="Alice", amount=1489))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, "card alice chance-chairman")
        assert isinstance(app.screen, RaiseFundsScreen)
        await pilot.press("k")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettlementScreen)
        statement = text_of(screen.query_one("#statement"))
        assert shares in statement
        assert owed in statement


async def test_the_pay_dialog_takes_a_part_payment_of_a_debt(game: Callable[..., Path]) -> None:
    """Alice owes Bob $50 with $30: the pay dialog sends him $20 of it, and the ledger's
    history says what is still owed."""
    from textual.widgets import Select

    from banker.tui.screens.money import MoneyScreen

    path = game(
        c.Buy(player="Alice", deed="Mediterranean Avenue"),
        c.Pay(player="Alice", amount=1410),
        c.Buy(player="Bob", deed="Boardwalk"),
        c.PayRent(player="Alice", deed="Boardwalk"),
    )
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MoneyScreen)
        screen.query_one("#payer", Select).value = "Alice"
        screen.query_one("#payee", Select).value = "Bob"
        await type_text(pilot, "20")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
    with reopen(path) as journal:
        state = journal.game.state
        assert [(d.debtor, d.creditor, d.amount) for d in state.debts] == [("Alice", "Bob", 30)]
        assert "Alice paid Bob $20 towards the debt; $30 still owed" in str(
            journal.game.applied[-1].message
        )


async def test_e_builds_a_house_on_every_lot_of_the_group(game: Callable[..., Path]) -> None:
    """Building evenly is `b e` Enter: one key puts a house on every lot of the group."""
    from banker.tui.screens.build import BuildScreen

    path = game(
        c.Buy(player="Alice", deed="Oriental Avenue"),
        c.Buy(player="Alice", deed="Vermont Avenue"),
        c.Buy(player="Alice", deed="Connecticut Avenue"),
    )
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, BuildScreen)
        await pilot.press("e", "enter")
        await pilot.pause()
    with reopen(path) as journal:
        deeds = journal.game.state.deeds
        lots = ("Oriental Avenue", "Vermont Avenue", "Connecticut Avenue")
        assert [deeds[d].houses for d in lots] == [1, 1, 1]
