"""The command language: names by any word's prefix, and a clear refusal for
everything it cannot read."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import FrameType

import pytest

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.errors import BadInput, BankerError, UnknownName
from banker.core.game import Game
from banker.core.language import Redo, Undo, WorthQuery, parse, read_line
from banker.core.limits import MAX_LINE
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
        ("jail bob", c.GoToJail(player="Bob")),
        ("move bob 8 doubles", c.MoveToken(player="Bob", how="dice", dice=8, doubles=True)),
        ("move bob 7", c.MoveToken(player="Bob", how="dice", dice=7)),
        ("move bob boardwalk", c.MoveToken(player="Bob", how="forward", square=39)),
        ("move bob boardwalk fix", c.MoveToken(player="Bob", how="fix", square=39)),
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
    assert read_line("undo", state) == Undo()
    assert read_line("Redo", state) == Redo()
    assert read_line("worth mary", state) == WorthQuery("Mary Ann")
    assert read_line("go mary", state) == c.PassGo(player="Mary Ann")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("worth mary", "'worth' asks a question and changes nothing"),
        ("RAISE bob", "'RAISE' asks a question and changes nothing"),
        ("undo", "'undo' moves through the game's history"),
        ("redo", "'redo' moves through the game's history"),
    ],
)
def test_parse_reads_only_commands_that_change_the_game(
    state: GameState, text: str, reason: str
) -> None:
    with pytest.raises(BadInput) as caught:
        parse(text, state)
    assert reason in str(caught.value)


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
        ("pay bob 50 for alice", BadInput, "pay PLAYER AMOUNT [to PLAYER|pot]"),
        ("rent bob water 13", BadInput, "2 to 12"),
        ("rent bob water 1", BadInput, "2 to 12"),
        ("tax bob income", BadInput, "say 'flat' ($200) or 'percent'"),
        ("tax bob", BadInput, "tax PLAYER income flat|percent"),
        ("jail bob pray", UnknownName, "No player is called"),
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
        game.do(parse("pay alice 10 to alice", game.state))
    game.do(parse("buy bob water", game.state))
    with pytest.raises(BankerError, match="give the dice total"):
        game.do(parse("rent alice water", game.state))
    with pytest.raises(BankerError, match="cannot trade with themselves"):
        game.do(parse("trade alice alice give 10 get -", game.state))


def test_an_exact_name_beats_a_prefix() -> None:
    game = Game(c.Setup(players=["Al", "Alice"], edition=load_edition("us")))
    assert parse("go al", game.state) == c.PassGo(player="Al")
    assert parse("go ali", game.state) == c.PassGo(player="Alice")


def work_of(read: Callable[[], object]) -> int:
    """How much the core reads while `read` runs: the length of every text and list handed
    to a function of `banker.core`. It grows with the work done, whatever the machine."""
    total = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal total
        code = frame.f_code
        if event == "call" and code.co_filename.startswith(CORE):
            for name in code.co_varnames[: code.co_argcount]:
                value = frame.f_locals.get(name)
                if isinstance(value, str | list | tuple):
                    total += len(value)

    sys.setprofile(profile)
    try:
        read()
    except BankerError:
        pass
    finally:
        sys.setprofile(None)
    return total


CORE = str(Path(c.__file__).parent)


@pytest.mark.parametrize(
    "line",
    [
        "go alice {}",
        "pay bob {} 5",
        "pay bob 5 {}",
        "card bob {} chance-div",
        "rent bob {} board",
        "trade alice bob give {} get -",
        "bankrupt bob lift {}",
        "levels alice {} 4,4",
    ],
)
def test_reading_a_line_is_linear_in_its_length(state: GameState, line: str) -> None:
    """Twice the words, at most about twice the work (the old reader did four times: it
    tried a player's name at every split of the line)."""
    filler = {"go": "alice", "pay": "7", "trade": "board,"}.get(line.split()[0], "bob")

    def work(n: int) -> int:
        text = line.format(" ".join([filler] * n))
        assert len(text) <= MAX_LINE
        return work_of(lambda: read_line(text, state))

    small, large = work(40), work(80)
    assert small > 0
    assert large <= 2.2 * small, (small, large)


def test_a_line_longer_than_any_command_is_refused_unread(state: GameState) -> None:
    """126 KB of `go alice alice ...` took 40 s to refuse; now the length alone refuses it."""
    overheads: set[int] = set()
    for size in (MAX_LINE + 1, 126_000, 1_000_000):
        text = ("go " + "alice " * size)[:size]
        with pytest.raises(BadInput) as caught:
            read_line(text, state)
        assert str(caught.value) == (
            f"That line is {size:,} characters long; a command is at most 1,000. "
            "Type one command per line."
        )
        overheads.add(work_of(partial(read_line, text, state)) - size)
    assert max(overheads) < MAX_LINE  # beyond the length read once, the same small work


def test_the_largest_trade_fits_in_a_line() -> None:
    """Two 24-letter names, every deed of the board in full and cash both ways: the line
    limit leaves room for the longest trade a table could make."""
    edition = load_edition("us")
    names = ["Alexandrina Montgomeryyy", "Bartholomew Fitzwilliams"]
    game = Game(c.Setup(players=names, edition=edition))
    deeds = [d.name for d in edition.deeds]
    line = f"trade {names[0]} {names[1]} give 1000, {', '.join(deeds)} get 1000 lift"
    assert len(line) <= MAX_LINE
    trade = parse(line, game.state)
    assert isinstance(trade, c.Trade)
    assert trade.give.deeds == deeds and trade.get.cash == 1000


@pytest.mark.parametrize("text", ["-x", "--help", "-5 alice", "-go alice"])
def test_a_line_starting_with_a_dash_is_refused_with_the_reason(
    state: GameState, text: str
) -> None:
    with pytest.raises(BadInput) as caught:
        parse(text, state)
    word = text.split()[0]
    assert str(caught.value).startswith(
        f"{word!r} is not a command: a command starts with its verb, not a dash, "
        "e.g. 'rent Bob Boardwalk'. The commands are: go, buy, rent,"
    )
