"""The command language: names by any word's prefix, and a clear refusal for
everything it cannot read."""

from __future__ import annotations

import pytest

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.errors import BadInput, BankerError, UnknownName
from banker.core.game import Game
from banker.core.language import Redo, Undo, WorthQuery, parse
from banker.core.state import GameState


@pytest.fixture(scope="module")
def state() -> GameState:
    game = Game(c.Setup(players=["Alice", "Bob", "Mary Ann"], edition=load_edition("us")))
    game.do(c.Buy(player="Alice", deed="Boardwalk"))
    return game.state


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("buy alice board", c.Buy(player="Alice", deed="Boardwalk")),
        ("BUY Alice PARK", c.Buy(player="Alice", deed="Park Place")),
        ("buy bob st ch", c.Buy(player="Bob", deed="St. Charles Place")),
        ("buy bob carolina", c.Buy(player="Bob", deed="North Carolina Avenue")),
        ("buy bob penn rail", c.Buy(player="Bob", deed="Pennsylvania Railroad")),
        ("buy bob b&o", c.Buy(player="Bob", deed="B&O Railroad")),
        ("buy mary ann short", c.Buy(player="Mary Ann", deed="Short Line")),
        ("go mary", c.PassGo(player="Mary Ann")),
        ("rent bob board", c.PayRent(player="Bob", deed="Boardwalk")),
        ("rent bob water 7", c.PayRent(player="Bob", deed="Water Works", dice=7)),
        (
            "rent bob elec 12 x10",
            c.PayRent(player="Bob", deed="Electric Company", dice=12, variant="x10"),
        ),
        (
            "rent bob reading double",
            c.PayRent(player="Bob", deed="Reading Railroad", variant="double"),
        ),
        ("pay bob 50", c.Pay(player="Bob", amount=50)),
        ("pay bob $50 to alice", c.Pay(player="Bob", amount=50, to="Alice")),
        ("pay mary ann 25 to bob", c.Pay(player="Mary Ann", amount=25, to="Bob")),
        ("collect alice 007", c.Collect(player="Alice", amount=7)),
        ("tax bob income flat", c.PayTax(player="Bob", kind="income_flat")),
        ("tax bob income percent", c.PayTax(player="Bob", kind="income_percent")),
        ("tax bob luxury", c.PayTax(player="Bob", kind="luxury")),
        ("card bob chance-div", c.DrawCard(player="Bob", card="chance-dividend")),
        (
            "card bob chance-util water 9",
            c.DrawCard(player="Bob", card="chance-utility", deed="Water Works", dice=9),
        ),
        (
            "card bob chance-ill go",
            c.DrawCard(player="Bob", card="chance-illinois", passed_go=True),
        ),
        ("jail bob fine", c.LeaveJail(player="Bob", method="fine")),
        ("jail bob card", c.LeaveJail(player="Bob", method="card")),
        ("build alice board", c.BuildHouses(player="Alice", deed="Boardwalk")),
        ("build alice board 3", c.BuildHouses(player="Alice", deed="Boardwalk", count=3)),
        ("hotel alice board", c.BuildHotel(player="Alice", deed="Boardwalk")),
        ("sell alice board 2", c.SellHouses(player="Alice", deed="Boardwalk", count=2)),
        ("sell alice board hotel", c.SellHotel(player="Alice", deed="Boardwalk")),
        ("mortgage alice board", c.Mortgage(player="Alice", deed="Boardwalk")),
        ("unmortgage alice board", c.LiftMortgage(player="Alice", deed="Boardwalk")),
        ("lift alice board", c.LiftMortgage(player="Alice", deed="Boardwalk")),
        ("parking bob", c.TakeParking(player="Bob")),
        (
            "trade alice bob give 100, board, jailcard get park",
            c.Trade(
                player="Alice",
                partner="Bob",
                give=c.TradeSide(cash=100, deeds=["Boardwalk"], jail_cards=1),
                get=c.TradeSide(deeds=["Park Place"]),
            ),
        ),
        (
            "trade alice mary ann give board get - lift board",
            c.Trade(
                player="Alice",
                partner="Mary Ann",
                give=c.TradeSide(deeds=["Boardwalk"]),
                lift=["Boardwalk"],
            ),
        ),
    ],
)
def test_the_banker_types_it_the_core_gets_it(
    state: GameState, text: str, expected: object
) -> None:
    assert parse(text, state) == expected


def test_undo_redo_and_worth(state: GameState) -> None:
    assert parse("undo", state) == Undo()
    assert parse("Redo", state) == Redo()
    assert parse("worth mary", state) == WorthQuery("Mary Ann")


@pytest.mark.parametrize(
    ("text", "error", "reason"),
    [
        ("", BadInput, "Type a command"),
        ("dance alice", BadInput, "There is no command 'dance'"),
        ("buy zed board", UnknownName, "No player is called 'zed'"),
        ("buy alice zzz", UnknownName, "No deed is called 'zzz'"),
        (
            "buy alice place",
            UnknownName,
            "could be more than one deed: St. Charles Place, St. James Place, Park Place",
        ),
        ("buy alice penn", UnknownName, "Pennsylvania Railroad, Pennsylvania Avenue"),
        ("go a", UnknownName, "could be more than one player: Alice, Mary Ann"),
        ("pay bob 0", BadInput, "more than zero"),
        ("pay bob -5", BadInput, "not an amount"),
        ("pay bob 1.5", BadInput, "not an amount"),
        ("pay bob 1e3", BadInput, "not an amount"),
        ("pay bob 0x10", BadInput, "not an amount"),
        ("pay bob ๑๒", BadInput, "not an amount"),
        ("pay bob 1_000", BadInput, "not an amount"),
        ("collect bob 99999999999", BadInput, "more than the bank handles"),
        ("pay bob 50 for alice", BadInput, "pay PLAYER AMOUNT [to PLAYER]"),
        ("rent bob water 13", BadInput, "2 to 12"),
        ("rent bob water 1", BadInput, "2 to 12"),
        ("tax bob income", BadInput, "say 'flat' ($200) or 'percent'"),
        ("tax bob", BadInput, "tax PLAYER income flat|percent"),
        ("jail bob pray", BadInput, "jail PLAYER fine|card"),
        ("card bob nothing-like-it", UnknownName, "is not a card"),
        ("card bob chance-rail", UnknownName, "could be more than one card"),
        ("build alice board 9", BadInput, "give 1 to 4"),
        ("trade alice bob give board", BadInput, "trade PLAYER PLAYER give ITEMS get ITEMS"),
        ("trade alice bob give 10, 20 get -", BadInput, "Name the cash of one side once"),
        ("trade alice bob give board,, get -", BadInput, "separated by commas"),
        ("undo now", BadInput, "more than this command takes"),
        ("go alice bob", BadInput, "'bob' is more than this command takes. Write it as: go PLAYER"),
    ],
)
def test_refusals_say_what_is_wrong(
    state: GameState, text: str, error: type[BankerError], reason: str
) -> None:
    with pytest.raises(error) as caught:
        parse(text, state)
    assert reason in str(caught.value)


def test_paying_or_trading_with_oneself_is_refused_by_the_bank(state: GameState) -> None:
    game = Game(c.Setup(players=["Alice", "Bob"], edition=load_edition("us")))
    with pytest.raises(BankerError, match="cannot pay themselves"):
        game.do(parse("pay alice 10 to alice", game.state))  # type: ignore[arg-type]
    game.do(parse("buy bob water", game.state))  # type: ignore[arg-type]
    with pytest.raises(BankerError, match="give the dice total"):
        game.do(parse("rent alice water", game.state))  # type: ignore[arg-type]
    with pytest.raises(BankerError, match="cannot trade with themselves"):
        game.do(parse("trade alice alice give 10 get -", game.state))  # type: ignore[arg-type]


def test_an_exact_name_beats_a_prefix() -> None:
    game = Game(c.Setup(players=["Al", "Alice"], edition=load_edition("us")))
    assert parse("go al", game.state) == c.PassGo(player="Al")
    assert parse("go ali", game.state) == c.PassGo(player="Alice")
