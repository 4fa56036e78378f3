"""What a deed's rent is, by the rule book: a street's by its houses or hotel (doubled for
a whole group, unless a mortgage in it says otherwise), a railroad's by how many its owner
holds, a utility's by the dice, and what a card charges instead."""

from __future__ import annotations

from msgspec import Struct

from banker.core.command import RentVariant
from banker.core.edition import DeedKind
from banker.core.errors import BadInput, NotAllowed
from banker.core.limits import MAX_DICE, MIN_DICE
from banker.core.money import Money
from banker.core.rules import MortgagedGroupRent
from banker.core.state import GameState
from banker.i18n.message import Message, msg, plural


class Rent(Struct, frozen=True):
    """A rent and the reason for it, as the banker says it."""

    amount: Money
    reason: Message


def owns_whole_group(state: GameState, deed_name: str) -> bool:
    owner = state.deeds[deed_name].owner
    return owner is not None and all(
        state.deeds[lot].owner == owner for lot in state.edition.lots_of(deed_name)
    )


def check_dice(dice: int | None, deed_name: str) -> int:
    if dice is None:
        raise BadInput(
            "{deed} is a utility: give the dice total, e.g. 'rent Alice {deed} 7'.",
            deed=deed_name,
        )
    if not MIN_DICE <= dice <= MAX_DICE:
        raise BadInput(
            "A dice total is {lo} to {hi}; {dice} is not one. Give the total of the two dice.",
            lo=MIN_DICE,
            hi=MAX_DICE,
            dice=dice,
        )
    return dice


def rent_due(
    state: GameState, deed_name: str, dice: int | None = None, variant: RentVariant | None = None
) -> Rent:
    """The rent for landing on an owned deed, with its reason.

    Raises:
        NotAllowed: the deed is the bank's or mortgaged, or the variant does not fit it.
        BadInput: dice missing or out of range for a utility.
    """
    deed = state.edition.deed(deed_name)
    held = state.deeds[deed_name]
    money = state.money
    if held.owner is None:
        raise NotAllowed(
            "{deed} belongs to the bank: nobody collects rent. Buy it or auction it.",
            deed=deed_name,
        )
    if held.mortgaged:
        raise NotAllowed("{deed} is mortgaged: it collects no rent.", deed=deed_name)
    if variant == "double" and deed.kind is not DeedKind.RAILROAD:
        raise BadInput(
            "'double' is the nearest-railroad card's rent; {deed} is not a railroad.",
            deed=deed_name,
        )
    if variant == "x10" and deed.kind is not DeedKind.UTILITY:
        raise BadInput(
            "'x10' is the nearest-utility card's rent; {deed} is not a utility.", deed=deed_name
        )
    if dice is not None and deed.kind is not DeedKind.UTILITY:
        raise BadInput(
            "{deed} is not a utility: its rent takes no dice total. Leave the dice out, "
            "e.g. 'rent Alice {deed}'.",
            deed=deed_name,
        )
    owner = held.owner
    if deed.kind is DeedKind.STREET:
        assert deed.rent is not None
        if held.hotel:
            amount = deed.rent[5]
            return Rent(
                amount, msg("{deed}, hotel: {amount}", deed=deed_name, amount=money(amount))
            )
        if held.houses:
            amount = deed.rent[held.houses]
            return Rent(
                amount,
                plural(
                    held.houses,
                    "{deed}, 1 house: {amount}",
                    "{deed}, {n} houses: {amount}",
                    deed=deed_name,
                    amount=money(amount),
                ),
            )
        base = deed.rent[0]
        if owns_whole_group(state, deed_name):
            lots = state.edition.lots_of(deed_name)
            any_mortgaged = any(state.deeds[lot].mortgaged for lot in lots)
            if any_mortgaged and state.rules.mortgaged_group_rent is MortgagedGroupRent.UK:
                return Rent(
                    base,
                    msg(
                        "{deed}, whole colour group but a lot is mortgaged: {amount}",
                        deed=deed_name,
                        amount=money(base),
                    ),
                )
            return Rent(
                base * 2,
                msg(
                    "{deed}, whole colour group owned: 2 x {base} = {amount}",
                    deed=deed_name,
                    base=money(base),
                    amount=money(base * 2),
                ),
            )
        return Rent(base, msg("{deed}: {amount}", deed=deed_name, amount=money(base)))
    if deed.kind is DeedKind.RAILROAD:
        count = _owned_of_kind(state, owner, DeedKind.RAILROAD)
        amount = state.edition.railroad_rent[count - 1]
        stations = state.edition.railroad_word == "station"
        if variant == "double":
            times = state.edition.railroad_card_multiplier
            card_rent = dict(
                deed=deed_name, times=times, base=money(amount), amount=money(amount * times)
            )
            return Rent(
                amount * times,
                plural(
                    count,
                    "{deed}, 1 station owned, card rent {times} x {base} = {amount}",
                    "{deed}, {n} stations owned, card rent {times} x {base} = {amount}",
                    **card_rent,
                )
                if stations
                else plural(
                    count,
                    "{deed}, 1 railroad owned, card rent {times} x {base} = {amount}",
                    "{deed}, {n} railroads owned, card rent {times} x {base} = {amount}",
                    **card_rent,
                ),
            )
        return Rent(
            amount,
            plural(
                count,
                "{deed}, 1 station owned: {amount}",
                "{deed}, {n} stations owned: {amount}",
                deed=deed_name,
                amount=money(amount),
            )
            if stations
            else plural(
                count,
                "{deed}, 1 railroad owned: {amount}",
                "{deed}, {n} railroads owned: {amount}",
                deed=deed_name,
                amount=money(amount),
            ),
        )
    dice = check_dice(dice, deed_name)
    count = _owned_of_kind(state, owner, DeedKind.UTILITY)
    if variant == "x10":
        times = state.edition.utility_card_multiplier
        why = msg("nearest-utility card")
    else:
        times = state.edition.utility_multipliers[count - 1]
        why = (
            msg("both utilities owned")
            if count == 2
            else plural(count, "1 utility owned", "{n} utilities owned")
        )
    scale = state.edition.scale
    amount = times * dice * scale
    if scale > 1:
        return Rent(
            amount,
            msg(
                "{deed}, {why}: {times} x {dice} x {unit} = {amount}",
                deed=deed_name,
                why=why,
                times=times,
                dice=dice,
                unit=money(scale),
                amount=money(amount),
            ),
        )
    return Rent(
        amount,
        msg(
            "{deed}, {why}: {times} x {dice} = {amount}",
            deed=deed_name,
            why=why,
            times=times,
            dice=dice,
            amount=money(amount),
        ),
    )


def _owned_of_kind(state: GameState, owner: str, kind: DeedKind) -> int:
    """How many deeds of a kind the owner holds, mortgaged ones included."""
    return sum(
        1 for d in state.edition.deeds if d.kind is kind and state.deeds[d.name].owner == owner
    )
