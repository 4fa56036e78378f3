"""House rules as settings: every place where tables, editions or the seeds differ."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal, get_args, get_origin

from msgspec import Meta
from msgspec.structs import fields as struct_fields

from banker.core.limits import MAX_AMOUNT, MAX_MINUTES, MAX_PIECES
from banker.core.record import FrozenRecord, ValidationError
from banker.i18n.message import N_, Joined, Message, joined, msg

PhoneRequestKind = Literal["mortgage", "lift", "build", "sell", "settle", "jail", "tax"]
"""The kinds of request a player's phone may make (`banker.core.asks`)."""


class IncomeTaxMode(StrEnum):
    """How income tax is charged."""

    CHOICE = "choice"
    """The player chooses the flat amount or a percentage of worth (the seed rules)."""
    FLAT = "flat"
    """Only the flat amount (later editions)."""


class MortgagedGroupRent(StrEnum):
    """Whether a whole colour group with a mortgaged lot still doubles the base rent."""

    US = "us"
    """The unmortgaged lots still collect double (the seed rule)."""
    UK = "uk"
    """No double while any lot of the group is mortgaged."""


class Rounding(StrEnum):
    """How a percentage (mortgage interest, the transfer fee, income tax) is rounded."""

    UP = "up"
    """Up to the whole unit: `(m*11+9)//10` to lift a mortgage (the default)."""
    DOWN = "down"
    """Down to the whole unit: `m*11//10`."""


Amount = Annotated[int, Meta(gt=0, le=MAX_AMOUNT)]
"""A house rule's amount of money, when set: at least 1."""
Pieces = Annotated[int, Meta(ge=0, le=MAX_PIECES)]


class HouseRules(FrozenRecord, frozen=True, kw_only=True):
    """The settings of one game. Unset amounts come from the edition."""

    starting_cash: Amount | None = None
    """Cash each player starts with; the edition's when unset."""
    salary: Amount | None = None
    """Paid for passing GO; the edition's when unset."""
    jail_fine: Amount | None = None
    """The fine to leave jail; the edition's when unset."""
    income_tax: IncomeTaxMode = IncomeTaxMode.CHOICE
    """Flat or a percentage of worth (choice), or flat only."""
    strict_income_tax: bool = False
    """Show the percentage figure only after the player has chosen."""
    mortgaged_group_rent: MortgagedGroupRent = MortgagedGroupRent.US
    """Whether a group with a mortgaged lot still doubles the base rent."""
    interest_percent: Annotated[int, Meta(ge=0, le=100)] = 10
    """Interest to lift a mortgage, and the fee when a mortgaged deed changes hands."""
    rounding: Rounding = Rounding.UP
    """Rounding of interest, fees and the income tax percentage."""
    free_parking_pot: bool = False
    """Taxes and fines go into a pot that a player landing on Free Parking takes."""
    free_parking_seed: Annotated[int, Meta(ge=0, le=MAX_AMOUNT)] = 0
    """What the bank puts in the pot at the start and after each time it is taken."""
    houses: Pieces | None = None
    """Houses in the bank; the edition's (32) when unset."""
    hotels: Pieces | None = None
    """Hotels in the bank; the edition's (12) when unset."""
    minimum_bid: Amount = 1
    """The lowest opening bid at an auction."""
    follow_tokens: bool = True
    """The bank follows every token (RULES.md, "Turns, tokens and jail"): a card is drawn
    on a square of its deck and moves the token, only a player in jail pays the fine to
    leave. Off for games saved before the bank followed the tokens, whose journals are
    replayed as they were written."""
    houses_before_hotel: Annotated[int, Meta(ge=1, le=4)] = 4
    """Houses on every lot before a hotel: 4, or 3 in the short game."""
    end_after_bankruptcies: Annotated[int, Meta(ge=1, le=2)] | None = None
    """The short game: it ends at the first (or second) bankruptcy; the richest wins."""
    time_limit_minutes: Annotated[int, Meta(gt=0, le=MAX_MINUTES)] | None = None
    """A timed game: the app ends it when the time is up; the richest wins."""
    deal_deeds: int | Literal["all"] | None = None
    """Deal the deeds at the start: N per player, or all of them, shuffled."""
    deal_paid: bool = True
    """Dealt deeds are paid at the printed price (or given free)."""
    phone_answers_at_once: bool = False
    """A player's "buy" or "auction" sent from their own phone is applied at once (or,
    by default, fills the banker's landing dialog for one key)."""
    phone_requests_at_once: tuple[PhoneRequestKind, ...] = ()
    """The kinds of request from a player's own phone applied at once (by default each
    waits in the banker's queue for one key): "mortgage", "lift", "build", "sell",
    "settle", "jail", "tax"."""

    def to_data(self) -> dict[str, Any]:
        """The rules as plain data, as JSON holds them (a list, never a tuple)."""
        data = super().to_data()
        data["phone_requests_at_once"] = list(self.phone_requests_at_once)
        return data

    @property
    def round_up(self) -> bool:
        return self.rounding is Rounding.UP


RULE_NAMES: dict[str, str] = {
    "starting_cash": N_("starting cash"),
    "salary": N_("salary"),
    "jail_fine": N_("jail fine"),
    "income_tax": N_("income tax"),
    "strict_income_tax": N_("income tax figure after the choice"),
    "mortgaged_group_rent": N_("rent of a group with a mortgage"),
    "interest_percent": N_("mortgage interest"),
    "rounding": N_("rounding"),
    "free_parking_pot": N_("Free Parking pot"),
    "free_parking_seed": N_("Free Parking seed"),
    "houses": N_("houses"),
    "hotels": N_("hotels"),
    "minimum_bid": N_("minimum bid"),
    "follow_tokens": N_("the bank follows the tokens"),
    "houses_before_hotel": N_("houses before a hotel"),
    "end_after_bankruptcies": N_("end after bankruptcies"),
    "time_limit_minutes": N_("time limit"),
    "deal_deeds": N_("deeds dealt"),
    "deal_paid": N_("dealt deeds paid"),
    "phone_answers_at_once": N_("buy or auction from a phone applied at once"),
    "phone_requests_at_once": N_("requests from a phone applied at once"),
}
"""Each house rule as the table calls it (a table that plays them differently is told
which, in its language)."""


def rules_problems(data: dict[str, Any]) -> Joined:
    """What is wrong with a house-rules file's settings, in the table's words (never the
    reader's own English): one sentence per setting refused, with the values it takes.
    Each setting is checked on its own, so every one refused is named at once."""
    said: list[Message] = []
    fields = {f.name: f.type for f in struct_fields(HouseRules)}
    for name, value in data.items():
        kind = fields.get(name)
        if kind is None:
            said.append(
                msg(
                    "{setting!r} is not a house rule; the house rules are: {names}.",
                    setting=name,
                    names=", ".join(repr(n) for n in fields),
                )
            )
            continue
        if _accepted(name, value):
            continue
        rule = msg(RULE_NAMES.get(name, name))
        if name == "phone_requests_at_once":
            said.append(
                msg(
                    "{rule} ({setting!r}): a list of {choices}.",
                    rule=rule,
                    setting=name,
                    choices=", ".join(f'"{k}"' for k in get_args(PhoneRequestKind)),
                )
            )
            continue
        if name == "deal_deeds":
            said.append(
                msg(
                    '{rule} ({setting!r}): a whole number of deeds, or "all".',
                    rule=rule,
                    setting=name,
                )
            )
            continue
        base, bounds = _kind(kind)
        if base is bool:
            said.append(msg("{rule} ({setting!r}): 'true' or 'false'.", rule=rule, setting=name))
        elif isinstance(base, type) and issubclass(base, StrEnum):
            said.append(
                msg(
                    "{rule} ({setting!r}): one of {choices}.",
                    rule=rule,
                    setting=name,
                    choices=", ".join(f'"{v.value}"' for v in base),
                )
            )
        else:
            low, high = bounds
            said.append(
                msg(
                    "{rule} ({setting!r}): a whole number from {low} to {high}.",
                    rule=rule,
                    setting=name,
                    low=f"{low:,}",
                    high=f"{high:,}",
                )
            )
    return joined(said, " ")


def _accepted(name: str, value: object) -> bool:
    """Whether one setting, alone, is one the house rules take."""
    try:
        HouseRules.load({name: value})
    except ValidationError:
        return False
    return True


def _kind(annotation: object) -> tuple[object, tuple[int, int]]:
    """The type of a setting, `None` taken out of an optional one, and its bounds."""
    args = [a for a in get_args(annotation) if a is not type(None)]
    if get_origin(annotation) is not Annotated and args:
        annotation = args[0]
    low, high = 0, MAX_AMOUNT
    if get_origin(annotation) is Annotated:
        base, *metadata = get_args(annotation)
        for meta in metadata:
            if isinstance(meta, Meta):
                if meta.gt is not None:
                    low = int(meta.gt) + 1
                if meta.ge is not None:
                    low = int(meta.ge)
                if meta.le is not None:
                    high = int(meta.le)
        return base, (low, high)
    return annotation, (low, high)
