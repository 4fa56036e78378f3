"""Raising funds: every move that turns a player's holdings into cash now, with what it
brings, in the order a banker would suggest them; the short game included."""

from __future__ import annotations

from dataclasses import dataclass

from banker.core.commands import Command, DeclareBankrupt, Mortgage, SetGroupLevels, Settle
from banker.core.endgame import Settlement
from banker.core.engine import apply, refusal
from banker.core.errors import BankerError
from banker.core.level import Level
from banker.core.money import Money
from banker.core.state import GameState
from banker.core.worth import half, owed, raisable
from banker.i18n.message import Message, msg, plural


@dataclass(frozen=True)
class RaisingMove:
    """One way to raise money now."""

    label: Message
    command: Command
    brings: Money
    """The cash it brings; for a refused move, what it would bring."""
    refusal: Message | None
    """Why the bank would refuse it now, or None."""


def sell_one(levels: list[Level]) -> list[Level]:
    """The group's levels after selling one building from its most built lot (the last such
    lot in board order), which keeps the group even. A hotel comes down to a full lot."""
    top = max(levels)
    at = len(levels) - 1 - levels[::-1].index(top)
    return [level.down() if i == at else level for i, level in enumerate(levels)]


def _built_groups(state: GameState, player: str) -> list[tuple[str, list[str], list[Level]]]:
    found = []
    for group, lots in state.edition.group_lots.items():
        if state.deeds[lots[0]].owner != player:
            continue
        levels = [state.level(lot) for lot in lots]
        if any(levels):
            found.append((group, lots, levels))
    return found


def _move(
    state: GameState, player: str, label: Message, command: Command, worth: Money
) -> RaisingMove:
    try:
        after, _receipt = apply(state, command)
    except BankerError as exc:
        return RaisingMove(label, command, worth, exc.message)
    # What the move raises: the cash it brings, including what it paid of the debts at once.
    gained = after.player(player).cash - state.player(player).cash
    paid = owed(state, player) - owed(after, player)
    return RaisingMove(label, command, gained + paid, None)


def raising_moves(state: GameState, player: str) -> list[RaisingMove]:
    """Every move that raises money for `player`: per colour group with buildings, sell one
    building evenly, then sell them all; then mortgage each unmortgaged deed. Within each
    kind the moves the bank accepts now come first, in board order."""
    sells: list[RaisingMove] = []
    for group, lots, levels in _built_groups(state, player):
        name = msg(state.edition.groups_by_id[group].name)
        cost = state.edition.deed(lots[0]).house_cost or 0
        one = sell_one(levels)
        at = next(i for i, (a, b) in enumerate(zip(levels, one, strict=True)) if a != b)
        buildings = sum(lv.buildings for lv in levels)
        sells.append(
            _move(
                state,
                player,
                msg(
                    "Sell one building on the {group} group ({lot}: {before} → {after})",
                    group=name,
                    lot=lots[at],
                    before=levels[at].said(),
                    after=one[at].said(),
                ),
                SetGroupLevels(player=player, deed=lots[0], levels=[lv.code for lv in one]),
                half(cost),
            )
        )
        if buildings > 1:
            sells.append(
                _move(
                    state,
                    player,
                    msg("Sell every building on the {group} group ({n})", group=name, n=buildings),
                    SetGroupLevels(player=player, deed=lots[0], levels=[0] * len(lots)),
                    buildings * (half(cost)),
                )
            )
    mortgages = [
        _move(
            state,
            player,
            msg("Mortgage {deed}", deed=name),
            Mortgage(player=player, deed=name),
            state.edition.deed(name).mortgage,
        )
        for name in state.deeds_of(player)
        if not state.deeds[name].mortgaged
    ]
    return _accepted_first(sells) + _accepted_first(mortgages)


def _accepted_first(moves: list[RaisingMove]) -> list[RaisingMove]:
    return [m for m in moves if m.refusal is None] + [m for m in moves if m.refusal is not None]


@dataclass(frozen=True)
class RaiseRow:
    """One line of what a player could raise in all."""

    label: Message
    amount: Money


def raise_rows(state: GameState, player: str) -> list[RaiseRow]:
    """What a player could raise, line by line (`raise NAME`): the cash, every group's
    buildings sold down evenly at half their cost, every unmortgaged deed's mortgage value,
    then the total (the same total as `worth.raisable`)."""
    rows = [RaiseRow(msg("cash"), state.player(player).cash)]
    for group, lots, levels in _built_groups(state, player):
        cost = state.edition.deed(lots[0]).house_cost or 0
        buildings = sum(lv.buildings for lv in levels)
        rows.append(
            RaiseRow(
                plural(
                    buildings,
                    "sell the {group} group's 1 building, evenly",
                    "sell the {group} group's {n} buildings, evenly",
                    group=msg(state.edition.groups_by_id[group].name),
                ),
                buildings * (half(cost)),
            )
        )
    for name in state.deeds_of(player):
        if not state.deeds[name].mortgaged:
            rows.append(
                RaiseRow(msg("mortgage {deed}", deed=name), state.edition.deed(name).mortgage)
            )
    rows.append(RaiseRow(msg("total"), raisable(state, player).total))
    return rows


@dataclass(frozen=True)
class Owing:
    """Where a player who owes stands: what is missing, what could be raised, and whether
    settling or going bankrupt is open to them now."""

    owed: Money
    cash: Money
    could_raise: Money
    """Cash, buildings at half, mortgages: `worth.raisable`."""
    settle: Message | None
    """Why settling is refused now, or None."""
    bankrupt: Message | None
    """Why bankruptcy is refused now, or None."""

    @property
    def missing(self) -> Money:
        """What the cash lacks to pay every debt."""
        return max(0, self.owed - self.cash)

    @property
    def short(self) -> Money:
        """What even selling and mortgaging everything leaves unpaid."""
        return max(0, self.owed - self.could_raise)


def owing(state: GameState, player: str) -> Owing:
    return Owing(
        sum(d.amount for d in state.debts_of(player)),
        state.player(player).cash,
        raisable(state, player).total,
        refusal(state, Settle(player=player)),
        refusal(state, DeclareBankrupt(player=player)),
    )


def creditor_receives(statement: Settlement) -> Money:
    """What a bankruptcy's creditor receives in money: the cash and the buildings' refund."""
    return statement.cash + statement.buildings


def creditor_has(state: GameState, statement: Settlement) -> Money:
    """What a bankruptcy's creditor holds once the debtor's cash and the bank's refund for
    the buildings have come to them, before the fees on the mortgaged deeds."""
    assert statement.creditor is not None
    return state.player(statement.creditor).cash + creditor_receives(statement)
