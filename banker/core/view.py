"""What the banker's ledger shows, as plain data: players, deeds by colour group, the bank.

The ledger screen draws only this view, never the game's models, so the app can draw
its first screen from the view saved in the game file (`banker.store.glance`) before the
rules' models are even imported, then carry on from the journal. Everything here is
standard-library Python; `ledger_view` imports the rules only when it is called.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from banker.core.money import Money, format_money

if TYPE_CHECKING:
    from banker.core.state import GameState

VIEW_VERSION = 3
"""Bumped whenever the fields below change: a saved view of another version is ignored."""


@dataclass(frozen=True)
class PlayerLine:
    """One player's line: cash first, then worth, deeds and jail cards."""

    seat: int
    """1 for the first player in turn order."""
    name: str
    cash: Money
    worth: Money | None
    """None under strict income tax until the game ends."""
    deeds: tuple[tuple[str | None, bool], ...]
    """Each deed held, in board order: its colour group's colour (None for a railroad or
    a utility) and whether it is mortgaged."""
    jail_cards: int
    owes: bool
    """The player has a debt the bank is waiting on."""
    bankrupt: bool
    turn: bool = False
    """It is this player's turn."""
    square: str = ""
    """Where the bank last knew the token to be."""
    jail: int | None = None
    """In jail (not just visiting): the throws failed so far, 0 to 2; None when not."""


@dataclass(frozen=True)
class LotLine:
    """One deed on the board: who holds it, its mortgage, its buildings, its rent now."""

    name: str
    owner: str | None
    mortgaged: bool = False
    houses: int = 0
    hotel: bool = False
    rent: Money | None = None
    """What landing on it costs now (None if the bank holds it or it is mortgaged)."""
    dice: int | None = None
    """For a utility: rent is this many times the dice."""


@dataclass(frozen=True)
class GroupPanel:
    """A colour group as the board shows it (or the railroads, or the utilities)."""

    title: str
    """The group's name in English, as the edition has it; shown translated."""
    colour: str | None
    """The group's colour as #rrggbb; None for the railroads and the utilities."""
    lots: tuple[LotLine, ...]


@dataclass(frozen=True)
class DebtLine:
    debtor: str
    creditor: str | None
    """None for the bank."""
    amount: Money


@dataclass(frozen=True)
class AuctionLine:
    lot: str
    """A deed's name, or `house` / `hotel` in a housing shortage."""
    kind: str
    high_bid: Money
    high_bidder: str | None


@dataclass(frozen=True)
class BankLine:
    """The bank's buildings, the Free Parking pot, an open auction and the debts."""

    houses_left: int
    houses_supply: int
    hotels_left: int
    hotels_supply: int
    pot: Money | None
    """The Free Parking pot; None when that house rule is off."""
    auction: AuctionLine | None
    debts: tuple[DebtLine, ...]


@dataclass(frozen=True)
class LedgerView:
    """The whole ledger at one moment of a game."""

    language: str
    currency: str
    currency_suffix: bool
    time_limit_minutes: int | None
    winner: str | None
    players: tuple[PlayerLine, ...]
    groups: tuple[GroupPanel, ...]
    bank: BankLine

    def money(self, amount: Money) -> str:
        """An amount in the edition's currency, as the table reads it."""
        return format_money(amount, self.currency, self.currency_suffix)

    def seat_of(self, name: str) -> int | None:
        for player in self.players:
            if player.name == name:
                return player.seat
        return None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LedgerView:
        """The view saved by `to_json`. Raises KeyError or TypeError if it is not one."""
        bank = dict(data["bank"])
        auction = bank.pop("auction")
        debts = bank.pop("debts")
        return cls(
            language=data["language"],
            currency=data["currency"],
            currency_suffix=data["currency_suffix"],
            time_limit_minutes=data["time_limit_minutes"],
            winner=data["winner"],
            players=tuple(
                PlayerLine(**{**p, "deeds": tuple((c, bool(m)) for c, m in p["deeds"])})
                for p in data["players"]
            ),
            groups=tuple(
                GroupPanel(g["title"], g["colour"], tuple(LotLine(**lot) for lot in g["lots"]))
                for g in data["groups"]
            ),
            bank=BankLine(
                **bank,
                auction=AuctionLine(**auction) if auction else None,
                debts=tuple(DebtLine(**d) for d in debts),
            ),
        )


def ledger_view(state: GameState) -> LedgerView:
    """What the ledger shows of `state`."""
    # the rules: loaded to work out a ledger, never to draw a saved one (start-up)
    from banker.core.edition import DeedKind
    from banker.core.rent import rent_due
    from banker.core.turns import position, square_name, whose_turn
    from banker.core.worth import worth, worth_hidden

    hidden = worth_hidden(state)

    edition = state.edition
    turn = whose_turn(state)

    def group_colour(deed: str) -> str | None:
        group = edition.deed(deed).group
        if edition.deed(deed).kind is DeedKind.STREET and group:
            return edition.groups_by_id[group].colour
        return None

    players = tuple(
        PlayerLine(
            seat=seat,
            name=p.name,
            cash=p.cash,
            worth=None if hidden else 0 if p.bankrupt else worth(state, p.name).total,
            deeds=tuple(
                (group_colour(d), state.deeds[d].mortgaged) for d in state.deeds_of(p.name)
            ),
            jail_cards=len(p.jail_cards),
            owes=bool(state.debts_of(p.name)),
            bankrupt=p.bankrupt,
            turn=p.name == turn and state.winner is None,
            square=square_name(edition, position(state, p.name)),
            jail=state.jail.get(p.name),
        )
        for seat, p in enumerate(state.players, start=1)
    )

    def lot(name: str) -> LotLine:
        held = state.deeds[name]
        rent: Money | None = None
        dice: int | None = None
        if held.owner is not None and not held.mortgaged:
            if edition.deed(name).kind is DeedKind.UTILITY:
                count = sum(
                    1
                    for d in edition.deeds
                    if d.kind is DeedKind.UTILITY and state.deeds[d.name].owner == held.owner
                )
                dice = edition.utility_multipliers[count - 1] * edition.scale
            else:
                rent = rent_due(state, name).amount
        return LotLine(name, held.owner, held.mortgaged, held.houses, held.hotel, rent, dice)

    groups = [
        GroupPanel(group.name, group.colour, tuple(lot(n) for n in edition.group_lots[group.id]))
        for group in edition.groups
    ]
    railroads = "Stations" if edition.railroad_word == "station" else "Railroads"
    for kind, title in ((DeedKind.RAILROAD, railroads), (DeedKind.UTILITY, "Utilities")):
        lots = [d.name for d in sorted(edition.deeds, key=lambda d: d.square) if d.kind is kind]
        if lots:
            groups.append(GroupPanel(title, None, tuple(lot(n) for n in lots)))

    auction = state.auction
    bank = BankLine(
        houses_left=state.bank.houses_left,
        houses_supply=state.houses_supply,
        hotels_left=state.bank.hotels_left,
        hotels_supply=state.hotels_supply,
        pot=state.bank.free_parking if state.rules.free_parking_pot else None,
        auction=AuctionLine(auction.lot, auction.kind, auction.high_bid, auction.high_bidder)
        if auction
        else None,
        debts=tuple(DebtLine(d.debtor, d.creditor, d.amount) for d in state.debts),
    )
    return LedgerView(
        language=state.language,
        currency=edition.currency,
        currency_suffix=edition.currency_suffix,
        time_limit_minutes=state.rules.time_limit_minutes,
        winner=state.winner,
        players=players,
        groups=tuple(groups),
        bank=bank,
    )
