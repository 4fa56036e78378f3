"""What a player is worth, and what they could raise (a deed's rent: `banker.core.rent`)."""

from __future__ import annotations

from msgspec import Struct

from banker.core.errors import NotAllowed
from banker.core.money import Money
from banker.core.rules import IncomeTaxMode
from banker.core.state import GameState


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
