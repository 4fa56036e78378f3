"""What the app says about the table: card effects in money, buildings, the squares to land on.

Plain functions over the core's state, kept apart from the widgets so they can be tested
without a screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from banker.core.cards import deck_name, repairs_due
from banker.core.edition import Card, CardAction, Edition, SquareKind
from banker.core.state import DeedState, GameState

PLAYER_COLOURS = (
    "#4ea1ff",
    "#ff7a59",
    "#5fd38d",
    "#d58cff",
    "#ffd24d",
    "#4dd6d6",
    "#ff6fae",
    "#c0c0c0",
)
"""A colour per seat, so an owner's name reads the same everywhere on the ledger."""


def player_colour(state: GameState, name: str) -> str:
    for seat, player in enumerate(state.players):
        if player.name == name:
            return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    return "#808080"


def houses_word(n: int) -> str:
    return f"{n} house" + ("" if n == 1 else "s")


def level_word(level: int) -> str:
    """Buildings on a lot as the table says it: `no houses`, `2 houses`, `hotel`."""
    if level >= 5:
        return "hotel"
    return "no houses" if level == 0 else houses_word(level)


def buildings_mark(held: DeedState) -> str:
    """A short mark for the board: one dot per house, or `hotel`."""
    if held.hotel:
        return "hotel"
    return "●" * held.houses


def card_effect(state: GameState, player: str | None, card: Card) -> str:
    """What drawing this card does in money for `player`, as the banker reads it out."""
    m = state.money
    others = len([p for p in state.active_players if p.name != player]) if player else 0
    action = card.action
    if action is CardAction.COLLECT:
        return f"collect {m(card.amount)}"
    if action is CardAction.PAY:
        pot = " (into the pot)" if state.rules.free_parking_pot else ""
        return f"pay {m(card.amount)}{pot}"
    if action is CardAction.REPAIRS:
        if player is None:
            return f"{m(card.per_house)} per house, {m(card.per_hotel)} per hotel"
        houses, hotels, due = repairs_due(state, player, card)
        return f"{houses_word(houses)}, {hotels} hotel{'s' if hotels != 1 else ''}: pay {m(due)}"
    if action is CardAction.PAY_EACH:
        return f"pay {others} players {m(card.amount)} each: {m(card.amount * others)}"
    if action is CardAction.COLLECT_EACH:
        return f"collect {m(card.amount)} from {others} players: {m(card.amount * others)}"
    if action is CardAction.ADVANCE:
        target = card.target or ""
        if _is_go(state.edition, target):
            return f"to {target}: collect {m(state.salary)}"
        return f"to {target}; {m(state.salary)} if passing GO"
    if action is CardAction.NEAREST_RAILROAD:
        return f"nearest railroad: {state.edition.railroad_card_multiplier} x rent if owned"
    if action is CardAction.NEAREST_UTILITY:
        return f"nearest utility: {state.edition.utility_card_multiplier} x dice if owned"
    if action is CardAction.BACK:
        return f"back {card.spaces} spaces: no money"
    if action is CardAction.GO_TO_JAIL:
        return "to jail: no salary"
    holder = next((p.name for p in state.players if card.deck in p.jail_cards), None)
    if holder:
        return f"{holder} holds it: not in the deck"
    return "keep it until used or sold"


def _is_go(edition: Edition, name: str) -> bool:
    return any(
        s.kind is SquareKind.GO and s.name.casefold() == name.casefold() for s in edition.squares
    )


@dataclass(frozen=True)
class Landing:
    """A place a token can land, as the banker names it: a deed, a square, or a card."""

    label: str
    """What the picker shows and matches."""
    deed: str | None = None
    square: SquareKind | None = None
    card: str | None = None
    """A card id, to go straight to one card."""


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
        found.append((square.square, Landing(square.name, square=square.kind)))
    result = [landing for _, landing in sorted(found, key=lambda item: item[0])]
    for card in edition.cards:
        result.append(Landing(f"{deck_name(card.deck)}: {card.text}", card=card.id))
    return result


STREET_WORDS = frozenset(
    {"avenue", "place", "road", "street", "railroad", "station", "lane", "square"}
)
"""Last words a name can do without where room is short: `Baltic Avenue` reads as `Baltic`."""


def short_name(name: str) -> str:
    """The deed's name without its street word, for a narrow board."""
    words = name.split()
    rest = " ".join(words[:-1])
    if len(words) > 1 and words[-1].casefold() in STREET_WORDS and len(rest) >= 5:
        return rest
    return name
