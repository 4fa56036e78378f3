"""The verbs table: every command of the bank declared once, complete, and read the same
way by the engine, the command language and the tests."""

from __future__ import annotations

import msgspec
import pytest

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.engine import apply
from banker.core.errors import BankerError, NotAllowed
from banker.core.game import Game
from banker.core.language import USAGE, VERBS, parse, read_line
from banker.core.state import GameState
from banker.core.verbs import DECLARED, WORDS, Verb, check, command_models, verb_of, word_named
from banker.core.verbs import VERBS as VERB_TABLE


@pytest.fixture(scope="module")
def state() -> GameState:
    return Game(c.Setup(players=["Alice", "Bob"], edition=load_edition("us"))).state


def test_every_command_of_the_union_has_one_declaration() -> None:
    models = command_models()
    assert len(models) == 30
    assert [verb_of(model.__new__(model)) for model in models] == [
        next(v for v in VERB_TABLE if v.model is model) for model in models
    ]
    assert len({v.model for v in VERB_TABLE}) == len(VERB_TABLE) == len(models)
    check()


def test_a_forgotten_verb_is_refused_by_name() -> None:
    without_rent = tuple(v for v in VERB_TABLE if v.model is not c.PayRent)
    with pytest.raises(TypeError, match="no entry in banker.core.verbs: PayRent"):
        check(without_rent)
    doubled = (*VERB_TABLE, VERB_TABLE[0])
    with pytest.raises(TypeError, match="declared twice: PassGo"):
        check(doubled)
    go = next(w for w in WORDS if w.word == "go")
    clash = (*WORDS, msgspec.structs.replace(go, word="gone", aliases=("go",)))
    with pytest.raises(TypeError, match="typed by two words: go"):
        check(VERB_TABLE, clash)
    unwritten = tuple(msgspec.structs.replace(v, example=None) for v in VERB_TABLE)
    with pytest.raises(TypeError, match="without an example line.*PassGo"):
        check(unwritten)


@pytest.mark.parametrize(
    "verb", [v for v in VERB_TABLE if v.example], ids=lambda v: v.model.__name__
)
def test_each_verb_is_typed_as_its_example_says(state: GameState, verb: Verb[c.Command]) -> None:
    assert verb.example is not None and verb.word is not None
    read = read_line(verb.example, state)
    assert type(read) is verb.model
    assert word_named(verb.example.split()[0]) is verb.word
    assert verb.word.usage.split()[0] == verb.word.word


def test_the_deal_is_written_by_the_app_only() -> None:
    deal = verb_of(c.DealDeeds(deeds={}))
    assert deal is not None and deal.word is None
    assert "deal" not in VERBS


def test_the_words_in_the_order_help_lists_them() -> None:
    """The order of `banker do`'s list of commands, as it always was."""
    assert VERBS == (
        "go", "buy", "rent", "pay", "collect", "tax", "worth", "card", "jail", "build",
        "hotel", "sell", "mortgage", "unmortgage", "trade", "parking", "levels", "auction",
        "bid", "drop", "close", "raise", "settle", "bankrupt", "end", "language", "turn",
        "move", "undo", "redo",
    )  # fmt: skip
    assert USAGE["sell"] == "sell PLAYER DEED [N|hotel]"
    assert word_named("LIFT") is word_named("unmortgage")
    assert len(DECLARED) == len(VERB_TABLE) + 4  # worth, raise, undo, redo only read


def test_the_moments_each_verb_declares() -> None:
    """Who owes may still receive and raise money, trade, pay a creditor part of the debt,
    settle or go bankrupt; an open
    auction takes bids, drop-outs and the close; the language changes at any time."""
    owing = {v.model for v in VERB_TABLE if v.while_owing}
    assert owing == {
        c.PassGo, c.Collect, c.TakeParking, c.SellHouses, c.SellHotel, c.SetGroupLevels,
        c.Mortgage, c.Trade, c.Settle, c.DeclareBankrupt, c.DropOut, c.CloseAuction, c.Pay,
        c.PassTurn, c.MoveToken, c.GoToJail,
    }  # fmt: skip
    assert {v.model for v in VERB_TABLE if v.in_auction} == {c.Bid, c.DropOut, c.CloseAuction}
    assert {v.model for v in VERB_TABLE if v.any_moment} == {c.SetLanguage, c.NewLink}


def test_the_engine_asks_the_declaration_about_the_moment() -> None:
    """Bob owes Alice: the table lets him mortgage (declared while owing) but not buy."""
    game = Game(c.Setup(players=["Alice", "Bob"], edition=load_edition("us")))
    for line in ("buy alice board", "buy bob reading", "pay bob 1280", "rent bob board"):
        game.do(parse(line, game.state))
    assert game.state.debts_of("Bob")
    apply(game.state, c.Mortgage(player="Bob", deed="Reading Railroad"))
    with pytest.raises(NotAllowed, match="Bob owes"):
        apply(game.state, c.Buy(player="Bob", deed="Park Place"))
    with pytest.raises(BankerError, match="does not know the command"):
        apply(game.state, c.TradeSide())  # type: ignore[arg-type]
