"""Auctions: a bank deed to the highest bidder, and houses or hotels in a shortage."""

from __future__ import annotations

from typing import Any

from banker.core.args import Args, amount
from banker.core.command import CommandRecord
from banker.core.edition import DeedKind
from banker.core.errors import (
    BadInput,
    HouseShortage,
    NotAllowed,
    UnevenBuilding,
)
from banker.core.estate import pay_estate
from banker.core.ledger import check_amount, deed_of, player_of, to_bank
from banker.core.money import Money
from banker.core.state import Auction, GameState
from banker.core.verb import Verb, Word
from banker.i18n.message import N_, Message, joined, msg


class StartAuction(CommandRecord, frozen=True, kw_only=True, tag="auction"):
    """Open an auction of a bank deed, or of a house or hotel in a housing shortage."""

    lot: str
    """A deed's name, or `house` / `hotel`."""


class Bid(CommandRecord, frozen=True, kw_only=True, tag="bid"):
    """A bid at the open auction."""

    player: str
    amount: Money


class DropOut(CommandRecord, frozen=True, kw_only=True, tag="drop"):
    """The player leaves the open auction."""

    player: str


class CloseAuction(CommandRecord, frozen=True, kw_only=True, tag="close"):
    """Sold to the highest bidder (or kept by the bank with no bid)."""

    deed: str | None = None
    """For a house or hotel auction: the lot the winner puts the building on."""


def start(state: GameState, cmd: StartAuction) -> Message:
    if state.auction is not None:
        raise NotAllowed(
            "The auction of {lot} is still open: close it first.", lot=state.auction.lot
        )
    if cmd.lot in ("house", "hotel"):
        return _start_building(state, cmd.lot)
    deed = deed_of(state, cmd.lot)
    owner = state.deeds[deed.name].owner
    if owner is not None:
        raise NotAllowed(
            "{deed} belongs to {owner}: only the bank's deeds go to auction.",
            deed=deed.name,
            owner=owner,
        )
    open_auction(state, deed.name)
    return msg(
        "Auction of {deed} (printed price {price}); bids from {opening}",
        deed=deed.name,
        price=state.money(deed.price),
        opening=state.money(state.rules.minimum_bid),
    )


def open_auction(state: GameState, deed: str) -> None:
    state.auction = Auction(
        lot=deed,
        kind="deed",
        opening=state.rules.minimum_bid,
        bidders=[p.name for p in state.active_players],
    )


def building_bidders(state: GameState, kind: str) -> dict[str, Money]:
    """Who could legally put one more house (or a hotel) somewhere now, and the lowest
    building price among their lots."""
    bidders: dict[str, Money] = {}
    for player in state.active_players:
        for lot in legal_lots(state, player.name, kind):
            cost = state.edition.deed(lot).house_cost or 0
            bidders[player.name] = min(cost, bidders.get(player.name, cost))
    return bidders


def legal_lots(state: GameState, player: str, kind: str) -> list[str]:
    """The lots where `player` may put one more house (or a hotel) now, building evenly."""
    lots = []
    for names in state.edition.group_lots.values():
        held = [state.deeds[n] for n in names]
        if any(h.owner != player or h.mortgaged for h in held):
            continue
        levels = [state.level(n).buildings for n in names]
        most = state.max_houses
        for name, level in zip(names, levels, strict=True):
            if kind == "house" and level < most and level == min(levels):
                lots.append(name)
            if kind == "hotel" and level == most and min(levels) >= most:
                lots.append(name)
    return lots


def _capacity(state: GameState, player: str, kind: str) -> int:
    """How many more houses (or hotels) the player could legally put on their groups."""
    total = 0
    for names in state.edition.group_lots.values():
        held = [state.deeds[n] for n in names]
        if any(h.owner != player or h.mortgaged for h in held):
            continue
        most = state.max_houses
        if kind == "house":
            total += sum(most - min(state.level(n).buildings, most) for n in names)
        else:
            total += sum(not h.hotel for h in held)
    return total


def _start_building(state: GameState, kind: str) -> Message:
    left = state.bank.houses_left if kind == "house" else state.bank.hotels_left
    bidders = building_bidders(state, kind)
    if left == 0:
        raise HouseShortage(
            "The bank has no {kinds} left to auction: wait until someone sells one back.",
            kinds=_many(kind),
        )
    if len(bidders) < 2:
        raise NotAllowed(
            "A {kind} auction needs two or more players who could build one now; {who}.",
            kind=_one(kind),
            who=msg("only {p} could", p=next(iter(bidders))) if bidders else msg("nobody could"),
        )
    wanted = sum(_capacity(state, p, kind) for p in bidders)
    if wanted <= left:
        raise NotAllowed(
            "The bank has {left} {kinds}, enough for everyone who could build ({wanted}): "
            "no shortage, so no auction. Build at the printed price.",
            left=left,
            kinds=_many(kind),
            wanted=wanted,
        )
    opening = min(bidders.values())
    state.auction = Auction(
        lot=kind,
        kind="house" if kind == "house" else "hotel",
        opening=opening,
        bidders=[p.name for p in state.active_players if p.name in bidders],
    )
    return msg(
        "Housing shortage: auction of one {kind} ({left} left) among {who}; bids from {opening}",
        kind=_one(kind),
        left=left,
        who=joined(state.auction.bidders),
        opening=state.money(opening),
    )


def bid(state: GameState, cmd: Bid) -> Message:
    auction = _open(state)
    player = player_of(state, cmd.player)
    check_amount(cmd.amount)
    if player.name not in auction.bidders:
        raise NotAllowed(
            "{p} is not bidding in this auction (dropped out)."
            if auction.kind == "deed"
            else "{p} is not bidding in this auction (cannot build one now).",
            p=player.name,
        )
    if cmd.amount < auction.opening:
        raise NotAllowed(
            "The first bid must be at least {min}; {p} offered {amount}.",
            min=state.money(auction.opening),
            p=player.name,
            amount=state.money(cmd.amount),
        )
    if cmd.amount <= auction.high_bid:
        raise NotAllowed(
            "{p} must bid more than the high bid of {high} ({who}).",
            p=player.name,
            high=state.money(auction.high_bid),
            who=auction.high_bidder,
        )
    if cmd.amount > player.cash:
        raise NotAllowed(
            "{p} has {cash} in cash and cannot bid {amount}: bids are paid in cash.",
            p=player.name,
            cash=state.money(player.cash),
            amount=state.money(cmd.amount),
        )
    auction.high_bid = cmd.amount
    auction.high_bidder = player.name
    return msg(
        "{p} bids {amount} for {lot}",
        p=player.name,
        amount=state.money(cmd.amount),
        lot=_lot(auction),
    )


def drop(state: GameState, cmd: DropOut) -> Message:
    auction = _open(state)
    player = player_of(state, cmd.player)
    if player.name not in auction.bidders:
        raise NotAllowed("{p} is already out of this auction.", p=player.name)
    if player.name == auction.high_bidder:
        raise NotAllowed(
            "{p} holds the high bid of {high} and cannot drop out: close the auction to sell.",
            p=player.name,
            high=state.money(auction.high_bid),
        )
    auction.bidders.remove(player.name)
    return msg("{p} drops out of the auction of {lot}", p=player.name, lot=_lot(auction))


def close(state: GameState, cmd: CloseAuction) -> Message:
    auction = _open(state)
    winner = auction.high_bidder
    if auction.kind != "deed":
        return _close_building(state, auction, cmd.deed)
    if cmd.deed is not None:
        raise BadInput("'close' takes a lot only for a house or hotel auction.")
    state.auction = None
    if winner is None:
        text = msg("No bid for {deed}: the bank keeps it", deed=auction.lot)
    else:
        player = player_of(state, winner)
        estate = state.estate
        if estate is not None and auction.lot in estate.deeds:
            # A bankrupt's deed: the price joins the money the creditors share.
            player.cash -= auction.high_bid
            estate.pool += auction.high_bid
        else:
            to_bank(state, player, auction.high_bid)
        state.deeds[auction.lot].owner = player.name
        text = msg(
            "Sold to {p} for {amount}: {deed}",
            p=player.name,
            amount=state.money(auction.high_bid),
            deed=auction.lot,
        )
    if state.auction_queue:
        following = state.auction_queue.pop(0)
        open_auction(state, following)
        return msg("{text}. Next: auction of {deed}", text=text, deed=following)
    if state.estate is not None:
        return msg("{text}. {shared}", text=text, shared=pay_estate(state))
    return text


def _close_building(state: GameState, auction: Auction, lot: str | None) -> Message:
    winner = auction.high_bidder
    if winner is None:
        if lot is not None:
            raise BadInput(
                "Nobody bid, so no {kind} is placed: 'close' alone.", kind=_one(auction.lot)
            )
        state.auction = None
        return msg("No bid: the {kind} stays with the bank", kind=_one(auction.lot))
    if lot is None:
        raise BadInput(
            "Say where {p} puts the {kind}: 'close DEED' with one of {lots}.",
            p=winner,
            kind=_one(auction.lot),
            lots=joined(legal_lots(state, winner, auction.lot)) or msg("(none now)"),
        )
    deed = deed_of(state, lot)
    if deed.kind is not DeedKind.STREET or lot not in legal_lots(state, winner, auction.lot):
        raise UnevenBuilding(
            "{p} cannot put a {kind} on {deed} now: the legal lots are {lots}.",
            p=winner,
            kind=_one(auction.lot),
            deed=deed.name,
            lots=joined(legal_lots(state, winner, auction.lot)) or msg("none"),
        )
    player = player_of(state, winner)
    to_bank(state, player, auction.high_bid)
    held = state.deeds[deed.name]
    if auction.lot == "house":
        held.houses += 1
        state.bank.houses_left -= 1
    else:
        held.houses = 0
        held.hotel = True
        state.bank.hotels_left -= 1
        state.bank.houses_left += state.max_houses
    state.auction = None
    return msg(
        "Sold to {p} for {amount}: a {kind} on {deed}",
        p=winner,
        amount=state.money(auction.high_bid),
        kind=_one(auction.lot),
        deed=deed.name,
    )


def _lot(auction: Auction) -> Message | str:
    return auction.lot if auction.kind == "deed" else _one(auction.lot)


def _one(kind: str) -> Message:
    return msg("house") if kind == "house" else msg("hotel")


def _many(kind: str) -> Message:
    return msg("houses") if kind == "house" else msg("hotels")


def _open(state: GameState) -> Auction:
    if state.auction is None:
        raise NotAllowed("No auction is open. Start one with 'auction DEED'.")
    return state.auction


def read_auction(a: Args) -> StartAuction:
    if len(a.words) == 1 and a.words[0].casefold() in ("house", "hotel"):
        return StartAuction(lot=a.words[0].casefold())
    return StartAuction(lot=a.deed(a.words))


def read_bid(a: Args) -> Bid:
    if len(a.words) < 2:
        raise a.usage()
    return Bid(player=a.player(a.words[:-1]), amount=amount(a.words[-1], a.state))


def read_drop(a: Args) -> DropOut:
    name, _ = a.split(a.words, a.nothing)
    return DropOut(player=name)


def read_close(a: Args) -> CloseAuction:
    return CloseAuction(deed=a.deed(a.words) if a.words else None)


DECLARED: tuple[Verb[Any] | Word[Any], ...] = (
    Verb(
        StartAuction,
        start,
        Word(
            "auction",
            N_("auction DEED, or auction house|hotel"),
            read_auction,
            "auction",
            keywords=("house", "hotel"),
        ),
        example="auction board",
    ),
    Verb(
        Bid,
        bid,
        Word("bid", N_("bid PLAYER AMOUNT"), read_bid, "auction"),
        example="bid bob 20",
        in_auction=True,
    ),
    Verb(
        DropOut,
        drop,
        Word("drop", N_("drop PLAYER"), read_drop, "auction"),
        example="drop bob",
        in_auction=True,
        while_owing=True,
    ),
    Verb(
        CloseAuction,
        close,
        Word("close", N_("close [DEED]"), read_close, "auction"),
        example="close",
        in_auction=True,
        while_owing=True,
    ),
)
"""This family's verbs (help lists every word in `verbs.HELP_ORDER`'s order)."""
