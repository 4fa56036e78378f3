"""Boards as data: deeds, colour groups, squares, cards and currency, read from TOML.

An edition file carries everything that differs between boards, so no rule of the
bank assumes US names or amounts.
"""

from __future__ import annotations

import json
import os
from enum import StrEnum
from functools import cached_property
from pathlib import Path
from string import Formatter
from typing import Annotated, Any, Literal

from msgspec import Meta

from banker.core.errors import EditionError, FileProblem
from banker.core.limits import MAX_AMOUNT, MAX_EDITION_BYTES, MAX_PIECES, MAX_PLAYERS
from banker.core.money import Money, format_money
from banker.core.record import FrozenRecord, ValidationError, problem_words
from banker.i18n.catalogue import add_words
from banker.i18n.languages import LANGUAGES, is_language
from banker.i18n.message import Message, msg

Deck = Literal["chance", "chest"]
"""The two card decks: Chance and Community Chest."""

CARD_FIELDS = ("amount", "per_house", "per_hotel", "salary", "target", "spaces", "times")
"""What a card's text may name in braces, filled from the card and the edition, so the
text cannot disagree with the amount charged and one translation serves every edition:
`Bank pays you a dividend of {amount}`."""


class DeedKind(StrEnum):
    """What kind of title deed a deed is."""

    STREET = "street"
    """A lot in a colour group: rent by houses and hotel."""
    RAILROAD = "railroad"
    """Rent by how many railroads the owner holds."""
    UTILITY = "utility"
    """Rent by dice, times how many utilities the owner holds."""


class SquareKind(StrEnum):
    """The squares that are not deeds."""

    GO = "go"
    """Collect the salary."""
    CHANCE = "chance"
    """Draw a Chance card."""
    CHEST = "chest"
    """Draw a Community Chest card."""
    INCOME_TAX = "income_tax"
    """Pay income tax: flat or a percentage of worth."""
    LUXURY_TAX = "luxury_tax"
    """Pay luxury tax (Super Tax on the London board)."""
    JAIL = "jail"
    """In jail, or just visiting."""
    FREE_PARKING = "free_parking"
    """Nothing, or the pot under the house rule."""
    GO_TO_JAIL = "go_to_jail"
    """Straight to jail, no salary."""


class CardAction(StrEnum):
    """What a Chance or Community Chest card does with money."""

    COLLECT = "collect"
    """The bank pays `amount`."""
    PAY = "pay"
    """The player pays `amount` to the bank (or the pot)."""
    REPAIRS = "repairs"
    """Pay `per_house` for each house and `per_hotel` for each hotel owned."""
    PAY_EACH = "pay_each"
    """Pay `amount` to every other player."""
    COLLECT_EACH = "collect_each"
    """Collect `amount` from every other player."""
    ADVANCE = "advance"
    """Advance to `target`; salary when passing GO (to GO itself: always)."""
    NEAREST_RAILROAD = "nearest_railroad"
    """Advance to the nearest railroad; pay its owner twice the rent."""
    NEAREST_UTILITY = "nearest_utility"
    """Advance to the nearest utility; pay its owner 10 times the dice."""
    BACK = "back"
    """Go back `spaces` squares."""
    GO_TO_JAIL = "go_to_jail"
    """Go to jail, no salary."""
    JAIL_FREE = "jail_free"
    """Get Out of Jail Free: kept until used or sold."""


Text = Annotated[str, Meta(min_length=1)]
Price = Annotated[int, Meta(gt=0)]
"""An amount printed on the board that is never nothing."""
Count = Annotated[int, Meta(ge=0)]


class ColourGroup(FrozenRecord, frozen=True, kw_only=True):
    """A colour group of streets."""

    id: Text
    """Short key used by deeds, e.g. `dark_blue`."""
    name: Text
    """Name as shown, e.g. `Dark blue`."""
    colour: Annotated[str, Meta(pattern=r"^#[0-9a-fA-F]{6}$")]
    """The group's colour on the board, `#rrggbb`."""


class Deed(FrozenRecord, frozen=True, kw_only=True):
    """A title deed: a street, a railroad or a utility."""

    square: Count
    """Index of its square on the board, GO being 0."""
    name: Text
    kind: DeedKind
    price: Price
    """The printed price."""
    mortgage: Price
    """The mortgage value printed on the back."""
    group: str | None = None
    """Colour group id (streets only)."""
    house_cost: Price | None = None
    """Price of a house, and of a hotel (streets only)."""
    rent: list[Money] | None = None
    """Rent with 0, 1, 2, 3, 4 houses and a hotel (streets only): six numbers."""

    def __post_init__(self) -> None:
        is_street = self.kind is DeedKind.STREET
        for name in ("group", "house_cost", "rent"):
            present = getattr(self, name) is not None
            if is_street and not present:
                raise FileProblem("street {deed!r} needs '{field}'", deed=self.name, field=name)
            if not is_street and present:
                raise FileProblem(
                    "{kind} {deed!r} cannot have '{field}'",
                    kind=msg("railroad") if self.kind is DeedKind.RAILROAD else msg("utility"),
                    deed=self.name,
                    field=name,
                )
        if self.rent is not None:
            if len(self.rent) != 6:
                raise FileProblem(
                    "rent of {deed!r} has {n} numbers; it needs 6 "
                    "(no houses, 1, 2, 3, 4 houses, hotel)",
                    deed=self.name,
                    n=len(self.rent),
                )
            if any(r < 0 for r in self.rent):
                raise FileProblem("rent of {deed!r} has a negative number", deed=self.name)


class Square(FrozenRecord, frozen=True, kw_only=True):
    """A square that is not a deed."""

    square: Count
    name: Text
    kind: SquareKind


class Card(FrozenRecord, frozen=True, kw_only=True):
    """A Chance or Community Chest card and its money effect."""

    id: Annotated[str, Meta(pattern=r"^[a-z0-9][a-z0-9-]*$")]
    """Stable id used by the command language, e.g. `chance-dividend`; named after the
    edition's own squares (`chance-mayfair` on the London board)."""
    was: list[str] = []
    """Ids the card had before, still read so that older journals replay."""
    deck: Deck
    text: Text
    """The card as printed, in English, naming its numbers in braces (`CARD_FIELDS`):
    `Pay school fees of {amount}`. Translated by the catalogues like any sentence."""
    action: CardAction
    amount: Count = 0
    per_house: Count = 0
    per_hotel: Count = 0
    target: str | None = None
    """Square name for `advance`."""
    spaces: Count = 0
    """Squares to go back for `back`."""

    def __post_init__(self) -> None:
        needs_amount = {
            CardAction.COLLECT,
            CardAction.PAY,
            CardAction.PAY_EACH,
            CardAction.COLLECT_EACH,
        }
        if self.action in needs_amount and self.amount <= 0:
            raise FileProblem(
                "card {id!r} ('{action}') needs a positive 'amount'",
                id=self.id,
                action=self.action.value,
            )
        if self.action is CardAction.ADVANCE and not self.target:
            raise FileProblem("card {id!r} ('advance') needs a 'target' square", id=self.id)
        if self.action is CardAction.REPAIRS and not (self.per_house or self.per_hotel):
            raise FileProblem(
                "card {id!r} ('repairs') needs 'per_house' or 'per_hotel'", id=self.id
            )
        if self.action is CardAction.BACK and self.spaces <= 0:
            raise FileProblem("card {id!r} ('back') needs 'spaces'", id=self.id)
        try:
            named = {name for _text, name, _spec, _conv in Formatter().parse(self.text)}
        except ValueError:
            named = {"{"}
        unknown = sorted(n for n in named if n is not None and n not in CARD_FIELDS)
        if unknown:
            raise FileProblem(
                "card {id!r}: the text names {unknown}; a card's text may name only {fields}",
                id=self.id,
                unknown=", ".join(map(repr, unknown)),
                fields=", ".join("{" + f + "}" for f in CARD_FIELDS),
            )


class Edition(FrozenRecord, frozen=True, kw_only=True, dict=True):
    """One board: its currency, its amounts, its deeds, squares and cards."""

    id: Text
    name: Text
    currency: Text
    """Currency symbol as printed, e.g. `$`, `£`, `RM`."""
    currency_suffix: bool = False
    """Write the symbol after the number (`1,500 ฿`) instead of before."""
    scale: Annotated[int, Meta(ge=1)]
    """The board's unit: 1 on the classic boards, 100 on a board that prints every amount
    100 times over. Required, so a custom edition says it; every amount in the file must be a
    multiple of it, and what the file cannot print (a utility's rent, dice x multiplier) is
    multiplied by it."""
    starting_cash: Price
    salary: Price
    jail_fine: Price
    income_tax: Price
    """The flat income tax."""
    income_tax_percent: Annotated[int, Meta(ge=0, le=100)] = 10
    """The income tax as a percentage of total worth, when the player may choose it."""
    luxury_tax: Price
    luxury_tax_name: str = "Luxury Tax"
    houses: Count = 32
    hotels: Count = 12
    railroad_rent: Annotated[list[Price], Meta(min_length=1)]
    """Rent with 1, 2, 3, 4 railroads owned."""
    utility_multipliers: Annotated[list[Price], Meta(min_length=1)]
    """Dice multiplier with 1, 2 utilities owned."""
    utility_card_multiplier: Price = 10
    railroad_card_multiplier: Price = 2
    railroad_word: Literal["railroad", "station"] = "railroad"
    """What the table calls the four railroads: `station` on the London board."""
    groups: Annotated[list[ColourGroup], Meta(min_length=1)]
    deeds: Annotated[list[Deed], Meta(min_length=1)]
    squares: list[Square] = []
    cards: list[Card] = []
    words: dict[str, dict[str, str]] = {}
    """The edition's own words in other languages, for a board whose card texts or square
    names the catalogues do not know: `[words.th]` then `"Pay school fees of {amount}" =
    "จ่ายค่าเทอม {amount}"`. Each translation names the same numbers in braces."""

    def __post_init__(self) -> None:
        """Cross-field checks; each message starts with where the problem is."""
        _plain_text(self)
        _scaled(self)
        _bounded(self)
        for i, deed in enumerate(self.deeds):
            if deed.mortgage > deed.price:
                raise FileProblem(
                    "{where}: {deed!r} lends {mortgage} on a deed that costs {price}: a "
                    "mortgage value is at most the price",
                    where=f"deeds.{i}.mortgage",
                    deed=deed.name,
                    mortgage=deed.mortgage,
                    price=deed.price,
                )
        _unique("groups", "id", [g.id for g in self.groups])
        _unique("groups", "name", [g.name for g in self.groups])
        _unique("deeds", "name", [d.name for d in self.deeds])
        _unique("cards", "id", [c.id for c in self.cards])
        _unique("cards", "id or was", [i for c in self.cards for i in (c.id, *c.was)])
        squares = sorted([d.square for d in self.deeds] + [s.square for s in self.squares])
        _unique("deeds/squares", "square", squares)
        gaps = sorted(set(range(len(squares))) - set(squares))
        if gaps:
            raise FileProblem(
                "squares: the board has {n} squares but none is numbered {gaps}: number them "
                "0 to {last} without gaps",
                n=len(squares),
                gaps=", ".join(map(str, gaps[:5])),
                last=len(squares) - 1,
            )
        go = [s.square for s in self.squares if s.kind is SquareKind.GO]
        if go != [0]:
            raise FileProblem(
                "squares: GO is square 0 (where every token starts and the salary is paid); "
                "this board puts it at {at}",
                at=", ".join(map(str, go)) if go else msg("no square"),
            )
        for i, deed in enumerate(self.deeds):
            _typable(f"deeds.{i}.name", deed.name, deed=True)
        for i, square in enumerate(self.squares):  # GO and Jail are squares, typed alone
            _typable(f"squares.{i}.name", square.name, deed=False)
        group_ids = {g.id for g in self.groups}
        for i, deed in enumerate(self.deeds):
            if deed.group is not None and deed.group not in group_ids:
                raise FileProblem(
                    "{where}: {deed!r} names unknown colour group {group!r}",
                    where=f"deeds.{i}.group",
                    deed=deed.name,
                    group=deed.group,
                )
        for i, group in enumerate(self.groups):
            if not any(d.group == group.id for d in self.deeds):
                raise FileProblem(
                    "{where}: colour group {group!r} has no streets",
                    where=f"groups.{i}",
                    group=group.id,
                )
        railroads = sum(d.kind is DeedKind.RAILROAD for d in self.deeds)
        utilities = sum(d.kind is DeedKind.UTILITY for d in self.deeds)
        if railroads and len(self.railroad_rent) < railroads:
            raise FileProblem(
                "railroad_rent: {n} numbers for {railroads} railroads",
                n=len(self.railroad_rent),
                railroads=railroads,
            )
        if utilities and len(self.utility_multipliers) < utilities:
            raise FileProblem(
                "utility_multipliers: {n} numbers for {utilities} utilities",
                n=len(self.utility_multipliers),
                utilities=utilities,
            )
        names = [d.name for d in self.deeds] + [s.name for s in self.squares]
        folded = {n.casefold() for n in names}
        for i, card in enumerate(self.cards):
            if card.target is not None and card.target.casefold() not in folded:
                raise FileProblem(
                    "{where}: card {id!r} advances to unknown square {target!r}",
                    where=f"cards.{i}.target",
                    id=card.id,
                    target=card.target,
                )
        for deck in ("chance", "chest"):
            if sum(c.deck == deck and c.action is CardAction.JAIL_FREE for c in self.cards) > 1:
                raise FileProblem(
                    "cards: the {deck} deck has more than one Get Out of Jail Free card",
                    deck=msg("Chance") if deck == "chance" else msg("Community Chest"),
                )
        for language, words in self.words.items():
            if not is_language(language) or language == "en":
                raise FileProblem(
                    "{where}: not a language Banker speaks besides English (ms, th)",
                    where=f"words.{language}",
                )
            for english, own in words.items():
                if _named(english) != _named(own):
                    raise FileProblem(
                        "{where}: {own!r} must name the same {{numbers}} as {english!r}",
                        where=f"words.{language}",
                        own=own,
                        english=english,
                    )
            add_words(language, words)

    # Look-ups, built once per edition.

    @cached_property
    def deeds_by_name(self) -> dict[str, Deed]:
        return {d.name: d for d in self.deeds}

    @cached_property
    def cards_by_id(self) -> dict[str, Card]:
        return {c.id: c for c in self.cards}

    @cached_property
    def cards_by_old_id(self) -> dict[str, Card]:
        """Each card by the ids it had before (`was`)."""
        return {old: c for c in self.cards for old in c.was}

    def card_by_id(self, ident: str) -> Card | None:
        """The card with this id, or the one that had it before."""
        return self.cards_by_id.get(ident) or self.cards_by_old_id.get(ident)

    def card_words(self, card: Card) -> Message:
        """A card's text as a sentence to translate, its numbers filled from the card
        and the edition: `Bank pays you a dividend of $50`."""
        values: dict[str, object] = {
            "amount": self.money(card.amount),
            "per_house": self.money(card.per_house),
            "per_hotel": self.money(card.per_hotel),
            "salary": self.money(self.salary),
            "target": self.square_words(card.target or ""),
            "spaces": card.spaces,
            "times": self.utility_card_multiplier,
        }
        named = {name for _text, name, _spec, _conv in Formatter().parse(card.text)}
        return msg(card.text, **{k: v for k, v in values.items() if k in named})

    @property
    def name_words(self) -> Message | str:
        """The board's name to show: translated for the boards that ship (`United States`
        is `Amerika Syarikat` in Malay); a board of one's own keeps its name."""
        if "{" in self.name or "}" in self.name:
            return self.name
        return msg(self.name)

    def square_words(self, name: str) -> Message | str:
        """A square's name to show: a deed's as printed on the board, the other squares'
        (`Income Tax`, `Go To Jail`) as words to translate."""
        if name in self.deeds_by_name:
            return name
        return msg(name)

    @cached_property
    def groups_by_id(self) -> dict[str, ColourGroup]:
        return {g.id: g for g in self.groups}

    @cached_property
    def group_lots(self) -> dict[str, list[str]]:
        """The deed names of each colour group, in board order."""
        lots: dict[str, list[str]] = {g.id: [] for g in self.groups}
        for deed in sorted(self.deeds, key=lambda d: d.square):
            if deed.group is not None:
                lots[deed.group].append(deed.name)
        return lots

    @cached_property
    def board_size(self) -> int:
        return max([d.square for d in self.deeds] + [s.square for s in self.squares]) + 1

    def deed(self, name: str) -> Deed:
        return self.deeds_by_name[name]

    def lots_of(self, deed_name: str) -> list[str]:
        """All the lots of this deed's colour group (just the deed if it has none)."""
        group = self.deeds_by_name[deed_name].group
        return self.group_lots[group] if group else [deed_name]

    def money(self, amount: Money) -> str:
        return format_money(amount, self.currency, self.currency_suffix)


def _named(text: str) -> set[str]:
    """The names a text has in braces (`{amount}`); a text that is not a template names `{`."""
    try:
        return {name for _text, name, _spec, _conv in Formatter().parse(text) if name is not None}
    except ValueError:
        return {"{"}


def _amounts(edition: Edition) -> list[tuple[str, int]]:
    """Every amount an edition prints, with where it is."""
    found: list[tuple[str, int]] = [
        (name, getattr(edition, name))
        for name in ("starting_cash", "salary", "jail_fine", "income_tax", "luxury_tax")
    ]
    found += [(f"railroad_rent.{i}", r) for i, r in enumerate(edition.railroad_rent)]
    for i, deed in enumerate(edition.deeds):
        found += [(f"deeds.{i}.price", deed.price), (f"deeds.{i}.mortgage", deed.mortgage)]
        if deed.house_cost is not None:
            found.append((f"deeds.{i}.house_cost", deed.house_cost))
        found += [(f"deeds.{i}.rent.{j}", r) for j, r in enumerate(deed.rent or [])]
    for i, card in enumerate(edition.cards):
        for name in ("amount", "per_house", "per_hotel"):
            found.append((f"cards.{i}.{name}", getattr(card, name)))
    return found


def _scaled(edition: Edition) -> None:
    """Refuse an edition whose amounts do not agree with its scale: each is a multiple of it,
    and a board at scale 1 whose every amount is a multiple of 100 forgot to say so."""
    scale = edition.scale
    for where, amount in _amounts(edition):
        if amount % scale:
            raise FileProblem(
                "{where}: {amount} is not a multiple of the edition's scale ({scale}): "
                "write every amount at the board's scale",
                where=where,
                amount=amount,
                scale=scale,
            )
    if scale == 1 and all(amount % 100 == 0 for _, amount in _amounts(edition)):
        raise FileProblem(
            "scale: every amount is a multiple of 100 but the scale is 1: say 'scale = 100' "
            "so utility rents (dice x multiplier) are scaled too"
        )


def _bounded(edition: Edition) -> None:
    """Refuse an edition no game can be played on: every amount it prints, and every
    movement of money its amounts make (a hotel's rent doubled, a railroad's or a
    utility's rent on a card, a card paid to every player, repairs on every building the
    bank has), within what the bank moves in one go (`MAX_AMOUNT`); the bank's houses and
    hotels within what a house rule may put there. Before, a salary of 10^17 was a good
    edition, and every `go` in its games was refused."""
    most = MAX_AMOUNT
    reached: list[tuple[str, int, Message | None]] = [
        (where, amount, None) for where, amount in _amounts(edition)
    ]
    reached.append(("scale", edition.scale, None))
    doubled = msg("doubled, as a rent can be")
    reached += [
        (f"deeds.{i}.rent", 2 * max(d.rent), doubled) for i, d in enumerate(edition.deeds) if d.rent
    ]
    most_railroad = max(edition.railroad_rent) * edition.railroad_card_multiplier
    reached.append(("railroad_card_multiplier", most_railroad, msg("a railroad's rent on a card")))
    dice = 12 * edition.scale  # the most two dice throw, at the board's unit
    for where, times in [
        *((f"utility_multipliers.{i}", m) for i, m in enumerate(edition.utility_multipliers)),
        ("utility_card_multiplier", edition.utility_card_multiplier),
    ]:
        reached.append((where, times * dice, msg("a utility's rent on a throw of 12")))
    for i, card in enumerate(edition.cards):
        if card.action in (CardAction.PAY_EACH, CardAction.COLLECT_EACH):
            reached.append(
                (f"cards.{i}.amount", card.amount * (MAX_PLAYERS - 1), msg("from every player"))
            )
        if card.action is CardAction.REPAIRS:
            repairs = card.per_house * edition.houses + card.per_hotel * edition.hotels
            reached.append((f"cards.{i}", repairs, msg("on every house and hotel of the bank")))
    for where, amount, how in reached:
        if amount > most:
            raise FileProblem(
                "{where!r}: {amount} is more than the bank moves in one go ({most}): no game "
                "could be played with it"
                if how is None
                else "{where!r}: {how}, {amount} is more than the bank moves in one go "
                "({most}): no game could be played with it",
                where=where,
                amount=f"{amount:,}",
                most=f"{most:,}",
                how=how or "",
            )
    for name in ("houses", "hotels"):
        if getattr(edition, name) > MAX_PIECES:
            raise FileProblem(
                "{where!r}: {n} is more than a bank can hold ({most})",
                where=name,
                n=getattr(edition, name),
                most=MAX_PIECES,
            )


def _plain_text(edition: Edition) -> None:
    """Refuse control and escape characters in any text an edition shows: printed, a
    currency of ESC[2J would clear the banker's terminal."""
    texts: list[tuple[str, str]] = [
        ("id", edition.id),
        ("name", edition.name),
        ("currency", edition.currency),
        ("luxury_tax_name", edition.luxury_tax_name),
    ]
    texts += [(f"groups.{i}.name", g.name) for i, g in enumerate(edition.groups)]
    texts += [(f"groups.{i}.id", g.id) for i, g in enumerate(edition.groups)]
    texts += [(f"deeds.{i}.name", d.name) for i, d in enumerate(edition.deeds)]
    texts += [(f"squares.{i}.name", s.name) for i, s in enumerate(edition.squares)]
    for i, card in enumerate(edition.cards):
        texts.append((f"cards.{i}.text", card.text))
        if card.target is not None:
            texts.append((f"cards.{i}.target", card.target))
    for language, words in edition.words.items():
        texts += [(f"words.{language}", own) for own in words.values()]
    for where, text in texts:
        bad = next((ch for ch in text if not ch.isprintable()), None)
        if bad is not None:
            raise FileProblem(
                "{where}: {text!r} holds the control character {bad!r} (U+{code}): "
                "edition texts are printed, so only printable characters are allowed",
                where=where,
                text=text,
                bad=bad,
                code=f"{ord(bad):04X}",
            )


def _unique(where: str, what: str, values: list[Any]) -> None:
    """Refuse a repeated value (names compared without case), naming it as written."""
    seen: dict[object, int] = {}
    for i, value in enumerate(values):
        key = value.casefold() if isinstance(value, str) else value
        if key in seen:
            raise FileProblem(
                "{where}: duplicate '{what}' {value!r} (also at {first})",
                where=f"{where}.{i}.{what}",
                what=what,
                value=value,
                first=f"{where}.{seen[key]}",
            )
        seen[key] = i


BUILTIN_EDITIONS = ("us", "uk", "us100")


def load_edition(source: str | Path = "us") -> Edition:
    """Load a built-in edition by id (`us`, `uk`) or an edition file by path.

    Raises:
        EditionError: the file is missing, not TOML, or not a consistent edition; the
            message names the file, the field and what is wrong.
    """
    if isinstance(source, str) and source in BUILTIN_EDITIONS:
        label = f"{source}.toml"
        from importlib import resources  # a built-in board only: a game's own is in its setup

        text = resources.files("banker.editions").joinpath(label).read_text(encoding="utf-8")
    else:
        path = Path(source)
        label = str(path)
        try:
            text = _read_bounded(path)
        except FileNotFoundError:
            raise EditionError(
                "{file}: no such edition file. Give a path to a .toml edition or one of: {ids}",
                file=label,
                ids=", ".join(BUILTIN_EDITIONS),
            ) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise EditionError("{file}: cannot read it ({why})", file=label, why=exc) from None
    return parse_edition(text, label)


def _read_bounded(path: Path) -> str:
    """The text of an edition file: a regular file (not a FIFO or a device), at most
    `MAX_EDITION_BYTES`, a byte order mark allowed.

    Raises:
        EditionError: it is not a file, or too big.
    """
    import stat

    if not stat.S_ISREG(os.stat(path).st_mode):  # before opening: a FIFO would wait
        raise EditionError("{file} is not a file: an edition is a TOML file.", file=str(path))
    with path.open("rb") as f:
        data = f.read(MAX_EDITION_BYTES + 1)
    if len(data) > MAX_EDITION_BYTES:
        raise EditionError("{file} is too big to be an edition file.", file=str(path))
    return data.decode("utf-8-sig")


COMMAND_WORDS = frozenset(
    {
        "go", "buy", "rent", "pay", "collect", "tax", "worth", "card", "jail", "build",
        "hotel", "sell", "mortgage", "unmortgage", "lift", "trade", "parking", "levels",
        "auction", "bid", "drop", "close", "raise", "settle", "bankrupt", "end", "language",
        "turn", "next", "move", "undo", "redo", "give", "get", "to", "pot", "at", "fix",
        "double", "doubles", "x10", "fine", "income", "flat", "percent", "luxury", "house",
        "jailcard", "debt", *LANGUAGES,
    }
)  # fmt: skip
"""The words of the command language (its verbs and keywords; `tests/core` holds this
list to the declared verbs): a name that is one of them could not be typed."""


def _typable(where: str, name: str, deed: bool) -> None:
    """A name the command language can take: a letter or digit in it, no comma, and for
    a deed (typed among the words of a line) not a word of the language itself (RULES.md,
    "Numbers in files")."""
    if not any(ch.isalnum() for ch in name):
        raise FileProblem(
            "{where}: {name!r} has no letter or digit: a name must have one",
            where=where,
            name=name,
        )
    if "," in name:
        raise FileProblem(
            "{where}: {name!r} holds a comma, which separates names in a trade",
            where=where,
            name=name,
        )
    if deed and name.strip().casefold() in COMMAND_WORDS:
        raise FileProblem(
            "{where}: {name!r} is a word of the command language", where=where, name=name
        )


def parse_edition(text: str, label: str = "edition") -> Edition:
    """Parse and check the TOML text of an edition. Every number must be written as a
    whole number (`200`, never `true`, `"200"`, `2e2` or `200.0`): the edition is checked
    as JSON, where nothing is converted."""
    import tomli  # only for an edition file: a game's own edition is in its setup

    try:
        data = tomli.loads(text)
        as_json = json.dumps(data)
    except tomli.TOMLDecodeError as exc:
        raise EditionError("{file}: {why}", file=label, why=exc) from None
    except (ValueError, TypeError):  # a number of thousands of digits, a date
        raise EditionError(
            "{file}: a value in it is not a number, text or list an edition holds "
            "(a number that long, or a date).",
            file=label,
        ) from None
    try:
        return Edition.load_json(as_json)
    except ValidationError as exc:
        raise EditionError("{file}: {problems}", file=label, problems=problem_words(exc)) from None
