"""The other actions, each as the banker does it with keys, checked on the journaled game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets import Button, Select

from banker.core import commands as c
from banker.core.rules import HouseRules
from banker.tui.app import make_app
from banker.tui.screens.build import BuildScreen
from banker.tui.screens.ledger import LedgerScreen
from banker.tui.screens.money import MoneyScreen
from tests.tui.conftest import SIZE, reopen, type_text

BROWNS = (
    c.Buy(player="Alice", deed="Mediterranean Avenue"),
    c.Buy(player="Alice", deed="Baltic Avenue"),
)


async def test_pass_go_pays_the_salary_at_once_and_undo_takes_it_back(demo_path: Path) -> None:
    """One key for the most common event of the game; no confirmation, undo is one key."""
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "g")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
        assert app.state.player("Carol").cash == 750
        assert any("Carol passed GO and collected $200" in n.message for n in app._notifications)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.state.player("Carol").cash == 550
    with reopen(demo_path) as journal:
        assert journal.game.state.player("Carol").cash == 550


async def test_after_the_game_has_ended_actions_are_refused_before_a_dialog_opens(
    demo_path: Path,
) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.do(c.EndGame())
        await pilot.pause()
        while not isinstance(app.screen, LedgerScreen):  # the standings opened on top
            await pilot.press("escape")
        ledger = app.screen
        assert "game over" in ledger.sub_title
        for key in ("l", "g", "p", "c", "b", "m", "t", "j"):
            await pilot.press("3", key)
            await pilot.pause()
            assert app.screen is ledger, key
        assert app.state.player("Carol").cash == 550
        assert any("The game is over" in n.message for n in app._notifications)


async def test_pay_another_player(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "p")
        assert isinstance(app.screen, MoneyScreen)
        app.screen.query_one("#payee", Select).value = "Alice"
        await type_text(pilot, "120")
        await pilot.press("enter")
        await pilot.pause()
    with reopen(demo_path) as journal:
        state = journal.game.state
        assert (state.player("Dave").cash, state.player("Alice").cash) == (880, 860)


async def test_a_payment_beyond_the_cash_says_it_becomes_a_debt(demo_path: Path) -> None:
    """A payment is an obligation: beyond the cash the dialog says it will be owed, and on
    Enter it is, in full, with no cash moving (RULES.md, "Debts")."""
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "p")
        await type_text(pilot, "5000")
        await pilot.pause()
        assert not app.screen.query_one("#confirm", Button).disabled
        summary = str(app.screen.query_one("#summary").render())
        assert "Carol owes the bank $5,000" in summary
        assert "Carol has only $550: the whole $5,000 is owed as a debt ($4,450 missing)" in summary
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, MoneyScreen)
    with reopen(demo_path) as journal:
        state = journal.game.state
        assert state.player("Carol").cash == 550
        assert [(d.debtor, d.creditor, d.amount) for d in state.debts] == [("Carol", None, 5000)]
        assert len(journal.entries()) == 53


async def test_a_refused_payment_changes_nothing(demo_path: Path) -> None:
    """Carol owes nothing to herself: paying oneself is refused, with the reason."""
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "p")
        app.screen.query_one("#payee", Select).value = "Carol"
        await type_text(pilot, "50")
        await pilot.pause()
        assert app.screen.query_one("#confirm", Button).disabled
        assert "Carol cannot pay themselves" in str(app.screen.query_one("#reason").render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MoneyScreen)
    with reopen(demo_path) as journal:
        assert journal.game.state.player("Carol").cash == 550
        assert len(journal.entries()) == 52


async def test_collect_from_the_bank(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "c")
        await type_text(pilot, "75")
        await pilot.press("enter")
        await pilot.pause()
    with reopen(demo_path) as journal:
        assert journal.game.state.player("Alice").cash == 815


async def test_build_a_whole_group_evenly(game: Callable[..., Path]) -> None:
    path = game(*BROWNS)
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")
        assert isinstance(app.screen, BuildScreen)
        await pilot.press("plus", "plus", "down", "plus", "plus")
        await pilot.pause()
        assert "Cost $200 · bank after: 28 houses, 12 hotels" in str(
            app.screen.query_one("#summary").render()
        )
        await pilot.press("enter")
        await pilot.pause()
    with reopen(path) as journal:
        state = journal.game.state
        assert [state.deeds[d].houses for d in ("Mediterranean Avenue", "Baltic Avenue")] == [2, 2]
        assert state.player("Alice").cash == 1500 - 120 - 200
        assert state.bank.houses_left == 28


async def test_building_unevenly_is_refused(game: Callable[..., Path]) -> None:
    path = game(*BROWNS)
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b", "plus", "plus")
        await pilot.pause()
        assert app.screen.query_one("#confirm", Button).disabled
        assert "even" in str(app.screen.query_one("#reason").render()).casefold()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BuildScreen)
    with reopen(path) as journal:
        assert journal.game.state.deeds["Mediterranean Avenue"].houses == 0


async def test_building_with_a_mortgaged_lot_is_refused(game: Callable[..., Path]) -> None:
    path = game(*BROWNS, c.Mortgage(player="Alice", deed="Baltic Avenue"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b", "plus", "down", "plus")
        await pilot.pause()
        assert "mortgaged" in str(app.screen.query_one("#reason").render())
        assert app.screen.query_one("#confirm", Button).disabled
    with reopen(path) as journal:
        assert journal.game.state.bank.houses_left == 32


async def test_building_with_no_houses_left_is_refused(game: Callable[..., Path]) -> None:
    path = game(*BROWNS, rules=HouseRules(houses=1))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b", "plus", "down", "plus")
        await pilot.pause()
        assert "house" in str(app.screen.query_one("#reason").render())
        assert app.screen.query_one("#confirm", Button).disabled
    with reopen(path) as journal:
        assert journal.game.state.bank.houses_left == 1


async def test_mortgage_then_lift_with_interest(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "m", "enter")  # St. Charles Place, first of Dave's deeds
        await pilot.pause()
        await pilot.press("m", "down", "enter")  # Virginia Avenue: lift for $80 + $8
        await pilot.pause()
    with reopen(demo_path) as journal:
        state = journal.game.state
        assert state.deeds["St. Charles Place"].mortgaged
        assert not state.deeds["Virginia Avenue"].mortgaged
        assert state.player("Dave").cash == 1000 + 70 - 88


async def test_trade_with_a_mortgaged_deed_and_its_fee(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "t")
        screen = app.screen
        screen.query_one("#who-get", Select).value = "Alice"
        await pilot.pause()
        screen.query_one("#deeds-give").select("Virginia Avenue")  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("tab")
        await type_text(pilot, "")
        screen.query_one("#cash-get").value = "150"  # type: ignore[attr-defined]
        await pilot.pause()
        summary = str(screen.query_one("#summary").render())
        assert "Alice pays the $8 fee on Virginia Avenue" in summary
        await pilot.press("ctrl+s")
        await pilot.pause()
        body = str(app.screen.query_one(".body").render())  # the whole trade, once more
        assert "Alice pays the $8 fee on Virginia Avenue" in body
        assert "Alice $740 → $582; Dave $1,000 → $1,150" in body
        await pilot.press("y")
        await pilot.pause()
    with reopen(demo_path) as journal:
        state = journal.game.state
        assert state.deeds["Virginia Avenue"].owner == "Alice"
        assert state.player("Alice").cash == 740 - 150 - 8
        assert state.player("Dave").cash == 1000 + 150


def _to_jail(path: Path, player: str) -> None:
    from banker.store.journal import Journal

    with Journal.open(path) as journal:
        journal.apply(c.GoToJail(player=player))


async def test_jail_fine(demo_path: Path) -> None:
    _to_jail(demo_path, "Bob")
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "j", "f")
        await pilot.pause()
    with reopen(demo_path) as journal:
        assert journal.game.state.player("Bob").cash == 770
        assert "Bob" not in journal.game.state.jail


async def test_jail_card(demo_path: Path) -> None:
    _to_jail(demo_path, "Dave")
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "j", "c")
        await pilot.pause()
    with reopen(demo_path) as journal:
        assert journal.game.state.player("Dave").jail_cards == []


async def test_a_player_just_visiting_pays_no_fine(demo_path: Path) -> None:
    """Bob is not in jail: the fine is refused with the reason and nothing is journaled."""
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "j", "f")
        await pilot.pause()
    with reopen(demo_path) as journal:
        assert journal.game.state.player("Bob").cash == 820
        assert len(journal.entries()) == 52


async def test_undo_and_redo_name_what_they_did(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+z")
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert any(m.startswith("Undid: Dave drew Community Chest") for m in messages)
        assert app.journal is not None
        assert app.journal.game.state.player("Dave").cash == 970
        await pilot.press("ctrl+y")
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert any(m.startswith("Redid: Dave drew Community Chest") for m in messages)
        await pilot.press("ctrl+y")
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert any("nothing to redo" in m for m in messages)
    with reopen(demo_path) as journal:
        assert journal.game.state.player("Dave").cash == 1000
        kinds = [e.kind for e in journal.entries()[-2:]]
        assert kinds == ["undo", "redo"]


async def test_the_ledger_marks_who_is_in_jail_and_the_next_throw(demo_path: Path) -> None:
    """Bob in jail with one failed throw: his seat reads "2J2" (in jail, the next throw
    his second); out by the fine, the mark is gone."""
    from banker.tui.widgets.players import PlayersTable

    _to_jail(demo_path, "Bob")
    from banker.store.journal import Journal

    with Journal.open(demo_path) as journal:
        journal.apply(c.MoveToken(player="Bob", how="dice", dice=5))
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen.query_one(PlayersTable)
        assert "2J2  Bob" in str(table.render())
        await pilot.press("2", "j", "f")
        await pilot.pause()
        assert "J2" not in str(table.render())


async def test_the_trade_screen_offers_a_write_off_only_against_a_debt(
    game: Callable[..., Path],
) -> None:
    """Carol owes Alice $100: trading with Alice, Alice's side may write part of it off;
    with Bob, who is owed nothing, no such field shows."""
    from textual.widgets import Input

    from banker.tui.screens.trade import TradeScreen

    path = game(c.Pay(player="Carol", amount=1450), c.Pay(player="Carol", amount=100, to="Alice"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TradeScreen)
        debt = screen.query_one("#debt-get", Input)
        assert debt.display and "owes $100" in debt.placeholder
        assert not screen.query_one("#debt-give", Input).display
        screen.query_one("#who-get", Select).value = "Bob"
        await pilot.pause()
        assert not debt.display
