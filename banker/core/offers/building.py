"""Building up or selling down one colour group: every plan with its cost or refund, the
bank's supply after it, and each lot's rent after it from the core's own rent function."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from banker.core.commands import SetGroupLevels
from banker.core.edition import DeedKind
from banker.core.engine import apply
from banker.core.errors import BankerError
from banker.core.level import Level
from banker.core.money import Money
from banker.core.rent import rent_due
from banker.core.state import GameState
from banker.i18n.message import Message, msg, plural


@dataclass(frozen=True)
class LotAfter:
    """One lot of a plan: what stands on it now and after, and its rent after."""

    lot: str
    now: Level
    after: Level
    rent_after: Money | None
    """The rent a visitor would owe after the plan; None while nobody collects it there
    (the bank holds it, or it is mortgaged)."""

    @property
    def changed(self) -> bool:
        return self.now != self.after


@dataclass(frozen=True)
class GroupPlan:
    """The buildings of a whole colour group set to new levels, and what that means."""

    command: SetGroupLevels
    lots: list[LotAfter]
    cash_change: Money
    """What the owner's cash changes by: negative to build, positive to sell."""
    houses_left: int
    """Houses in the bank after the plan."""
    hotels_left: int
    """Hotels in the bank after the plan."""
    refusal: Message | None
    """Why the bank would refuse the plan now, or None."""

    @property
    def changed(self) -> bool:
        return any(lot.changed for lot in self.lots)

    @property
    def cost(self) -> Money:
        return max(0, -self.cash_change)

    @property
    def refund(self) -> Money:
        return max(0, self.cash_change)


def group_of(state: GameState, deed: str) -> str:
    """The id of a street's colour group."""
    return state.edition.deed(deed).group or ""


def building_groups(state: GameState, player: str) -> list[str]:
    """The colour groups where `player` owns a street: whole groups first, board order."""
    owned = {
        state.edition.deed(d).group
        for d in state.deeds_of(player)
        if state.edition.deed(d).kind is DeedKind.STREET
    }
    groups = [g.id for g in state.edition.groups if g.id in owned]
    whole = [g for g in groups if _whole(state, player, g)]
    return whole + [g for g in groups if g not in whole]


def _whole(state: GameState, player: str, group: str) -> bool:
    return all(state.deeds[lot].owner == player for lot in state.edition.group_lots[group])


def levels_now(state: GameState, group: str) -> list[Level]:
    """What stands on each lot of the group, in board order."""
    return [state.level(lot) for lot in state.edition.group_lots[group]]


def group_plan(state: GameState, player: str, group: str, levels: list[Level]) -> GroupPlan:
    """The plan that brings the group's lots to `levels` (board order), priced by the core."""
    lots = state.edition.group_lots[group]
    command = SetGroupLevels(player=player, deed=lots[0], levels=[lv.code for lv in levels])
    now = levels_now(state, group)
    try:
        after, _receipt = apply(state, command)
    except BankerError as exc:
        trial = _with_levels(state, lots, levels)
        return GroupPlan(
            command,
            _lots_after(state, trial, lots, now, levels),
            0,
            state.bank.houses_left,
            state.bank.hotels_left,
            exc.message,
        )
    return _accepted(state, player, command, after, lots, now, levels)


def _accepted(
    state: GameState,
    player: str,
    command: SetGroupLevels,
    after: GameState,
    lots: list[str],
    now: list[Level],
    levels: list[Level],
) -> GroupPlan:
    """The plan of a command the bank accepts, from the state it leaves (`after`)."""
    change = after.player(player).cash - state.player(player).cash
    return GroupPlan(
        command,
        _lots_after(state, after, lots, now, levels),
        change,
        after.bank.houses_left,
        after.bank.hotels_left,
        None,
    )


def group_plans(state: GameState, player: str, group: str) -> list[GroupPlan]:
    """Every plan the bank would accept now for the group: each even set of levels, all
    up or all down from now, cheapest change first. Each is worked out once: the state
    the bank's answer leaves is the plan's (asking first, then pricing, did it twice)."""
    most = state.max_houses
    lots = state.edition.group_lots[group]
    now = levels_now(state, group)
    plans = []
    for counts in product(range(most + 2), repeat=len(lots)):
        if max(counts) - min(counts) > 1:
            continue
        levels = [Level.counted(n, most) for n in counts]
        if levels == now:
            continue
        command = SetGroupLevels(player=player, deed=lots[0], levels=[lv.code for lv in levels])
        try:
            after, _receipt = apply(state, command)
        except BankerError:
            continue  # refused: not a plan to offer
        plans.append(_accepted(state, player, command, after, lots, now, levels))
    return sorted(plans, key=lambda p: (p.cash_change < 0, abs(p.cash_change)))


def _with_levels(state: GameState, lots: list[str], levels: list[Level]) -> GameState:
    """A what-if copy with the lots set to `levels`, only to read rents from."""
    trial = state.clone()
    for lot, level in zip(lots, levels, strict=True):
        trial.deeds[lot].houses = level.houses
        trial.deeds[lot].hotel = level.hotel
    return trial


def _lots_after(
    state: GameState, after: GameState, lots: list[str], now: list[Level], levels: list[Level]
) -> list[LotAfter]:
    return [
        LotAfter(lot, was, level, _rent(after, lot))
        for lot, was, level in zip(lots, now, levels, strict=True)
    ]


def _rent(state: GameState, lot: str) -> Money | None:
    try:
        return rent_due(state, lot).amount
    except BankerError:
        return None


def plan_said(plan: GroupPlan, state: GameState) -> Message:
    """A plan in one line: `Cost $400 · bank after: 24 houses, 12 hotels`."""
    money = state.money
    amount = (
        msg("Refund {amount}", amount=money(plan.refund))
        if plan.cash_change > 0
        else msg("Cost {amount}", amount=money(plan.cost))
    )
    return msg(
        "{cost} · bank after: {houses}, {hotels}",
        cost=amount,
        houses=plural(plan.houses_left, "{n} house", "{n} houses"),
        hotels=plural(plan.hotels_left, "{n} hotel", "{n} hotels"),
    )
