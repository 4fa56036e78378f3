"""Trades between two players, and the 10% fee on mortgaged deeds that change hands."""

from __future__ import annotations

from typing import Any

from msgspec import field

from banker.core.args import Args, amount, is_number
from banker.core.command import CommandRecord
from banker.core.errors import BadInput, NotAllowed
from banker.core.ledger import check_amount, deed_of, interest, player_of, require_cash, to_bank
from banker.core.money import Money
from banker.core.record import FrozenRecord
from banker.core.state import Debt, GameState, Player
from banker.core.verb import Verb, Word
from banker.i18n.message import N_, Message, joined, msg, plural


class TradeSide(FrozenRecord, frozen=True, kw_only=True):
    """What one side of a trade hands over."""

    cash: Money = 0
    deeds: list[str] = []
    jail_cards: int = 0
    debt: Money = 0
    """What this side writes off of the debt the other side owes it: deeds handed to a
    creditor against the debt, at the value the two agree."""

    @property
    def empty(self) -> bool:
        return not (self.cash or self.deeds or self.jail_cards or self.debt)


class Trade(CommandRecord, frozen=True, kw_only=True, tag="trade"):
    """A trade between two players: cash, deeds and jail cards both ways."""

    player: str
    partner: str
    give: TradeSide = field(default_factory=TradeSide)
    """What `player` hands to `partner`."""
    get: TradeSide = field(default_factory=TradeSide)
    """What `partner` hands to `player`."""
    lift: list[str] = []
    """Mortgaged deeds in the trade whose new owner lifts the mortgage at once."""


def trade(state: GameState, cmd: Trade) -> Message:
    player = player_of(state, cmd.player)
    partner = player_of(state, cmd.partner)
    if player is partner:
        raise NotAllowed("{p} cannot trade with themselves: name two players.", p=player.name)
    if cmd.give.empty and cmd.get.empty:
        raise BadInput("The trade has nothing on either side: say what each player gives.")
    _check_side(state, player, cmd.give)
    _check_side(state, partner, cmd.get)
    _check_write_off(state, player, partner, cmd.give.debt)
    _check_write_off(state, partner, player, cmd.get.debt)
    for giver, side in ((player, cmd.give), (partner, cmd.get)):
        owed = sum(d.amount for d in state.debts_of(giver.name))
        if owed and side.cash:
            raise NotAllowed(
                "{p} owes {owed}: a trade may raise money for them, not take cash from them. "
                "Settle first.",
                p=giver.name,
                owed=state.money(owed),
            )
    moving = cmd.give.deeds + cmd.get.deeds
    if len(set(moving)) != len(moving):
        raise BadInput("A deed is named twice in the trade: name each deed once.")
    mortgaged = [d for d in moving if state.deeds[d].mortgaged]
    for name in cmd.lift:
        deed_of(state, name)
        if name not in mortgaged:
            raise BadInput(
                "{deed} is not a mortgaged deed in this trade: only those can be lifted.",
                deed=name,
            )
    # Nothing but the debt may take a debtor's cash: no fee, no lift (after what the trade
    # itself writes off).
    written_off = {partner.name: cmd.give.debt, player.name: cmd.get.debt}
    for new_owner, deeds in ((partner, cmd.give.deeds), (player, cmd.get.deeds)):
        owed = sum(d.amount for d in state.debts_of(new_owner.name)) - written_off[new_owner.name]
        costly = [d for d in deeds if state.deeds[d].mortgaged]
        if owed > 0 and costly:
            raise NotAllowed(
                "{p} owes {owed}: taking the mortgaged {deeds} would cost them the bank's fee, "
                "and nothing but the debt may take their cash. Settle first, or leave the "
                "mortgaged deeds out.",
                p=new_owner.name,
                owed=state.money(owed),
                deeds=joined(costly),
            )
    # Hand over.
    _write_off(state, player, partner, cmd.give.debt)
    _write_off(state, partner, player, cmd.get.debt)
    player.cash += cmd.get.cash - cmd.give.cash
    partner.cash += cmd.give.cash - cmd.get.cash
    _move_cards(player, partner, cmd.give.jail_cards)
    _move_cards(partner, player, cmd.get.jail_cards)
    for name in cmd.give.deeds:
        state.deeds[name].owner = partner.name
    for name in cmd.get.deeds:
        state.deeds[name].owner = player.name
    # The new owner of each mortgaged deed pays the bank 10%, or lifts it at once.
    notes: list[Message] = []
    for new_owner, deeds in ((partner, cmd.give.deeds), (player, cmd.get.deeds)):
        due: Money = 0
        parts: list[Message] = []
        for name in deeds:
            if not state.deeds[name].mortgaged:
                continue
            m = state.edition.deed(name).mortgage
            fee = interest(state, m)
            if name in cmd.lift:
                due += m + fee
                parts.append(
                    msg("lifted {deed} for {amount}", deed=name, amount=state.money(m + fee))
                )
                state.deeds[name].mortgaged = False
            else:
                due += fee
                parts.append(
                    msg("{amount} fee on mortgaged {deed}", amount=state.money(fee), deed=name)
                )
        if due:
            require_cash(
                state, new_owner, due, msg("to the bank for mortgaged deeds after the trade")
            )
            to_bank(state, new_owner, due)
            notes.append(msg("{p} paid the bank: {parts}", p=new_owner.name, parts=joined(parts)))
    return msg(
        "{p} traded {give} to {q} for {get}; {notes}"
        if notes
        else "{p} traded {give} to {q} for {get}",
        p=player.name,
        q=partner.name,
        give=describe(state, cmd.give),
        get=describe(state, cmd.get),
        notes=joined(notes, "; "),
    )


def _check_side(state: GameState, giver: Player, side: TradeSide) -> None:
    if side.cash:
        check_amount(side.cash)
        require_cash(state, giver, side.cash, msg("to hand over in the trade"))
    if side.jail_cards < 0 or side.jail_cards > len(giver.jail_cards):
        raise NotAllowed(
            "{p} holds {held}, not {k}.",
            p=giver.name,
            held=plural(
                len(giver.jail_cards),
                "1 Get Out of Jail Free card",
                "{n} Get Out of Jail Free cards",
            ),
            k=side.jail_cards,
        )
    for name in side.deeds:
        deed = deed_of(state, name)
        owner = state.deeds[deed.name].owner
        if owner != giver.name:
            raise NotAllowed(
                "{p} does not own {deed} ({whose} does): only the owner can trade it.",
                p=giver.name,
                deed=deed.name,
                whose=msg("the bank") if owner is None else owner,
            )
        reason = untradeable(state, deed.name)
        if reason is not None:
            raise NotAllowed(reason)


def untradeable(state: GameState, deed: str) -> Message | None:
    """Why a deed cannot change hands now whoever holds it, or None: the rule that a colour
    group with buildings stays whole lives here and only here."""
    built = [lot for lot in state.edition.lots_of(deed) if state.level(lot)]
    if built:
        return msg(
            "{deed} cannot be traded while its colour group has buildings (on {lots}): "
            "sell them back to the bank first.",
            deed=deed,
            lots=joined(built),
        )
    return None


def _owed_to(state: GameState, debtor: Player, creditor: Player) -> list[Debt]:
    return [d for d in state.debts_of(debtor.name) if d.creditor == creditor.name]


def _check_write_off(state: GameState, creditor: Player, debtor: Player, amount: Money) -> None:
    """`creditor` may write off at most what `debtor` owes them."""
    if not amount:
        return
    check_amount(amount)
    owed = sum(d.amount for d in _owed_to(state, debtor, creditor))
    if amount > owed:
        raise NotAllowed(
            "{d} owes {c} {owed}: a trade may write off at most that of the debt."
            if owed
            else "{d} owes {c} nothing: there is no debt to write off.",
            d=debtor.name,
            c=creditor.name,
            owed=state.money(owed),
        )


def _write_off(state: GameState, creditor: Player, debtor: Player, amount: Money) -> None:
    """Reduce `debtor`'s debts to `creditor` by `amount`, oldest first; no cash moves."""
    for debt in _owed_to(state, debtor, creditor):
        if not amount:
            break
        part = min(amount, debt.amount)
        debt.amount -= part
        amount -= part
        if debt.amount == 0:
            state.debts.remove(debt)


def _move_cards(giver: Player, taker: Player, count: int) -> None:
    for _ in range(count):
        taker.jail_cards.append(giver.jail_cards.pop(0))


def describe(state: GameState, side: TradeSide) -> Message:
    parts: list[Message | str] = list(side.deeds)
    if side.jail_cards:
        parts.append(
            plural(side.jail_cards, "1 Get Out of Jail Free card", "{n} Get Out of Jail Free cards")
        )
    if side.cash:
        parts.append(state.money(side.cash))
    if side.debt:
        parts.append(msg("{amount} of the debt", amount=state.money(side.debt)))
    if not parts:
        return msg("nothing")
    return msg("{items}", items=joined(parts, " + "))


def read_trade(a: Args) -> Trade:
    folded = [w.casefold() for w in a.words]
    if "give" not in folded or "get" not in folded or folded.index("give") > folded.index("get"):
        raise a.usage()
    give_at, get_at = folded.index("give"), folded.index("get")
    lift_at = len(folded) - 1 - folded[::-1].index("lift") if "lift" in folded[get_at:] else None
    players = a.words[:give_at]
    name, partner = a.split(players, a.player)
    give = _side(a, a.words[give_at + 1 : get_at])
    get = _side(a, a.words[get_at + 1 : lift_at])
    lift: list[str] = []
    if lift_at is not None:
        listed = [x.strip() for x in " ".join(a.words[lift_at + 1 :]).split(",") if x.strip()]
        if listed:
            lift = [a.deed(x.split()) for x in listed]
        else:
            lift = list(give.deeds + get.deeds)
            lift = [d for d in lift if a.state.deeds[d].mortgaged]
    return Trade(player=name, partner=partner, give=give, get=get, lift=lift)


def _side(a: Args, words: list[str]) -> TradeSide:
    items = [x.strip() for x in " ".join(words).split(",")]
    if items == ["-"]:
        return TradeSide()
    if not items or any(not x for x in items):
        raise BadInput(
            "List the items of each side separated by commas, or '-' for nothing: "
            "e.g. 'give 100, Boardwalk, jailcard get -'."
        )
    cash = 0
    deeds: list[str] = []
    cards = 0
    debt = 0
    for item in items:
        lowered = item.casefold()
        if lowered in ("jailcard", "jail card"):
            cards += 1
        elif lowered.split()[0] == "debt" and len(lowered.split()) == 2:
            if debt:
                raise BadInput("Name the debt of one side once: {a} and {b}.", a=debt, b=item)
            debt = amount(item.split()[1], a.state)
        elif is_number(item) or item.startswith(a.state.edition.currency):
            if cash:
                raise BadInput("Name the cash of one side once: {a} and {b}.", a=cash, b=item)
            cash = amount(item, a.state)
        elif lowered == "-":
            raise BadInput("'-' means nothing: use it alone for a side that gives nothing.")
        else:
            deeds.append(a.deed(item.split()))
    return TradeSide(cash=cash, deeds=deeds, jail_cards=cards, debt=debt)


DECLARED: tuple[Verb[Any] | Word[Any], ...] = (
    Verb(
        Trade,
        trade,
        Word(
            "trade",
            N_("trade PLAYER PLAYER give ITEMS get ITEMS [lift [DEEDS]]"),
            read_trade,
            "trade",
            keywords=("give", "get", "lift", "jailcard", "debt"),
        ),
        example="trade alice bob give 100, board get park",
        while_owing=True,
    ),
)
"""This family's verbs (help lists every word in `verbs.HELP_ORDER`'s order)."""
