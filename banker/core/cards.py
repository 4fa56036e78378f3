"""Chance and Community Chest: each card's money effect."""

from __future__ import annotations

from banker.core.commands import DrawCard, RentVariant
from banker.core.edition import Card, CardAction, Deck, DeedKind
from banker.core.errors import BadInput, NotAllowed, UnknownName
from banker.core.ledger import charge, deed_of, from_bank, player_of, seated_from_left, transfer
from banker.core.money import Message, Money, joined, msg, plural
from banker.core.state import Debt, GameState, Player
from banker.core.worth import check_dice, rent_due

DECK_NAMES: dict[str, Message] = {"chance": msg("Chance"), "chest": msg("Community Chest")}


def deck_name(deck: Deck | str) -> Message:
    return DECK_NAMES.get(deck, msg(deck))


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
    head = msg("{p} drew {deck}: {card}", p=player.name, deck=deck_name(card.deck), card=card.text)
    pot = state.rules.free_parking_pot
    money = state.money

    def said(*parts: Message | None) -> Message:
        told = [p for p in parts if p is not None]
        return msg("{head}: {parts}", head=head, parts=joined(told, "; ")) if told else head

    if action is CardAction.COLLECT:
        from_bank(state, player, card.amount)
        return said(msg("collected {amount}", amount=money(card.amount)))
    if action is CardAction.PAY:
        note = charge(state, player, card.amount, None, msg(card.text), pot=pot)
        return said(_paid(card.amount, state, note), note)
    if action is CardAction.REPAIRS:
        houses, hotels, due = repairs_due(state, player.name, card)
        note = charge(state, player, due, None, msg(card.text), pot=pot) if due else None
        return said(
            msg(
                "{houses} and {hotels}",
                houses=plural(houses, "1 house", "{n} houses"),
                hotels=plural(hotels, "1 hotel", "{n} hotels"),
            ),
            _paid(due, state, note),
            note,
        )
    others = seated_from_left(state, player.name)
    if action is CardAction.PAY_EACH:
        total = card.amount * len(others)
        if player.cash >= total:
            for other in others:
                transfer(player, other, card.amount)
            return said(msg("paid {amount} in all", amount=money(total)))
        for other in others:  # owed in full to each: no cash moves until it is settled
            state.debts.append(
                Debt(
                    debtor=player.name,
                    creditor=other.name,
                    amount=card.amount,
                    reason=card.text,
                    why=msg(card.text).to_json(),
                )
            )
        return said(
            msg(
                "owes {amount} in all; {p} has only {cash}, owed as debts",
                amount=money(total),
                p=player.name,
                cash=money(player.cash),
            )
        )
    if action is CardAction.COLLECT_EACH:
        short = [o.name for o in others if charge(state, o, card.amount, player, msg(card.text))]
        return said(
            msg("{amount} from each player", amount=money(card.amount)),
            plural(
                len(short),
                "{who} could not pay and owes it",
                "{who} could not pay and owe it",
                who=joined(short),
            )
            if short
            else None,
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
        return said(msg("kept until used or sold"))
    if action in (CardAction.GO_TO_JAIL, CardAction.BACK):
        return said()
    # The cards that move the token.
    salary = None
    target = card.target or ""
    to_go = action is CardAction.ADVANCE and target.casefold() == _go_name(state).casefold()
    if cmd.passed_go or to_go:
        from_bank(state, player, state.salary)
        salary = msg("collected {amount} salary", amount=money(state.salary))
    if action is CardAction.ADVANCE or cmd.deed is None:
        return said(salary)
    return said(salary, *_card_rent(state, player, cmd, card))


def _paid(amount: Money, state: GameState, note: Message | None) -> Message:
    if note is None:
        return msg("paid {amount}", amount=state.money(amount))
    return msg("owes {amount}", amount=state.money(amount))


def _card_rent(state: GameState, player: Player, cmd: DrawCard, card: Card) -> list[Message | None]:
    assert cmd.deed is not None
    deed = deed_of(state, cmd.deed)
    wanted = DeedKind.RAILROAD if card.action is CardAction.NEAREST_RAILROAD else DeedKind.UTILITY
    if deed.kind is not wanted:
        raise BadInput(
            "{card!r} sends the token to a railroad; {deed} is not one."
            if wanted is DeedKind.RAILROAD
            else "{card!r} sends the token to a utility; {deed} is not one.",
            card=card.text,
            deed=deed.name,
        )
    held = state.deeds[deed.name]
    if wanted is DeedKind.UTILITY and held.owner not in (None, player.name) and not held.mortgaged:
        check_dice(cmd.dice, deed.name)
    if held.owner is None:
        return [msg("{deed} is for sale", deed=deed.name)]
    if held.owner == player.name:
        return [msg("{deed} is their own deed: no rent", deed=deed.name)]
    if held.mortgaged:
        return [msg("{deed} is mortgaged: no rent", deed=deed.name)]
    variant: RentVariant = "double" if wanted is DeedKind.RAILROAD else "x10"
    rent = rent_due(state, deed.name, cmd.dice, variant)
    owner = player_of(state, held.owner)
    note = charge(state, player, rent.amount, owner, msg("card rent for {deed}", deed=deed.name))
    told = (
        "paid {o} {amount} rent for {why}" if note is None else "owes {o} {amount} rent for {why}"
    )
    return [msg(told, o=owner.name, amount=state.money(rent.amount), why=rent.reason), note]


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
