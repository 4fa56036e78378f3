"""Trades worked out on two phones: proposed, changed, accepted by both before the banker
makes them; each step checked as the `trade` command would be; stale when the game moved."""

from __future__ import annotations

import pytest

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.errors import BankerError
from banker.core.game import Game
from banker.core.phone import from_phone
from banker.core.proposals import MOST_OPEN, Proposals, as_seen_by
from banker.i18n.message import msg


@pytest.fixture
def game() -> Game:
    game = Game(c.Setup(players=["Alice", "Bob", "Carol"], edition=load_edition("us")))
    game.do(c.Buy(player="Alice", deed="Baltic Avenue"))
    return game


def deed_for_cash(cash: int) -> c.Trade:
    return c.Trade(
        player="Alice",
        partner="Bob",
        give=c.TradeSide(deeds=["Baltic Avenue"]),
        get=c.TradeSide(cash=cash),
    )


def test_proposed_changed_and_accepted_by_both_it_is_ready(game: Game) -> None:
    table = Proposals()
    first = table.propose(game.state, "Alice", deed_for_cash(250))
    assert first.accepted == {"Alice"} and first.waiting_for == "Bob" and not first.ready
    # Bob changes it to $200, written from his side: it goes back to Alice
    bobs = c.Trade(
        player="Bob",
        partner="Alice",
        give=c.TradeSide(cash=200),
        get=c.TradeSide(deeds=["Baltic Avenue"]),
    )
    changed = table.change(game.state, "Bob", first.number, bobs, first.version)
    assert changed.trade == deed_for_cash(200)  # kept with its proposer first
    assert changed.accepted == {"Bob"} and changed.waiting_for == "Alice"
    assert table.ready() == []
    done = table.accept(game.state, "Alice", first.number, changed.version)
    assert done.ready and table.ready() == [done]
    receipt = game.do(done.trade)
    assert (
        from_phone(receipt, done.parties).render().endswith("(agreed on Alice's and Bob's phones)")
    )
    table.made(done.number)
    assert list(table) == []


def test_nothing_leaves_a_players_hands_without_their_yes(game: Game) -> None:
    table = Proposals()
    with pytest.raises(BankerError, match="can only propose a trade of their own"):
        table.propose(game.state, "Bob", deed_for_cash(250))  # Bob proposing as Alice
    proposal = table.propose(game.state, "Alice", deed_for_cash(250))
    with pytest.raises(BankerError, match="Carol is not a party"):
        table.accept(game.state, "Carol", proposal.number, 1)
    with pytest.raises(BankerError, match="stays between Alice and Bob"):
        table.change(
            game.state, "Bob", proposal.number, deed_for_cash(250).replace(partner="Carol"), 1
        )
    assert not table.accept(game.state, "Alice", proposal.number, 1).ready  # her own yes again


def test_a_trade_the_core_would_refuse_is_refused_with_its_reason(game: Game) -> None:
    table = Proposals()
    not_hers = deed_for_cash(100).replace(give=c.TradeSide(deeds=["Boardwalk"]))
    with pytest.raises(BankerError, match="The trade would be refused: .*Boardwalk"):
        table.propose(game.state, "Alice", not_hers)
    with pytest.raises(BankerError, match="would be refused"):
        table.propose(game.state, "Alice", deed_for_cash(5000))  # more than Bob has
    assert list(table) == []


def test_a_proposal_the_game_moved_under_goes_stale_and_says_why(game: Game) -> None:
    table = Proposals()
    proposal = table.propose(game.state, "Alice", deed_for_cash(250))
    kept = table.propose(game.state, "Alice", deed_for_cash(10).replace(partner="Carol"))
    game.do(c.Pay(player="Bob", amount=1400))  # Bob has $100 now
    with pytest.raises(BankerError, match="no longer holds.*Bob"):
        table.accept(game.state, "Bob", proposal.number, 1)
    assert table.get(proposal.number) is None and table.get(kept.number) is not None
    game.do(c.Pay(player="Carol", amount=1495))
    gone = table.stale(game.state)
    assert [p.number for p, _ in gone] == [kept.number]
    assert "Carol" in gone[0][1].render()


def test_one_player_has_a_bounded_number_of_trades_open(game: Game) -> None:
    table = Proposals()
    for cash in range(1, MOST_OPEN + 1):
        table.propose(game.state, "Alice", deed_for_cash(cash))
    with pytest.raises(BankerError, match="already has 4 trades waiting"):
        table.propose(game.state, "Alice", deed_for_cash(99))
    with pytest.raises(BankerError, match="Bob already has 4 trades waiting"):
        table.propose(game.state, "Bob", as_seen_by(deed_for_cash(99), "Bob"))
    with pytest.raises(BankerError, match="Alice already has 4 trades waiting"):  # as partner
        table.propose(
            game.state, "Carol", as_seen_by(deed_for_cash(1).replace(partner="Carol"), "Carol")
        )
    assert table.decline("Bob", 1).number == 1
    assert len(table.of("Alice")) == MOST_OPEN - 1


def test_a_yes_is_for_the_version_the_phone_showed(game: Game) -> None:
    table = Proposals()
    first = table.propose(game.state, "Alice", deed_for_cash(250))
    table.change(game.state, "Alice", first.number, deed_for_cash(300), first.version)
    with pytest.raises(BankerError, match="changed meanwhile"):
        table.accept(game.state, "Bob", first.number, first.version)  # he read $250
    assert not table.get(first.number).ready  # type: ignore[union-attr]
    assert table.accept(game.state, "Bob", first.number, 2).ready


def test_each_receiver_chooses_to_lift_only_what_they_receive(game: Game) -> None:
    game.do(c.Mortgage(player="Alice", deed="Baltic Avenue"))
    table = Proposals()
    # Alice cannot choose for Bob: her lift of the deed he receives is dropped
    asked = deed_for_cash(100).replace(lift=["Baltic Avenue"])
    proposal = table.propose(game.state, "Alice", asked)
    assert proposal.trade.lift == [] and proposal.receiver("Baltic Avenue") == "Bob"
    ready = table.accept(game.state, "Bob", proposal.number, 1, lift=["Baltic Avenue"])
    assert ready.ready and ready.trade.lift == ["Baltic Avenue"]  # his own choice


def test_what_leaves_the_table_unmade_is_noted_with_why(game: Game) -> None:
    table = Proposals()
    one = table.propose(game.state, "Alice", deed_for_cash(250))
    two = table.propose(game.state, "Alice", deed_for_cash(10).replace(partner="Carol"))
    three = table.propose(game.state, "Alice", deed_for_cash(20))
    table.decline("Bob", one.number)
    table.decline("Alice", three.number)
    table.accept(game.state, "Carol", two.number, 1)
    table.refuse(two.number, msg("not now"))
    notes = [(n.number, n.said.render()) for n in table.notes]
    assert notes[0] == (one.number, "Bob declined the trade.")
    assert notes[1] == (three.number, "Alice withdrew the trade.")
    assert notes[2][0] == two.number and notes[2][1].startswith("The banker declined the trade")
    assert list(table) == []
