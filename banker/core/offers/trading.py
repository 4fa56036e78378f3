"""Trades and mortgages: which deeds may change hands or be mortgaged now, why not the rest,
and what the bank charges for a mortgaged deed that changes hands."""

from __future__ import annotations

from dataclasses import dataclass

from banker.core.commands import LiftMortgage, Mortgage, Trade
from banker.core.engine import refusal
from banker.core.ledger import interest, lift_price
from banker.core.money import Money
from banker.core.offers.cash import cash_moves
from banker.core.state import GameState
from banker.core.trades import describe, untradeable
from banker.i18n.message import Message, msg


@dataclass(frozen=True)
class TradeableDeed:
    """A deed its owner holds, and whether it may go into a trade now."""

    deed: str
    mortgaged: bool
    refusal: Message | None
    """Why it may not change hands now, or None."""


def tradeable_deeds(state: GameState, owner: str) -> list[TradeableDeed]:
    """Every deed `owner` holds, in board order, each with why it may not be traded."""
    return [
        TradeableDeed(name, state.deeds[name].mortgaged, untradeable(state, name))
        for name in state.deeds_of(owner)
    ]


@dataclass(frozen=True)
class MortgagedInTrade:
    """A mortgaged deed changing hands: the new owner pays the fee, or lifts it at once."""

    deed: str
    new_owner: str
    value: Money
    """The mortgage value."""
    fee: Money
    lift: Money
    """What lifting the mortgage at once costs: the mortgage value plus interest."""
    lifted: bool
    """Whether the trade lifts it at once."""

    def said(self, state: GameState) -> Message:
        if self.lifted:
            return msg(
                "{p} lifts {deed} for {amount}",
                p=self.new_owner,
                deed=self.deed,
                amount=state.money(self.lift),
            )
        return msg(
            "{p} pays the {fee} fee on {deed}",
            p=self.new_owner,
            fee=state.money(self.fee),
            deed=self.deed,
        )

    def choice(self, state: GameState) -> Message:
        """The lift-or-fee choice, as the trade dialog offers it."""
        return msg(
            "{deed}: lift for {amount} now, else {fee} fee",
            deed=self.deed,
            amount=state.money(self.lift),
            fee=state.money(self.fee),
        )


def mortgaged_in_trade(state: GameState, trade: Trade) -> list[MortgagedInTrade]:
    """The mortgaged deeds a trade moves, with what each new owner owes the bank."""
    return [
        *handed_over(state, trade.give.deeds, trade.partner, trade.lift),
        *handed_over(state, trade.get.deeds, trade.player, trade.lift),
    ]


def handed_over(
    state: GameState, deeds: list[str], new_owner: str, lift: list[str]
) -> list[MortgagedInTrade]:
    """The mortgaged deeds among `deeds` going to `new_owner` (in a trade or a bankruptcy),
    each with its fee, or its lift price if it is in `lift`."""
    found = []
    for name in deeds:
        if name not in state.deeds or not state.deeds[name].mortgaged:
            continue
        value = state.edition.deed(name).mortgage
        found.append(
            MortgagedInTrade(
                name,
                new_owner,
                value,
                interest(state, value),
                lift_price(state, value),
                name in lift,
            )
        )
    return found


@dataclass(frozen=True)
class TradeTerms:
    """A trade as the players and the banker read it before it is made."""

    summary: Message
    """`Alice gives Boardwalk; Bob gives $200.`"""
    mortgaged: list[MortgagedInTrade]
    """The mortgaged deeds it moves: each receiver's fee, or lift at once."""
    cash: list[Message]
    """Each player's cash before and after (`Alice $1,500 → $1,700`); none if refused."""
    refusal: Message | None
    """Why the trade would be refused now, or None."""


def trade_terms(state: GameState, trade: Trade) -> TradeTerms:
    """Both sides of `trade`, what the bank takes for mortgaged deeds, and the cash after."""
    summary = msg(
        "{p} gives {give}; {q} gives {get}.",
        p=trade.player,
        give=describe(state, trade.give),
        q=trade.partner,
        get=describe(state, trade.get),
    )
    cash = [
        msg(
            "{p} {cash} → {after}",
            p=move.player,
            cash=state.money(move.before),
            after=state.money(move.after),
        )
        for move in cash_moves(state, trade)
    ]
    return TradeTerms(summary, mortgaged_in_trade(state, trade), cash, refusal(state, trade))


@dataclass(frozen=True)
class MortgageOffer:
    """Mortgage a deed, or lift its mortgage: the amount and why not, if not."""

    deed: str
    command: Mortgage | LiftMortgage
    amount: Money
    """What the bank pays (a mortgage) or charges (a lift)."""
    refusal: Message | None

    def said(self, state: GameState) -> Message:
        """`mortgage for $100`, or `mortgaged · lift for $110 ($100 + $10 interest)`."""
        money = state.money
        if isinstance(self.command, Mortgage):
            return msg("mortgage for {amount}", amount=money(self.amount))
        value = state.edition.deed(self.deed).mortgage
        return msg(
            "mortgaged · lift for {price} ({value} + {interest} interest)",
            price=money(self.amount),
            value=money(value),
            interest=money(self.amount - value),
        )


def mortgage_offers(state: GameState, player: str) -> list[MortgageOffer]:
    """For each deed `player` holds, in board order: mortgage it, or lift its mortgage."""
    offers = []
    for name in state.deeds_of(player):
        value = state.edition.deed(name).mortgage
        command: Mortgage | LiftMortgage
        if state.deeds[name].mortgaged:
            command = LiftMortgage(player=player, deed=name)
            amount = lift_price(state, value)
        else:
            command = Mortgage(player=player, deed=name)
            amount = value
        offers.append(MortgageOffer(name, command, amount, refusal(state, command)))
    return offers
