"""What the app says about the table: card effects in money, buildings, the squares to land on.

Plain functions over the core's state, kept apart from the widgets so they can be tested
without a screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len

from banker.core.cards import deck_name, repairs_due
from banker.core.edition import Card, CardAction, Edition, SquareKind
from banker.core.money import plural
from banker.core.state import GameState
from banker.core.worth import half, income_tax_percent, worth, worth_hidden
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


def level_word(level: int) -> str:
    """Buildings on a lot as the table says it: `no houses`, `2 houses`, `hotel`."""
    if level >= 5:
        return _("hotel")
    return _("no houses") if level == 0 else houses_word(level)


def card_effect(state: GameState, player: str | None, card: Card) -> str:
    """What drawing this card does in money for `player`, as the banker reads it out."""
    m = state.money
    others = len([p for p in state.active_players if p.name != player]) if player else 0
    action = card.action
    if action is CardAction.COLLECT:
        return _("collect {amount}").format(amount=m(card.amount))
    if action is CardAction.PAY:
        if state.rules.free_parking_pot:
            return _("pay {amount} (into the pot)").format(amount=m(card.amount))
        return _("pay {amount}").format(amount=m(card.amount))
    if action is CardAction.REPAIRS:
        if player is None:
            return _("{house} per house, {hotel} per hotel").format(
                house=m(card.per_house), hotel=m(card.per_hotel)
            )
        houses, hotels, due = repairs_due(state, player, card)
        return _("{houses}, {hotels}: pay {amount}").format(
            houses=houses_word(houses), hotels=hotels_word(hotels), amount=m(due)
        )
    if action is CardAction.PAY_EACH:
        return _("pay {n} players {amount} each: {total}").format(
            n=others, amount=m(card.amount), total=m(card.amount * others)
        )
    if action is CardAction.COLLECT_EACH:
        return _("collect {amount} from {n} players: {total}").format(
            n=others, amount=m(card.amount), total=m(card.amount * others)
        )
    if action is CardAction.ADVANCE:
        target = card.target or ""
        if _is_go(state.edition, target):
            return _("to {square}: collect {amount}").format(square=target, amount=m(state.salary))
        return _("to {square}; {amount} if passing GO").format(
            square=target, amount=m(state.salary)
        )
    if action is CardAction.NEAREST_RAILROAD:
        return _("nearest railroad: {n} x rent if owned").format(
            n=state.edition.railroad_card_multiplier
        )
    if action is CardAction.NEAREST_UTILITY:
        return _("nearest utility: {n} x dice if owned").format(
            n=state.edition.utility_card_multiplier * state.edition.scale
        )
    if action is CardAction.BACK:
        return _("back {n} spaces: no money").format(n=card.spaces)
    if action is CardAction.GO_TO_JAIL:
        return _("to jail: no salary")
    holder = next((p.name for p in state.players if card.deck in p.jail_cards), None)
    if holder:
        return _("{p} holds it: not in the deck").format(p=holder)
    return _("keep it until used or sold")


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
    """A player's worth, line by line, with both income tax options (`worth NAME`); under
    strict income tax, only why it is not shown."""
    if worth_hidden(state):
        return [
            _(
                "This game plays strict income tax: nobody's worth is shown until the game "
                "ends. The breakdown comes with the receipt of a percentage choice."
            )
        ]
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
    lines.append(
        _("Income tax: {flat} flat, or {pct}% of worth = {amount}").format(
            flat=m(state.edition.income_tax),
            pct=state.edition.income_tax_percent,
            amount=m(income_tax_percent(state, player)),
        )
    )
    return lines


def raise_lines(state: GameState, player: str) -> list[str]:
    """What a player could raise (`raise NAME`): every building at half (the group sold
    down evenly), every unmortgaged deed's mortgage value."""
    m = state.money
    rows: list[tuple[str, int]] = [(_("cash"), state.player(player).cash)]
    for group, lots in state.edition.group_lots.items():
        levels = [state.level(lot) for lot in lots]
        if state.deeds[lots[0]].owner != player or not any(levels):
            continue
        cost = state.edition.deed(lots[0]).house_cost or 0
        name = _(state.edition.groups_by_id[group].name)
        label = _("sell the {group} group's {n} building(s), evenly").format(
            group=name, n=sum(levels)
        )
        rows.append((label, sum(levels) * half(cost)))
    for name in state.deeds_of(player):
        if not state.deeds[name].mortgaged:
            rows.append((_("mortgage {deed}").format(deed=name), state.edition.deed(name).mortgage))
    total = sum(amount for _label, amount in rows)
    rows.append((_("total"), total))
    width = max(38, *(cell_len(label) for label, _amount in rows))
    lines = [_("{p} could raise:").format(p=player)]
    lines += [f"  {pad(label, width)}{m(amount):>10}" for label, amount in rows]
    owed = sum(d.amount for d in state.debts_of(player))
    if owed:
        verdict = _("can settle") if total >= owed else _("cannot cover it")
        lines.append(_("Owes {amount}: {verdict}").format(amount=m(owed), verdict=verdict))
    return lines
