"""The end of a game: `end` ranks the players by worth, the richest wins, and after the end
(or once the last player left has won) the bank refuses everything but undo."""

from __future__ import annotations

import pytest

from banker.core.commands import (
    BuildHotel,
    Buy,
    Collect,
    Command,
    DeclareBankrupt,
    EndGame,
    PassGo,
    Pay,
    PayRent,
    Settle,
    StartAuction,
)
from banker.core.endgame import Standing, standings
from banker.core.errors import NotAllowed
from banker.core.language import parse
from banker.core.report import state_json
from banker.core.validators import validate
from tests.core.board import BROWN, DARK_BLUE


def _three_fortunes(table) -> None:
    """Alice: $1,000, Boardwalk ($400) and Park Place mortgaged (half of $350 = $175):
    $1,575. Bob: $1,300, the browns ($60 + $60) with 2 houses each (4 x $50): $1,620.
    Carol: $1,500 in cash and nothing else.

    Counting mortgaged deeds in full would make Alice the richest ($1,750); counting houses
    at half would drop Bob to $1,520; ranking by cash alone would put Carol first."""
    table.deal("Alice", *DARK_BLUE)
    table.mortgage("Alice", "Park Place")
    table.set_cash("Alice", 1000)
    table.deal("Bob", *BROWN)
    table.build("Bob", BROWN, 2)
    assert table.cash("Bob") == 1300


def test_standings_count_cash_deeds_half_for_mortgaged_and_buildings_at_cost(table) -> None:
    _three_fortunes(table)
    assert standings(table.state) == [
        Standing("Bob", cash=1300, deeds=120, buildings=200),
        Standing("Alice", cash=1000, deeds=575, buildings=0),
        Standing("Carol", cash=1500, deeds=0, buildings=0),
    ]
    assert [row.total for row in standings(table.state)] == [1620, 1575, 1500]


def test_end_makes_the_richest_player_the_winner(table) -> None:
    _three_fortunes(table)
    receipt = table.do(EndGame())
    assert "Bob wins" in receipt
    assert "1. Bob $1,620; 2. Alice $1,575; 3. Carol $1,500" in receipt
    assert table.state.winner == "Bob"
    assert table.state.ended
    shown = state_json(table.state)
    assert shown["winner"] == "Bob"
    assert shown["ended"] is True


def test_a_hotel_counts_as_five_houses_at_cost(table) -> None:
    """Carol: hotels on both dark blues (10 x $200 = $2,000) and $0 cash: $2,750 with the
    deeds. Alice has $1,500 and Bob $1,500 + $1,000."""
    table.deal("Carol", *DARK_BLUE)
    table.set_cash("Carol", 2000)
    table.build("Carol", DARK_BLUE, 4)
    for lot in DARK_BLUE:
        table.do(BuildHotel(player="Carol", deed=lot))
    assert table.cash("Carol") == 0
    table.do(Collect(player="Bob", amount=1000))
    rows = standings(table.state)
    assert rows[0] == Standing("Carol", cash=0, deeds=750, buildings=2000)
    assert [(r.player, r.total) for r in rows] == [
        ("Carol", 2750),
        ("Bob", 2500),
        ("Alice", 1500),
    ]
    table.do(EndGame())
    assert table.state.winner == "Carol"


def test_a_tie_goes_to_the_first_in_seating_order(table) -> None:
    table.do(Pay(player="Alice", amount=100))
    table.do(EndGame())
    assert [r.player for r in standings(table.state)] == ["Bob", "Carol", "Alice"]
    assert table.state.winner == "Bob"


def test_a_bankrupt_player_is_not_in_the_standings(table) -> None:
    """Bob went bankrupt to Alice: the standings rank Alice and Carol only."""
    table.deal("Alice", "Boardwalk")
    table.set_cash("Bob", 10)
    table.do(PayRent(player="Bob", deed="Boardwalk"))
    table.do(DeclareBankrupt(player="Bob"))
    assert table.cash("Alice") == 1510
    receipt = table.do(EndGame())
    assert "1. Alice $1,910; 2. Carol $1,500" in receipt


def test_the_command_language_ends_the_game(table) -> None:
    table.do(Collect(player="Carol", amount=1))
    table.do(parse("end", table.state))
    assert table.state.winner == "Carol"


@pytest.mark.parametrize(
    "command",
    [
        PassGo(player="Alice"),
        Collect(player="Bob", amount=10),
        Buy(player="Carol", deed="Park Place"),
        Pay(player="Alice", amount=10, to="Bob"),
        StartAuction(lot="Park Place"),
        Settle(player="Alice"),
        EndGame(),
    ],
    ids=["go", "collect", "buy", "pay", "auction", "settle", "end"],
)
def test_after_the_end_every_command_is_refused(table, command: Command) -> None:
    _three_fortunes(table)
    table.do(EndGame())
    table.refuse(command, NotAllowed, "The game was ended: Bob won", "Only undo is possible now")


def test_undo_takes_the_end_back(table) -> None:
    _three_fortunes(table)
    table.do(EndGame())
    game = table.game
    game.commit(game.prepare_undo())
    assert table.state.winner is None
    assert not table.state.ended
    assert validate(table.state) == []
    table.do(Collect(player="Carol", amount=200))
    table.do(EndGame())
    assert table.state.winner == "Carol"


def test_redo_ends_the_game_again(table) -> None:
    _three_fortunes(table)
    table.do(EndGame())
    game = table.game
    game.commit(game.prepare_undo())
    game.commit(game.prepare_redo())
    assert table.state.winner == "Bob"
    assert table.state.ended


def test_undo_takes_back_the_last_bankruptcy_and_its_winner(table) -> None:
    """Bob and then Carol go bankrupt to Alice: Alice wins. Undo brings Carol back."""
    table.deal("Alice", "Boardwalk")
    for player in ("Bob", "Carol"):
        table.set_cash(player, 0)
        table.do(PayRent(player=player, deed="Boardwalk"))
        table.do(DeclareBankrupt(player=player))
    assert table.state.winner == "Alice"
    assert not table.state.ended
    table.refuse(Collect(player="Alice", amount=1), NotAllowed, "The game is over: Alice won")
    game = table.game
    game.commit(game.prepare_undo())
    assert table.state.winner is None
    assert not table.state.player("Carol").bankrupt
    assert [d.debtor for d in table.state.debts] == ["Carol"]
