"""What the app says about the table: card effects in money, buildings, the squares to land on.

Plain functions over the core's state, kept apart from the widgets so they can be tested
without a screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len

from banker.core.cards import deck_name
from banker.core.edition import Card, Edition, SquareKind
from banker.core.level import Level
from banker.core.money import plural
from banker.core.offers.landing import card_effect as offered_card_effect
from banker.core.offers.landing import income_tax
from banker.core.offers.raising import owing, raise_rows
from banker.core.state import GameState
from banker.core.worth import worth
from banker.tui.looks import seat_colour
from banker.tui.speech import N_, _, pad, said

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


def card_effect(state: GameState, player: str | None, card: Card) -> str:
    """What drawing this card does in money for `player`, as the banker reads it out."""
    return said(offered_card_effect(state, player, card))


def square_label(name: str) -> str:
    """A square's name in the game's language, with the board's own name after it so the
    picker still finds it by the English letters: `ภาษีรายได้ (Income Tax)`."""
    shown = _(name)
    return name if shown == name else f"{shown} ({name})"


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
        found.append((square.square, Landing(square_label(square.name), square=square.kind)))
    result = [landing for _square, landing in sorted(found, key=lambda item: item[0])]
    for card in edition.cards:
        result.append(Landing(f"{said(deck_name(card.deck))}: {card.text}", card=card.id))
    return result


def worth_lines(state: GameState, player: str) -> list[str]:
    """A player's worth, line by line, with both income tax options (`worth NAME`)."""
    w = worth(state, player)
    m = state.money
    width = 22
    lines = [_("{p} is worth {amount}:").format(p=player, amount=m(w.total))]
    for label, amount in (
        (_("cash"), w.cash),
        (_("deeds (printed)"), w.deeds),
        (_("buildings (cost)"), w.buildings),
    ):
        lines.append(f"  {pad(label, width)}{m(amount):>10}")
    tax = income_tax(state, player)
    lines.append(
        _("Income tax: {flat} flat, or {pct}% of worth = {amount}").format(
            flat=m(tax.flat), pct=tax.percent, amount=m(tax.of_worth)
        )
    )
    return lines


def raise_lines(state: GameState, player: str) -> list[str]:
    """What a player could raise (`raise NAME`): every building at half (the group sold
    down evenly), every unmortgaged deed's mortgage value."""
    m = state.money
    rows = [(said(row.label), row.amount) for row in raise_rows(state, player)]
    width = max(38, *(cell_len(label) for label, _amount in rows))
    lines = [_("{p} could raise:").format(p=player)]
    lines += [f"  {pad(label, width)}{m(amount):>10}" for label, amount in rows]
    stands = owing(state, player)
    if stands.owed:
        verdict = _("can settle") if not stands.short else _("cannot cover it")
        lines.append(_("Owes {amount}: {verdict}").format(amount=m(stands.owed), verdict=verdict))
    return lines
