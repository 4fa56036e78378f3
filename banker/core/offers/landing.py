"""A player lands somewhere: what the banker reads out and the offers that apply there, each
a ready command with its amount (buy or auction, rent or "needs the dice", both income tax
options, each card of the deck with its money effect, jail, the pot, GO)."""

from __future__ import annotations

from dataclasses import dataclass, field

from banker.core import commands as c
from banker.core.cards import Journey, card_journeys, repairs_due
from banker.core.edition import Card, CardAction, DeedKind, Edition, SquareKind
from banker.core.engine import apply, refusal
from banker.core.errors import BankerError
from banker.core.money import Money
from banker.core.rent import rent_due
from banker.core.rules import IncomeTaxMode
from banker.core.state import GameState
from banker.core.turns import deed_at, kind_at, position, square_name, throw_moves, words_of
from banker.core.worth import income_tax_percent, worth
from banker.i18n.message import N_, Message, msg, plural

AUCTION_NOTE = N_(
    "At an auction every player may bid: a opens the auctioneer's screen, where digits "
    "and Enter place a bid for the highlighted bidder, x drops out and c sells."
)


OFFER_KEYS = frozenset("abcfgprtw")
"""Every key a landing's offer answers to (buy, auction, card, fine, GO, pay, rent, tax
throw, worth): a key typed for an offer that never came is not another screen's key."""


@dataclass(frozen=True)
class Offer:
    """One thing the bank may do now, ready to do."""

    key: str
    """The key the dialog gives it."""
    label: Message
    command: c.Command
    amount: Money | None = None
    """What changes hands, when it is known before the command is made."""
    refusal: Message | None = None
    """Why the bank would refuse it now, or None."""


@dataclass(frozen=True)
class CardOffer:
    """One card of a deck and what drawing it does in money."""

    card: Card
    effect: Message
    needs_more: bool
    """Drawing it needs more than the card: a square, or the dice."""
    destination: str | None = None
    """The square it sends the token to, when that is known (its own target, or the one
    journey from the square the token stands on): the banker finds the card by it."""


@dataclass
class LandingOffers:
    """What the banker reads out where a player landed, and what may be done."""

    says: list[Message] = field(default_factory=list)
    """The sentences that say what applies here."""
    amount_line: Message | None = None
    """The rent's reason, or another amount worth reading out large."""
    hint: Message | None = None
    offers: list[Offer] = field(default_factory=list)
    asks: bool = False
    """There is one main offer (buy, rent, a tax) whose refusal is shown under it."""
    refusal: Message | None = None
    """Why the main offer would be refused now, or None."""
    warning: Message | None = None
    """The cash does not cover an obliged payment: it becomes a debt."""
    needs_dice: bool = False
    """A utility's rent: the dice total comes first (`utility_rent`)."""
    breakdown: list[tuple[Message, Money]] = field(default_factory=list)
    """Worth line by line for the income tax percentage, when it is shown."""
    cards: list[CardOffer] = field(default_factory=list)


def _add(
    found: LandingOffers,
    state: GameState,
    key: str,
    label: Message,
    command: c.Command,
    amount: Money | None = None,
) -> Offer:
    offer = Offer(key, label, command, amount, refusal(state, command))
    found.offers.append(offer)
    return offer


def land_on_deed(state: GameState, player: str, deed: str) -> LandingOffers:
    """A player on a deed: buy or auction, nothing, or rent (or the dice first)."""
    found = LandingOffers()
    money = state.money
    held = state.deeds[deed]
    price = state.edition.deed(deed).price
    if held.owner is None:
        found.says.append(
            msg(
                "{deed} is for sale at its printed price, {price}. {p} has {cash}.",
                deed=deed,
                price=money(price),
                p=player,
                cash=money(state.player(player).cash),
            )
        )
        buy = _add(
            found,
            state,
            "b",
            msg("Buy for {price}", price=money(price)),
            c.Buy(player=player, deed=deed),
            price,
        )
        _add(found, state, "a", msg("Send to auction"), c.StartAuction(lot=deed))
        found.asks, found.refusal = True, buy.refusal
        found.hint = msg(AUCTION_NOTE)
        return found
    if held.owner == player:
        found.says.append(msg("{p} owns {deed}: nothing to pay.", p=player, deed=deed))
        return found
    if held.mortgaged:
        found.says.append(
            msg("{deed} is mortgaged ({owner}): it collects no rent.", deed=deed, owner=held.owner)
        )
        return found
    command = c.PayRent(player=player, deed=deed)
    if state.edition.deed(deed).kind is DeedKind.UTILITY:
        found.says.append(
            msg(
                "{deed} belongs to {owner}. Throw the dice: the rent is by the total.",
                deed=deed,
                owner=held.owner,
            )
        )
        _add(found, state, "r", msg("Collect rent for {owner}", owner=held.owner), command)
        found.needs_dice = True
        found.asks, found.refusal = True, msg("Type the dice total.")
        return found
    rent = rent_due(state, deed)
    found.says.append(msg("{deed} belongs to {owner}.", deed=deed, owner=held.owner))
    found.amount_line = rent.reason
    payer = state.player(player).cash
    if payer >= rent.amount:
        owner = state.player(held.owner).cash
        found.hint = msg(
            "{p} {cash} → {after} · {owner} {owner_cash} → {owner_after}",
            p=player,
            cash=money(payer),
            after=money(payer - rent.amount),
            owner=held.owner,
            owner_cash=money(owner),
            owner_after=money(owner + rent.amount),
        )
    offer = _add(
        found,
        state,
        "r",
        msg("Collect {amount} for {owner}", amount=money(rent.amount), owner=held.owner),
        command,
        rent.amount,
    )
    found.warning = _short(state, player, rent.amount)
    found.asks, found.refusal = True, offer.refusal
    return found


@dataclass(frozen=True)
class UtilityRent:
    """A utility's rent once the dice are known."""

    command: c.PayRent
    reason: Message | None
    """The rent and why, or None when the dice total is not a dice total."""
    refusal: Message | None


def utility_rent(state: GameState, player: str, deed: str, dice: int) -> UtilityRent:
    command = c.PayRent(player=player, deed=deed, dice=dice)
    try:
        reason: Message | None = rent_due(state, deed, dice).reason
    except BankerError as exc:
        return UtilityRent(command, None, exc.message)
    return UtilityRent(command, reason, refusal(state, command))


def _short(state: GameState, player: str, amount: Money) -> Message | None:
    cash = state.player(player).cash
    if cash >= amount:
        return None
    return msg(
        "{p} has only {cash}: the {amount} will be owed "
        "until raised by selling buildings or mortgaging.",
        p=player,
        cash=state.money(cash),
        amount=state.money(amount),
    )


def land_on_square(state: GameState, player: str, kind: SquareKind) -> LandingOffers:
    """A player on a square that is not a deed."""
    found = LandingOffers()
    money = state.money
    if kind is SquareKind.GO:
        found.says.append(
            msg("The bank pays {p} the {amount} salary.", p=player, amount=money(state.salary))
        )
        _add(
            found,
            state,
            "g",
            msg("Collect {amount}", amount=money(state.salary)),
            c.PassGo(player=player),
            state.salary,
        )
    elif kind is SquareKind.INCOME_TAX:
        _income_tax(found, state, player)
    elif kind is SquareKind.LUXURY_TAX:
        amount = state.edition.luxury_tax
        text = (
            N_("{p} pays {amount} {tax} into the Free Parking pot.")
            if state.rules.free_parking_pot
            else N_("{p} pays {amount} {tax}.")
        )
        found.says.append(
            msg(text, p=player, amount=money(amount), tax=msg(state.edition.luxury_tax_name))
        )
        offer = _add(
            found,
            state,
            "p",
            msg("Pay {amount}", amount=money(amount)),
            c.PayTax(player=player, kind="luxury"),
            amount,
        )
        found.asks, found.refusal = True, offer.refusal
    elif kind in (SquareKind.CHANCE, SquareKind.CHEST):
        deck = "chance" if kind is SquareKind.CHANCE else "chest"
        found.cards = deck_offers(state, player, deck)
    elif kind is SquareKind.JAIL and player not in state.jail and state.rules.follow_tokens:
        found.says.append(msg("{p} is just visiting: nothing to pay.", p=player))
    elif kind is SquareKind.JAIL:
        cards = len(state.player(player).jail_cards)
        found.says.append(
            msg(
                "{p} is in jail: the next throw is {n} of 3. Before throwing, {p} may pay "
                "the {fine} fine or use a Get Out of Jail Free card ({k} held); or throw: "
                "doubles leave without the fine, a third throw without doubles pays it and "
                "moves.",
                p=player,
                n=state.jail.get(player, 0) + 1,
                fine=money(state.jail_fine),
                k=cards,
            )
            if player in state.jail and cards
            else msg(
                "{p} is in jail: the next throw is {n} of 3. Before throwing, {p} may pay "
                "the {fine} fine (no Get Out of Jail Free card held); or throw: doubles "
                "leave without the fine, a third throw without doubles pays it and moves.",
                p=player,
                n=state.jail.get(player, 0) + 1,
                fine=money(state.jail_fine),
            )
            if player in state.jail
            else msg(
                "Just visiting costs nothing. To leave jail {p} pays the "
                "{fine} fine or uses a Get Out of Jail Free card ({n} held).",
                p=player,
                fine=money(state.jail_fine),
                n=len(state.player(player).jail_cards),
            )
        )
        _add(
            found,
            state,
            "f",
            msg("Pay the {fine} fine", fine=money(state.jail_fine)),
            c.LeaveJail(player=player, method="fine"),
            state.jail_fine,
        )
        if cards:  # no card held: not offered at all
            _add(
                found,
                state,
                "c",
                msg("Use a Get Out of Jail Free card"),
                c.LeaveJail(player=player, method="card"),
            )
    elif kind is SquareKind.GO_TO_JAIL:
        found.says.append(
            msg(
                "{p} goes straight to jail: no salary for the trip to jail. Nothing to pay now.",
                p=player,
            )
        )
    elif kind is SquareKind.FREE_PARKING:
        if state.rules.free_parking_pot:
            pot = state.bank.free_parking
            found.says.append(
                msg("{p} takes the Free Parking pot: {amount}.", p=player, amount=money(pot))
            )
            _add(
                found,
                state,
                "t",
                msg("Take {amount}", amount=money(pot)),
                c.TakeParking(player=player),
                pot,
            )
        else:
            found.says.append(msg("Free Parking: nothing to pay, nothing to collect."))
    return found


def _income_tax(found: LandingOffers, state: GameState, player: str) -> None:
    money = state.money
    flat = state.edition.income_tax
    pct = state.edition.income_tax_percent
    _add(
        found,
        state,
        "f",
        msg("Pay {amount} flat", amount=money(flat)),
        c.PayTax(player=player, kind="income_flat"),
        flat,
    )
    if state.rules.income_tax is IncomeTaxMode.FLAT:
        found.says.append(
            msg(
                "{p} pays {amount} income tax (this game charges it flat).",
                p=player,
                amount=money(flat),
            )
        )
        return
    found.says.append(
        msg(
            "{p} chooses: {amount}, or {pct}% of total worth.",
            p=player,
            amount=money(flat),
            pct=pct,
        )
    )
    percent = c.PayTax(player=player, kind="income_percent")
    if state.rules.strict_income_tax:
        found.hint = msg("Strict rule: the {pct}% figure is worked out after the choice.", pct=pct)
        _add(found, state, "w", msg("Pay {pct}% of worth", pct=pct), percent)
        return
    w = worth(state, player)
    due = income_tax_percent(state, player)
    found.breakdown = [
        (msg("Cash"), w.cash),
        (msg("Deeds at printed price"), w.deeds),
        (msg("Buildings at cost"), w.buildings),
        (msg("Total worth"), w.total),
        (msg("{pct}% of worth", pct=pct), due),
    ]
    _add(found, state, "w", msg("Pay {amount} ({pct}%)", amount=money(due), pct=pct), percent, due)
    if due < flat:  # the cheaper choice first: it is what the table expects Enter to take
        found.offers[-2:] = found.offers[-1:-3:-1]


NEEDS_MORE = (CardAction.ADVANCE, CardAction.NEAREST_RAILROAD, CardAction.NEAREST_UTILITY)
"""Cards whose effect depends on where the token goes or on the dice."""


def deck_here(state: GameState, player: str) -> str | None:
    """The deck drawn from where `player`'s token stands ("chance" or "chest"), or None when
    it stands elsewhere or the bank does not follow the tokens: a card for that square can
    be drawn again at any time (after an undo, or a card forgotten)."""
    if not state.rules.follow_tokens:
        return None
    kind = kind_at(state.edition, position(state, player))
    if kind is SquareKind.CHANCE:
        return "chance"
    return "chest" if kind is SquareKind.CHEST else None


def deck_offers(state: GameState, player: str | None, deck: str) -> list[CardOffer]:
    """Every card of a deck with what drawing it does in money for `player`."""
    return [card_offer(state, player, card) for card in state.edition.cards if card.deck == deck]


def card_offer(state: GameState, player: str | None, card: Card) -> CardOffer:
    """A card of the deck, with what it does; it needs more than the card when its journey
    depends on a square the bank does not know, or on the dice (an owned utility)."""
    journeys = card_journeys(state, player, card) if player else []
    if not journeys:
        needs_more = card.action in NEEDS_MORE
    elif len(journeys) > 1:
        needs_more = True
    else:
        needs_more = _needs_dice(state, player, card, journeys[0])
    destination = card.target if card.action is CardAction.ADVANCE else None
    if len(journeys) == 1:
        destination = square_name(state.edition, journeys[0].destination)
    return CardOffer(card, card_effect(state, player, card), needs_more, destination)


def _needs_dice(state: GameState, player: str | None, card: Card, journey: Journey) -> bool:
    if card.action is not CardAction.NEAREST_UTILITY or journey.deed is None:
        return False
    held = state.deeds[journey.deed]
    return held.owner not in (None, player) and not held.mortgaged


def card_effect(state: GameState, player: str | None, card: Card) -> Message:
    """What drawing this card does in money for `player`, as the banker reads it out: where
    it takes the token when the bank knows the square it is drawn on."""
    journeys = card_journeys(state, player, card) if player else []
    if len(journeys) == 1 and player is not None:
        return journey_effect(state, player, card, journeys[0])
    m = state.money
    others = len([p for p in state.active_players if p.name != player]) if player else 0
    action = card.action
    if action is CardAction.COLLECT:
        return msg("collect {amount}", amount=m(card.amount))
    if action is CardAction.PAY:
        if state.rules.free_parking_pot:
            return msg("pay {amount} (into the pot)", amount=m(card.amount))
        return msg("pay {amount}", amount=m(card.amount))
    if action is CardAction.REPAIRS:
        if player is None:
            return msg(
                "{house} per house, {hotel} per hotel",
                house=m(card.per_house),
                hotel=m(card.per_hotel),
            )
        houses, hotels, due = repairs_due(state, player, card)
        return msg(
            "{houses}, {hotels}: pay {amount}",
            houses=plural(houses, "{n} house", "{n} houses"),
            hotels=plural(hotels, "{n} hotel", "{n} hotels"),
            amount=m(due),
        )
    if action is CardAction.PAY_EACH:
        return plural(
            others,
            "pay 1 player {amount}: {total}",
            "pay {n} players {amount} each: {total}",
            amount=m(card.amount),
            total=m(card.amount * others),
        )
    if action is CardAction.COLLECT_EACH:
        return plural(
            others,
            "collect {amount} from 1 player: {total}",
            "collect {amount} from {n} players: {total}",
            amount=m(card.amount),
            total=m(card.amount * others),
        )
    if action is CardAction.ADVANCE:
        target = card.target or ""
        square = state.edition.square_words(target)
        if _is_go(state.edition, target):
            return msg("to {square}: collect {amount}", square=square, amount=m(state.salary))
        return msg("to {square}; {amount} if passing GO", square=square, amount=m(state.salary))
    if action is CardAction.NEAREST_RAILROAD:
        return msg(
            "nearest station: {n} x rent if owned"
            if state.edition.railroad_word == "station"
            else "nearest railroad: {n} x rent if owned",
            n=state.edition.railroad_card_multiplier,
        )
    if action is CardAction.NEAREST_UTILITY:
        return msg(
            "nearest utility: {n} x dice if owned",
            n=state.edition.utility_card_multiplier * state.edition.scale,
        )
    if action is CardAction.BACK:
        return plural(card.spaces, "back 1 space: no payment", "back {n} spaces: no payment")
    if action is CardAction.GO_TO_JAIL:
        return msg("to jail: no salary")
    holder = next((p.name for p in state.players if card.deck in p.jail_cards), None)
    if holder:
        return msg("{p} holds it: not in the deck", p=holder)
    return msg("keep it until used or sold")


def journey_effect(state: GameState, player: str, card: Card, journey: Journey) -> Message:
    """Where a card takes the token from its square, and what that costs or pays."""
    m = state.money
    edition = state.edition
    to = words_of(state, journey.destination)
    if card.action is CardAction.BACK:
        return plural(
            card.spaces,
            "back 1 space to {square}: {then}",
            "back {n} spaces to {square}: {then}",
            square=to,
            then=_then_there(state, player, journey.destination),
        )
    deed_there = deed_at(edition, journey.destination)
    if journey.deed is None and deed_there is not None:
        said = msg(
            "to {deed}: {then}",
            deed=deed_there.name,
            then=_then_there(state, player, journey.destination),
        )
        if journey.passes_go:
            return msg("{text}; passing GO: collect {amount}", text=said, amount=m(state.salary))
        return said
    if journey.deed is None:
        if journey.destination == 0:
            return msg("to {square}: collect {amount}", square=to, amount=m(state.salary))
        if journey.passes_go:
            return msg(
                "to {square}, passing GO: collect {amount}", square=to, amount=m(state.salary)
            )
        return msg("to {square}: no salary", square=to)
    held = state.deeds[journey.deed]
    if held.owner is None:
        said = msg("to {deed}: for sale", deed=journey.deed)
    elif held.owner == player or held.mortgaged:
        said = msg("to {deed}: no rent", deed=journey.deed)
    elif card.action is CardAction.NEAREST_RAILROAD:
        said = msg(
            "to {deed}: pay {o} {amount}",
            deed=journey.deed,
            o=held.owner,
            amount=m(rent_due(state, journey.deed, None, "double").amount),
        )
    else:
        said = msg(
            "to {deed}: pay {o} {n} x the dice",
            deed=journey.deed,
            o=held.owner,
            n=edition.utility_card_multiplier * edition.scale,
        )
    if journey.passes_go:
        return msg("{text}; passing GO: collect {amount}", text=said, amount=m(state.salary))
    return said


def _then_there(state: GameState, player: str, square: int) -> Message:
    """What the square a card sends the token to asks next, as the preview says it before
    Enter (`for sale`, `pay Alice $50`, `the income tax follows`): its offers open then."""
    m = state.money
    edition = state.edition
    deed = deed_at(edition, square)
    if deed is not None:
        held = state.deeds[deed.name]
        if held.owner is None:
            return msg("for sale")
        if held.owner == player or held.mortgaged:
            return msg("no rent")
        if deed.kind is DeedKind.UTILITY:
            return msg("pay {o} the rent by the dice", o=held.owner)
        return msg("pay {o} {amount}", o=held.owner, amount=m(rent_due(state, deed.name).amount))
    kind = kind_at(edition, square)
    if kind is SquareKind.INCOME_TAX:
        return msg("the income tax follows")
    if kind is SquareKind.LUXURY_TAX:
        return msg(
            "pay {amount} {tax}", amount=m(edition.luxury_tax), tax=msg(edition.luxury_tax_name)
        )
    if kind is SquareKind.CHANCE:
        return msg("draw a Chance card")
    if kind is SquareKind.CHEST:
        return msg("draw a Community Chest card")
    if kind is SquareKind.GO_TO_JAIL:
        return msg("go to jail")
    if kind is SquareKind.GO:
        return msg("collect {amount}", amount=m(state.salary))
    return msg("nothing to pay")


def _is_go(edition: Edition, name: str) -> bool:
    return any(
        s.kind is SquareKind.GO and s.name.casefold() == name.casefold() for s in edition.squares
    )


@dataclass(frozen=True)
class ThrowOutcome:
    """What a throw of the dice would do to a player's token, worked out by the core
    applying it to a copy: where it ends, whether it moved there by the throw (in jail
    without doubles, or on a third double in a row, it does not), and the receipt."""

    square: int
    moved: bool
    passed_go: bool
    receipt: Message | None
    refusal: Message | None = None


def throw_outcome(state: GameState, player: str, dice: int, doubles: bool) -> ThrowOutcome:
    """The outcome of `move PLAYER DICE [doubles]`, before the banker confirms it."""
    start = position(state, player)
    try:
        after, receipt = apply(
            state, c.MoveToken(player=player, how="dice", dice=dice, doubles=doubles)
        )
    except BankerError as exc:
        return ThrowOutcome(start, False, False, None, exc.message)
    moved = throw_moves(state, player, doubles)
    size = state.edition.board_size
    return ThrowOutcome(
        position(after, player), moved, moved and start + dice >= size, receipt.message
    )


def last_landing(state: GameState) -> tuple[str, LandingOffers] | None:
    """Who last arrived where, and what that square offers now: None when nothing is to do
    there (a correction, jail by Go to Jail, GO by a move that paid the salary)."""
    landing = state.landing
    if landing is None or landing.by in ("fix", "jail"):
        return None
    player = landing.player
    if player not in {p.name for p in state.active_players}:
        return None
    at = deed_at(state.edition, landing.square)
    deed = None if at is None else at.name
    if deed is not None:
        card = state.edition.card_by_id(landing.card) if landing.card else None
        nearest = card is not None and card.action in (
            CardAction.NEAREST_RAILROAD,
            CardAction.NEAREST_UTILITY,
        )
        if nearest and state.deeds[deed].owner is not None:
            return None  # the card charged its own rent
        return player, land_on_deed(state, player, deed)
    kind = kind_at(state.edition, landing.square)
    if kind is None or kind is SquareKind.GO:
        return None
    return player, land_on_square(state, player, kind)
