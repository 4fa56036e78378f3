"""The money family of verbs: GO's salary, paying and collecting, tax and the Free
Parking pot. Each declares here its command (the record the journal writes), its handler
(which changes the fresh copy of the state it is given and returns the receipt's
sentence), its reader (the line's words to the record) and its entry in `DECLARED`."""

from __future__ import annotations

from typing import Any, Literal, TypeAlias

from banker.core.args import Args, amount, is_number
from banker.core.command import CommandRecord
from banker.core.errors import BadInput, BankerError, NotAllowed
from banker.core.ledger import (
    charge,
    check_amount,
    from_bank,
    owing,
    pay_debt,
    player_of,
    require_cash,
)
from banker.core.money import Money
from banker.core.rules import IncomeTaxMode
from banker.core.state import GameState, Player
from banker.core.verb import Verb, Word
from banker.core.worth import income_tax_percent, worth
from banker.i18n.message import N_, Message, msg


class PassGo(CommandRecord, frozen=True, kw_only=True, tag="go"):
    """The player passed or landed on GO: the bank pays the salary."""

    player: str


class Pay(CommandRecord, frozen=True, kw_only=True, tag="pay"):
    """The player pays an amount to the bank, or to another player."""

    player: str
    amount: Money
    to: str | None = None
    """The receiving player; None for the bank (or the pot)."""
    to_pot: bool = False
    """Into the Free Parking pot (house rule) rather than the bank."""


class Collect(CommandRecord, frozen=True, kw_only=True, tag="collect"):
    """The bank pays the player an amount."""

    player: str
    amount: Money


TaxKind: TypeAlias = Literal["income_flat", "income_percent", "luxury"]


class PayTax(CommandRecord, frozen=True, kw_only=True, tag="tax"):
    """Income tax (flat or percentage of worth) or luxury tax."""

    player: str
    kind: TaxKind


class TakeParking(CommandRecord, frozen=True, kw_only=True, tag="parking"):
    """The player landed on Free Parking and takes the pot (house rule)."""

    player: str


def go(state: GameState, cmd: PassGo) -> Message:
    player = player_of(state, cmd.player)
    from_bank(state, player, state.salary)
    return msg(
        "{p} passed GO and collected {amount}", p=player.name, amount=state.money(state.salary)
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


def read_go(a: Args) -> PassGo:
    name, _ = a.split(a.words, a.nothing)
    return PassGo(player=name)


def read_pay(a: Args) -> Pay:
    words = a.words
    ends = a.name_ends(words)
    spots = [
        i
        for i, w in enumerate(words)
        if i > 0 and (is_number(w) or w.startswith(a.state.edition.currency))
    ]
    if not spots:
        if len(words) >= 2:
            amount(words[-1], a.state)
        raise a.usage()
    error: BankerError | None = None
    for i in [i for i in spots if i in ends] or spots[:1]:
        try:
            name = a.player(words[:i])
            value = amount(words[i], a.state)
            rest = words[i + 1 :]
            if not rest:
                return Pay(player=name, amount=value)
            if rest[0].casefold() != "to" or len(rest) < 2:
                raise a.usage()
            if _is_pot(rest[1:], a):
                return Pay(player=name, amount=value, to_pot=True)
            return Pay(player=name, amount=value, to=a.player(rest[1:]))
        except BankerError as exc:
            error = error or exc
    assert error is not None
    raise error


def _is_pot(words: list[str], a: Args) -> bool:
    """`to pot` names the Free Parking pot, unless a player is called exactly that."""
    typed = " ".join(words).casefold()
    if typed not in ("pot", "the pot"):
        return False
    return not any(p.name.casefold() == typed for p in a.state.players)


def read_collect(a: Args) -> Collect:
    if len(a.words) < 2:
        raise a.usage()
    name = a.player(a.words[:-1])
    return Collect(player=name, amount=amount(a.words[-1], a.state))


def read_tax(a: Args) -> PayTax:
    words = [w.casefold() for w in a.words]
    luxury_words = {"luxury", *(w.casefold() for w in a.state.edition.luxury_tax_name.split()[:1])}
    if len(words) >= 2 and words[-1] in luxury_words:
        return PayTax(player=a.player(a.words[:-1]), kind="luxury")
    if len(words) >= 3 and words[-2] == "income" and words[-1] in ("flat", "percent"):
        kind: TaxKind = "income_flat" if words[-1] == "flat" else "income_percent"
        return PayTax(player=a.player(a.words[:-2]), kind=kind)
    if len(words) >= 2 and words[-1] == "income":
        raise BadInput(
            "Income tax: say 'flat' ({flat}) or 'percent' ({pct}% of total worth), "
            "e.g. 'tax {p} income flat'. 'worth {p}' shows both.",
            flat=a.state.money(a.state.edition.income_tax),
            pct=a.state.edition.income_tax_percent,
            p=a.words[0],
        )
    raise a.usage()


def read_parking(a: Args) -> TakeParking:
    name, _ = a.split(a.words, a.nothing)
    return TakeParking(player=name)


DECLARED: tuple[Verb[Any] | Word[Any], ...] = (
    Verb(
        PassGo,
        go,
        Word("go", N_("go PLAYER"), read_go, "pass_go"),
        example="go alice",
        while_owing=True,
    ),
    Verb(
        Pay,
        pay,
        Word(
            "pay",
            N_("pay PLAYER AMOUNT [to PLAYER|pot]"),
            read_pay,
            "pay",
            keywords=("to", "pot"),
        ),
        example="pay bob 50 to alice",
        while_owing=True,
    ),
    Verb(
        Collect,
        collect,
        Word("collect", N_("collect PLAYER AMOUNT"), read_collect, "collect"),
        example="collect alice 100",
        while_owing=True,
    ),
    Verb(
        PayTax,
        tax,
        Word(
            "tax",
            N_("tax PLAYER income flat|percent, or tax PLAYER luxury"),
            read_tax,
            "landed",
            keywords=("income flat", "income percent", "luxury"),
        ),
        example="tax bob income flat",
    ),
    Verb(
        TakeParking,
        parking,
        Word("parking", N_("parking PLAYER"), read_parking, "landed"),
        example="parking bob",
        while_owing=True,
    ),
)
"""This family's verbs (help lists every word in `verbs.HELP_ORDER`'s order)."""
