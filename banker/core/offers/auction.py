"""Auctions: the lot on offer, who may bid and with how much, the quick raises of this board,
and where the winner of a house or hotel may put it."""

from __future__ import annotations

from dataclasses import dataclass

from banker.core.auctions import legal_lots
from banker.core.money import Money
from banker.core.offers.cash import CashMove
from banker.core.state import GameState

RAISES = (1, 10, 50, 100)
"""The quick raises on a board that starts everyone with $1,500."""

START_CASH = 1500
"""The starting cash the quick raises are written for."""


@dataclass(frozen=True)
class Bidder:
    """A player still in the auction."""

    name: str
    cash: Money
    """The most they can bid."""
    high: bool
    """They hold the high bid."""
    lots: list[str]
    """For a house or hotel: where they could put it if they won now."""


@dataclass(frozen=True)
class AuctionOffers:
    """What the auctioneer may take now."""

    lot: str
    kind: str
    """`deed`, `house` or `hotel`."""
    lowest_bid: Money
    """The lowest bid the bank accepts next: the opening bid, or one more than the high."""
    bidders: list[Bidder]


def auction_offers(state: GameState) -> AuctionOffers | None:
    """The open auction's lot and bidders, or None when no auction is open."""
    auction = state.auction
    if auction is None:
        return None
    lowest = auction.opening if auction.high_bidder is None else auction.high_bid + 1
    return AuctionOffers(
        auction.lot,
        auction.kind,
        max(lowest, auction.opening),
        [
            Bidder(
                name,
                state.player(name).cash,
                name == auction.high_bidder,
                [] if auction.kind == "deed" else legal_lots(state, name, auction.kind),
            )
            for name in auction.bidders
        ],
    )


def building_lots(state: GameState, player: str, kind: str) -> list[str]:
    """Where `player` may put the house or hotel on offer if they win it now; none when no
    such auction is open."""
    auction = state.auction
    if auction is None or auction.kind != kind:
        return []
    return legal_lots(state, player, kind)


def quick_raises(state: GameState) -> list[Money]:
    """The quick raises for this board: $1, $10, $50, $100 on the US board, 100 times as
    much on a board whose money is 100 times bigger."""
    scale = max(1, state.edition.starting_cash // START_CASH)
    return [step * scale for step in RAISES]


def raised_bid(state: GameState, step: Money) -> Money:
    """The bid that raises the high bid by `step` (at least the opening bid)."""
    auction = state.auction
    if auction is None:
        return step
    high = auction.high_bid if auction.high_bidder else 0
    return max(high + step, auction.opening)


def winner_pays(state: GameState) -> CashMove:
    """The high bidder's cash now and once they pay the high bid."""
    auction = state.auction
    assert auction is not None and auction.high_bidder is not None
    cash = state.player(auction.high_bidder).cash
    return CashMove(auction.high_bidder, cash, cash - auction.high_bid)
