"""What a deed's rent is, what a player is worth, and what they could raise."""

from __future__ import annotations

from msgspec import Struct

from banker.core.commands import RentVariant
from banker.core.edition import DeedKind
from banker.core.errors import BadInput, NotAllowed
from banker.core.limits import MAX_DICE, MIN_DICE
from banker.core.money import Money
from banker.core.rules import IncomeTaxMode, MortgagedGroupRent
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


class Holdings(Struct, frozen=True):
    """One pass over what a player holds: every worth, standing and raisable sum is read
    from here, so the counting lives in one place."""

    cash: Money
    printed: Money
    """Printed price of every deed owned, mortgaged or not."""
    standing: Money
    """Printed price of every deed owned, half (rounded down) for a mortgaged one."""
    building_cost: Money
    """What the buildings cost: a hotel counts as one building more than a full lot."""
    building_refund: Money
    """What the bank pays back for every building, at half its cost."""
    mortgages: Money
    """The mortgage value of every unmortgaged deed."""


def holdings(state: GameState, player: str, exclude: list[str] | None = None) -> Holdings:
    printed = standing = cost = refund = mortgages = 0
    for name in state.deeds_of(player):
        if exclude and name in exclude:
            continue
        deed = state.edition.deed(name)
        held = state.deeds[name]
        printed += deed.price
        standing += deed.price // 2 if held.mortgaged else deed.price
        buildings = state.level(name).buildings
        cost += buildings * (deed.house_cost or 0)
        refund += buildings * half(deed.house_cost or 0)
        if not held.mortgaged:
            mortgages += deed.mortgage
    return Holdings(state.player(player).cash, printed, standing, cost, refund, mortgages)


class Worth(Struct, frozen=True):
    """A player's total worth for income tax: cash + printed prices + buildings at cost."""

    cash: Money
    deeds: Money
    """Printed price of every deed owned, mortgaged or not."""
    buildings: Money
    """Cost price of every building; a hotel counts as one building more than a full lot."""

    @property
    def total(self) -> Money:
        return self.cash + self.deeds + self.buildings


def worth(state: GameState, player: str) -> Worth:
    held = holdings(state, player)
    return Worth(held.cash, held.printed, held.building_cost)


def worth_hidden(state: GameState) -> bool:
    """Strict income tax: while the player may choose a percentage of worth, nothing shows a
    player's worth until the game is over (RULES.md, income tax)."""
    return (
        state.rules.strict_income_tax
        and state.rules.income_tax is IncomeTaxMode.CHOICE
        and state.winner is None
    )


def require_worth_shown(state: GameState) -> None:
    """Refuse to tell a player's worth under strict income tax."""
    if worth_hidden(state):
        raise NotAllowed(
            "This game plays strict income tax: nobody's worth is shown until the game ends. "
            "The breakdown comes with the receipt of a percentage choice."
        )


def income_tax_percent(state: GameState, player: str) -> Money:
    """The percentage option of income tax, rounded by the house rule."""
    total = worth(state, player).total
    percent = state.edition.income_tax_percent
    if state.rules.round_up:
        return (total * percent + 99) // 100
    return total * percent // 100


def half(cost: Money) -> Money:
    """What the bank pays back for a building: half its cost, rounded down."""
    return cost // 2


class Raisable(Struct, frozen=True):
    """What a player could raise: sell every building at half, mortgage every deed."""

    cash: Money
    buildings: Money
    mortgages: Money

    @property
    def total(self) -> Money:
        return self.cash + self.buildings + self.mortgages


def raisable(state: GameState, player: str, exclude: list[str] | None = None) -> Raisable:
    """What `player` could raise, leaving out the lots in `exclude`."""
    held = holdings(state, player, exclude)
    return Raisable(held.cash, held.building_refund, held.mortgages)


def owed(state: GameState, player: str) -> Money:
    """All a player owes now, to the bank and to other players."""
    return sum(d.amount for d in state.debts_of(player))


def mortgage_value(state: GameState, deed: str) -> Money:
    """What the bank pays to mortgage `deed`, as printed on it."""
    return state.edition.deed(deed).mortgage
