"""What a player asks the banker for from their own phone: mortgage or lift a deed, build
or sell evenly, settle their debts, leave jail, choose how to pay income tax.

The core says what a player's page may ask now and what each would do (the cash after,
the rents after, the bank's houses and hotels after); a request waits in the banker's
queue until the banker applies it with one key or declines it with a reason, unless the
table's house rules apply that kind at once. A request is checked when it is made and
again when it is applied: one the game moved under (refused now) goes stale and says why.
Requests live at the table (the app keeps them), not in the journal: only the command the
banker applies is journaled, with the phone it came from.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from itertools import count
from typing import TypeAlias, get_args

from banker.core import commands as c
from banker.core.engine import apply, refusal
from banker.core.errors import BankerError, NotAllowed
from banker.core.level import Level
from banker.core.money import Money
from banker.core.offers.building import building_groups, levels_now
from banker.core.offers.cash import cash_changes
from banker.core.offers.landing import last_landing
from banker.core.offers.raising import raising_moves, sell_one
from banker.core.rent import rent_due
from banker.core.rules import PhoneRequestKind
from banker.core.state import GameState
from banker.i18n.message import Message, msg

AskKind: TypeAlias = PhoneRequestKind
"""The kinds of request a phone may make (a house rule may apply a kind at once)."""
ASK_KINDS: tuple[str, ...] = get_args(AskKind)
MOST_WAITING = 8
"""Requests one player may have waiting for the banker at once."""
KEPT_NOTES = 16
"""How many "your request was declined (or went stale), and why" notes are kept."""


@dataclass(frozen=True)
class PhoneOffer:
    """One thing a player's page may ask for now, with what it would do."""

    kind: AskKind
    key: str
    """What names it in a request: a deed, `one:GROUP` / `all:GROUP` / a group's id for
    buildings, `fine` / `card` for jail, the tax's kind, or empty (settle)."""
    label: Message
    """`Mortgage Baltic Avenue`, `One more on every lot of Dark blue`…"""
    effect: list[Message]
    """What it does: the cash after, the rents after, the bank's supply after."""
    command: c.Command
    refusal: Message | None
    """Why the bank would refuse it now (shown greyed, never sent), or None."""


def phone_offers(state: GameState, player: str, tax: bool = False) -> list[PhoneOffer]:
    """Everything `player` may ask from their phone now, in the order their page shows
    it: leave jail, income tax, settle, then building, selling, mortgages and lifts.

    Args:
        tax: the banker's landing dialog asks this player's income-tax choice now (the
            choice is offered only then: the journal does not say whether it was paid).
    """
    names = [p.name for p in state.players]
    if player not in names or state.player(player).bankrupt or state.ended or state.winner:
        return []
    found: list[PhoneOffer] = []
    me = state.player(player)
    if player in state.jail:
        found.append(
            _offer(
                state,
                player,
                "jail",
                "fine",
                msg("Pay the fine to leave jail"),
                c.LeaveJail(player=player, method="fine"),
            )
        )
        if me.jail_cards:
            found.append(
                _offer(
                    state,
                    player,
                    "jail",
                    "card",
                    msg("Use a Get Out of Jail Free card"),
                    c.LeaveJail(player=player, method="card"),
                )
            )
    if tax:
        found += _tax_offers(state, player)
    if state.debts_of(player):
        found.append(
            _offer(state, player, "settle", "", msg("Pay my debts"), c.Settle(player=player))
        )
    for group in building_groups(state, player):
        if any(state.deeds[lot].owner != player for lot in state.edition.group_lots[group]):
            continue  # a group not whole: nothing to build or sell there
        name = msg(state.edition.groups_by_id[group].name)
        now = levels_now(state, group)
        up = [level.up() for level in now]
        if up != now:
            found.append(
                _plan(
                    state,
                    player,
                    "build",
                    group,
                    up,
                    msg("One more on every lot of {group}", group=name),
                )
            )
        if any(now):
            found.append(
                _plan(
                    state,
                    player,
                    "sell",
                    f"one:{group}",
                    sell_one(now),
                    msg("Sell one building on {group}", group=name),
                )
            )
            nothing = [Level.counted(0, state.max_houses) for _ in now]
            if sum(level.buildings for level in now) > 1:
                found.append(
                    _plan(
                        state,
                        player,
                        "sell",
                        f"all:{group}",
                        nothing,
                        msg("Sell every building on {group}", group=name),
                    )
                )
    for deed in state.deeds_of(player):  # each command applied once: its refusal or effect
        if state.deeds[deed].mortgaged:
            label = msg("Lift the mortgage on {deed}", deed=deed)
            lift = c.LiftMortgage(player=player, deed=deed)
            found.append(_offer(state, player, "lift", deed, label, lift))
        else:
            label = msg("Mortgage {deed}", deed=deed)
            mortgage = c.Mortgage(player=player, deed=deed)
            found.append(_offer(state, player, "mortgage", deed, label, mortgage))
    return found


def _tax_offers(state: GameState, player: str) -> list[PhoneOffer]:
    """The income-tax choice, once the banker recorded the player's landing on it."""
    landing = last_landing(state)
    if landing is None or landing[0] != player:
        return []
    offers = []
    for offer in landing[1].offers:
        command = offer.command
        if isinstance(command, c.PayTax) and command.kind in ("income_flat", "income_percent"):
            found = _offer(state, player, "tax", command.kind, offer.label, command)
            if command.kind == "income_percent" and state.rules.strict_income_tax:
                found = replace(found, effect=[])  # strict: the figure comes after the choice
            offers.append(found)
    return offers if len(offers) > 1 else []


def _offer(
    state: GameState, player: str, kind: AskKind, key: str, label: Message, command: c.Command
) -> PhoneOffer:
    try:
        after, _receipt = apply(state, command)
    except BankerError as exc:
        return PhoneOffer(kind, key, label, [], command, exc.message)
    return PhoneOffer(kind, key, label, effect_of(state, after, player, command), command, None)


def _plan(
    state: GameState, player: str, kind: AskKind, key: str, levels: list[Level], label: Message
) -> PhoneOffer:
    group = key.rpartition(":")[2]
    first = state.edition.group_lots[group][0]
    command = c.SetGroupLevels(player=player, deed=first, levels=[lv.code for lv in levels])
    return _offer(state, player, kind, key, label, command)


def effect_of(state: GameState, after: GameState, player: str, command: c.Command) -> list[Message]:
    """What `command` does, as a phone shows it before it is sent and the banker's queue
    after: each player's cash after, a deed's rent after, the bank's buildings after."""
    money = state.money
    lines = [
        msg(
            "{p}: cash {before} → {after}", p=m.player, before=money(m.before), after=money(m.after)
        )
        for m in cash_changes(state, after)
    ]
    lots: list[str] = []
    if isinstance(command, c.SetGroupLevels):
        group = state.edition.deed(command.deed).group or ""
        lots = list(state.edition.group_lots.get(group, [command.deed]))
    elif isinstance(command, c.Mortgage | c.LiftMortgage):
        lots = [command.deed]
    rents = []
    for lot in lots:
        try:
            rent = rent_due(after, lot).amount
        except BankerError:
            rents.append(msg("{deed}: no rent while mortgaged", deed=lot))
            continue
        rents.append(msg("{deed}: rent {amount}", deed=lot, amount=money(rent)))
    if rents:
        lines.append(msg("Rent after: {rents}", rents=_joined(rents)))
    bank, then = state.bank, after.bank
    if (bank.houses_left, bank.hotels_left) != (then.houses_left, then.hotels_left):
        lines.append(
            msg(
                "Bank after: {houses} houses, {hotels} hotels left",
                houses=then.houses_left,
                hotels=then.hotels_left,
            )
        )
    if len(after.debts) < len(state.debts):
        lines.append(msg("Debts paid"))
    if player in state.jail and player not in after.jail:
        lines.append(msg("{p} leaves jail", p=player))
    return lines


def _joined(parts: list[Message]) -> Message:
    said = parts[0]
    for part in parts[1:]:
        said = msg("{a}; {b}", a=said, b=part)
    return said


def asked_offer(
    state: GameState, player: str, kind: str, key: str, tax: bool = False
) -> PhoneOffer:
    """The offer `player`'s phone asks for, as their page showed it.

    Raises:
        BankerError: it is not on their page now (the moment passed), or the bank would
            refuse it (the core's reason).
    """
    for offer in phone_offers(state, player, tax):
        if offer.kind == kind and offer.key == key:
            if offer.refusal is not None:
                raise NotAllowed("The bank would refuse it: {why}", why=offer.refusal)
            return offer
    raise NotAllowed("That is not something {p} can ask for now: the game moved on.", p=player)


@dataclass(frozen=True)
class Asked:
    """A request waiting for the banker."""

    number: int
    player: str
    offer: PhoneOffer
    queued: int
    """The table's count of arrivals: the banker's queue order."""

    @property
    def command(self) -> c.Command:
        return self.offer.command

    @property
    def parties(self) -> tuple[str]:
        return (self.player,)


def as_it_stands(state: GameState, asked: Asked) -> PhoneOffer:
    """The request worked out again on the game as it stands: what it does now, or why the
    bank would refuse it now (the banker's queue shows this, never the old figures)."""
    o = asked.offer
    return _offer(state, asked.player, o.kind, o.key, o.label, o.command)


@dataclass(frozen=True)
class AskNote:
    """A request that left the queue unapplied, and why: the asking phone shows it."""

    number: int
    player: str
    said: Message


class Asks:
    """The requests waiting for the banker, oldest first, and the notes of those declined
    or gone stale."""

    def __init__(self, arrivals: Callable[[], int] | None = None) -> None:
        self._waiting: dict[int, Asked] = {}
        self._numbers = count(1)
        self._arrivals = arrivals or count(1).__next__
        self.notes: deque[AskNote] = deque(maxlen=KEPT_NOTES)

    def __iter__(self) -> Iterator[Asked]:
        return iter(sorted(self._waiting.values(), key=lambda a: a.queued))

    def get(self, number: int) -> Asked | None:
        return self._waiting.get(number)

    def of(self, player: str) -> list[Asked]:
        return [a for a in self if a.player == player]

    def add(self, state: GameState, player: str, kind: str, key: str) -> Asked:
        """`player` asks for the offer `kind`/`key` their page showed.

        Raises:
            BankerError: not on offer now, refused by the bank, already asked, or too many
                requests of theirs wait.
        """
        offer = asked_offer(state, player, kind, key)
        mine = self.of(player)
        if any(a.command == offer.command for a in mine):
            raise NotAllowed("{p} already asked for this: it waits for the banker.", p=player)
        if len(mine) >= MOST_WAITING:
            raise NotAllowed(
                "{p} already has {n} requests waiting: wait for the banker.",
                p=player,
                n=MOST_WAITING,
            )
        asked = Asked(next(self._numbers), player, offer, self._arrivals())
        self._waiting[asked.number] = asked
        return asked

    def withdraw(self, player: str, number: int) -> Asked:
        """The asking player takes their own request back."""
        asked = self._waiting.get(number)
        if asked is None or asked.player != player:
            raise NotAllowed("That request is no longer waiting.")
        self._close(asked, msg("{p} took the request back.", p=player))
        return asked

    def refuse(self, number: int, why: Message) -> Asked | None:
        """The banker declines a request, saying why: the asking phone shows it."""
        asked = self._waiting.get(number)
        if asked is not None:
            self._close(
                asked, msg("The banker declined: {what}: {why}", what=asked.offer.label, why=why)
            )
        return asked

    def done(self, number: int) -> None:
        """The banker applied it: it leaves the queue."""
        self._waiting.pop(number, None)

    def stale(self, state: GameState) -> list[tuple[Asked, Message]]:
        """Take out every request the game moved under (refused now), each with why."""
        gone = []
        for asked in list(self._waiting.values()):
            reason = refusal(state, asked.command)
            if reason is not None:
                self._close(
                    asked,
                    msg("No longer possible: {what}: {why}", what=asked.offer.label, why=reason),
                )
                gone.append((asked, reason))
        return gone

    def _close(self, asked: Asked, said: Message) -> None:
        del self._waiting[asked.number]
        self.notes.append(AskNote(asked.number, asked.player, said))


@dataclass(frozen=True)
class WayOut:
    """One way a player in debt can raise money, as the raise-funds screen lists it, and
    the request that asks the banker for it."""

    kind: AskKind
    key: str
    label: Message
    brings: Money
    """The cash it brings (what it pays of the debts at once included)."""
    refusal: Message | None


def ways_out(state: GameState, player: str) -> list[WayOut]:
    """Every way `player` can raise money now, in the raise-funds screen's order (sell
    buildings evenly, then mortgage), each as a request their phone can send."""
    found = []
    for move in raising_moves(state, player):
        command = move.command
        if isinstance(command, c.Mortgage):
            kind: AskKind = "mortgage"
            key = command.deed
        elif isinstance(command, c.SetGroupLevels):
            group = state.edition.deed(command.deed).group or ""
            kind = "sell"
            key = ("all:" if not any(command.levels) else "one:") + group
        else:
            continue
        found.append(WayOut(kind, key, move.label, move.brings, move.refusal))
    return found
