"""House rules as settings: every place where tables, editions or the seeds differ."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from banker.core.money import N_, Money


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

    starting_cash: Money | None = Field(default=None, gt=0)
    """Cash each player starts with; the edition's when unset."""
    salary: Money | None = Field(default=None, gt=0)
    """Paid for passing GO; the edition's when unset."""
    jail_fine: Money | None = Field(default=None, gt=0)
    """The fine to leave jail; the edition's when unset."""
    income_tax: IncomeTaxMode = IncomeTaxMode.CHOICE
    """Flat or a percentage of worth (choice), or flat only."""
    strict_income_tax: bool = False
    """Show the percentage figure only after the player has chosen."""
    mortgaged_group_rent: MortgagedGroupRent = MortgagedGroupRent.US
    """Whether a group with a mortgaged lot still doubles the base rent."""
    interest_percent: int = Field(default=10, ge=0, le=100)
    """Interest to lift a mortgage, and the fee when a mortgaged deed changes hands."""
    rounding: Rounding = Rounding.UP
    """Rounding of interest, fees and the income tax percentage."""
    free_parking_pot: bool = False
    """Taxes and fines go into a pot that a player landing on Free Parking takes."""
    free_parking_seed: Money = Field(default=0, ge=0)
    """What the bank puts in the pot at the start and after each time it is taken."""
    houses: int | None = Field(default=None, ge=0)
    """Houses in the bank; the edition's (32) when unset."""
    hotels: int | None = Field(default=None, ge=0)
    """Hotels in the bank; the edition's (12) when unset."""
    minimum_bid: Money = Field(default=1, gt=0)
    """The lowest opening bid at an auction."""
    follow_tokens: bool = True
    """The bank follows every token (RULES.md, "Turns, tokens and jail"): a card is drawn
    on a square of its deck and moves the token, only a player in jail pays the fine to
    leave. Off for games saved before the bank followed the tokens, whose journals are
    replayed as they were written."""
    houses_before_hotel: int = Field(default=4, ge=1, le=4)
    """Houses on every lot before a hotel: 4, or 3 in the short game."""
    end_after_bankruptcies: int | None = Field(default=None, ge=1, le=2)
    """The short game: it ends at the first (or second) bankruptcy; the richest wins."""
    time_limit_minutes: int | None = Field(default=None, gt=0)
    """A timed game: the app ends it when the time is up; the richest wins."""
    deal_deeds: int | Literal["all"] | None = None
    """Deal the deeds at the start: N per player, or all of them, shuffled."""
    deal_paid: bool = True
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
