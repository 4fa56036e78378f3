"""What the app says about the table: card effects in money, buildings, the squares to land on.

Plain functions over the core's state, kept apart from the widgets so they can be tested
without a screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from banker.core import report
from banker.core.cards import deck_name
from banker.core.edition import Card, Edition, SquareKind
from banker.core.level import Level
from banker.core.offers.landing import card_effect as offered_card_effect
from banker.core.offers.trading import TradeTerms
from banker.core.state import GameState
from banker.core.worth import worth_hidden
from banker.i18n.message import N_, plural
from banker.tui.looks import seat_colour
from banker.tui.speech import _, said, voice

BUILDINGS = (N_("house"), N_("hotel"))
"""What a housing-shortage auction sells (`auction.lot`), as words to translate."""

SQUARES = (
    N_("GO"),
    N_("Income Tax"),
    N_("Jail"),
    N_("Go To Jail"),
    N_("Free Parking"),
    N_("Chance"),
    N_("Community Chest"),
)
"""The names of the squares that are not deeds on the boards that ship."""


def player_colour(state: GameState, name: str) -> str:
    for seat, player in enumerate(state.players, start=1):
        if player.name == name:
            return seat_colour(seat)
    return seat_colour(None)


def houses_word(n: int) -> str:
    return said(plural(n, "{n} house", "{n} houses"))


def hotels_word(n: int) -> str:
    return said(plural(n, "{n} hotel", "{n} hotels"))


def level_word(level: Level) -> str:
    """Buildings on a lot as the table says it: `no houses`, `2 houses`, `hotel`."""
    return said(level.said())


def card_text(edition: Edition, card: Card) -> str:
    """A card as printed, in the game's language, its amounts in the edition's money."""
    return said(edition.card_words(card))


def card_effect(state: GameState, player: str | None, card: Card) -> str:
    """What drawing this card does in money for `player`, as the banker reads it out."""
    return said(offered_card_effect(state, player, card))


def square_label(name: str) -> str:
    """A square's name in the game's language (`ภาษีรายได้` for Income Tax); the picker
    still finds it by the board's own name (`SquarePicker`)."""
    return _(name)


@dataclass(frozen=True)
class Landing:
    """A place a token can land, as the banker names it: a deed, a square, or a card."""

    label: str
    """What the picker shows and matches."""
    deed: str | None = None
    square: SquareKind | None = None
    card: str | None = None
    """A card id, to go straight to one card."""


def landing_at(edition: Edition, square: int) -> Landing:
    """The place at a board index, as the picker names it."""
    for deed in edition.deeds:
        if deed.square == square:
            return Landing(deed.name, deed=deed.name)
    for other in edition.squares:
        if other.square == square:
            return Landing(square_label(other.name), square=other.kind)
    raise ValueError(f"no square {square}")


def landings(edition: Edition) -> list[Landing]:
    """Every deed and square in board order (each square name once), then every card."""
    found: list[tuple[int, Landing]] = []
    seen: set[str] = set()
    for deed in edition.deeds:
        found.append((deed.square, Landing(deed.name, deed=deed.name)))
    for square in edition.squares:
        if square.name.casefold() in seen:
            continue
        seen.add(square.name.casefold())
        found.append((square.square, Landing(square_label(square.name), square=square.kind)))
    result = [landing for _square, landing in sorted(found, key=lambda item: item[0])]
    for card in edition.cards:
        text = card_text(edition, card)
        result.append(Landing(f"{said(deck_name(card.deck))}: {text}", card=card.id))
    return result


def worth_lines(state: GameState, player: str) -> list[str]:
    """A player's worth, line by line, with both income tax options (`worth NAME`): the
    command line's lines, in the game's language; under strict income tax, only why it
    is not shown."""
    if worth_hidden(state):
        return [
            _(
                "This game plays strict income tax: nobody's worth is shown until the game "
                "ends. The breakdown comes with the receipt of a percentage choice."
            )
        ]
    return report.worth_lines(state, player, voice().translator)


def raise_lines(state: GameState, player: str) -> list[str]:
    """What a player could raise (`raise NAME`): every building at half (the group sold
    down evenly), every unmortgaged deed's mortgage value."""
    return report.raise_lines(state, player, voice().translator)


def trade_lines(state: GameState, terms: TradeTerms, cash: bool = True) -> list[str]:
    """A trade as the banker reads it before making it: both sides, what the bank takes
    for mortgaged deeds (or the receiver's lift), and, with `cash`, each player's cash
    after."""
    lines = [said(terms.summary)]
    if terms.mortgaged:
        fees = "; ".join(said(found.said(state)) for found in terms.mortgaged)
        lines.append(_("To the bank: {fees}.").format(fees=fees))
    if cash and terms.cash:
        lines.append(_("Cash: {moves}.").format(moves="; ".join(said(m) for m in terms.cash)))
    return lines
