"""House rules as settings: every place where tables, editions or the seeds differ."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, get_args

import annotated_types
from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from banker.core.money import MAX_AMOUNT, N_, Joined, Message, Money, joined, msg

MAX_PIECES = 1000
"""The most houses or hotels a house rule may put in the bank."""
MAX_MINUTES = 7 * 24 * 60
"""The longest time limit a game may have: a week."""


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


class HouseRules(BaseModel):
    """The settings of one game. Unset amounts come from the edition."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    starting_cash: Money | None = Field(default=None, gt=0, le=MAX_AMOUNT, strict=True)
    """Cash each player starts with; the edition's when unset."""
    salary: Money | None = Field(default=None, gt=0, le=MAX_AMOUNT, strict=True)
    """Paid for passing GO; the edition's when unset."""
    jail_fine: Money | None = Field(default=None, gt=0, le=MAX_AMOUNT, strict=True)
    """The fine to leave jail; the edition's when unset."""
    income_tax: IncomeTaxMode = IncomeTaxMode.CHOICE
    """Flat or a percentage of worth (choice), or flat only."""
    strict_income_tax: bool = Field(default=False, strict=True)
    """Show the percentage figure only after the player has chosen."""
    mortgaged_group_rent: MortgagedGroupRent = MortgagedGroupRent.US
    """Whether a group with a mortgaged lot still doubles the base rent."""
    interest_percent: int = Field(default=10, ge=0, le=100, strict=True)
    """Interest to lift a mortgage, and the fee when a mortgaged deed changes hands."""
    rounding: Rounding = Rounding.UP
    """Rounding of interest, fees and the income tax percentage."""
    free_parking_pot: bool = Field(default=False, strict=True)
    """Taxes and fines go into a pot that a player landing on Free Parking takes."""
    free_parking_seed: Money = Field(default=0, ge=0, le=MAX_AMOUNT, strict=True)
    """What the bank puts in the pot at the start and after each time it is taken."""
    houses: int | None = Field(default=None, ge=0, le=MAX_PIECES, strict=True)
    """Houses in the bank; the edition's (32) when unset."""
    hotels: int | None = Field(default=None, ge=0, le=MAX_PIECES, strict=True)
    """Hotels in the bank; the edition's (12) when unset."""
    minimum_bid: Money = Field(default=1, gt=0, le=MAX_AMOUNT, strict=True)
    """The lowest opening bid at an auction."""
    follow_tokens: bool = Field(default=True, strict=True)
    """The bank follows every token (RULES.md, "Turns, tokens and jail"): a card is drawn
    on a square of its deck and moves the token, only a player in jail pays the fine to
    leave. Off for games saved before the bank followed the tokens, whose journals are
    replayed as they were written."""
    houses_before_hotel: int = Field(default=4, ge=1, le=4, strict=True)
    """Houses on every lot before a hotel: 4, or 3 in the short game."""
    end_after_bankruptcies: int | None = Field(default=None, ge=1, le=2, strict=True)
    """The short game: it ends at the first (or second) bankruptcy; the richest wins."""
    time_limit_minutes: int | None = Field(default=None, gt=0, le=MAX_MINUTES, strict=True)
    """A timed game: the app ends it when the time is up; the richest wins."""
    deal_deeds: StrictInt | Literal["all"] | None = None
    """Deal the deeds at the start: N per player, or all of them, shuffled."""
    deal_paid: bool = Field(default=True, strict=True)
    """Dealt deeds are paid at the printed price (or given free)."""

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
}
"""Each house rule as the table calls it (a table that plays them differently is told
which, in its language)."""


def rules_problems(exc: ValidationError) -> Joined:
    """What is wrong with a house-rules file, in the table's words (never pydantic's own
    English): one sentence per setting refused, with the values it takes."""
    said: list[Message] = []
    seen: set[str] = set()
    for error in exc.errors():
        name = str((error.get("loc") or ("",))[0])
        if name in seen:
            continue
        seen.add(name)
        field = HouseRules.model_fields.get(name)
        if field is None:
            said.append(
                msg(
                    "{setting!r} is not a house rule; the house rules are: {names}.",
                    setting=name,
                    names=", ".join(repr(n) for n in HouseRules.model_fields),
                )
            )
            continue
        rule = msg(RULE_NAMES.get(name, name))
        if name == "deal_deeds":
            said.append(
                msg(
                    '{rule} ({setting!r}): a whole number of deeds, or "all".',
                    rule=rule,
                    setting=name,
                )
            )
            continue
        kind = _kind(field.annotation)
        if kind is bool:
            said.append(msg("{rule} ({setting!r}): 'true' or 'false'.", rule=rule, setting=name))
        elif isinstance(kind, type) and issubclass(kind, StrEnum):
            said.append(
                msg(
                    "{rule} ({setting!r}): one of {choices}.",
                    rule=rule,
                    setting=name,
                    choices=", ".join(f'"{v.value}"' for v in kind),
                )
            )
        else:
            low, high = _bounds(field.metadata)
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


def _kind(annotation: object) -> object:
    """The type of a setting, `None` taken out of an optional one."""
    args = [a for a in get_args(annotation) if a is not type(None)]
    return args[0] if args else annotation


def _bounds(metadata: list[object]) -> tuple[int, int]:
    low, high = 0, MAX_AMOUNT
    for rule in metadata:
        if isinstance(rule, annotated_types.Gt):
            low = int(rule.gt) + 1  # type: ignore[call-overload]
        elif isinstance(rule, annotated_types.Ge):
            low = int(rule.ge)  # type: ignore[call-overload]
        elif isinstance(rule, annotated_types.Le):
            high = int(rule.le)  # type: ignore[call-overload]
    return low, high
