"""The deeds family of verbs: buying, rent and mortgages, each with its command, handler,
reader and entry in `DECLARED` (as `banker.core.payments` tells)."""

from __future__ import annotations

from typing import Any

from banker.core import buildings
from banker.core.args import Args, dice, is_number
from banker.core.command import CommandRecord, RentVariant
from banker.core.errors import NotAllowed
from banker.core.ledger import (
    charge,
    deed_of,
    from_bank,
    lift_price,
    player_of,
    require_cash,
    to_bank,
)
from banker.core.rent import rent_due
from banker.core.state import GameState
from banker.core.verb import Verb, Word
from banker.i18n.message import N_, Message, msg


class Buy(CommandRecord, frozen=True, kw_only=True, tag="buy"):
    """The player buys a bank-held deed at its printed price."""

    player: str
    deed: str


class PayRent(CommandRecord, frozen=True, kw_only=True, tag="rent"):
    """The player landed on a deed someone else owns and pays its rent."""

    player: str
    deed: str
    dice: int | None = None
    """The dice total, for a utility."""
    variant: RentVariant | None = None
    """`double` (nearest railroad card) or `x10` (nearest utility card)."""


class Mortgage(CommandRecord, frozen=True, kw_only=True, tag="mortgage"):
    """Mortgage an unimproved deed: the bank pays its mortgage value."""

    player: str
    deed: str


class LiftMortgage(CommandRecord, frozen=True, kw_only=True, tag="unmortgage"):
    """Lift a mortgage: the mortgage value plus interest."""

    player: str
    deed: str


def buy(state: GameState, cmd: Buy) -> Message:
    player = player_of(state, cmd.player)
    deed = deed_of(state, cmd.deed)
    held = state.deeds[deed.name]
    if player.name in state.jail and state.rules.follow_tokens:
        raise NotAllowed(
            "{p} is in jail: a purchase at the printed price needs a landing. {p} may "
            "still bid at auctions and trade.",
            p=player.name,
        )
    if held.owner is not None:
        raise NotAllowed(
            "{deed} is not for sale: {owner} owns it. A trade can buy it from them.",
            deed=deed.name,
            owner=held.owner,
        )
    require_cash(state, player, deed.price, msg("to buy {deed}", deed=deed.name))
    to_bank(state, player, deed.price)
    held.owner = player.name
    return msg(
        "{p} bought {deed} for {amount}",
        p=player.name,
        deed=deed.name,
        amount=state.money(deed.price),
    )


def rent(state: GameState, cmd: PayRent) -> Message:
    player = player_of(state, cmd.player)
    deed = deed_of(state, cmd.deed)
    owner_name = state.deeds[deed.name].owner
    if owner_name == player.name:
        raise NotAllowed("{p} owns {deed}: no rent is due.", p=player.name, deed=deed.name)
    rent = rent_due(state, deed.name, cmd.dice, cmd.variant)
    assert owner_name is not None
    owner = player_of(state, owner_name)
    note = charge(state, player, rent.amount, owner, msg("rent for {deed}", deed=deed.name))
    return msg(
        "{p} paid {o} {amount} rent for {why}"
        if note is None
        else "{p} owes {o} {amount} rent for {why}; {note}",
        p=player.name,
        o=owner.name,
        amount=state.money(rent.amount),
        why=rent.reason,
        note=note or "",
    )


def mortgage(state: GameState, cmd: Mortgage) -> Message:
    player = player_of(state, cmd.player)
    deed = deed_of(state, cmd.deed)
    held = state.deeds[deed.name]
    buildings.require_owner(state, player.name, deed.name, msg("mortgage"))
    if held.mortgaged:
        raise NotAllowed("{deed} is already mortgaged.", deed=deed.name)
    built = [lot for lot in state.edition.lots_of(deed.name) if state.level(lot)]
    if built:
        raise NotAllowed(
            "{deed} cannot be mortgaged while its colour group has buildings "
            "(on {lots}): sell them back to the bank first.",
            deed=deed.name,
            lots=", ".join(built),
        )
    held.mortgaged = True
    from_bank(state, player, deed.mortgage)
    return msg(
        "{p} mortgaged {deed} and received {amount}",
        p=player.name,
        deed=deed.name,
        amount=state.money(deed.mortgage),
    )


def unmortgage(state: GameState, cmd: LiftMortgage) -> Message:
    player = player_of(state, cmd.player)
    deed = deed_of(state, cmd.deed)
    held = state.deeds[deed.name]
    buildings.require_owner(state, player.name, deed.name, msg("lift the mortgage on"))
    if not held.mortgaged:
        raise NotAllowed("{deed} is not mortgaged.", deed=deed.name)
    price = lift_price(state, deed.mortgage)
    require_cash(state, player, price, msg("to lift the mortgage on {deed}", deed=deed.name))
    to_bank(state, player, price)
    held.mortgaged = False
    return msg(
        "{p} lifted the mortgage on {deed} for {amount} ({m} + {i} interest)",
        p=player.name,
        deed=deed.name,
        amount=state.money(price),
        m=state.money(deed.mortgage),
        i=state.money(price - deed.mortgage),
    )


def read_buy(a: Args) -> Buy:
    name, deed = a.split(a.words, a.deed)
    return Buy(player=name, deed=deed)


def read_rent(a: Args) -> PayRent:
    words = list(a.words)
    variant: RentVariant | None = None
    if words and words[-1].casefold() in ("double", "x10"):
        variant = "double" if words.pop().casefold() == "double" else "x10"
    roll: int | None = None
    if words and is_number(words[-1]):
        roll = dice(words.pop())
    name, deed = a.split(words, a.deed)
    return PayRent(player=name, deed=deed, dice=roll, variant=variant)


def read_mortgage(a: Args) -> Mortgage:
    name, deed = a.split(a.words, a.deed)
    return Mortgage(player=name, deed=deed)


def read_unmortgage(a: Args) -> LiftMortgage:
    name, deed = a.split(a.words, a.deed)
    return LiftMortgage(player=name, deed=deed)


DECLARED: tuple[Verb[Any] | Word[Any], ...] = (
    Verb(
        Buy,
        buy,
        Word("buy", N_("buy PLAYER DEED"), read_buy, "landed"),
        example="buy bob park",
    ),
    Verb(
        PayRent,
        rent,
        Word(
            "rent",
            N_("rent PLAYER DEED [DICE] [double|x10]"),
            read_rent,
            "landed",
            keywords=("double", "x10"),
        ),
        example="rent bob water 7",
    ),
    Verb(
        Mortgage,
        mortgage,
        Word("mortgage", N_("mortgage PLAYER DEED"), read_mortgage, "mortgage"),
        example="mortgage alice board",
        while_owing=True,
    ),
    Verb(
        LiftMortgage,
        unmortgage,
        Word(
            "unmortgage",
            N_("unmortgage PLAYER DEED"),
            read_unmortgage,
            "mortgage",
            aliases=("lift",),
        ),
        example="lift alice board",
    ),
)
"""This family's verbs (help lists every word in `verbs.HELP_ORDER`'s order)."""
