"""Chance and Community Chest: each card's money effect."""

from __future__ import annotations

from typing import Any

from msgspec import Struct

from banker.core.args import Args, dice, is_number
from banker.core.command import CommandRecord, RentVariant
from banker.core.edition import Card, CardAction, Deck, Deed, DeedKind
from banker.core.errors import BadInput, NotAllowed, UnknownName
from banker.core.ledger import charge, deed_of, from_bank, player_of, seated_from_left, transfer
from banker.core.money import Money
from banker.core.rent import check_dice, rent_due
from banker.core.state import Debt, GameState, Player
from banker.core.turns import arrive, position, send_to_jail, words_of
from banker.core.verb import Verb, Word
from banker.i18n.message import N_, Message, joined, msg, plural


class DrawCard(CommandRecord, frozen=True, kw_only=True, tag="card"):
    """The player drew a Chance or Community Chest card: its money effect."""

    player: str
    card: str
    """The card's id in the edition."""
    deed: str | None = None
    """Where a nearest-railroad or nearest-utility card sent the token."""
    dice: int | None = None
    """The dice thrown for the nearest-utility card."""
    passed_go: bool = False
    """The token passed GO on the way to the card's square (salary)."""
    square: int | None = None
    """The square the token stood on when the card was drawn (a Chance square): where a
    moving card takes it, and whether it passes GO, follow from it."""


DECK_NAMES: dict[str, Message] = {"chance": msg("Chance"), "chest": msg("Community Chest")}


def deck_name(deck: Deck | str) -> Message:
    return DECK_NAMES.get(deck, msg(deck))


def card_of(state: GameState, card_id: str) -> Card:
    card = state.edition.card_by_id(card_id)
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
    words = state.edition.card_words(card)
    action = card.action
    moves_token = action in (
        CardAction.ADVANCE,
        CardAction.NEAREST_RAILROAD,
        CardAction.NEAREST_UTILITY,
    )
    follows = state.rules.follow_tokens
    if cmd.square is not None and not moves_token and not follows:
        raise BadInput("{card!r} does not move the token: no square to give.", card=words)
    if cmd.passed_go and not moves_token:
        raise BadInput("{card!r} does not move the token past GO.", card=words)
    if cmd.deed is not None and action not in (
        CardAction.NEAREST_RAILROAD,
        CardAction.NEAREST_UTILITY,
    ):
        raise BadInput(
            "Only a nearest-railroad or nearest-utility card takes a deed; {card!r} does not.",
            card=words,
        )
    if cmd.dice is not None and action is not CardAction.NEAREST_UTILITY:
        raise BadInput("Only the nearest-utility card takes dice; {card!r} does not.", card=words)
    moving = moves_token or action in (CardAction.BACK, CardAction.GO_TO_JAIL)
    if follows and player.name in state.jail and (moving or cmd.square is not None):
        raise NotAllowed(
            "{p} is in jail: a card is drawn on landing, and a player in jail lands "
            "nowhere until they leave.",
            p=player.name,
        )
    origin = _origin(state, cmd, card)
    if follows and origin is not None:
        state.positions[player.name] = origin
    head = msg("{p} drew {deck}: {card}", p=player.name, deck=deck_name(card.deck), card=words)
    pot = state.rules.free_parking_pot
    money = state.money

    def said(*parts: Message | None) -> Message:
        told = [p for p in parts if p is not None]
        return msg("{head}: {parts}", head=head, parts=joined(told, "; ")) if told else head

    if action is CardAction.COLLECT:
        from_bank(state, player, card.amount)
        return said(msg("collected {amount}", amount=money(card.amount)))
    if action is CardAction.PAY:
        note = charge(state, player, card.amount, None, words, pot=pot)
        return said(_paid(card.amount, state, note), note)
    if action is CardAction.REPAIRS:
        houses, hotels, due = repairs_due(state, player.name, card)
        note = charge(state, player, due, None, words, pot=pot) if due else None
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
        if player.cash >= total and not state.debts_of(player.name):
            for other in others:
                transfer(player, other, card.amount)
            return said(msg("paid {amount} in all", amount=money(total)))
        for other in others:  # owed in full to each: no cash moves until it is settled
            state.debts.append(
                Debt(
                    debtor=player.name,
                    creditor=other.name,
                    amount=card.amount,
                    reason=words.render(),
                    why=words.to_json(),
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
        short = [o.name for o in others if charge(state, o, card.amount, player, words)]
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
    if action is CardAction.GO_TO_JAIL:
        if not follows:
            return said()
        send_to_jail(state, player.name)
        return said(msg("went to jail: no salary"))
    if action is CardAction.BACK:
        if not follows or origin is None:
            return said()
        size = state.edition.board_size
        back = (origin - card.spaces) % size
        if arrive(state, player.name, back, "card", card=card.id):
            return said(msg("went to jail: no salary"))
        return said(msg("now on {square}", square=words_of(state, back)))
    # The cards that move the token: where to, and whether past GO, follow from the square
    # it was drawn on.
    deed, passes = _journey(state, cmd, card, origin)
    salary = None
    if passes:
        from_bank(state, player, state.salary)
        salary = msg("collected {amount} salary", amount=money(state.salary))
    where: Message | None = None
    if follows and origin is not None:
        dest = _destination(state, card, origin)[0]
        arrive(state, player.name, dest, "card", cmd.dice, card.id)
        where = msg("now on {square}", square=words_of(state, dest))
    if action is CardAction.ADVANCE or deed is None:
        return said(salary, where)
    return said(salary, where, *_card_rent(state, player, cmd, card, deed))


def _origin(state: GameState, cmd: DrawCard, card: Card) -> int | None:
    """The square of its deck the card was drawn on: the one named (`at N`), else the
    token's when it stands on one. Where the bank follows the tokens and it stands on none,
    a card whose journey is the same from every square the card (and the deed named) allow
    takes the first of them; a card whose journey differs is refused with the squares.
    None for a card that does not move the token, or a board without the deck's squares.

    Raises:
        BadInput: the square named is not one of the deck's, or the card needs one.
    """
    origins = _origins(state, card)
    if not origins:
        return None
    deck = deck_name(card.deck)
    words = state.edition.card_words(card)
    if cmd.square is not None:
        if cmd.square not in origins:
            raise BadInput(
                "{card!r} is drawn on a {deck} square ({squares}); square {n} is not one.",
                card=words,
                deck=deck,
                squares=", ".join(map(str, origins)),
                n=cmd.square,
            )
        return cmd.square
    if not state.rules.follow_tokens:
        return None  # games saved before: the card's journey from every square
    candidates = origins
    if cmd.deed is not None and card.action in (
        CardAction.NEAREST_RAILROAD,
        CardAction.NEAREST_UTILITY,
    ):
        square = deed_of(state, cmd.deed).square
        _check_kind(state, card, deed_of(state, cmd.deed))
        candidates = [o for o in origins if _destination(state, card, o)[0] == square]
        if not candidates:
            return None  # the journey says why that deed cannot be it
    here = position(state, cmd.player)
    if here in candidates:
        return here
    if card.action not in MOVES_BY_SQUARE:
        return None
    journeys = {_leg(_journey_from(state, card, o)) for o in candidates}
    if len(journeys) == 1:
        return candidates[0]
    raise BadInput(
        "{p}'s token is on {square}, not on a {deck} square: say which one the card was "
        "drawn on ('card {p} {id} at N'; {deck} squares: {squares}).",
        p=cmd.player,
        square=words_of(state, here),
        deck=deck,
        id=card.id,
        squares=", ".join(map(str, origins)),
    )


MOVES_BY_SQUARE = (
    CardAction.ADVANCE,
    CardAction.NEAREST_RAILROAD,
    CardAction.NEAREST_UTILITY,
    CardAction.BACK,
)
"""The cards whose journey starts from the square they are drawn on."""


class Journey(Struct, frozen=True):
    """Where a card that moves the token takes it from a square of its deck."""

    origin: int | None
    """The square it is drawn on; None when the journey is the same from every one."""
    destination: int
    deed: str | None
    """The deed a nearest-railroad or nearest-utility card sends the token to."""
    passes_go: bool
    """The way there passes GO: the salary is paid (never going back)."""


def card_journeys(state: GameState, player: str, card: Card) -> list[Journey]:
    """Where drawing `card` now takes `player`'s token: one journey when the bank knows the
    square (the token stands on one of the deck's) or the journey is the same from every
    square; one per square of the deck when it depends on which (the banker says, `at N`);
    none for a card that does not move by its square, a board without the deck's squares,
    or a game saved before the bank followed the tokens."""
    origins = _origins(state, card)
    if card.action not in MOVES_BY_SQUARE or not origins or not state.rules.follow_tokens:
        return []
    here = position(state, player)
    starts = [here] if here in origins else origins
    found = [_journey_from(state, card, o) for o in starts]
    if len({(j.destination, j.passes_go) for j in found}) == 1:
        return [Journey(here if here in origins else None, *_leg(found[0]))]
    return found


def _leg(journey: Journey) -> tuple[int, str | None, bool]:
    return journey.destination, journey.deed, journey.passes_go


def _journey_from(state: GameState, card: Card, origin: int) -> Journey:
    if card.action is CardAction.BACK:
        return Journey(origin, (origin - card.spaces) % state.edition.board_size, None, False)
    destination, passes = _destination(state, card, origin)
    nearest = card.action in (CardAction.NEAREST_RAILROAD, CardAction.NEAREST_UTILITY)
    return Journey(origin, destination, _deed_at(state, destination) if nearest else None, passes)


def _origins(state: GameState, card: Card) -> list[int]:
    """The squares a card of this deck is drawn on (7, 22 and 36 for Chance on the US board)."""
    return sorted(s.square for s in state.edition.squares if s.kind.value == card.deck)


def _destination(state: GameState, card: Card, origin: int) -> tuple[int, bool]:
    """Where a moving card takes the token from `origin`, and whether it passes GO."""
    edition = state.edition
    if card.action is CardAction.ADVANCE:
        target = (card.target or "").casefold()
        places = [(d.square, d.name) for d in edition.deeds]
        places += [(s.square, s.name) for s in edition.squares]
        dest = next(sq for sq, name in places if name.casefold() == target)
    else:
        kind = DeedKind.RAILROAD if card.action is CardAction.NEAREST_RAILROAD else DeedKind.UTILITY
        squares = sorted(d.square for d in edition.deeds if d.kind is kind)
        dest = next((sq for sq in squares if sq > origin), squares[0])
    return dest, dest <= origin


def _deed_at(state: GameState, square: int) -> str | None:
    return next((d.name for d in state.edition.deeds if d.square == square), None)


def _journey(
    state: GameState, cmd: DrawCard, card: Card, origin: int | None
) -> tuple[str | None, bool]:
    """The deed a nearest-railroad or nearest-utility card sends the token to (None for
    other cards, or when unknown) and whether it passes GO; refuses what cannot happen."""
    nearest = card.action in (CardAction.NEAREST_RAILROAD, CardAction.NEAREST_UTILITY)
    deck = deck_name(card.deck)
    origins = _origins(state, card)
    if not origins:  # a board without its card squares: the banker's word
        target = (card.target or "").casefold()
        to_go = card.action is CardAction.ADVANCE and target == _go_name(state).casefold()
        return cmd.deed, cmd.passed_go or to_go
    starts = [origin] if origin is not None else origins
    deed = cmd.deed
    if nearest:
        if deed is None and origin is None:
            raise BadInput(
                "Say where {card!r} took the token: the deed ('card {p} {id} DEED') or the "
                "{deck} square it was drawn on ('card {p} {id} at {first}').",
                card=state.edition.card_words(card),
                p=cmd.player,
                id=card.id,
                deck=deck,
                first=origins[0],
            )
        if deed is None:
            deed = _deed_at(state, _destination(state, card, starts[0])[0])
        else:
            _check_kind(state, card, deed_of(state, deed))
            square = deed_of(state, deed).square
            fits = [o for o in starts if _destination(state, card, o)[0] == square]
            if not fits:
                ways = [
                    msg(
                        "from {n}: {deed}",
                        n=o,
                        deed=_deed_at(state, _destination(state, card, o)[0]) or "?",
                    )
                    for o in starts
                ]
                raise BadInput(
                    "{deed} cannot be where {card!r} sends the token ({ways}).",
                    deed=deed,
                    card=state.edition.card_words(card),
                    ways=joined(ways, "; "),
                )
            starts = fits
    passes = {_destination(state, card, o)[1] for o in starts}
    if passes == {False} and cmd.passed_go:
        raise BadInput(
            "{card!r} cannot take the token past GO from {where}: no salary is due.",
            card=state.edition.card_words(card),
            where=msg("square {n}", n=starts[0])
            if len(starts) == 1
            else msg("any {deck} square", deck=deck),
        )
    return deed, passes == {True} or cmd.passed_go


def _paid(amount: Money, state: GameState, note: Message | None) -> Message:
    if note is None:
        return msg("paid {amount}", amount=state.money(amount))
    return msg("owes {amount}", amount=state.money(amount))


def _card_rent(
    state: GameState, player: Player, cmd: DrawCard, card: Card, deed_name: str
) -> list[Message | None]:
    deed = deed_of(state, deed_name)
    wanted = _check_kind(state, card, deed)
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
    told = msg(
        "paid {o} {amount} rent for {why}" if note is None else "owes {o} {amount} rent for {why}",
        o=owner.name,
        amount=state.money(rent.amount),
        why=rent.reason,
    )
    return [told, note]


def _check_kind(state: GameState, card: Card, deed: Deed) -> DeedKind:
    """The kind of deed a nearest-railroad or nearest-utility card sends the token to;
    refuses a deed of another kind (a station's on the London board)."""
    wanted = DeedKind.RAILROAD if card.action is CardAction.NEAREST_RAILROAD else DeedKind.UTILITY
    if deed.kind is not wanted:
        stations = state.edition.railroad_word == "station"
        raise BadInput(
            "{card!r} sends the token to a utility; {deed} is not one."
            if wanted is DeedKind.UTILITY
            else "{card!r} sends the token to a station; {deed} is not one."
            if stations
            else "{card!r} sends the token to a railroad; {deed} is not one.",
            card=state.edition.card_words(card),
            deed=deed.name,
        )
    return wanted


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


def read_card(a: Args) -> DrawCard:
    words = list(a.words)
    passed_go = bool(words) and words[-1].casefold() == "go"
    if passed_go:
        words.pop()
    square = _square(words)
    roll: int | None = None
    if words and is_number(words[-1]):
        roll = dice(words.pop())
    square = square if square is not None else _square(words)
    ids = list(a.state.edition.cards_by_id)

    def card_and_deed(rest: list[str]) -> tuple[str, str | None]:
        if not rest:
            raise BadInput(
                "Name the card, e.g. 'card Alice chance-dividend'. Card ids: {ids}.",
                ids=", ".join(ids),
            )
        token = rest[0].casefold()
        renamed = a.state.edition.cards_by_old_id.get(token)  # an id from before, e.g. in a script
        found = (
            [i for i in ids if i == token]
            or ([renamed.id] if renamed else [])
            or [i for i in ids if i.startswith(token)]
        )
        if len(found) != 1:
            raise UnknownName(
                "{t!r} could be more than one card. Card ids: {ids}."
                if found
                else "{t!r} is not a card. Card ids: {ids}.",
                t=rest[0],
                ids=", ".join(found or ids),
            )
        return found[0], a.deed(rest[1:]) if rest[1:] else None

    name, (card_id, deed) = a.split(words, card_and_deed)
    return DrawCard(
        player=name, card=card_id, deed=deed, dice=roll, passed_go=passed_go, square=square
    )


def _square(words: list[str]) -> int | None:
    """`at N` at the end of `words` (taken off them): the square the token stood on."""
    if len(words) >= 2 and words[-2].casefold() == "at" and is_number(words[-1]):
        square = words.pop()
        words.pop()
        if len(square) > 3:
            raise BadInput("{n!r} is not a square of the board.", n=square)
        return int(square)
    return None


DECLARED: tuple[Verb[Any] | Word[Any], ...] = (
    Verb(
        DrawCard,
        draw,
        Word(
            "card",
            N_("card PLAYER CARD_ID [DEED] [at SQUARE] [DICE] [go]"),
            read_card,
            "landed",
            keywords=("go", "at"),
        ),
        example="card bob chance-div",
    ),
)
"""This family's verbs (help lists every word in `verbs.HELP_ORDER`'s order)."""
