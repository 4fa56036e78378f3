"""Auctions at the table: a declined deed to the highest bidder, and houses or hotels in a
housing shortage."""

from __future__ import annotations

import pytest

from banker.core.commands import (
    Bid,
    BuildHouses,
    Buy,
    CloseAuction,
    Collect,
    Command,
    DropOut,
    EndGame,
    Mortgage,
    PassGo,
    Pay,
    PayRent,
    StartAuction,
)
from banker.core.errors import BadInput, HouseShortage, NotAllowed, UnevenBuilding, UnknownName
from banker.core.language import parse
from banker.core.report import state_json
from tests.core.board import DARK_BLUE, PINK


def money_in_play(table) -> int:
    """What the bank has issued: it falls by exactly what a buyer pays the bank."""
    return table.state.bank.issued


# A deed nobody bought.


def test_the_highest_bidder_pays_the_bank_and_takes_the_deed(table) -> None:
    """Alice declines Boardwalk at $400. Bob bids $150, Carol $200, Alice (who declined)
    $210; Bob and Carol drop out, and Alice buys it for $210, not the printed $400."""
    receipt = table.do(StartAuction(lot="Boardwalk"))
    assert "printed price $400" in receipt
    assert "bids from $1" in receipt
    table.do(Bid(player="Bob", amount=150))
    table.do(Bid(player="Carol", amount=200))
    table.do(Bid(player="Alice", amount=210))
    table.do(DropOut(player="Bob"))
    table.do(DropOut(player="Carol"))
    receipt = table.do(CloseAuction())
    assert "Sold to Alice for $210: Boardwalk" in receipt
    assert table.deed("Boardwalk").owner == "Alice"
    assert [table.cash(p) for p in ("Alice", "Bob", "Carol")] == [1290, 1500, 1500]
    assert money_in_play(table) == 4500 - 210
    assert table.state.auction is None


def test_bidding_may_start_at_one_dollar(table) -> None:
    table.do(StartAuction(lot="Mediterranean Avenue"))
    table.do(Bid(player="Carol", amount=1))
    table.do(CloseAuction())
    assert table.deed("Mediterranean Avenue").owner == "Carol"
    assert table.cash("Carol") == 1499


def test_the_minimum_bid_is_a_setting(table_with) -> None:
    table = table_with(minimum_bid=10)
    receipt = table.do(StartAuction(lot="Baltic Avenue"))
    assert "bids from $10" in receipt
    table.refuse(Bid(player="Bob", amount=9), NotAllowed, "at least $10", "Bob offered $9")
    table.do(Bid(player="Bob", amount=10))


def test_a_bid_must_beat_the_high_bid(table) -> None:
    table.do(StartAuction(lot="Boardwalk"))
    table.do(Bid(player="Bob", amount=150))
    table.refuse(
        Bid(player="Carol", amount=150),
        NotAllowed,
        "Carol must bid more than the high bid of $150 (Bob)",
    )
    table.refuse(Bid(player="Carol", amount=100), NotAllowed, "more than the high bid")
    table.do(Bid(player="Carol", amount=151))
    assert table.state.auction.high_bid == 151
    assert table.state.auction.high_bidder == "Carol"


def test_a_bid_is_paid_in_cash_so_it_cannot_exceed_the_cash(table) -> None:
    """Bob has $300, and a deed he could mortgage does not count: bids are cash."""
    table.deal("Bob", "Reading Railroad")
    table.set_cash("Bob", 300)
    table.do(StartAuction(lot="Boardwalk"))
    table.refuse(
        Bid(player="Bob", amount=301),
        NotAllowed,
        "Bob has $300 in cash and cannot bid $301",
    )
    table.do(Bid(player="Bob", amount=300))
    table.do(CloseAuction())
    assert table.cash("Bob") == 0


def test_a_player_who_dropped_out_bids_no_more(table) -> None:
    table.do(StartAuction(lot="Boardwalk"))
    table.do(DropOut(player="Carol"))
    assert table.state.auction.bidders == ["Alice", "Bob"]
    table.refuse(Bid(player="Carol", amount=50), NotAllowed, "Carol is not bidding", "dropped")
    table.refuse(DropOut(player="Carol"), NotAllowed, "already out")


def test_the_high_bidder_cannot_drop_out(table) -> None:
    table.do(StartAuction(lot="Boardwalk"))
    table.do(Bid(player="Bob", amount=80))
    table.refuse(DropOut(player="Bob"), NotAllowed, "Bob holds the high bid of $80")


def test_with_no_bid_the_bank_keeps_the_deed(table) -> None:
    table.do(StartAuction(lot="Boardwalk"))
    for player in ("Alice", "Bob", "Carol"):
        table.do(DropOut(player=player))
    receipt = table.do(CloseAuction())
    assert "No bid for Boardwalk: the bank keeps it" in receipt
    assert table.deed("Boardwalk").owner is None
    assert [table.cash(p) for p in ("Alice", "Bob", "Carol")] == [1500, 1500, 1500]
    table.do(Buy(player="Bob", deed="Boardwalk"))
    assert table.cash("Bob") == 1100


def test_a_deed_someone_owns_is_not_auctioned(table) -> None:
    table.deal("Alice", "Boardwalk")
    table.refuse(StartAuction(lot="Boardwalk"), NotAllowed, "belongs to Alice", "bank's deeds")


def test_only_deeds_of_the_board_are_auctioned(table) -> None:
    table.refuse(StartAuction(lot="Marvin Garden"), UnknownName, "no deed called")


def test_one_auction_at_a_time(table) -> None:
    table.do(StartAuction(lot="Boardwalk"))
    table.refuse(StartAuction(lot="Park Place"), NotAllowed, "auction of Boardwalk is open")
    table.do(CloseAuction())
    table.do(StartAuction(lot="Park Place"))


@pytest.mark.parametrize(
    "command",
    [
        PassGo(player="Alice"),
        Pay(player="Bob", amount=10, to="Carol"),
        Collect(player="Carol", amount=10),
        Buy(player="Alice", deed="Park Place"),
        PayRent(player="Alice", deed="Reading Railroad"),
        EndGame(),
    ],
    ids=["go", "pay", "collect", "buy", "rent", "end"],
)
def test_other_commands_wait_for_the_auction_to_close(table, command: Command) -> None:
    table.deal("Bob", "Reading Railroad")
    table.do(StartAuction(lot="Boardwalk"))
    table.refuse(
        command,
        NotAllowed,
        "The auction of Boardwalk is open",
        "bid, drop out or close it first",
    )


def test_bid_drop_and_close_need_an_open_auction(table) -> None:
    for command in (Bid(player="Bob", amount=10), DropOut(player="Bob"), CloseAuction()):
        table.refuse(command, NotAllowed, "No auction is open")


def test_a_deed_auction_closes_without_a_lot(table) -> None:
    table.do(StartAuction(lot="Boardwalk"))
    table.do(Bid(player="Bob", amount=10))
    table.refuse(CloseAuction(deed="Park Place"), BadInput, "only for a house or hotel auction")


def test_show_json_lists_the_open_auction(table) -> None:
    table.do(StartAuction(lot="Boardwalk"))
    table.do(Bid(player="Carol", amount=120))
    table.do(DropOut(player="Alice"))
    assert state_json(table.state)["auction"] == {
        "lot": "Boardwalk",
        "kind": "deed",
        "high_bid": 120,
        "high_bidder": "Carol",
        "bidders": ["Bob", "Carol"],
        "queue": [],
    }
    table.do(CloseAuction())
    assert state_json(table.state)["auction"] is None


def test_the_command_language_runs_an_auction(table) -> None:
    for line in ("auction board", "bid bob 130", "bid carol 140", "drop bob", "close"):
        table.do(parse(line, table.state))
    assert table.deed("Boardwalk").owner == "Carol"
    assert table.cash("Carol") == 1360


# Houses and hotels in a shortage.


def _alice_dark_blue_carol_pink(table) -> None:
    """Alice owns the dark blues (a house costs $200), Carol the pinks ($100); none built."""
    table.deal("Alice", *DARK_BLUE)
    table.deal("Carol", *PINK)


def test_a_house_auction_opens_at_the_cheapest_house_among_the_bidders(table_with) -> None:
    """The bank has 3 houses; Alice (dark blue, $200) and Carol (pink, $100) want 8 + 12.
    Bids start at $100; Bob owns no whole group and cannot bid."""
    table = table_with(houses=3)
    _alice_dark_blue_carol_pink(table)
    receipt = table.do(StartAuction(lot="house"))
    assert "3 left" in receipt
    assert "among Alice, Carol" in receipt
    assert "bids from $100" in receipt
    assert table.state.auction.bidders == ["Alice", "Carol"]
    table.refuse(Bid(player="Alice", amount=99), NotAllowed, "at least $100")
    table.refuse(Bid(player="Bob", amount=150), NotAllowed, "Bob is not bidding", "cannot build")


def test_the_winner_pays_the_bid_and_places_the_house(table_with) -> None:
    """Alice wins one house for $260 ($60 above the printed $200) and puts it on Boardwalk."""
    table = table_with(houses=3)
    _alice_dark_blue_carol_pink(table)
    table.do(StartAuction(lot="house"))
    table.do(Bid(player="Carol", amount=150))
    table.do(Bid(player="Alice", amount=260))
    table.do(DropOut(player="Carol"))
    receipt = table.do(CloseAuction(deed="Boardwalk"))
    assert "Sold to Alice for $260: a house on Boardwalk" in receipt
    assert table.deed("Boardwalk").houses == 1
    assert table.houses_left == 2
    assert table.cash("Alice") == 1240
    assert table.cash("Carol") == 1500
    assert money_in_play(table) == 4500 - 260


def test_a_cheap_house_won_below_the_printed_price(table_with) -> None:
    """Bids start at $100, the pink price: Carol wins for exactly $100."""
    table = table_with(houses=3)
    _alice_dark_blue_carol_pink(table)
    table.do(StartAuction(lot="house"))
    table.do(Bid(player="Carol", amount=100))
    table.do(CloseAuction(deed="Virginia Avenue"))
    assert table.deed("Virginia Avenue").houses == 1
    assert table.cash("Carol") == 1400


def test_the_winner_must_say_where_the_house_goes(table_with) -> None:
    table = table_with(houses=3)
    _alice_dark_blue_carol_pink(table)
    table.do(StartAuction(lot="house"))
    table.do(Bid(player="Carol", amount=120))
    table.refuse(
        CloseAuction(),
        BadInput,
        "Say where Carol puts the house",
        "St. Charles Place, States Avenue, Virginia Avenue",
    )


def test_the_house_goes_only_where_it_is_legal(table_with) -> None:
    """Carol's pinks stand at 1,1,0 (the bank had 5): only Virginia Avenue takes the next
    house. Boardwalk is Alice's and Reading Railroad is no street."""
    table = table_with(houses=5)
    _alice_dark_blue_carol_pink(table)
    table.do(BuildHouses(player="Carol", deed="St. Charles Place"))
    table.do(BuildHouses(player="Carol", deed="States Avenue"))
    table.do(StartAuction(lot="house"))
    table.do(Bid(player="Carol", amount=120))
    for lot in ("States Avenue", "Boardwalk", "Reading Railroad"):
        table.refuse(
            CloseAuction(deed=lot),
            UnevenBuilding,
            f"Carol cannot put a house on {lot} now",
            "the legal lots are Virginia Avenue",
        )
    table.do(CloseAuction(deed="Virginia Avenue"))
    assert [table.deed(lot).houses for lot in PINK] == [1, 1, 1]
    assert table.houses_left == 2


def test_no_house_auction_when_the_bank_has_enough(table_with) -> None:
    """Alice could take 8 houses and Carol 12: with 20 in the bank there is no shortage;
    with 19 there is."""
    table = table_with(houses=20)
    _alice_dark_blue_carol_pink(table)
    table.refuse(
        StartAuction(lot="house"),
        NotAllowed,
        "The bank has 20 houses, enough for everyone who could build (20)",
        "no shortage",
    )
    short = table_with(houses=19)
    _alice_dark_blue_carol_pink(short)
    short.do(StartAuction(lot="house"))


def test_no_house_auction_with_a_single_bidder(table_with) -> None:
    table = table_with(houses=1)
    table.deal("Alice", *DARK_BLUE)
    table.refuse(StartAuction(lot="house"), NotAllowed, "two or more players", "only Alice could")


def test_a_mortgaged_group_does_not_make_a_bidder(table_with) -> None:
    table = table_with(houses=1)
    _alice_dark_blue_carol_pink(table)
    table.do(Mortgage(player="Carol", deed="States Avenue"))
    table.refuse(StartAuction(lot="house"), NotAllowed, "only Alice could")


def test_no_house_auction_with_no_house_in_the_bank(table_with) -> None:
    table = table_with(houses=0)
    _alice_dark_blue_carol_pink(table)
    table.refuse(StartAuction(lot="house"), HouseShortage, "no houses left to auction")


def test_a_house_auction_without_a_bid_places_nothing(table_with) -> None:
    table = table_with(houses=3)
    _alice_dark_blue_carol_pink(table)
    table.do(StartAuction(lot="house"))
    table.refuse(CloseAuction(deed="Boardwalk"), BadInput, "Nobody bid")
    receipt = table.do(CloseAuction())
    assert "the house stays with the bank" in receipt
    assert table.houses_left == 3


def _four_houses_each(table) -> None:
    """Alice: 4 houses on each dark blue; Carol: 4 houses on each pink."""
    _alice_dark_blue_carol_pink(table)
    table.set_cash("Alice", 5000)
    table.set_cash("Carol", 5000)
    table.build("Alice", DARK_BLUE, 4)
    table.build("Carol", PINK, 4)


def test_a_hotel_auction_in_a_hotel_shortage(table_with) -> None:
    """One hotel in the bank, Alice and Carol both ready for hotels. Bids from $100 (the pink
    price); Alice wins for $350 and puts it on Park Place, whose 4 houses go back."""
    table = table_with(hotels=1)
    _four_houses_each(table)
    assert table.houses_left == 12
    receipt = table.do(StartAuction(lot="hotel"))
    assert "bids from $100" in receipt
    table.do(Bid(player="Carol", amount=300))
    table.do(Bid(player="Alice", amount=350))
    table.refuse(
        CloseAuction(deed="St. Charles Place"),
        UnevenBuilding,
        "Alice cannot put a hotel on St. Charles Place",
        "Park Place, Boardwalk",
    )
    table.do(CloseAuction(deed="Park Place"))
    assert table.deed("Park Place").hotel
    assert table.deed("Park Place").houses == 0
    assert table.hotels_left == 0
    assert table.houses_left == 16
    assert table.cash("Alice") == 3400 - 350


def test_no_hotel_auction_when_the_bank_has_enough_hotels(table_with) -> None:
    """Alice could take 2 hotels and Carol 3: the bank's 5 are enough."""
    table = table_with(hotels=5)
    _four_houses_each(table)
    table.refuse(StartAuction(lot="hotel"), NotAllowed, "The bank has 5 hotels", "no shortage")


def test_the_command_language_runs_a_house_auction(table_with) -> None:
    table = table_with(houses=3)
    _alice_dark_blue_carol_pink(table)
    for line in ("auction house", "bid carol 110", "close st ch"):
        table.do(parse(line, table.state))
    assert table.deed("St. Charles Place").houses == 1
    assert table.cash("Carol") == 1390
