"""Requests from a player's phone: what their page may ask now and what each does, the
banker's queue (oldest first, bounded, no doubles), and requests gone stale."""

from __future__ import annotations

import pytest

from banker.core import commands as c
from banker.core.asks import MOST_WAITING, Asks, asked_offer, phone_offers, ways_out
from banker.core.edition import load_edition
from banker.core.errors import BankerError
from banker.core.game import Game
from banker.core.offers.raising import raising_moves
from banker.i18n.message import msg


@pytest.fixture
def game() -> Game:
    game = Game(c.Setup(players=["Alice", "Bob"], edition=load_edition("us")))
    for deed in ("Park Place", "Boardwalk", "Baltic Avenue"):
        game.do(c.Buy(player="Alice", deed=deed))
    return game


def offers(game: Game, player: str = "Alice") -> dict[tuple[str, str], list[str]]:
    return {
        (o.kind, o.key): [e.render() for e in o.effect]
        for o in phone_offers(game.state, player)
        if o.refusal is None
    }


def test_each_offer_says_what_it_does_before_it_is_sent(game: Game) -> None:
    found = offers(game)
    assert found[("mortgage", "Baltic Avenue")] == [
        "Alice: cash $690 → $720",
        "Rent after: Baltic Avenue: no rent while mortgaged",
    ]
    build = found[("build", "dark_blue")]
    assert build[0] == "Alice: cash $690 → $290"
    assert "Park Place: rent $175" in build[1] and "Boardwalk: rent $200" in build[1]
    assert build[2] == "Bank after: 30 houses, 12 hotels left"
    assert ("build", "brown") not in found  # Mediterranean is the bank's: not whole
    game.do(c.Mortgage(player="Alice", deed="Baltic Avenue"))
    assert offers(game)[("lift", "Baltic Avenue")][0] == "Alice: cash $720 → $687"


def test_the_moments_offers_jail_tax_and_debts(game: Game) -> None:
    game.do(c.GoToJail(player="Bob"))
    assert set(offers(game, "Bob")) >= {("jail", "fine")}
    game.do(c.Pay(player="Bob", amount=1600))  # more than he has: a debt to the bank
    assert ("settle", "") not in offers(game, "Bob")  # refused: his cash does not cover it
    refused = {(o.kind, o.key): o.refusal for o in phone_offers(game.state, "Bob")}
    assert refused[("settle", "")] is not None


def test_the_queue_takes_each_request_once_and_bounded(game: Game) -> None:
    asks = Asks()
    first = asks.add(game.state, "Alice", "mortgage", "Baltic Avenue")
    with pytest.raises(BankerError, match="already asked for this"):
        asks.add(game.state, "Alice", "mortgage", "Baltic Avenue")
    with pytest.raises(BankerError, match="not something Bob can ask for now"):
        asks.add(game.state, "Bob", "mortgage", "Park Place")  # not his to mortgage
    asks.add(game.state, "Alice", "mortgage", "Park Place")
    assert [a.number for a in asks] == [first.number, first.number + 1]
    asks.refuse(first.number, msg("not now"))
    assert asks.notes[-1].said.render() == ("The banker declined: Mortgage Baltic Avenue: not now")
    assert len(asks.of("Alice")) == 1
    with pytest.raises(BankerError, match="took|no longer waiting"):
        asks.withdraw("Bob", first.number + 1)  # not his


def test_a_request_the_game_moved_under_goes_stale_with_why(game: Game) -> None:
    asks = Asks()
    asked = asks.add(game.state, "Alice", "mortgage", "Baltic Avenue")
    game.do(c.Mortgage(player="Alice", deed="Baltic Avenue"))  # the banker did it by hand
    ((gone, _why),) = asks.stale(game.state)
    assert gone.number == asked.number and list(asks) == []
    assert asks.notes[-1].said.render().startswith("No longer possible: Mortgage Baltic Avenue")


def test_at_most_a_few_requests_wait_per_player() -> None:
    game = Game(c.Setup(players=["Alice", "Bob"], edition=load_edition("us")))
    deeds = [d.name for d in game.state.edition.deeds][: MOST_WAITING + 1]
    for deed in deeds:
        game.do(c.Buy(player="Alice", deed=deed))
    game.do(c.Collect(player="Alice", amount=5000))
    asks = Asks()
    for deed in deeds[:MOST_WAITING]:
        asks.add(game.state, "Alice", "mortgage", deed)
    with pytest.raises(BankerError, match="requests waiting"):
        asks.add(game.state, "Alice", "mortgage", deeds[-1])
    assert asked_offer(game.state, "Alice", "mortgage", deeds[-1]).kind == "mortgage"


def test_a_debtors_ways_out_are_the_raise_funds_moves_each_a_request(game: Game) -> None:
    game.do(c.SetGroupLevels(player="Alice", deed="Park Place", levels=[1, 1]))
    game.do(c.Pay(player="Alice", amount=1000, to="Bob"))  # $290 in cash: a debt of $710
    ways = ways_out(game.state, "Alice")
    moves = raising_moves(game.state, "Alice")
    assert [w.label for w in ways] == [m.label for m in moves]  # the same, in the same order
    offered = {(o.kind, o.key): o.command for o in phone_offers(game.state, "Alice")}
    for way, move in zip(ways, moves, strict=True):
        assert offered[(way.kind, way.key)] == move.command  # each one a request
    assert [(w.kind, w.key) for w in ways][:2] == [
        ("sell", "one:dark_blue"),
        ("sell", "all:dark_blue"),
    ]
