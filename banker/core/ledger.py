"""The moves every command is made of: money in and out of the bank, and the checks
that come before them."""

from __future__ import annotations

from banker.core.edition import Deed
from banker.core.errors import BadInput, NotAllowed, NotEnoughCash, UnknownName
from banker.core.limits import MAX_AMOUNT
from banker.core.money import Money
from banker.core.state import Debt, GameState, Player
from banker.core.worth import raisable
from banker.i18n.message import Message, msg


def player_of(state: GameState, name: str) -> Player:
    """The named player, still in the game."""
    for player in state.players:
        if player.name == name:
            if player.bankrupt:
                raise UnknownName("{p} is bankrupt and out of the game.", p=name)
            return player
    raise UnknownName(
        "There is no player called {name!r}. The players are: {names}.",
        name=name,
        names=", ".join(p.name for p in state.active_players),
    )


def deed_of(state: GameState, name: str) -> Deed:
    deed = state.edition.deeds_by_name.get(name)
    if deed is None:
        raise UnknownName("There is no deed called {name!r} on this board.", name=name)
    return deed


def check_amount(amount: int) -> None:
    if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
        raise BadInput("An amount must be a whole number above zero; {a!r} is not.", a=amount)
    if amount > MAX_AMOUNT:
        raise BadInput("{a} is more than the bank handles in one go; check the amount.", a=amount)


def require_cash(
    state: GameState,
    player: Player,
    amount: Money,
    purpose: Message,
    keep: list[str] | None = None,
) -> None:
    """Refuse when the player's cash does not cover `amount`, saying what could be raised.
    `keep`: lots the advice may not count (the group being built on, which must stay
    unmortgaged and keep its buildings)."""
    if player.cash >= amount:
        return
    missing = amount - player.cash
    could = raisable(state, player.name, exclude=keep or [])
    extra = could.buildings + could.mortgages
    if extra >= missing:
        advice = msg(
            "sell buildings or mortgage to raise {missing} (up to {extra} can be raised)",
            missing=state.money(missing),
            extra=state.money(extra),
        )
    elif extra:
        advice = msg(
            "even selling every building and mortgaging every deed raises only {extra}",
            extra=state.money(extra),
        )
    else:
        advice = msg("there is nothing left to sell or mortgage")
    raise NotEnoughCash(
        "{p} has {cash} but needs {amount} {purpose}: {advice}.",
        p=player.name,
        cash=state.money(player.cash),
        amount=state.money(amount),
        purpose=purpose,
        advice=advice,
    )


def charge(
    state: GameState,
    payer: Player,
    amount: Money,
    creditor: Player | None,
    reason: Message,
    pot: bool = False,
) -> Message | None:
    """A payment the rules oblige (rent, tax, card, fine): paid now if the cash covers it,
    otherwise owed in full as a debt, with no cash moving until it is settled.

    A player already in debt pays nothing new before the older debts: it is owed after them.

    Returns None when paid, or the note for the receipt about the debt.
    """
    if payer.cash >= amount and not state.debts_of(payer.name):
        if creditor is None:
            to_bank(state, payer, amount, pot=pot)
        else:
            transfer(payer, creditor, amount)
        return None
    state.debts.append(
        Debt(
            debtor=payer.name,
            creditor=None if creditor is None else creditor.name,
            amount=amount,
            reason=str(reason),
            why=reason.to_json(),
            to_pot=pot and creditor is None,
        )
    )
    if payer.cash >= amount:
        return msg("{p} already owes: this is owed after the older debts", p=payer.name)
    return msg(
        "{p} has only {cash}: the whole {amount} is owed as a debt ({missing} missing)",
        p=payer.name,
        cash=state.money(payer.cash),
        amount=state.money(amount),
        missing=state.money(amount - payer.cash),
    )


def to_bank(state: GameState, player: Player, amount: Money, pot: bool = False) -> None:
    """The player pays the bank, or the Free Parking pot when `pot`."""
    player.cash -= amount
    if pot:
        state.bank.free_parking += amount
    else:
        state.bank.issued -= amount


def from_bank(state: GameState, player: Player, amount: Money) -> None:
    player.cash += amount
    state.bank.issued += amount


def transfer(payer: Player, payee: Player, amount: Money) -> None:
    payer.cash -= amount
    payee.cash += amount


def interest(state: GameState, mortgage: Money) -> Money:
    """The interest on a mortgage value (also the fee when a mortgaged deed changes hands)."""
    percent = state.rules.interest_percent
    if state.rules.round_up:
        return (mortgage * percent + 99) // 100
    return mortgage * percent // 100


def lift_price(state: GameState, mortgage: Money) -> Money:
    """Mortgage value plus interest: `(m*11+9)//10` with 10% rounded up."""
    return mortgage + interest(state, mortgage)


def seated_from_left(state: GameState, player: str) -> list[Player]:
    """The other players still in, in seating order starting from `player`'s left."""
    names = [p.name for p in state.players]
    at = names.index(player)
    order = state.players[at + 1 :] + state.players[:at]
    return [p for p in order if not p.bankrupt]


def pay_debt(state: GameState, debt: Debt, amount: Money) -> None:
    """The debtor pays `amount` (at most the debt) of one debt to its creditor."""
    debtor = state.player(debt.debtor)
    if debt.creditor is None:
        to_bank(state, debtor, amount, pot=debt.to_pot)
    else:
        transfer(debtor, state.player(debt.creditor), amount)
    debt.amount -= amount
    if debt.amount == 0:
        state.debts.remove(debt)


def debt_reason(debt: Debt) -> Message | str:
    return Message.from_json(debt.why) if debt.why else debt.reason


def pay_covered_debts(state: GameState, richer: set[str], skip: set[int]) -> list[Message]:
    """Pay, oldest first, every debt whose debtor's cash now covers it, for the players whose
    cash a command has just raised (and, in turn, creditors those payments raise). Strictly
    in that order: while a player's oldest open debt is not covered, no newer one is paid.
    Debts in `skip` (by id) were created by the command itself, which pays none of them.

    Returns one sentence per debt paid, for the command's receipt.
    """
    paid: list[Message] = []
    waiting = [p.name for p in state.players if p.name in richer]
    while waiting:
        name = waiting.pop(0)
        for debt in [d for d in state.debts if d.debtor == name and id(d) not in skip]:
            debtor = state.player(name)
            if debtor.cash < debt.amount:
                break
            amount = debt.amount
            pay_debt(state, debt, amount)
            paid.append(
                msg(
                    "{p} paid {who} the {amount} owed ({why})",
                    p=name,
                    who=debt.creditor
                    or (msg("the Free Parking pot") if debt.to_pot else msg("the bank")),
                    amount=state.money(amount),
                    why=debt_reason(debt),
                )
            )
            if debt.creditor is not None and debt.creditor not in waiting:
                waiting.append(debt.creditor)
    return paid


def owing(state: GameState, player: str) -> NotAllowed:
    """The refusal of spending by a player who owes."""
    owed = sum(d.amount for d in state.debts_of(player))
    return NotAllowed(
        "{p} owes {owed} and has {cash}: first raise the money (sell buildings, mortgage, "
        "trade) and settle, or declare bankruptcy.",
        p=player,
        owed=state.money(owed),
        cash=state.money(state.player(player).cash),
    )
