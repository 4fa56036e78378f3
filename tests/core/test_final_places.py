"""Every player's place as the table's own `end` gives it (`final_places`): what a
tournament records. Figures worked out by hand from RULES.md, "Bankruptcy and the end of
the game": cash + printed price of unmortgaged deeds + half the printed price of
mortgaged ones + buildings at cost, open debts moved from debtor to creditor; ties to more
cash, then the earlier seat; the bankrupt last, the last to go bankrupt first."""

from __future__ import annotations

from banker.core.commands import Collect, DeclareBankrupt, EndGame, Pay, PayRent
from banker.core.endgame import Final, final_places
from banker.core.report import state_json
from banker.core.worth import worth
from tests.core.board import BROWN


def test_a_mortgaged_deed_counts_at_half_and_the_tie_goes_to_more_cash(table) -> None:
    """Alice buys Boardwalk ($400) and mortgages it ($200): cash 1500 - 400 + 200 = 1300,
    the deed at half = 200: 1500. Bob and Carol have 1500 in cash: equal, more cash goes
    first, then the earlier seat: Bob, Carol, Alice. The income tax worth (the deed at its
    printed price) would put Alice first at 1700."""
    table.deal("Alice", "Boardwalk")
    table.set_cash("Alice", 1100)
    table.mortgage("Alice", "Boardwalk")
    assert table.cash("Alice") == 1300
    assert worth(table.state, "Alice").total == 1700
    assert final_places(table.state) == [
        Final("Bob", 1, 1500, 1500, False),
        Final("Carol", 2, 1500, 1500, False),
        Final("Alice", 3, 1500, 1300, False),
    ]
    table.do(EndGame())
    assert table.state.winner == "Bob"  # the table's own end agrees
    assert [f.player for f in final_places(table.state)] == ["Bob", "Carol", "Alice"]


def test_buildings_at_cost_and_open_debts_move_worth(table) -> None:
    """Bob: the browns ($60 + $60) with 2 houses each (4 x $50 = $200), cash 1300: 1620.
    Carol owes Alice $50 she cannot pay (cash $20): Carol 20 - 50 = -30, Alice 1500 + 50."""
    table.deal("Bob", *BROWN)
    table.build("Bob", BROWN, 2)
    assert table.cash("Bob") == 1300
    table.set_cash("Carol", 20)
    table.deal("Alice", "Boardwalk")
    table.set_cash("Alice", 1500)
    table.do(PayRent(player="Carol", deed="Boardwalk"))  # $50 rent, $20 in cash: a debt
    assert table.cash("Carol") == 20
    assert [(f.player, f.place, f.worth) for f in final_places(table.state)] == [
        ("Alice", 1, 1500 + 400 + 50),
        ("Bob", 2, 1300 + 120 + 200),
        ("Carol", 3, 20 - 50),
    ]


def test_the_bankrupt_come_last_the_last_to_go_first(table_with) -> None:
    """Carol goes bankrupt first, then Bob: Alice is the last player left and wins; Bob
    places second, Carol third, both at 0."""
    table = table_with()
    table.set_cash("Carol", 10)
    table.do(Pay(player="Carol", amount=50))
    table.do(DeclareBankrupt(player="Carol"))
    table.set_cash("Bob", 10)
    table.do(Pay(player="Bob", amount=50))
    table.do(DeclareBankrupt(player="Bob"))
    assert table.state.winner == "Alice"
    assert table.state.bankruptcies == ["Carol", "Bob"]
    places = final_places(table.state)
    assert [(f.player, f.place, f.worth, f.bankrupt) for f in places] == [
        ("Alice", 1, table.cash("Alice"), False),
        ("Bob", 2, 0, True),
        ("Carol", 3, 0, True),
    ]


def test_equal_worth_and_cash_go_to_the_earlier_seat(table) -> None:
    """Alice pays $100 to the bank: Bob and Carol tie at $1,500 cash: Bob sits first."""
    table.do(Pay(player="Alice", amount=100))
    assert [(f.player, f.place) for f in final_places(table.state)] == [
        ("Bob", 1),
        ("Carol", 2),
        ("Alice", 3),
    ]
    table.do(Collect(player="Alice", amount=100))
    assert [f.place for f in final_places(table.state)] == [1, 2, 3]  # never shared
    assert state_json(table.state)["players"][0]["name"] == "Alice"


def test_the_end_line_lists_every_player_the_bankrupt_last(table_with) -> None:
    """The review's table: Max goes bankrupt to Hal, then `end`. Before, the line read
    "1. Hal $3,000; 2. Ben $1,525; 3. Jon $1,500": Max, whom the event records 4th, was
    missing from the slip a director checks."""
    from banker.core.commands import Setup
    from banker.core.edition import load_edition
    from banker.core.engine import apply
    from banker.core.state import new_game_state
    from banker.i18n import translator

    setup = Setup(players=["Hal", "Ben", "Jon", "Max"], edition=load_edition("us"))
    state = new_game_state(setup.players, setup.edition, setup.rules, setup.language)
    for command in (
        Pay(player="Max", amount=1600, to="Hal"),
        DeclareBankrupt(player="Max"),
        Collect(player="Ben", amount=25),
    ):
        state, _ = apply(state, command)
    state, receipt = apply(state, EndGame())
    assert receipt.message.render() == (
        "The game ends. Hal wins. Standings: 1. Hal $3,000; 2. Ben $1,525; 3. Jon $1,500; "
        "4. Max bankrupt"
    )
    assert [(f.player, f.place) for f in final_places(state)] == [
        ("Hal", 1),
        ("Ben", 2),
        ("Jon", 3),
        ("Max", 4),
    ]
    assert receipt.message.render(translator("ms")).endswith("4. Max muflis")
