"""The state of a game: the players' cash and cards, who owns each deed, the bank."""

from __future__ import annotations

import types
from collections.abc import Callable
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from msgspec.json import encode

from banker.core.edition import Deck, Edition
from banker.core.level import Level
from banker.core.money import Money
from banker.core.record import Record
from banker.core.rules import HouseRules


class Player(Record, kw_only=True):
    """A player at the table."""

    name: str
    cash: Money
    jail_cards: list[Deck] = []
    """Get Out of Jail Free cards held, by the deck each came from."""
    bankrupt: bool = False


class DeedState(Record, kw_only=True):
    """Who holds a deed and what stands on it."""

    owner: str | None = None
    """The owning player's name; None while the bank holds it."""
    mortgaged: bool = False
    houses: int = 0
    """Houses on the lot, 0 to the houses a lot takes (0 when it has a hotel)."""
    hotel: bool = False


class Bank(Record, kw_only=True):
    """The bank: its buildings, the Free Parking pot, and what it has issued."""

    houses_left: int
    hotels_left: int
    free_parking: Money = 0
    """The pot in the middle (house rule)."""
    issued: Money = 0
    """All money the bank has paid out less all it has taken in. Every unit held by a
    player or the pot came from here, so the two always add up."""


class Debt(Record, kw_only=True):
    """Money a player owes and could not pay in cash: settled later, or bankruptcy."""

    debtor: str
    creditor: str | None
    """The player owed; None for the bank."""
    amount: Money
    """The full amount owed."""
    reason: str
    """Why, in English (as `show --json` gives it)."""
    why: dict[str, Any] | None = None
    """The same reason as a message (`Message.to_json()`), to show in the game's language."""
    to_pot: bool = False
    """Owed to the Free Parking pot rather than the bank itself (house rule)."""


class Claim(Record, kw_only=True):
    """What one creditor is owed by a player bankrupt to several."""

    creditor: str | None
    """The player owed; None for the bank (or the pot, with `to_pot`)."""
    to_pot: bool = False
    amount: Money


class Estate(Record, kw_only=True):
    """A player bankrupt to several creditors (or to the pot): the money to share, held by
    the bank until the last of the deeds' auctions closes."""

    debtor: str
    pool: Money
    """Cash, the buildings' price and the auctions' proceeds so far."""
    claims: list[Claim]
    """In the order the odd units go: seating order from the debtor's left, then the pot
    and the bank."""
    deeds: list[str] = []
    """The deeds whose auction proceeds join the pool."""


class Auction(Record, kw_only=True):
    """An open auction: a bank deed, or a house or hotel in a housing shortage."""

    lot: str
    """The deed's name, or `house` / `hotel`."""
    kind: Literal["deed", "house", "hotel"] = "deed"
    opening: Money = 1
    """The lowest first bid."""
    high_bid: Money = 0
    high_bidder: str | None = None
    bidders: list[str] = []
    """Players still in, in seating order."""


def _fresh(value: Any) -> Any:
    """A copy of `value`, of a type known only when it is met (a field declared `Any`),
    that shares nothing mutable with it."""
    if isinstance(value, Record):
        return _copier(type(value))(value)  # type: ignore[misc]  # a record is never shared
    if isinstance(value, list):
        return [_fresh(v) for v in value]
    if isinstance(value, dict):
        return {k: _fresh(v) for k, v in value.items()}
    return value


Copier = Callable[[Any], Any]


@cache
def _copier(kind: Any) -> Copier | None:
    """How to copy a value declared `kind` so that the copy shares nothing mutable with
    it, worked out once from the declaration; None when it may be shared as it is (text,
    numbers, true or false, nothing). The game's state is copied for every command."""
    if _shared_kind(kind):
        return None
    origin = get_origin(kind)
    args = get_args(kind)
    if origin is Union or origin is types.UnionType:
        kinds = [k for k in args if k is not type(None)]
        if len(kinds) == 1 and (one := _copier(kinds[0])) is not None:
            return lambda v: None if v is None else one(v)
        return _fresh
    if origin is list:
        if (item := _copier(args[0])) is None:
            return list.copy
        return lambda v: [item(x) for x in v]
    if origin is dict:
        if (entry := _copier(args[1])) is None:
            return dict.copy
        return lambda v: {k: entry(x) for k, x in v.items()}
    if isinstance(kind, type) and issubclass(kind, Record):
        return _record_copier(kind, frozenset())
    return _fresh  # `Any`: looked at as it comes


def _record_copier(cls: type[Record], shared: frozenset[str]) -> Copier:
    """A record copied field by field, each by its declaration (`shared`: left shared)."""
    hints = get_type_hints(cls)
    plan = [
        (name, copier)
        for name in cls.field_names()
        if name not in shared and (copier := _copier(hints[name])) is not None
    ]
    shallow = cls.__copy__  # type: ignore[attr-defined]  # msgspec's shallow copy
    if not plan:
        return shallow  # type: ignore[no-any-return]  # text and numbers only: a whole copy

    def copy(value: Any) -> Any:
        copied = shallow(value)
        for name, field_copier in plan:
            setattr(copied, name, field_copier(getattr(value, name)))
        return copied

    return copy


_IMMUTABLE = frozenset({str, int, bool, float, type(None)})
"""Value types a copy may share."""


def _shared_kind(kind: Any) -> bool:
    if kind in _IMMUTABLE:
        return True
    origin = get_origin(kind)
    if origin is Literal:
        return True
    if origin is Union or origin is types.UnionType:
        return all(_shared_kind(k) for k in get_args(kind))
    return False


SHARED_FIELDS = frozenset({"edition", "rules"})
"""The fields of a game state that never change after the start, shared between copies."""


class Landing(Record, kw_only=True):
    """Where a token last arrived, and how: what the square offers follows from it
    (`banker.core.offers.landing`)."""

    player: str
    square: int
    """The board index."""
    by: Literal["dice", "square", "card", "jail", "fix"]
    """A throw of the dice, a square named by the banker, a card, Go to Jail, or a
    correction of where the token stands (which offers nothing)."""
    dice: int | None = None
    """The throw that brought the token there, for a utility's rent."""
    card: str | None = None
    """The card that brought the token there, when a card did."""


class GameState(Record, kw_only=True):
    """Everything the bank knows about a game at one moment."""

    edition: Edition
    rules: HouseRules
    players: list[Player]
    """In seating (turn) order."""
    deeds: dict[str, DeedState]
    """Every deed of the edition, by name, in board order."""
    bank: Bank
    debts: list[Debt] = []
    auction: Auction | None = None
    auction_queue: list[str] = []
    """Deeds of a player bankrupt to the bank, auctioned one after another."""
    estate: Estate | None = None
    """A bankruptcy to several creditors waiting for its auctions before the shares."""
    ended: bool = False
    """The game was ended by `end` (a timed or agreed end)."""
    winner: str | None = None
    bankruptcies: list[str] = []
    """The players gone bankrupt, first to go first: the later one places higher at the
    end (empty in a game saved before it was kept: their order is then their seats')."""
    language: str = "en"
    """The language of receipts, refusals and screens: en, ms or th."""
    turn: str | None = None
    """The player whose turn it is; None before the turn was first passed (the first
    player still in the game)."""
    positions: dict[str, int] = {}
    """Each token's last known square (board index) from what the banker recorded; a
    token not in it stands on GO."""
    jail: dict[str, int] = {}
    """The players in jail (not just visiting), each with the throws they have failed
    to leave by so far (0 to 2)."""
    doubles: int = 0
    """Doubles thrown in a row by the player whose turn it is."""
    turn_over: bool = False
    """The player whose turn it was went to jail on it: their turn ended at once, and the
    turn is the next player's (passing it goes there, not one further)."""
    landing: Landing | None = None
    """The last arrival of a token on a square, for the offers that follow it."""
    links: dict[str, int] = {}
    """How many times each player's phone link was replaced (none: their first link).
    The link itself is a secret of the computer that shares the game, never journaled."""

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    @property
    def active_players(self) -> list[Player]:
        return [p for p in self.players if not p.bankrupt]

    @property
    def salary(self) -> Money:
        return self.rules.salary or self.edition.salary

    @property
    def jail_fine(self) -> Money:
        return self.rules.jail_fine or self.edition.jail_fine

    @property
    def houses_supply(self) -> int:
        return self.edition.houses if self.rules.houses is None else self.rules.houses

    @property
    def hotels_supply(self) -> int:
        return self.edition.hotels if self.rules.hotels is None else self.rules.hotels

    @property
    def max_houses(self) -> int:
        """Houses a lot takes before a hotel: 4, or 3 in the short game."""
        return self.rules.houses_before_hotel

    def level(self, deed: str) -> Level:
        """What stands on a lot, in this game's count of houses before a hotel."""
        held = self.deeds[deed]
        return Level(held.houses, held.hotel, self.rules.houses_before_hotel)

    def debts_of(self, player: str) -> list[Debt]:
        return [d for d in self.debts if d.debtor == player]

    def deeds_of(self, owner: str) -> list[str]:
        return [name for name, d in self.deeds.items() if d.owner == owner]

    def money(self, amount: Money) -> str:
        return self.edition.money(amount)

    def clone(self) -> GameState:
        """A copy to change: every field is copied, records, lists and dicts all the way
        down, except the edition and the rules, which never change and so are shared.
        A field added later is copied too, with no line to add here."""
        return _state_copier()(self)  # type: ignore[no-any-return]

    def dump_ledger(self) -> str:
        """The state without edition and rules, as JSON, for journal snapshots."""
        ledger = {n: getattr(self, n) for n in self.field_names() if n not in SHARED_FIELDS}
        return encode(ledger).decode()

    @classmethod
    def load_ledger(cls, data: str, edition: Edition, rules: HouseRules) -> GameState:
        import json

        raw = json.loads(data)
        if not isinstance(raw, dict):
            raise ValueError("a ledger is a JSON object")
        return cls.load({**raw, "edition": edition, "rules": rules})


def new_game_state(
    players: list[str], edition: Edition, rules: HouseRules, language: str = "en"
) -> GameState:
    """The table before the first roll: everyone's starting cash, every deed with the bank."""
    cash = rules.starting_cash or edition.starting_cash
    seed = rules.free_parking_seed if rules.free_parking_pot else 0
    houses = edition.houses if rules.houses is None else rules.houses
    hotels = edition.hotels if rules.hotels is None else rules.hotels
    return GameState(
        edition=edition,
        rules=rules,
        players=[Player(name=name, cash=cash) for name in players],
        deeds={d.name: DeedState() for d in sorted(edition.deeds, key=lambda d: d.square)},
        bank=Bank(
            houses_left=houses,
            hotels_left=hotels,
            free_parking=seed,
            issued=cash * len(players) + seed,
        ),
        language=language,
    )


@cache
def _state_copier() -> Copier:
    """The game state's copier, worked out at its first copy (not at every start)."""
    return _record_copier(GameState, SHARED_FIELDS)
