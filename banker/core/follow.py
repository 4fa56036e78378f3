"""Where a token stands after an accepted command: the bank follows the tokens from what
the banker records (a rent paid on a deed puts the token there), whatever the verb's family."""

from __future__ import annotations

from banker.core.commands import (
    Buy,
    Command,
    DrawCard,
    LeaveJail,
    PayRent,
    PayTax,
    TakeParking,
)
from banker.core.edition import CardAction, SquareKind
from banker.core.state import GameState
from banker.core.turns import position, square_of


def follow(state: GameState, command: Command) -> None:
    """Keep the token where an accepted command says it is (changes `state`)."""
    edition = state.edition
    player = getattr(command, "player", None)
    if not isinstance(player, str) or player not in {p.name for p in state.players}:
        return
    square: int | None = None
    if isinstance(command, Buy | PayRent):
        square = edition.deed(command.deed).square
    elif isinstance(command, PayTax):
        kind = SquareKind.LUXURY_TAX if command.kind == "luxury" else SquareKind.INCOME_TAX
        square = square_of(edition, kind)
    elif isinstance(command, TakeParking):
        square = square_of(edition, SquareKind.FREE_PARKING)
    elif isinstance(command, LeaveJail) and not state.rules.follow_tokens:
        square = square_of(edition, SquareKind.JAIL)
    elif isinstance(command, DrawCard) and not state.rules.follow_tokens:
        square = _card_square(state, command)
    if square is not None and player not in state.jail:
        state.positions[player] = square


def _card_square(state: GameState, command: DrawCard) -> int | None:
    edition = state.edition
    card = edition.cards_by_id[command.card]
    if command.deed is not None:
        return edition.deed(command.deed).square
    if card.action is CardAction.ADVANCE and card.target:
        target = card.target.casefold()
        for deed in edition.deeds:
            if deed.name.casefold() == target:
                return deed.square
        for other in edition.squares:
            if other.name.casefold() == target:
                return other.square
    if card.action is CardAction.GO_TO_JAIL:
        return square_of(edition, SquareKind.JAIL)
    if card.action is CardAction.BACK and card.spaces:
        size = edition.board_size
        return (position(state, command.player) - card.spaces) % size
    return None
