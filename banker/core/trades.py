"""Trades between two players, and the 10% fee on mortgaged deeds that change hands."""

from __future__ import annotations

from banker.core.commands import Trade, TradeSide
from banker.core.errors import BadInput, NotAllowed
from banker.core.ledger import check_amount, deed_of, interest, player_of, require_cash, to_bank
from banker.core.money import Message, Money, msg
from banker.core.state import GameState, Player


def trade(state: GameState, cmd: Trade) -> Message:
    player = player_of(state, cmd.player)
    partner = player_of(state, cmd.partner)
    if player is partner:
        raise NotAllowed("{p} cannot trade with themselves: name two players.", p=player.name)
    if cmd.give.empty and cmd.get.empty:
        raise BadInput("The trade has nothing on either side: say what each player gives.")
    _check_side(state, player, cmd.give)
    _check_side(state, partner, cmd.get)
    moving = cmd.give.deeds + cmd.get.deeds
    if len(set(moving)) != len(moving):
        raise BadInput("A deed is named twice in the trade: name each deed once.")
    mortgaged = [d for d in moving if state.deeds[d].mortgaged]
    for name in cmd.lift:
        deed_of(state, name)
        if name not in mortgaged:
            raise BadInput(
                "{deed} is not a mortgaged deed in this trade: only those can be lifted.",
                deed=name,
            )
    # Hand over.
    player.cash += cmd.get.cash - cmd.give.cash
    partner.cash += cmd.give.cash - cmd.get.cash
    _move_cards(player, partner, cmd.give.jail_cards)
    _move_cards(partner, player, cmd.get.jail_cards)
    for name in cmd.give.deeds:
        state.deeds[name].owner = partner.name
    for name in cmd.get.deeds:
        state.deeds[name].owner = player.name
    # The new owner of each mortgaged deed pays the bank 10%, or lifts it at once.
    notes: list[str] = []
    for new_owner, deeds in ((partner, cmd.give.deeds), (player, cmd.get.deeds)):
        due: Money = 0
        parts: list[str] = []
        for name in deeds:
            if not state.deeds[name].mortgaged:
                continue
            m = state.edition.deed(name).mortgage
            fee = interest(state, m)
            if name in cmd.lift:
                due += m + fee
                parts.append(f"lifted {name} for {state.money(m + fee)}")
                state.deeds[name].mortgaged = False
            else:
                due += fee
                parts.append(f"{state.money(fee)} fee on mortgaged {name}")
        if due:
            require_cash(state, new_owner, due, "to the bank for mortgaged deeds after the trade")
            to_bank(state, new_owner, due)
            notes.append(f"{new_owner.name} paid the bank: " + ", ".join(parts))
    text = "{p} traded {give} to {q} for {get}"
    if notes:
        text += "; {notes}"
    return msg(
        text,
        p=player.name,
        q=partner.name,
        give=describe(state, cmd.give),
        get=describe(state, cmd.get),
        notes="; ".join(notes),
    )


def _check_side(state: GameState, giver: Player, side: TradeSide) -> None:
    if side.cash:
        check_amount(side.cash)
        require_cash(state, giver, side.cash, "to hand over in the trade")
    if side.jail_cards < 0 or side.jail_cards > len(giver.jail_cards):
        raise NotAllowed(
            "{p} holds {n} Get Out of Jail Free card{s}, not {k}.",
            p=giver.name,
            n=len(giver.jail_cards),
            s="" if len(giver.jail_cards) == 1 else "s",
            k=side.jail_cards,
        )
    for name in side.deeds:
        deed = deed_of(state, name)
        owner = state.deeds[deed.name].owner
        if owner != giver.name:
            raise NotAllowed(
                "{p} does not own {deed} ({whose} does): only the owner can trade it.",
                p=giver.name,
                deed=deed.name,
                whose="the bank" if owner is None else owner,
            )
        built = [lot for lot in state.edition.lots_of(deed.name) if state.level(lot)]
        if built:
            raise NotAllowed(
                "{deed} cannot be traded while its colour group has buildings (on {lots}): "
                "sell them back to the bank first.",
                deed=deed.name,
                lots=", ".join(built),
            )


def _move_cards(giver: Player, taker: Player, count: int) -> None:
    for _ in range(count):
        taker.jail_cards.append(giver.jail_cards.pop(0))


def describe(state: GameState, side: TradeSide) -> str:
    parts = list(side.deeds)
    if side.jail_cards:
        parts.append(
            f"{side.jail_cards} Get Out of Jail Free card" + ("s" if side.jail_cards > 1 else "")
        )
    if side.cash:
        parts.append(state.money(side.cash))
    return " and ".join(parts) if parts else "nothing"
