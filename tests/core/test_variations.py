"""The seeds' variations and other boards, played through the command language."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from banker.cli import main
from banker.core import commands as c
from banker.core.deal import make_deal
from banker.core.edition import load_edition
from banker.core.errors import BankerError, NotEnoughCash
from banker.core.game import Game
from banker.core.language import parse
from banker.core.rules import HouseRules
from banker.core.validators import validate


def play(game: Game, *lines: str) -> list[str]:
    receipts = []
    for line in lines:
        receipts.append(str(game.do(parse(line, game.state))))
        assert validate(game.state) == []
    return receipts


def test_a_short_game_on_the_100x_board() -> None:
    game = Game(c.Setup(players=["Alice", "Bob"], edition=load_edition("us100")))
    out = play(
        game,
        "buy alice board",
        "buy alice park",
        "levels alice park 1,1",
        "rent bob board",
        "go bob",
        "tax bob income percent",
    )
    assert out[0] == "Alice bought Boardwalk for $40,000"
    assert out[2].startswith("Alice built on the Dark blue group for $40,000")
    assert out[3] == "Bob paid Alice $20,000 rent for Boardwalk, 1 house: $20,000"
    assert out[4] == "Bob passed GO and collected $20,000"
    # Bob: 150,000 - 20,000 + 20,000 = 150,000; 10% of worth
    assert out[5] == (
        "Bob paid $15,000 income tax "
        "(10% of worth $150,000: cash $150,000 + deeds $0 + buildings $0)"
    )
    with pytest.raises(
        BankerError, match="cannot be mortgaged while its colour group has buildings"
    ):
        play(game, "mortgage alice park")
    assert game.state.player("Bob").cash == 135_000


def test_a_short_game_on_the_london_board() -> None:
    game = Game(c.Setup(players=["Ann", "Ben"], edition=load_edition("uk")))
    out = play(
        game,
        "buy ann mayfair",
        "buy ann park lane",
        "rent ben mayfair",
        "buy ben kings",
        "buy ben maryle",
        "rent ann kings",
        "tax ben super",
        "trade ann ben give 100 get marylebone",
    )
    assert out[2] == "Ben paid Ann £100 rent for Mayfair, whole colour group owned: 2 x £50 = £100"
    assert out[5] == "Ann paid Ben £50 rent for King's Cross Station, 2 stations owned: £50"
    assert out[6] == "Ben paid £100 Super Tax"
    assert game.state.deeds["Marylebone Station"].owner == "Ann"
    assert game.state.player("Ann").cash == 1500 - 400 - 350 + 100 - 50 - 100


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_dealing_all_deeds_is_fair(players: int) -> None:
    names = [f"P{i}" for i in range(players)]
    game = Game(c.Setup(players=names, edition=load_edition("us")))
    for seed in range(5):
        deal = make_deal(game.state, "all", paid=False, seed=seed)
        assert sorted(deal.deeds) == sorted(game.state.deeds)  # every deed dealt exactly once
        counts = Counter(deal.deeds.values())
        assert set(counts) == set(names)
        assert max(counts.values()) - min(counts.values()) <= 1


def test_dealing_n_each_paid_at_the_printed_price() -> None:
    game = Game(c.Setup(players=["Alice", "Bob", "Carol"], edition=load_edition("us")))
    deal = make_deal(game.state, 2, paid=True, seed=11)
    assert Counter(deal.deeds.values()) == {"Alice": 2, "Bob": 2, "Carol": 2}
    before = {p.name: p.cash for p in game.state.players}
    game.do(deal)
    for name in before:
        owned = game.state.deeds_of(name)
        paid = sum(game.state.edition.deed(d).price for d in owned)
        assert game.state.player(name).cash == 1500 - paid
        assert len(owned) == 2
    assert validate(game.state) == []


def test_dealing_free_costs_nothing_and_paid_beyond_cash_is_refused() -> None:
    game = Game(c.Setup(players=["Alice", "Bob"], edition=load_edition("us")))
    free = make_deal(game.state, "all", paid=False, seed=1)
    with pytest.raises(NotEnoughCash, match="deal them free, or fewer per player"):
        game.do(make_deal(game.state, "all", paid=True, seed=1))
    game.do(free)
    assert [p.cash for p in game.state.players] == [1500, 1500]
    assert sum(len(game.state.deeds_of(p)) for p in ("Alice", "Bob")) == 28


def test_banker_new_deals_the_deeds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "dealt.banker")
    assert main(["new", path, "--players", "A,B,C,D", "--deal", "all", "--free"]) == 0
    assert "The deeds were dealt free: A 7; B 7; C 7; D 7" in capsys.readouterr().out


def short_game(end_after: int) -> Game:
    rules = HouseRules(end_after_bankruptcies=end_after, houses_before_hotel=3)
    return Game(c.Setup(players=["Alice", "Bob", "Carol"], edition=load_edition("us"), rules=rules))


def bankrupt_to_alice(game: Game, who: str) -> str:
    cash = game.state.player(who).cash
    play(game, f"pay {who} {cash}")
    return play(game, f"rent {who} board", f"bankrupt {who}")[-1]


@pytest.mark.parametrize("end_after", [1, 2])
def test_the_short_game_ends_at_the_first_or_second_bankruptcy(end_after: int) -> None:
    game = short_game(end_after)
    play(game, "buy alice board", "buy alice park", "collect alice 3000", "levels alice park 3,3")
    play(game, "hotel alice board", "hotel alice park")
    text = bankrupt_to_alice(game, "Bob")
    if end_after == 1:
        assert "The short game ends at this bankruptcy: Alice wins" in text
        assert game.state.ended and game.state.winner == "Alice"
        with pytest.raises(BankerError, match="Only undo is possible now"):
            play(game, "go carol")
    else:
        assert game.state.winner is None
        text = bankrupt_to_alice(game, "Carol")
        assert game.state.winner == "Alice"


def test_three_houses_before_a_hotel() -> None:
    game = short_game(2)
    play(game, "buy alice board", "buy alice park", "collect alice 3000", "levels alice park 3,3")
    with pytest.raises(BankerError, match="at most 3 houses"):
        play(game, "build alice board")
    out = play(game, "hotel alice board")
    assert out[0] == (
        "Alice bought a hotel for Boardwalk for $200; its 3 houses went back to the bank"
    )
    assert game.state.bank.houses_left == 32 - 6 + 3
    assert play(game, "rent bob board")[0].startswith(
        "Bob owes Alice $2,000 rent for Boardwalk, hotel"
    )


def test_edition_check_says_what_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = Path(__file__).resolve().parents[2] / "banker" / "editions" / "us100.toml"
    assert main(["edition", "check", str(good)]) == 0
    out = capsys.readouterr().out
    assert "a good edition. United States (100x)" in out
    assert "scale 100." in out
    bad = tmp_path / "bad.toml"
    bad.write_text(
        good.read_text().replace(
            "rent = [5000, 20000, 60000, 140000, 170000, 200000]", "rent = [5000]"
        )
    )
    assert main(["edition", "check", str(bad)]) == 1
    assert "rent of 'Boardwalk' has 1 numbers; it needs 6" in capsys.readouterr().err
