"""What the director reads from a table view: checked before anything uses it.

A table view is another computer's word: the director's board, its results and the
standings page must not be hurt by one that sends nonsense (a worth that is not a number,
ten thousand players, escape codes in a name). `seen_table` reads only the fields the
director uses, each with its type and its bounds (strict: `"200"` is not 200), the players
as the game itself allows them, the final places as a ranking of exactly those players;
anything else is refused with the reason, and the board shows that table as "bad data"
while every other table goes on.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from banker.core.commands import check_player_names
from banker.core.edition import BUILTIN_EDITIONS, Edition, load_edition
from banker.core.errors import BankerError
from banker.core.limits import MAX_AMOUNT, MAX_HOLDING, MAX_PLAYERS, MAX_SEQ, MIN_PLAYERS
from banker.core.money import format_money
from banker.core.problems import from_pydantic
from banker.i18n.message import Message, msg


def _inert(text: str) -> str:
    """Refuse a text with control or format characters (escape codes, bidirectional
    overrides): what the board prints never changes the director's terminal."""
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in text):
        raise ValueError("a control character")
    return text


def _text(most: int) -> Any:
    return Annotated[str, Field(max_length=most), AfterValidator(_inert)]


Amount = Annotated[int, Field(ge=-MAX_HOLDING, le=MAX_HOLDING)]
Name = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(_inert)]
Scalar = bool | int | str | None


class _Seen(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True, frozen=True)


class SeenPlayer(_Seen):
    name: Name
    cash: Amount
    cash_text: _text(32)  # type: ignore[valid-type]
    bankrupt: bool


class SeenPlace(_Seen):
    name: Name
    place: int = Field(ge=1, le=MAX_PLAYERS)
    worth: Amount
    worth_text: _text(32) = ""  # type: ignore[valid-type]
    cash: Amount
    bankrupt: bool


class SeenDeed(_Seen):
    name: _text(60)  # type: ignore[valid-type]
    owner: Name | None = None
    mortgaged: bool = False
    houses: int = Field(default=0, ge=0, le=4)
    hotel: bool = False


class SeenDebt(_Seen):
    debtor: Name
    creditor: _text(60) | None = None  # type: ignore[valid-type]
    """A player's name, or the bank's (or the pot's) in the table's words."""
    amount: int = Field(ge=0, le=MAX_HOLDING)


class SeenEntry(_Seen):
    seq: int = Field(ge=0, le=MAX_SEQ)
    at: _text(40)  # type: ignore[valid-type]
    text: _text(400)  # type: ignore[valid-type]
    undone: bool = False


RuleList = Annotated[list[Annotated[str, Field(max_length=40)]], Field(max_length=16)]
"""A house rule that is a list of short words (the kinds of phone request applied at once)."""


class SeenTable(_Seen):
    """The part of a table view the director uses, every value bounded."""

    seq: int = Field(ge=0, le=MAX_SEQ)
    board: _text(80)  # type: ignore[valid-type]
    rules: dict[Annotated[str, Field(max_length=40)], Scalar | RuleList] = Field(max_length=64)
    players: list[SeenPlayer] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    final: list[SeenPlace] | None = None
    winner: Name | None = None
    ended: bool = False
    deeds: list[SeenDeed] = Field(default_factory=list, max_length=64)
    debts: list[SeenDebt] = Field(default_factory=list, max_length=64)
    currency: _text(8) = ""  # type: ignore[valid-type]
    history: list[SeenEntry] = Field(default_factory=list, max_length=50)


def seen_table(data: object, edition: Edition | None = None) -> dict[str, Any]:
    """A table view's JSON as the director may use it: only the fields it reads, checked,
    and its figures possible together (`edition`: the event's board, which bounds what
    each deed may count).

    Raises:
        BankerError: the reason it is not a table view the board can trust.
    """
    try:
        table = SeenTable.model_validate(data)
    except ValidationError as exc:
        raise BankerError(_why(exc)) from None
    names = [p.name for p in table.players]
    try:
        check_player_names(names)  # the names a game allows, told apart as a game does
    except BankerError as exc:
        raise BankerError(msg("its players: {why}", why=exc.message)) from None
    if any(isinstance(v, str) and len(v) > 40 for v in table.rules.values()):
        raise BankerError(msg("its house rules are not a table's"))
    if table.final is not None:
        ranked = [p.name for p in table.final]
        if sorted(ranked) != sorted(names) or [p.place for p in table.final] != list(
            range(1, len(ranked) + 1)
        ):
            raise BankerError(msg("its final places are not a ranking of its players"))
    if table.winner is not None and table.winner not in names:
        raise BankerError(msg("its winner is not one of its players"))
    if any(d.owner is not None and d.owner not in names for d in table.deeds):
        raise BankerError(msg("a deed's owner is not one of its players"))
    if any(d.debtor not in names for d in table.debts):
        raise BankerError(msg("a debtor is not one of its players"))
    _possible(table, edition)
    return table.model_dump(mode="json")


def _possible(table: SeenTable, edition: Edition | None) -> None:
    """Refuse figures no game can have, or that contradict each other: every amount's text
    as the game writes that amount; a final place with the cash and the bankruptcy of the
    player it names; a bankrupt player's worth 0 (the table's own `end` gives so); any
    other worth between the cash less what the player owes and the cash with the most
    the deeds the view gives them can count (their price, their buildings at cost) and
    what is owed to them. A table may lie about its own game; it cannot make these up
    unseen."""
    for player in table.players:
        if not _reads_as(player.cash_text, player.cash, table.currency):
            raise BankerError(msg("{p}'s cash and its text differ", p=player.name))
    if table.final is None:
        return
    seated = {p.name: p for p in table.players}
    for place in table.final:
        player = seated[place.name]
        if place.cash != player.cash or place.bankrupt != player.bankrupt:
            raise BankerError(msg("{p}'s final place and the players differ", p=place.name))
        if place.worth_text and not _reads_as(place.worth_text, place.worth, table.currency):
            raise BankerError(msg("{p}'s worth and its text differ", p=place.name))
        if place.bankrupt:
            if place.worth != 0:
                raise BankerError(msg("{p} is bankrupt with a worth", p=place.name))
            continue
        owes = sum(d.amount for d in table.debts if d.debtor == place.name)
        owed = sum(d.amount for d in table.debts if d.creditor == place.name)
        held = sum(_most(deed, edition) for deed in table.deeds if deed.owner == place.name)
        if not player.cash - owes <= place.worth <= player.cash + held + owed:
            raise BankerError(
                msg("{p}'s worth is more or less than their cash and deeds can be", p=place.name)
            )


def _reads_as(text: str, amount: int, currency: str) -> bool:
    """Whether `text` is `amount` as a game writes it: in the table's currency when the
    view names it (before or after the number), else by its digits and sign."""
    if currency:
        return text in (format_money(amount, currency), format_money(amount, currency, True))
    digits = "".join(ch for ch in text if ch.isascii() and ch.isdigit())
    return digits == str(abs(amount)) and text.lstrip().startswith("-") == (amount < 0)


MOST_BUILDINGS = 5
"""A hotel counts as at most five buildings at cost (four houses and the hotel)."""


def _most(deed: SeenDeed, edition: Edition | None) -> int:
    """The most a deed can add to its owner's worth: its price (half, mortgaged) and its
    buildings at cost, on the event's board or any board Banker ships (a table on another
    board is told apart by its name, as "differs", not taken for a liar); a deed of none
    of them: the most a price or a cost may be."""
    boards = [*_shipped(), *([edition] if edition is not None else [])]
    printed = [b.deeds_by_name[deed.name] for b in boards if deed.name in b.deeds_by_name]
    if not printed:
        return MAX_AMOUNT * (1 + MOST_BUILDINGS)
    buildings = MOST_BUILDINGS if deed.hotel else deed.houses
    price = max(p.price for p in printed)
    return (price // 2 if deed.mortgaged else price) + buildings * max(
        p.house_cost or 0 for p in printed
    )


@cache
def _shipped() -> tuple[Edition, ...]:
    return tuple(load_edition(e) for e in BUILTIN_EDITIONS)


def _why(exc: ValidationError) -> Message:
    """The first field refused, where it is and why, in a few words (never the value)."""
    return from_pydantic(exc.errors()[0]).words()
