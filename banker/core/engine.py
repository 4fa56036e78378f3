"""Applies one command to a game state: the new state and a receipt, or a refusal.

Every handler works on a fresh copy of the state, so a refusal raised at any point
leaves the caller's state exactly as it was.
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct

from banker.core.commands import Command
from banker.core.errors import BankerError, NotAllowed
from banker.core.follow import follow
from banker.core.ledger import owing, pay_covered_debts
from banker.core.limits import MAX_HOLDING
from banker.core.state import GameState
from banker.core.verbs import Verb, verb_of
from banker.i18n.message import Message, joined, msg


class Receipt(Struct, frozen=True):
    """What happened, as one sentence for the history."""

    message: Message

    def __str__(self) -> str:
        return str(self.message)


def apply(state: GameState, command: Command) -> tuple[GameState, Receipt]:
    """Apply a command. Returns the new state and its receipt; `state` is never changed.

    Raises:
        BankerError: the command is refused; the message says why and what would help.
    """
    verb = verb_of(command)
    if verb is None:
        raise NotAllowed(
            "The bank does not know the command {verb!r}.", verb=getattr(command, "verb", "?")
        )
    _check_moment(state, command, verb)
    new = state.clone()
    # Held for the whole command, so no debt it creates can reuse an older one's id.
    older = list(new.debts)
    message = verb.apply(new, command)
    follow(new, command)
    if new.debts:
        # Debts are paid as soon as the cash covers them: after whatever raised the cash
        # or made a debt smaller (a trade's `debt N`, a part payment). `state` is as it
        # was before the command: what each player had and owed then.
        cash = {p.name: p.cash for p in state.players}
        owed = {p.name: sum(d.amount for d in state.debts_of(p.name)) for p in state.players}
        richer = {
            p.name
            for p in new.players
            if not p.bankrupt
            and (
                p.cash > cash[p.name] or sum(d.amount for d in new.debts_of(p.name)) < owed[p.name]
            )
        }
        created = {id(d) for d in new.debts} - {id(d) for d in older}
        paid = pay_covered_debts(new, richer, created)
        if paid:
            message = msg("{text}; {paid}", text=message, paid=joined(paid, "; "))
    _check_holdings(new)
    return new, Receipt(message)


def _check_holdings(state: GameState) -> None:
    for player in state.players:
        if player.cash > MAX_HOLDING:
            raise NotAllowed(
                "{p} would hold {cash}, more than the bank keeps for one player ({most}); "
                "nothing was changed.",
                p=player.name,
                cash=state.money(player.cash),
                most=state.money(MAX_HOLDING),
            )
    if state.bank.free_parking > MAX_HOLDING:
        raise NotAllowed(
            "The Free Parking pot would hold more than the bank keeps ({most}); nothing "
            "was changed.",
            most=state.money(MAX_HOLDING),
        )


def _check_moment(state: GameState, command: Command, verb: Verb[Any]) -> None:
    """Refuse what the moment of the game forbids: after the end, during an auction,
    and spending by a player who owes (each verb declares which of these it may do)."""
    if verb.any_moment:
        return
    if state.winner is not None:
        raise NotAllowed(
            "The game was ended: {w} won. Only undo is possible now."
            if state.ended
            else "The game is over: {w} won. Only undo is possible now.",
            w=state.winner,
        )
    if state.auction is not None and not verb.in_auction:
        raise NotAllowed(
            "The auction of {lot} is open: bid, drop out or close it first.",
            lot=state.auction.lot,
        )
    if verb.while_owing:
        return
    player = getattr(command, "player", None)
    if player is not None and state.debts_of(player):
        raise owing(state, player)


def refusal(state: GameState, command: Command) -> Message | None:
    """The one answer to "why not?": the reason `command` would be refused in `state`, as a
    sentence to translate where it is shown, or None if it would be accepted."""
    try:
        apply(state, command)
    except BankerError as exc:
        return exc.message
    return None


def why_not(state: GameState, command: Command) -> str | None:
    """`refusal` in English, as the command line and `show --json` give it."""
    found = refusal(state, command)
    return None if found is None else str(found)
