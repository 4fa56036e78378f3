"""The jail family of verbs: leaving jail by the fine or a card, and going there after
three doubles, each with its command, handler, reader and entry in `DECLARED`."""

from __future__ import annotations

from typing import Any, Literal

from banker.core import cards
from banker.core.args import Args
from banker.core.command import CommandRecord
from banker.core.edition import SquareKind
from banker.core.errors import NotAllowed
from banker.core.ledger import charge, player_of
from banker.core.state import GameState
from banker.core.turns import position, send_to_jail, square_of
from banker.core.verb import Verb, Word
from banker.i18n.message import N_, Message, msg


class LeaveJail(CommandRecord, frozen=True, kw_only=True, tag="jail"):
    """The player pays the jail fine or uses a Get Out of Jail Free card."""

    player: str
    method: Literal["fine", "card"]


class GoToJail(CommandRecord, frozen=True, kw_only=True, tag="to_jail"):
    """The player goes to jail: three doubles in a row, as the banker records it (the Go
    to Jail square and the card send the token there themselves)."""

    player: str


def jail(state: GameState, cmd: LeaveJail) -> Message:
    player = player_of(state, cmd.player)
    if player.name not in state.jail and state.rules.follow_tokens:
        if position(state, player.name) == square_of(state.edition, SquareKind.JAIL):
            raise NotAllowed(
                "{p} is just visiting: only a player in jail pays the fine or uses a card "
                "to leave.",
                p=player.name,
            )
        raise NotAllowed(
            "{p} is not in jail: there is no fine to pay and no card to use.", p=player.name
        )
    state.jail.pop(player.name, None)
    if cmd.method == "card":
        if not player.jail_cards:
            raise NotAllowed(
                "{p} holds no Get Out of Jail Free card: pay the {fine} fine instead.",
                p=player.name,
                fine=state.money(state.jail_fine),
            )
        deck = player.jail_cards.pop(0)
        return msg(
            "{p} used a Get Out of Jail Free card ({deck}); it goes back to its deck",
            p=player.name,
            deck=cards.deck_name(deck),
        )
    fine = state.jail_fine
    pot = state.rules.free_parking_pot
    note = charge(state, player, fine, None, msg("the jail fine"), pot=pot)
    return msg(
        "{p} paid the {fine} fine to leave jail"
        if note is None
        else "{p} owes the {fine} fine to leave jail; {note}",
        p=player.name,
        fine=state.money(fine),
        note=note or "",
    )


def go_to_jail(state: GameState, cmd: GoToJail) -> Message:
    player = player_of(state, cmd.player)
    if player.bankrupt:
        raise NotAllowed("{p} is bankrupt and out of the game.", p=player.name)
    if player.name in state.jail:
        raise NotAllowed("{p} is already in jail.", p=player.name)
    if square_of(state.edition, SquareKind.JAIL) is None:
        raise NotAllowed("This board has no jail.")
    send_to_jail(state, player.name)
    return msg("{p} went to jail (three doubles in a row): no salary", p=player.name)


def read_jail(a: Args) -> LeaveJail | GoToJail:
    """`jail PLAYER fine|card` leaves jail; `jail PLAYER` sends the token there (three
    doubles in a row)."""
    if not a.words:
        raise a.usage()
    if a.words[-1].casefold() in ("fine", "card") and len(a.words) >= 2:
        method: Literal["fine", "card"] = "fine" if a.words[-1].casefold() == "fine" else "card"
        return LeaveJail(player=a.player(a.words[:-1]), method=method)
    return GoToJail(player=a.player(a.words))


JAIL = Word(
    "jail",
    N_("jail PLAYER fine|card to leave, or jail PLAYER after three doubles"),
    read_jail,
    "jail",
    keywords=("fine", "card"),
)
"""Leaving jail or going there: one word for two commands."""


DECLARED: tuple[Verb[Any] | Word[Any], ...] = (
    Verb(
        LeaveJail,
        jail,
        JAIL,
        example="jail bob fine",
    ),
    Verb(
        GoToJail,
        go_to_jail,
        JAIL,
        example="jail bob",
        while_owing=True,
    ),
)
"""This family's verbs (help lists every word in `verbs.HELP_ORDER`'s order)."""
