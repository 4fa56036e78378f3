"""What the bank does for the verbs that have no module of their own: GO, buying, rent,
paying and collecting, tax, jail, mortgages, the Free Parking pot and the game's language.

Each handler changes the fresh copy of the state it is given and returns the receipt's
sentence, or raises the refusal; `banker.core.verbs` says which handler serves which command.
"""

from __future__ import annotations

from banker.core import buildings, cards
from banker.core.commands import (
    Buy,
    Collect,
    LeaveJail,
    LiftMortgage,
    Mortgage,
    NewLink,
    PassGo,
    Pay,
    PayRent,
    PayTax,
    SetLanguage,
    TakeParking,
)
from banker.core.edition import SquareKind
from banker.core.errors import NotAllowed
from banker.core.ledger import (
    charge,
    check_amount,
    deed_of,
    from_bank,
    lift_price,
    owing,
    pay_debt,
    player_of,
    require_cash,
    to_bank,
)
from banker.core.rent import rent_due
from banker.core.rules import IncomeTaxMode
from banker.core.state import GameState, Player
from banker.core.turns import position, square_of
from banker.core.worth import income_tax_percent, worth
from banker.i18n.message import N_, Message, msg


def go(state: GameState, cmd: PassGo) -> Message:
    player = player_of(state, cmd.player)
    from_bank(state, player, state.salary)
    return msg(
        "{p} passed GO and collected {amount}", p=player.name, amount=state.money(state.salary)
    )


def buy(state: GameState, cmd: Buy) -> Message:
    player = player_of(state, cmd.player)
    deed = deed_of(state, cmd.deed)
    held = state.deeds[deed.name]
    if player.name in state.jail and state.rules.follow_tokens:
        raise NotAllowed(
            "{p} is in jail: a purchase at the printed price needs a landing. {p} may "
            "still bid at auctions and trade.",
            p=player.name,
        )
    if held.owner is not None:
        raise NotAllowed(
            "{deed} is not for sale: {owner} owns it. A trade can buy it from them.",
            deed=deed.name,
            owner=held.owner,
        )
    require_cash(state, player, deed.price, msg("to buy {deed}", deed=deed.name))
    to_bank(state, player, deed.price)
    held.owner = player.name
    return msg(
        "{p} bought {deed} for {amount}",
        p=player.name,
        deed=deed.name,
        amount=state.money(deed.price),
    )


def rent(state: GameState, cmd: PayRent) -> Message:
    player = player_of(state, cmd.player)
    deed = deed_of(state, cmd.deed)
    owner_name = state.deeds[deed.name].owner
    if owner_name == player.name:
        raise NotAllowed("{p} owns {deed}: no rent is due.", p=player.name, deed=deed.name)
    rent = rent_due(state, deed.name, cmd.dice, cmd.variant)
    assert owner_name is not None
    owner = player_of(state, owner_name)
    note = charge(state, player, rent.amount, owner, msg("rent for {deed}", deed=deed.name))
    return msg(
        "{p} paid {o} {amount} rent for {why}"
        if note is None
        else "{p} owes {o} {amount} rent for {why}; {note}",
        p=player.name,
        o=owner.name,
        amount=state.money(rent.amount),
        why=rent.reason,
        note=note or "",
    )


def pay(state: GameState, cmd: Pay) -> Message:
    """A payment typed by hand is an obligation (a fine, an older deck's school fees): paid
    when the cash covers it, owed in full as a debt when not (RULES.md, "Debts"). A player
    in debt may only pay a creditor towards that debt."""
    player = player_of(state, cmd.player)
    check_amount(cmd.amount)
    if cmd.to_pot and not state.rules.free_parking_pot:
        raise NotAllowed(
            "This game has no Free Parking pot (the house rule is off): pay the bank or a player."
        )
    other = None if cmd.to is None else player_of(state, cmd.to)
    if other is player:
        raise NotAllowed("{p} cannot pay themselves: name another player.", p=player.name)
    if state.debts_of(player.name):
        # Towards a debt to that player, or refused: a debtor settles before anything new.
        return _pay_towards_debt(state, player, cmd)
    who = (
        other.name
        if other is not None
        else msg("the Free Parking pot")
        if cmd.to_pot
        else msg("the bank")
    )
    note = charge(state, player, cmd.amount, other, msg("a payment"), pot=cmd.to_pot)
    return msg(
        "{p} paid {o} {amount}" if note is None else "{p} owes {o} {amount}; {note}",
        p=player.name,
        o=who,
        amount=state.money(cmd.amount),
        note=note or "",
    )


def _pay_towards_debt(state: GameState, player: Player, cmd: Pay) -> Message:
    """A player in debt may pay a creditor part of what they owe them, and nothing else."""
    owed = [
        d for d in state.debts_of(player.name) if d.creditor is not None and d.creditor == cmd.to
    ]
    if not owed:
        raise owing(state, player.name)
    creditor = player_of(state, owed[0].creditor or "")
    total = sum(d.amount for d in owed)
    if cmd.amount > total:
        raise NotAllowed(
            "{p} owes {o} {owed}: a payment towards the debt is at most that.",
            p=player.name,
            o=creditor.name,
            owed=state.money(total),
        )
    require_cash(state, player, cmd.amount, msg("towards the debt to {o}", o=creditor.name))
    left = cmd.amount
    for debt in owed:
        part = min(left, debt.amount)
        pay_debt(state, debt, part)
        left -= part
        if not left:
            break
    rest = total - cmd.amount
    if rest:
        return msg(
            "{p} paid {o} {amount} towards the debt; {rest} still owed",
            p=player.name,
            o=creditor.name,
            amount=state.money(cmd.amount),
            rest=state.money(rest),
        )
    return msg(
        "{p} paid {o} {amount}, the whole debt",
        p=player.name,
        o=creditor.name,
        amount=state.money(cmd.amount),
    )


def collect(state: GameState, cmd: Collect) -> Message:
    player = player_of(state, cmd.player)
    check_amount(cmd.amount)
    from_bank(state, player, cmd.amount)
    return msg(
        "{p} collected {amount} from the bank", p=player.name, amount=state.money(cmd.amount)
    )


def tax(state: GameState, cmd: PayTax) -> Message:
    player = player_of(state, cmd.player)
    pot = state.rules.free_parking_pot
    if cmd.kind == "luxury":
        amount = state.edition.luxury_tax
        tax = msg(state.edition.luxury_tax_name)
        note = charge(state, player, amount, None, tax, pot=pot)
        return msg(
            "{p} paid {amount} {tax}" if note is None else "{p} owes {amount} {tax}; {note}",
            p=player.name,
            amount=state.money(amount),
            tax=tax,
            note=note or "",
        )
    if cmd.kind == "income_flat":
        amount = state.edition.income_tax
        how = msg("flat")
    else:
        if state.rules.income_tax is IncomeTaxMode.FLAT:
            raise NotAllowed(
                "This game charges income tax flat only ({amount}): use 'tax {p} income flat'.",
                amount=state.money(state.edition.income_tax),
                p=player.name,
            )
        amount = income_tax_percent(state, player.name)
        w = worth(state, player.name)
        how = msg(
            "{pct}% of worth {total}: cash {cash} + deeds {deeds} + buildings {buildings}",
            pct=state.edition.income_tax_percent,
            total=state.money(w.total),
            cash=state.money(w.cash),
            deeds=state.money(w.deeds),
            buildings=state.money(w.buildings),
        )
    note = charge(state, player, amount, None, msg("income tax"), pot=pot)
    return msg(
        "{p} paid {amount} income tax ({how})"
        if note is None
        else "{p} owes {amount} income tax ({how}); {note}",
        p=player.name,
        amount=state.money(amount),
        how=how,
        note=note or "",
    )


def jail(state: GameState, cmd: LeaveJail) -> Message:
    player = player_of(state, cmd.player)
    if player.name not in state.jail and state.rules.follow_tokens:
        if position(state, player.name) == square_of(state.edition, SquareKind.JAIL):
            raise NotAllowed(
                "{p} is just visiting: only a player in jail pays the fine or uses a card "
                "to leave.",
                p=player.name,
            )
        raise NotAllowed(
            "{p} is not in jail: there is no fine to pay and no card to use.", p=player.name
        )
    state.jail.pop(player.name, None)
    if cmd.method == "card":
        if not player.jail_cards:
            raise NotAllowed(
                "{p} holds no Get Out of Jail Free card: pay the {fine} fine instead.",
                p=player.name,
                fine=state.money(state.jail_fine),
            )
        deck = player.jail_cards.pop(0)
        return msg(
            "{p} used a Get Out of Jail Free card ({deck}); it goes back to its deck",
            p=player.name,
            deck=cards.deck_name(deck),
        )
    fine = state.jail_fine
    pot = state.rules.free_parking_pot
    note = charge(state, player, fine, None, msg("the jail fine"), pot=pot)
    return msg(
        "{p} paid the {fine} fine to leave jail"
        if note is None
        else "{p} owes the {fine} fine to leave jail; {note}",
        p=player.name,
        fine=state.money(fine),
        note=note or "",
    )


def mortgage(state: GameState, cmd: Mortgage) -> Message:
    player = player_of(state, cmd.player)
    deed = deed_of(state, cmd.deed)
    held = state.deeds[deed.name]
    buildings.require_owner(state, player.name, deed.name, msg("mortgage"))
    if held.mortgaged:
        raise NotAllowed("{deed} is already mortgaged.", deed=deed.name)
    built = [lot for lot in state.edition.lots_of(deed.name) if state.level(lot)]
    if built:
        raise NotAllowed(
            "{deed} cannot be mortgaged while its colour group has buildings "
            "(on {lots}): sell them back to the bank first.",
            deed=deed.name,
            lots=", ".join(built),
        )
    held.mortgaged = True
    from_bank(state, player, deed.mortgage)
    return msg(
        "{p} mortgaged {deed} and received {amount}",
        p=player.name,
        deed=deed.name,
        amount=state.money(deed.mortgage),
    )


def unmortgage(state: GameState, cmd: LiftMortgage) -> Message:
    player = player_of(state, cmd.player)
    deed = deed_of(state, cmd.deed)
    held = state.deeds[deed.name]
    buildings.require_owner(state, player.name, deed.name, msg("lift the mortgage on"))
    if not held.mortgaged:
        raise NotAllowed("{deed} is not mortgaged.", deed=deed.name)
    price = lift_price(state, deed.mortgage)
    require_cash(state, player, price, msg("to lift the mortgage on {deed}", deed=deed.name))
    to_bank(state, player, price)
    held.mortgaged = False
    return msg(
        "{p} lifted the mortgage on {deed} for {amount} ({m} + {i} interest)",
        p=player.name,
        deed=deed.name,
        amount=state.money(price),
        m=state.money(deed.mortgage),
        i=state.money(price - deed.mortgage),
    )


def parking(state: GameState, cmd: TakeParking) -> Message:
    player = player_of(state, cmd.player)
    if not state.rules.free_parking_pot:
        raise NotAllowed(
            "This game has no Free Parking pot: landing there costs and pays nothing. "
            "Turn the pot on in the house rules of a new game."
        )
    pot = state.bank.free_parking
    player.cash += pot
    seed = state.rules.free_parking_seed
    state.bank.free_parking = seed
    state.bank.issued += seed
    if seed:
        return msg(
            "{p} took the Free Parking pot of {amount}; the bank puts {seed} back in",
            p=player.name,
            amount=state.money(pot),
            seed=state.money(seed),
        )
    return msg("{p} took the Free Parking pot of {amount}", p=player.name, amount=state.money(pot))


LANGUAGE_WORDS = {"en": N_("English"), "ms": N_("Malay"), "th": N_("Thai")}
"""Each language's name as a sentence says it, in the language the sentence is in (Thai
says ภาษาไทย, not ไทย after its own word for language). Translated with the sentence."""


def new_link(state: GameState, cmd: NewLink) -> Message:
    if cmd.player not in [p.name for p in state.players]:
        player_of(state, cmd.player)  # says who the players are
    state.links[cmd.player] = state.links.get(cmd.player, 0) + 1
    return msg("{p}'s phone link is new: the old one no longer opens their page.", p=cmd.player)


def language(state: GameState, cmd: SetLanguage) -> Message:
    name = msg(LANGUAGE_WORDS[cmd.language])
    if cmd.language == state.language:
        raise NotAllowed("The game is already in {name}.", name=name)
    state.language = cmd.language
    return msg("The game now speaks {name}", name=name)
