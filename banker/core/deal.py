"""The variation where the deeds are dealt at the start instead of bought one by one."""

from __future__ import annotations

import random
from typing import Any, Literal

from banker.core.command import CommandRecord
from banker.core.errors import BadInput, NotAllowed, NotEnoughCash
from banker.core.ledger import deed_of, player_of, to_bank
from banker.core.state import GameState
from banker.core.verb import Verb, Word
from banker.i18n.message import Message, joined, msg


class DealDeeds(CommandRecord, frozen=True, kw_only=True, tag="deal"):
    """The variation with every deed (or N per player) dealt at the start."""

    deeds: dict[str, str]
    """Deed name to the player it is dealt to."""
    paid: bool = True
    """Each player pays the printed prices of what they are dealt (or gets them free)."""


def make_deal(
    state: GameState, per_player: int | Literal["all"], paid: bool, seed: int | None = None
) -> DealDeeds:
    """Shuffle the bank's deeds and deal them round the table, first player first.

    Every deed is dealt at most once and no player gets more than one deed more than
    another. With a number, each player gets that many.
    """
    players = [p.name for p in state.active_players]
    deeds = [name for name, d in state.deeds.items() if d.owner is None]
    count = len(deeds) if per_player == "all" else per_player * len(players)
    if count > len(deeds) or count < 1:
        raise BadInput(
            "There are {n} deeds to deal among {k} players: deal 1 to {most} each, or all.",
            n=len(deeds),
            k=len(players),
            most=len(deeds) // len(players),
        )
    random.Random(seed).shuffle(deeds)
    return DealDeeds(
        deeds={deed: players[i % len(players)] for i, deed in enumerate(deeds[:count])},
        paid=paid,
    )


def deal(state: GameState, cmd: DealDeeds) -> Message:
    hands: dict[str, list[str]] = {}
    for deed_name, player_name in cmd.deeds.items():
        deed = deed_of(state, deed_name)
        player = player_of(state, player_name)
        if state.deeds[deed.name].owner is not None:
            raise NotAllowed("{deed} is not the bank's to deal.", deed=deed.name)
        hands.setdefault(player.name, []).append(deed.name)
    if not hands:
        raise BadInput("Nothing to deal.")
    for name, deeds in hands.items():
        player = player_of(state, name)
        if cmd.paid:
            cost = sum(state.edition.deed(d).price for d in deeds)
            if player.cash < cost:
                raise NotEnoughCash(
                    "{p} would pay {cost} for the {n} deeds dealt to them but has {cash}: "
                    "deal them free, or fewer per player.",
                    p=name,
                    cost=state.money(cost),
                    n=len(deeds),
                    cash=state.money(player.cash),
                )
            to_bank(state, player, cost)
        for d in deeds:
            state.deeds[d].owner = name
    return msg(
        "The deeds were dealt at their printed prices: {hands}"
        if cmd.paid
        else "The deeds were dealt free: {hands}",
        hands=joined((f"{p} {len(d)}" for p, d in hands.items()), "; "),
    )


DECLARED: tuple[Verb[Any] | Word[Any], ...] = (Verb(DealDeeds, deal, None),)
"""This family's verbs (help lists every word in `verbs.HELP_ORDER`'s order)."""
