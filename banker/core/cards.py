"""Chance and Community Chest: each card's money effect."""

from __future__ import annotations

from banker.core.commands import DrawCard, RentVariant
from banker.core.edition import Card, CardAction, Deck, DeedKind
from banker.core.errors import BadInput, NotAllowed, UnknownName
from banker.core.ledger import charge, deed_of, from_bank, player_of, transfer
from banker.core.money import Message, Money, msg
from banker.core.state import GameState, Player
from banker.core.worth import check_dice, rent_due

DECK_NAMES: dict[str, str] = {"chance": "Chance", "chest": "Community Chest"}


def deck_name(deck: Deck | str) -> str:
    return DECK_NAMES.get(deck, deck)


def card_of(state: GameState, card_id: str) -> Card:
    card = state.edition.cards_by_id.get(card_id)
    if card is None:
        raise UnknownName(
            "There is no card {id!r} in this edition's decks. Card ids look like "
            "'chance-dividend' or 'chest-doctor'.",
            id=card_id,
        )
    return card


def repairs_due(state: GameState, player: str, card: Card) -> tuple[int, int, Money]:
    """Houses, hotels, and what the repairs card charges for them."""
    houses = sum(state.deeds[d].houses for d in state.deeds_of(player))
    hotels = sum(state.deeds[d].hotel for d in state.deeds_of(player))
    return houses, hotels, houses * card.per_house + hotels * card.per_hotel


def draw(state: GameState, cmd: DrawCard) -> Message:
    player = player_of(state, cmd.player)
    card = card_of(state, cmd.card)
    action = card.action
    moves_token = action in (
        CardAction.ADVANCE,
        CardAction.NEAREST_RAILROAD,
        CardAction.NEAREST_UTILITY,
    )
    if cmd.passed_go and not moves_token:
        raise BadInput("{card!r} does not move the token past GO.", card=card.text)
    if cmd.deed is not None and action not in (
        CardAction.NEAREST_RAILROAD,
        CardAction.NEAREST_UTILITY,
    ):
        raise BadInput(
            "Only a nearest-railroad or nearest-utility card takes a deed; {card!r} does not.",
            card=card.text,
        )
    if cmd.dice is not None and action is not CardAction.NEAREST_UTILITY:
        raise BadInput(
            "Only the nearest-utility card takes dice; {card!r} does not.", card=card.text
        )
    head = f"{player.name} drew {deck_name(card.deck)}: {card.text}"
    pot = state.rules.free_parking_pot
    money = state.money

    if action is CardAction.COLLECT:
        from_bank(state, player, card.amount)
        return msg("{head}: collected {amount}", head=head, amount=money(card.amount))
    if action is CardAction.PAY:
        note = charge(state, player, card.amount, None, card.text, pot=pot)
        return msg(
            "{head}: {paid} {amount}{note}",
            head=head,
            paid="owes" if note else "paid",
            amount=money(card.amount),
            note=note,
        )
    if action is CardAction.REPAIRS:
        houses, hotels, due = repairs_due(state, player.name, card)
        note = charge(state, player, due, None, card.text, pot=pot) if due else ""
        return msg(
            "{head}: {h} house{hs} and {t} hotel{ts}, {paid} {amount}{note}",
            head=head,
            h=houses,
            hs="" if houses == 1 else "s",
            t=hotels,
            ts="" if hotels == 1 else "s",
            paid="owes" if note else "paid",
            amount=money(due),
            note=note,
        )
    others = [p for p in state.active_players if p is not player]
    if action is CardAction.PAY_EACH:
        total = card.amount * len(others)
        if player.cash >= total:
            for other in others:
                transfer(player, other, card.amount)
            return msg("{head}: paid {amount} in all", head=head, amount=money(total))
        for other in others:
            charge(state, player, card.amount, other, card.text)
        return msg(
            "{head}: owes {amount} in all; {p} has only {cash}, owed as debts",
            head=head,
            amount=money(total),
            p=player.name,
            cash=money(player.cash),
        )
    if action is CardAction.COLLECT_EACH:
        short = [o.name for o in others if charge(state, o, card.amount, player, card.text)]
        return msg(
            "{head}: {amount} from each player{short}",
            head=head,
            amount=money(card.amount),
            short=f"; {', '.join(short)} could not pay and owe{'s' if len(short) == 1 else ''} it"
            if short
            else "",
        )
    if action is CardAction.JAIL_FREE:
        holder = _holder(state, card.deck)
        if holder is not None:
            raise NotAllowed(
                "{h} already holds the {deck} Get Out of Jail Free card: it is not in the deck.",
                h=holder.name,
                deck=deck_name(card.deck),
            )
        player.jail_cards.append(card.deck)
        return msg("{head}: kept until used or sold", head=head)
    if action in (CardAction.GO_TO_JAIL, CardAction.BACK):
        return msg("{head}", head=head)
    # The cards that move the token.
    salary = ""
    target = card.target or ""
    to_go = action is CardAction.ADVANCE and target.casefold() == _go_name(state).casefold()
    if cmd.passed_go or to_go:
        from_bank(state, player, state.salary)
        salary = f"; collected {money(state.salary)} salary"
    if action is CardAction.ADVANCE or cmd.deed is None:
        return msg("{head}{salary}", head=head, salary=salary)
    return _card_rent(state, player, cmd, card, head, salary)


def _card_rent(
    state: GameState, player: Player, cmd: DrawCard, card: Card, head: str, salary: str
) -> Message:
    assert cmd.deed is not None
    deed = deed_of(state, cmd.deed)
    wanted = DeedKind.RAILROAD if card.action is CardAction.NEAREST_RAILROAD else DeedKind.UTILITY
    if deed.kind is not wanted:
        raise BadInput(
            "{card!r} sends the token to a {kind}; {deed} is not one.",
            card=card.text,
            kind=wanted.value,
            deed=deed.name,
        )
    held = state.deeds[deed.name]
    if wanted is DeedKind.UTILITY and held.owner not in (None, player.name) and not held.mortgaged:
        check_dice(cmd.dice, deed.name)
    if held.owner is None:
        return msg("{head}{salary}; {deed} is for sale", head=head, salary=salary, deed=deed.name)
    if held.owner == player.name or held.mortgaged:
        why = "their own deed" if held.owner == player.name else "mortgaged"
        return msg(
            "{head}{salary}; {deed} is {why}: no rent",
            head=head,
            salary=salary,
            deed=deed.name,
            why=why,
        )
    variant: RentVariant = "double" if wanted is DeedKind.RAILROAD else "x10"
    rent = rent_due(state, deed.name, cmd.dice, variant)
    owner = player_of(state, held.owner)
    note = charge(state, player, rent.amount, owner, f"card rent for {deed.name}")
    return msg(
        "{head}{salary}; {paid} {o} {amount} rent for {why}{note}",
        head=head,
        salary=salary,
        paid="owes" if note else "paid",
        o=owner.name,
        amount=state.money(rent.amount),
        why=rent.reason,
        note=note,
    )


def _holder(state: GameState, deck: Deck) -> Player | None:
    for p in state.players:
        if deck in p.jail_cards:
            return p
    return None


def _go_name(state: GameState) -> str:
    for square in state.edition.squares:
        if square.kind.value == "go":
            return square.name
    return "GO"
