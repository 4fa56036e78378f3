"""Every banker action as a small command: the only way a game ever changes."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Literal, TypeAlias

from msgspec import Meta, field
from msgspec.structs import force_setattr

from banker.core.edition import Edition
from banker.core.errors import BadInput
from banker.core.limits import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from banker.core.money import Money
from banker.core.record import FrozenRecord, read_json
from banker.core.rules import HouseRules
from banker.i18n.languages import LANGUAGES as LANGUAGES
from banker.i18n.languages import Language
from banker.i18n.message import plural

RESERVED_WORDS = frozenset({"to", "give", "get", "lift"})
"""Words that separate the parts of a command, so no player name may contain them."""


class _Command(FrozenRecord, frozen=True, kw_only=True, tag_field="verb"):
    """A command: checked when it is read back from a journal, and before it is applied
    (`Game.prepare`), so nothing is journaled that a replay would refuse. Each command's
    class names its verb once, as its tag: the journal writes it first (`"verb": "go"`)
    and reads a command back by it (`parse_command_json`)."""

    @classmethod
    def verb_word(cls) -> str:
        """The verb the journal writes for this command."""
        return str(cls.__struct_config__.tag)

    @property
    def verb(self) -> str:
        return self.verb_word()


class Setup(_Command, frozen=True, kw_only=True, tag="setup"):
    """The first entry of every game: who plays, on which board, by which rules."""

    players: list[str]
    """Player names in seating (turn) order."""
    edition: Edition
    rules: HouseRules = field(default_factory=HouseRules)
    language: Language = "en"
    """The language of the game's receipts, refusals and screens."""

    def __post_init__(self) -> None:
        force_setattr(self, "players", check_player_names(self.players))


def parse_setup_json(data: str | bytes) -> Setup:
    """Read a game's setup back from its journal. A setup written before the bank followed
    the tokens has no `follow_tokens` in its rules: its game is replayed as it was played,
    with that rule off.

    Raises:
        ValueError: the setup is not one.
    """
    import json

    raw = json.loads(data)
    if isinstance(raw, dict) and isinstance(raw.get("rules"), dict):
        raw["rules"].setdefault("follow_tokens", False)
    elif isinstance(raw, dict) and "rules" not in raw:
        raw["rules"] = {"follow_tokens": False}
    return Setup.load(raw)


def check_player_names(names: list[str]) -> list[str]:
    """Trim the names and check them: 2 to 8, told apart whatever the case, spaces and
    punctuation (as the command language reads them), readable.

    Raises:
        BadInput: with the reason, for the new-game form and `banker new`.
    """
    trimmed = [" ".join(n.split()) for n in names]
    if len(trimmed) < MIN_PLAYERS or len(trimmed) > MAX_PLAYERS:
        raise BadInput(
            plural(
                len(trimmed),
                "A game needs {lo} to {hi} players; 1 was given.",
                "A game needs {lo} to {hi} players; {n} were given.",
                lo=MIN_PLAYERS,
                hi=MAX_PLAYERS,
            )
        )
    seen: dict[str, str] = {}
    for name in trimmed:
        if not name:
            raise BadInput("A player name is empty: give every player a name.")
        if len(name) > MAX_NAME:
            raise BadInput(
                "The name {name!r} is too long: keep it to {max} characters.",
                name=name,
                max=MAX_NAME,
            )
        if not any(ch.isalpha() for ch in name):
            raise BadInput("The name {name!r} needs at least one letter.", name=name)
        if any(ch in ",;#" or not ch.isprintable() for ch in name):
            raise BadInput(
                "The name {name!r} has a character the command language cannot take "
                "(comma, semicolon, #): choose another.",
                name=name,
            )
        reserved = RESERVED_WORDS.intersection(name.casefold().split())
        if reserved:
            raise BadInput(
                "The name {name!r} contains {word!r}, a word the command language uses: "
                "choose another.",
                name=name,
                word=sorted(reserved)[0],
            )
        key = name_key(name)
        if key in seen:
            if seen[key] == name:
                raise BadInput(
                    "{a!r} is named twice: give every player a name of their own.", a=name
                )
            raise BadInput(
                "{a!r} and {b!r} would read alike in a command (case, spaces and punctuation "
                "aside): give the players names the table can tell apart.",
                a=seen[key],
                b=name,
            )
        seen[key] = name
    return trimmed


def name_key(name: str) -> str:
    """A name as the command language reads it: letters, marks and digits, any case."""
    return "".join(ch for ch in name.casefold() if unicodedata.category(ch)[0] in "LMN")


class PassGo(_Command, frozen=True, kw_only=True, tag="go"):
    """The player passed or landed on GO: the bank pays the salary."""

    player: str


class Buy(_Command, frozen=True, kw_only=True, tag="buy"):
    """The player buys a bank-held deed at its printed price."""

    player: str
    deed: str


RentVariant: TypeAlias = Literal["double", "x10"]


class PayRent(_Command, frozen=True, kw_only=True, tag="rent"):
    """The player landed on a deed someone else owns and pays its rent."""

    player: str
    deed: str
    dice: int | None = None
    """The dice total, for a utility."""
    variant: RentVariant | None = None
    """`double` (nearest railroad card) or `x10` (nearest utility card)."""


class Pay(_Command, frozen=True, kw_only=True, tag="pay"):
    """The player pays an amount to the bank, or to another player."""

    player: str
    amount: Money
    to: str | None = None
    """The receiving player; None for the bank (or the pot)."""
    to_pot: bool = False
    """Into the Free Parking pot (house rule) rather than the bank."""


class Collect(_Command, frozen=True, kw_only=True, tag="collect"):
    """The bank pays the player an amount."""

    player: str
    amount: Money


TaxKind: TypeAlias = Literal["income_flat", "income_percent", "luxury"]


class PayTax(_Command, frozen=True, kw_only=True, tag="tax"):
    """Income tax (flat or percentage of worth) or luxury tax."""

    player: str
    kind: TaxKind


class DrawCard(_Command, frozen=True, kw_only=True, tag="card"):
    """The player drew a Chance or Community Chest card: its money effect."""

    player: str
    card: str
    """The card's id in the edition."""
    deed: str | None = None
    """Where a nearest-railroad or nearest-utility card sent the token."""
    dice: int | None = None
    """The dice thrown for the nearest-utility card."""
    passed_go: bool = False
    """The token passed GO on the way to the card's square (salary)."""
    square: int | None = None
    """The square the token stood on when the card was drawn (a Chance square): where a
    moving card takes it, and whether it passes GO, follow from it."""


class LeaveJail(_Command, frozen=True, kw_only=True, tag="jail"):
    """The player pays the jail fine or uses a Get Out of Jail Free card."""

    player: str
    method: Literal["fine", "card"]


class GoToJail(_Command, frozen=True, kw_only=True, tag="to_jail"):
    """The player goes to jail: three doubles in a row, as the banker records it (the Go
    to Jail square and the card send the token there themselves)."""

    player: str


class BuildHouses(_Command, frozen=True, kw_only=True, tag="build"):
    """Buy houses for one lot of a whole colour group."""

    player: str
    deed: str
    count: int = 1


class BuildHotel(_Command, frozen=True, kw_only=True, tag="hotel"):
    """Buy a hotel for a lot with 4 houses; the houses go back to the bank."""

    player: str
    deed: str


class SellHouses(_Command, frozen=True, kw_only=True, tag="sell"):
    """Sell houses of one lot back to the bank at half their cost."""

    player: str
    deed: str
    count: int = 1


class SellHotel(_Command, frozen=True, kw_only=True, tag="sell_hotel"):
    """Sell a hotel back at half its cost; the lot gets 4 houses back, or what the bank has."""

    player: str
    deed: str


class SetGroupLevels(_Command, frozen=True, kw_only=True, tag="levels"):
    """Build up or sell down a whole colour group at once, to the given level per lot.

    Levels are in board order, as `Level.code` writes them: 0 to the houses a lot takes
    (4, or 3 in the short game), or `HOTEL_CODE` (5) for a hotel. The final levels must be
    even; going down, a hotel comes back as what the bank can give (the rule book's
    "sold down like five houses"), so a group can always be sold down in a shortage.
    """

    player: str
    deed: str
    """Any lot of the group."""
    levels: list[int]


class Mortgage(_Command, frozen=True, kw_only=True, tag="mortgage"):
    """Mortgage an unimproved deed: the bank pays its mortgage value."""

    player: str
    deed: str


class LiftMortgage(_Command, frozen=True, kw_only=True, tag="unmortgage"):
    """Lift a mortgage: the mortgage value plus interest."""

    player: str
    deed: str


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


class Trade(_Command, frozen=True, kw_only=True, tag="trade"):
    """A trade between two players: cash, deeds and jail cards both ways."""

    player: str
    partner: str
    give: TradeSide = field(default_factory=TradeSide)
    """What `player` hands to `partner`."""
    get: TradeSide = field(default_factory=TradeSide)
    """What `partner` hands to `player`."""
    lift: list[str] = []
    """Mortgaged deeds in the trade whose new owner lifts the mortgage at once."""


class TakeParking(_Command, frozen=True, kw_only=True, tag="parking"):
    """The player landed on Free Parking and takes the pot (house rule)."""

    player: str


class StartAuction(_Command, frozen=True, kw_only=True, tag="auction"):
    """Open an auction of a bank deed, or of a house or hotel in a housing shortage."""

    lot: str
    """A deed's name, or `house` / `hotel`."""


class Bid(_Command, frozen=True, kw_only=True, tag="bid"):
    """A bid at the open auction."""

    player: str
    amount: Money


class DropOut(_Command, frozen=True, kw_only=True, tag="drop"):
    """The player leaves the open auction."""

    player: str


class CloseAuction(_Command, frozen=True, kw_only=True, tag="close"):
    """Sold to the highest bidder (or kept by the bank with no bid)."""

    deed: str | None = None
    """For a house or hotel auction: the lot the winner puts the building on."""


class Settle(_Command, frozen=True, kw_only=True, tag="settle"):
    """The player pays their debts now that their cash covers them."""

    player: str


class DeclareBankrupt(_Command, frozen=True, kw_only=True, tag="bankrupt"):
    """The player owes more than they can raise and leaves the game."""

    player: str
    lift: list[str] = []
    """Mortgaged deeds the creditor lifts at once instead of paying the 10% fee only."""


class DealDeeds(_Command, frozen=True, kw_only=True, tag="deal"):
    """The variation with every deed (or N per player) dealt at the start."""

    deeds: dict[str, str]
    """Deed name to the player it is dealt to."""
    paid: bool = True
    """Each player pays the printed prices of what they are dealt (or gets them free)."""


class SetLanguage(_Command, frozen=True, kw_only=True, tag="language"):
    """Switch the language of the game's sentences and screens."""

    language: Language


class PassTurn(_Command, frozen=True, kw_only=True, tag="turn"):
    """The turn passes to the next player still in the game, or to the player named."""

    player: str | None = None


MoveHow: TypeAlias = Literal["dice", "forward", "fix", "given"]


class MoveToken(_Command, frozen=True, kw_only=True, tag="move"):
    """The token moved: by a throw of the dice from its square, forward to a square the
    banker names (the salary when the way there passes GO), or a correction of where it
    stands (which pays nothing)."""

    player: str
    square: Annotated[int, Meta(ge=0)] = 0
    """The board index, GO being 0: where a named or corrected move goes."""
    passed_go: bool = False
    """For a move written before the bank followed the tokens (`how` "given"): the move
    passed or landed on GO and the bank paid the salary."""
    how: MoveHow = "given"
    """`dice`: by `dice` from the token's square; `forward`: to `square`, forward;
    `fix`: a correction to `square`; `given`: the square and salary as written (games
    saved before the bank followed the tokens)."""
    dice: Annotated[int, Meta(ge=2, le=12)] | None = None
    """The throw's total, for a move by the dice."""
    doubles: bool = False
    """The throw was a double: the player throws again, or leaves jail."""


class NewLink(_Command, frozen=True, kw_only=True, tag="link"):
    """The player's phone link is replaced: the old one stops opening their page at once
    (a phone lost, or a link seen by someone else)."""

    player: str


class EndGame(_Command, frozen=True, kw_only=True, tag="end"):
    """End the game now: the richest player wins."""


Command: TypeAlias = (
    PassGo
    | Buy
    | PayRent
    | Pay
    | Collect
    | PayTax
    | DrawCard
    | LeaveJail
    | GoToJail
    | BuildHouses
    | BuildHotel
    | SellHouses
    | SellHotel
    | SetGroupLevels
    | Mortgage
    | LiftMortgage
    | Trade
    | TakeParking
    | StartAuction
    | Bid
    | DropOut
    | CloseAuction
    | Settle
    | DeclareBankrupt
    | DealDeeds
    | SetLanguage
    | PassTurn
    | MoveToken
    | EndGame
    | NewLink
)
"""Any command that changes a game after its setup."""


def parse_command_json(data: str | bytes) -> Command:
    """Read a command back from the journal by its verb, every field checked.

    Raises:
        ValueError: not a command (a `ValidationError` names the field).
    """
    return read_json(Command, data)  # type: ignore[no-any-return]


def command_json(command: Command) -> str:
    """The command as the journal writes it: every field, defaults included."""
    return command.to_json()
