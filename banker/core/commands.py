"""Every banker action as a small command: the only way a game ever changes.

Each family of verbs declares its own commands (`banker.core.payments`, `deeds`,
`buildings`, `cards`, `jail`, `trades`, `auctions`, `endgame`, `turns`, `table`, `deal`);
here they are gathered into the one `Command` union the journal reads by verb, with the
game's setup, which is no verb."""

from __future__ import annotations

import unicodedata
from typing import TypeAlias

from msgspec import field
from msgspec.structs import force_setattr

from banker.core import (
    auctions,
    buildings,
    cards,
    deal,
    deeds,
    endgame,
    jail,
    payments,
    table,
    trades,
    turns,
)
from banker.core.auctions import Bid as Bid
from banker.core.auctions import CloseAuction as CloseAuction
from banker.core.auctions import DropOut as DropOut
from banker.core.auctions import StartAuction as StartAuction
from banker.core.buildings import BuildHotel as BuildHotel
from banker.core.buildings import BuildHouses as BuildHouses
from banker.core.buildings import SellHotel as SellHotel
from banker.core.buildings import SellHouses as SellHouses
from banker.core.buildings import SetGroupLevels as SetGroupLevels
from banker.core.cards import DrawCard as DrawCard
from banker.core.command import CommandRecord
from banker.core.deal import DealDeeds as DealDeeds
from banker.core.deeds import Buy as Buy
from banker.core.deeds import LiftMortgage as LiftMortgage
from banker.core.deeds import Mortgage as Mortgage
from banker.core.deeds import PayRent as PayRent
from banker.core.edition import COMMAND_WORDS, Edition
from banker.core.endgame import DeclareBankrupt as DeclareBankrupt
from banker.core.endgame import EndGame as EndGame
from banker.core.endgame import Settle as Settle
from banker.core.errors import BadInput
from banker.core.jail import GoToJail as GoToJail
from banker.core.jail import LeaveJail as LeaveJail
from banker.core.limits import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from banker.core.payments import Collect as Collect
from banker.core.payments import PassGo as PassGo
from banker.core.payments import Pay as Pay
from banker.core.payments import PayTax as PayTax
from banker.core.payments import TakeParking as TakeParking
from banker.core.payments import TaxKind as TaxKind
from banker.core.record import read_json
from banker.core.rules import HouseRules
from banker.core.table import NewLink as NewLink
from banker.core.table import SetLanguage as SetLanguage
from banker.core.trades import Trade as Trade
from banker.core.trades import TradeSide as TradeSide
from banker.core.turns import MoveHow as MoveHow
from banker.core.turns import MoveToken as MoveToken
from banker.core.turns import PassTurn as PassTurn
from banker.i18n.languages import LANGUAGES as LANGUAGES
from banker.i18n.languages import Language
from banker.i18n.message import plural

RESERVED_WORDS = frozenset({"to", "give", "get", "lift"})
"""Words that separate the parts of a command, so no player name may contain them."""


class Setup(CommandRecord, frozen=True, kw_only=True, tag="setup"):
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


TABLE_WORDS = frozenset(
    {
        "bank", "the bank", "banker", "pot", "the pot", "free parking",
        "the free parking pot", "parking",
        # the same at a Malay or a Thai table (`tests/core` holds them to the catalogues)
        "tabung", "letak kereta percuma", "tabung letak kereta percuma",
        "ธนาคาร", "กองกลาง", "ที่จอดรถฟรี", "กองกลางที่จอดรถฟรี",
    }
)  # fmt: skip
"""What the table calls the bank and the Free Parking pot, in the languages a game
speaks: a player of that name would read as the bank or the pot on every receipt."""

NEW_NAME_WORDS = RESERVED_WORDS | {"pot"}
"""Words a new player's name may not hold: the command language's separators, and `pot`
(`pay bob 10 to pot` pays the pot, not a player called Pot)."""


def check_new_player_names(names: list[str]) -> list[str]:
    """`check_player_names`, and what a new game (a game's `new`, the new-game form, an
    event's players) refuses besides: a name that is a word of the command language or
    what the table calls the bank or the pot, in any language the game speaks; a name
    holding `pot`; two names that read alike once written the one standard way (NFKC:
    a fullwidth `Ａlice` is `Alice`). A game made before these rules still opens: its
    setup is read with `check_player_names` alone.

    Raises:
        BadInput: with the reason.
    """
    trimmed = check_player_names(names)
    reserved = {name_key(w) for w in COMMAND_WORDS | TABLE_WORDS}
    seen: dict[str, str] = {}
    for name in trimmed:
        standard = unicodedata.normalize("NFKC", name)
        key = name_key(standard)  # `alike_key`
        word = NEW_NAME_WORDS.intersection(standard.casefold().split())
        if key in reserved or word:
            raise BadInput(
                "The name {name!r} reads as {word!r}, a word of the command language or "
                "of the table (the bank, the pot): choose another.",
                name=name,
                word=sorted(word)[0] if word else standard.casefold(),
            )
        if key in seen:
            raise BadInput(
                "{a!r} and {b!r} would read alike in a command (case, spaces, punctuation "
                "and the way a letter is written aside): give the players names the "
                "table can tell apart.",
                a=seen[key],
                b=name,
            )
        seen[key] = name
    return trimmed


def name_key(name: str) -> str:
    """A name as the command language reads it: letters, marks and digits, any case."""
    return "".join(ch for ch in name.casefold() if unicodedata.category(ch)[0] in "LMN")


def alike_key(name: str) -> str:
    """`name_key` of the name written the one standard way (NFKC: a fullwidth `Ａ` is
    `A`): two new players' names with the same key read alike at the table."""
    return name_key(unicodedata.normalize("NFKC", name))


Command: TypeAlias = (
    payments.PassGo
    | deeds.Buy
    | deeds.PayRent
    | payments.Pay
    | payments.Collect
    | payments.PayTax
    | cards.DrawCard
    | jail.LeaveJail
    | jail.GoToJail
    | buildings.BuildHouses
    | buildings.BuildHotel
    | buildings.SellHouses
    | buildings.SellHotel
    | buildings.SetGroupLevels
    | deeds.Mortgage
    | deeds.LiftMortgage
    | trades.Trade
    | payments.TakeParking
    | auctions.StartAuction
    | auctions.Bid
    | auctions.DropOut
    | auctions.CloseAuction
    | endgame.Settle
    | endgame.DeclareBankrupt
    | deal.DealDeeds
    | table.SetLanguage
    | turns.PassTurn
    | turns.MoveToken
    | endgame.EndGame
    | table.NewLink
)
"""Any command that changes a game after its setup: the registry of the commands the
journal reads, one line for each, naming its family. (The names imported above are the
same records, for the code that reads `c.PassGo`.)"""


def parse_command_json(data: str | bytes) -> Command:
    """Read a command back from the journal by its verb, every field checked.

    Raises:
        ValueError: not a command (a `ValidationError` names the field).
    """
    return read_json(Command, data)  # type: ignore[no-any-return]


def command_json(command: Command) -> str:
    """The command as the journal writes it: every field, defaults included."""
    return command.to_json()
