"""What a player may do from their own phone, as the commands the banker would type.

A phone acts only as its own player: it never names who acts, the link it came by does.
Each action becomes the same command a typed line makes (`bid`, `drop`, `buy`,
`auction`), checked by the same handlers; here only what a phone adds is checked: that
the moment it answered is still the moment now (the same lot at auction, the same
landing), so an answer sent before the table moved on is refused, never applied to
something else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from banker.core import commands as c
from banker.core.errors import NotAllowed
from banker.core.ledger import player_of
from banker.core.money import Money
from banker.core.offers.landing import last_landing
from banker.core.state import GameState
from banker.i18n.message import Message, msg

PhoneAct: TypeAlias = Literal["bid", "drop", "buy", "auction"]
"""What a phone may ask: a bid or a drop at the open auction; buy or auction the deed its
player landed on."""


@dataclass(frozen=True)
class ForSale:
    """A deed the bank may sell to the player who landed on it: what their phone asks."""

    player: str
    deed: str
    price: Money
    refusal: Message | None
    """Why the player cannot buy it now (then only the auction is offered)."""


def for_sale(state: GameState, player: str, deed: str) -> ForSale | None:
    """The buy-or-auction question of `player`'s landing on `deed`, if it is still open:
    the landing is theirs, the bank holds the deed and no auction is open."""
    found = last_landing(state)
    if found is None or found[0] != player or state.auction is not None:
        return None
    offers = {type(o.command): o for o in found[1].offers}
    buy, auction = offers.get(c.Buy), offers.get(c.StartAuction)
    if auction is None or not isinstance(auction.command, c.StartAuction):
        return None
    if auction.command.lot != deed or state.deeds[deed].owner is not None:
        return None
    price = state.edition.deed(deed).price
    return ForSale(player, deed, price, None if buy is None else buy.refusal)


Phones: TypeAlias = str | tuple[str, str]
"""Where a command came from: one player's phone, or two players who both agreed on
their own phones (a trade)."""


def from_phone(receipt: Message, phone: Phones) -> Message:
    """A receipt as the journal and the history keep it when players' phones asked."""
    if isinstance(phone, tuple):
        a, b = phone
        return msg("{what} (agreed on {a}'s and {b}'s phones)", what=receipt, a=a, b=b)
    return msg("{what} (from {p}'s phone)", what=receipt, p=phone)


def phone_command(
    state: GameState, player: str, act: PhoneAct, lot: str, amount: Money | None = None
) -> c.Command:
    """The command `player`'s phone asks for.

    Args:
        act: `bid` (with `amount`) or `drop` at the open auction; `buy` or `auction` the
            deed the player landed on.
        lot: what the phone showed on offer (a deed's name, `house` or `hotel`): the
            answer is for that lot only.

    Raises:
        BankerError: the moment passed, or the player may not act so; the handler checks
            the rest when the command is applied.
    """
    player_of(state, player)  # still in the game
    if act in ("buy", "auction"):
        sale = for_sale(state, player, lot)
        if sale is None:
            raise NotAllowed(
                "{deed} is no longer for sale to {p} at this landing: the table moved on.",
                deed=lot,
                p=player,
            )
        if act == "buy":
            return c.Buy(player=player, deed=lot)
        return c.StartAuction(lot=lot)
    auction = state.auction
    if auction is None:
        raise NotAllowed("No auction is open now: the auction of {lot} is over.", lot=lot)
    if auction.lot != lot:
        raise NotAllowed(
            "The auction of {lot} is over: {now} is on offer now.", lot=lot, now=auction.lot
        )
    if player not in auction.bidders:
        raise NotAllowed("{p} is already out of this auction.", p=player)
    if act == "bid":
        if amount is None:
            raise NotAllowed("A bid needs an amount.")
        return c.Bid(player=player, amount=amount)
    return c.DropOut(player=player)
