"""What follows a token's move: the core's answer to "what happens now?" for whoever runs
a landing (the ledger's landing, `banker.tui.screens.landing`).

A move the banker recorded is followed by the square's dialog, with the offers worked out
here once, or by a word that there is nothing to do; a player in jail is asked first;
after a card that moved the token, the new square's offers follow.
"""

from __future__ import annotations

from msgspec import Struct

from banker.core import commands as c
from banker.core.edition import SquareKind
from banker.core.offers.landing import LandingOffers, land_on_deed, land_on_square, last_landing
from banker.core.state import GameState, Landing
from banker.i18n.message import Message, msg


class Arrival(Struct, frozen=True):
    """What follows a move: a dialog (with the square's offers, or a card's own), or
    only what is said of it."""

    dialog: bool
    """A dialog opens: the square's offers (`offers`), or the card named (`offers` None)."""
    offers: LandingOffers | None = None
    """The square's offers, worked out once: the dialog draws them."""
    says: tuple[Message, ...] = ()
    """Said when no dialog opens (nothing to pay or take there)."""


QUIET = Arrival(dialog=False)
"""No dialog and nothing more to say: the receipt says it all."""


def asks_jail_first(state: GameState, player: str) -> bool:
    """A player in jail is asked first, when the bank follows the tokens: the fine, a
    card, or the throw (RULES.md, jail); after the fine or the card the throw follows."""
    return player in state.jail and state.rules.follow_tokens


def offers_at(
    state: GameState, player: str, deed: str | None, square: SquareKind | None
) -> LandingOffers | None:
    """What a deed or a square offers the player standing there."""
    if deed is not None:
        return land_on_deed(state, player, deed)
    if square is not None:
        return land_on_square(state, player, square)
    return None


def after_move(
    state: GameState,
    player: str,
    *,
    deed: str | None = None,
    square: SquareKind | None = None,
    card: str | None = None,
    moved: bool = True,
    passed_go: bool = False,
    by_dice: bool = False,
    fix: bool = False,
) -> Arrival:
    """What follows the move just recorded (`state` after it), the token now on `deed`,
    `square`, or where a named `card` is drawn.

    A correction offers nothing (its receipt says it all); a throw that left the token
    where it stood says so; GO reached by the move was all the salary; where the dice
    left the token with nothing to pay or take, only what applies is said."""
    if fix:
        return QUIET
    if not moved:
        return Arrival(dialog=False, says=(msg("{p} stays where the token stood.", p=player),))
    if passed_go and square is SquareKind.GO:
        return QUIET
    if card is not None:
        return Arrival(dialog=True)
    found = offers_at(state, player, deed, square)
    if found is None:
        return QUIET
    if by_dice and nothing_to_do(state, player, deed, square):
        return Arrival(dialog=False, says=tuple(found.says))
    return Arrival(dialog=True, offers=found)


def nothing_to_do(
    state: GameState, player: str, deed: str | None, square: SquareKind | None
) -> bool:
    """A place with nothing to pay or take: just visiting jail, Go to Jail (the move put
    the token in jail), Free Parking with no pot, the player's own deed, a mortgaged deed."""
    if square in (SquareKind.JAIL, SquareKind.GO_TO_JAIL):
        return True
    if square is SquareKind.FREE_PARKING:
        return not state.rules.free_parking_pot
    if deed is not None:
        held = state.deeds[deed]
        return held.owner == player or (held.owner is not None and held.mortgaged)
    return False


class CardMove(Struct, frozen=True):
    """A card moved the token: who, to which board square, and what is offered there."""

    player: str
    square: int
    offers: LandingOffers


def after_card(before: Landing | None, state: GameState, command: c.Command) -> CardMove | None:
    """The new square's offers when the card just drawn (`command`, `state` after it)
    moved the token ("advance to" an owned deed is a rent, "go back 3" onto Income Tax the
    tax); None when it did not, or nothing is to do there."""
    landing = state.landing
    if not isinstance(command, c.DrawCard) or landing is None or landing == before:
        return None
    if landing.by != "card":
        return None
    found = last_landing(state)
    if found is None:
        return None
    return CardMove(found[0], landing.square, found[1])
