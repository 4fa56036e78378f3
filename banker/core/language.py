"""The command language: one line of text to one command, names matched by prefix.

The same text the app's command bar takes, and the way scripts and tests drive a game:
`rent bob board 7`, `trade alice bob give 100, st ch get park lift`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeAlias, TypeVar

from banker.core import commands as c
from banker.core.errors import BadInput, BankerError, UnknownName
from banker.core.ledger import MAX_AMOUNT
from banker.core.names import match
from banker.core.state import GameState
from banker.core.worth import MAX_DICE, MIN_DICE


@dataclass(frozen=True)
class Undo:
    """Take back the last applied command."""


@dataclass(frozen=True)
class Redo:
    """Put back the last undone command."""


@dataclass(frozen=True)
class WorthQuery:
    """Show a player's total worth with its breakdown; changes nothing."""

    player: str


@dataclass(frozen=True)
class RaiseQuery:
    """Show what a player could raise; changes nothing."""

    player: str


Parsed: TypeAlias = c.Command | Undo | Redo | WorthQuery | RaiseQuery

USAGE: dict[str, str] = {
    "go": "go PLAYER",
    "buy": "buy PLAYER DEED",
    "rent": "rent PLAYER DEED [DICE] [double|x10]",
    "pay": "pay PLAYER AMOUNT [to PLAYER]",
    "collect": "collect PLAYER AMOUNT",
    "tax": "tax PLAYER income flat|percent, or tax PLAYER luxury",
    "worth": "worth PLAYER",
    "card": "card PLAYER CARD_ID [DEED] [DICE] [go]",
    "jail": "jail PLAYER fine|card",
    "build": "build PLAYER DEED [N]",
    "hotel": "hotel PLAYER DEED",
    "sell": "sell PLAYER DEED [N|hotel]",
    "mortgage": "mortgage PLAYER DEED",
    "unmortgage": "unmortgage PLAYER DEED",
    "trade": "trade PLAYER PLAYER give ITEMS get ITEMS [lift [DEEDS]]",
    "parking": "parking PLAYER",
    "levels": "levels PLAYER DEED L,L[,L] (per lot of the group: 0-4 houses, h for a hotel)",
    "auction": "auction DEED, or auction house|hotel",
    "bid": "bid PLAYER AMOUNT",
    "drop": "drop PLAYER",
    "close": "close [DEED]",
    "raise": "raise PLAYER",
    "settle": "settle PLAYER",
    "bankrupt": "bankrupt PLAYER [lift DEED,...]",
    "end": "end",
    "language": "language en|ms|th",
    "undo": "undo",
    "redo": "redo",
}
"""Every verb and its form, for help, completion and refusals."""

VERBS = tuple(USAGE)

_DIGITS = re.compile(r"[0-9]+")
T = TypeVar("T")


def parse(text: str, state: GameState) -> Parsed:
    """Turn one line into a command for this game.

    Raises:
        BankerError: BadInput or UnknownName, saying what is wrong and the right form.
    """
    words = text.split()
    if not words:
        raise BadInput(
            "Type a command, e.g. 'rent Bob Boardwalk'. Verbs: {verbs}.", verbs=", ".join(VERBS)
        )
    verb, args = words[0].casefold(), words[1:]
    if verb == "lift":
        verb = "unmortgage"
    parser = _PARSERS.get(verb)
    if parser is None:
        raise BadInput(
            "There is no command {verb!r}. The commands are: {verbs}.",
            verb=words[0],
            verbs=", ".join(VERBS),
        )
    return parser(_Args(verb, args, state))


@dataclass
class _Args:
    verb: str
    words: list[str]
    state: GameState

    def usage(self) -> BadInput:
        return BadInput("Write it as: {usage}", usage=USAGE[self.verb])

    @property
    def players(self) -> list[str]:
        return [p.name for p in self.state.active_players]

    @property
    def deeds(self) -> list[str]:
        return list(self.state.deeds)

    def player(self, words: list[str]) -> str:
        if not words:
            raise self.usage()
        return match(" ".join(words), self.players, "player")

    def deed(self, words: list[str]) -> str:
        if not words:
            raise self.usage()
        return match(" ".join(words), self.deeds, "deed")

    def split(self, words: list[str], rest: Callable[[list[str]], T]) -> tuple[str, T]:
        """A player's name (one or more words) followed by whatever `rest` reads."""
        if not words:
            raise self.usage()
        player_error: BankerError | None = None
        rest_error: BankerError | None = None
        for k in range(1, len(words) + 1):
            try:
                name = self.player(words[:k])
            except BankerError as exc:
                player_error = player_error or exc
                continue
            try:
                return name, rest(words[k:])
            except BankerError as exc:
                rest_error = rest_error or exc
        error = rest_error or player_error
        assert error is not None
        raise error

    def nothing(self, words: list[str]) -> None:
        if words:
            raise BadInput(
                "{extra!r} is more than this command takes. Write it as: {usage}",
                extra=" ".join(words),
                usage=USAGE[self.verb],
            )


def amount(word: str, state: GameState | None = None) -> int:
    """A positive whole amount in decimal digits, optionally after the currency symbol."""
    text = word
    if state is not None and text.startswith(state.edition.currency):
        text = text[len(state.edition.currency) :]
    if not _DIGITS.fullmatch(text) or len(text) > 12:
        raise BadInput(
            "{w!r} is not an amount: write a whole number with the digits 0-9, like 150.", w=word
        )
    value = int(text)
    if value <= 0:
        raise BadInput("An amount must be more than zero; {w!r} is not.", w=word)
    if value > MAX_AMOUNT:
        raise BadInput("{w} is more than the bank handles in one go; check the amount.", w=word)
    return value


def dice(word: str) -> int:
    if not _DIGITS.fullmatch(word) or len(word) > 3 or not MIN_DICE <= int(word) <= MAX_DICE:
        raise BadInput(
            "{w!r} is not a dice total: give the total of two dice, {lo} to {hi}.",
            w=word,
            lo=MIN_DICE,
            hi=MAX_DICE,
        )
    return int(word)


def _is_number(word: str) -> bool:
    return bool(_DIGITS.fullmatch(word))


def _go(a: _Args) -> Parsed:
    name, _ = a.split(a.words, a.nothing)
    return c.PassGo(player=name)


def _parking(a: _Args) -> Parsed:
    name, _ = a.split(a.words, a.nothing)
    return c.TakeParking(player=name)


def _worth(a: _Args) -> Parsed:
    name, _ = a.split(a.words, a.nothing)
    return WorthQuery(name)


def _deed_command(make: Callable[[str, str], Parsed]) -> Callable[[_Args], Parsed]:
    def parse_it(a: _Args) -> Parsed:
        name, deed = a.split(a.words, a.deed)
        return make(name, deed)

    return parse_it


def _rent(a: _Args) -> Parsed:
    words = list(a.words)
    variant: c.RentVariant | None = None
    if words and words[-1].casefold() in ("double", "x10"):
        variant = "double" if words.pop().casefold() == "double" else "x10"
    roll: int | None = None
    if words and _is_number(words[-1]):
        roll = dice(words.pop())
    name, deed = a.split(words, a.deed)
    return c.PayRent(player=name, deed=deed, dice=roll, variant=variant)


def _pay(a: _Args) -> Parsed:
    words = a.words
    spots = [
        i
        for i, w in enumerate(words)
        if i > 0 and (_is_number(w) or w.startswith(a.state.edition.currency))
    ]
    if not spots:
        if len(words) >= 2:
            amount(words[-1], a.state)
        raise a.usage()
    error: BankerError | None = None
    for i in spots:
        try:
            name = a.player(words[:i])
            value = amount(words[i], a.state)
            rest = words[i + 1 :]
            if not rest:
                return c.Pay(player=name, amount=value)
            if rest[0].casefold() != "to" or len(rest) < 2:
                raise a.usage()
            return c.Pay(player=name, amount=value, to=a.player(rest[1:]))
        except BankerError as exc:
            error = error or exc
    assert error is not None
    raise error


def _collect(a: _Args) -> Parsed:
    if len(a.words) < 2:
        raise a.usage()
    name = a.player(a.words[:-1])
    return c.Collect(player=name, amount=amount(a.words[-1], a.state))


def _tax(a: _Args) -> Parsed:
    words = [w.casefold() for w in a.words]
    luxury_words = {"luxury", *(w.casefold() for w in a.state.edition.luxury_tax_name.split()[:1])}
    if len(words) >= 2 and words[-1] in luxury_words:
        return c.PayTax(player=a.player(a.words[:-1]), kind="luxury")
    if len(words) >= 3 and words[-2] == "income" and words[-1] in ("flat", "percent"):
        kind: c.TaxKind = "income_flat" if words[-1] == "flat" else "income_percent"
        return c.PayTax(player=a.player(a.words[:-2]), kind=kind)
    if len(words) >= 2 and words[-1] == "income":
        raise BadInput(
            "Income tax: say 'flat' ({flat}) or 'percent' ({pct}% of total worth), "
            "e.g. 'tax {p} income flat'. 'worth {p}' shows both.",
            flat=a.state.money(a.state.edition.income_tax),
            pct=a.state.edition.income_tax_percent,
            p=a.words[0],
        )
    raise a.usage()


def _card(a: _Args) -> Parsed:
    words = list(a.words)
    passed_go = bool(words) and words[-1].casefold() == "go"
    if passed_go:
        words.pop()
    roll: int | None = None
    if words and _is_number(words[-1]):
        roll = dice(words.pop())
    ids = list(a.state.edition.cards_by_id)

    def card_and_deed(rest: list[str]) -> tuple[str, str | None]:
        if not rest:
            raise BadInput(
                "Name the card, e.g. 'card Alice chance-dividend'. Card ids: {ids}.",
                ids=", ".join(ids),
            )
        token = rest[0].casefold()
        found = [i for i in ids if i == token] or [i for i in ids if i.startswith(token)]
        if len(found) != 1:
            raise UnknownName(
                "{t!r} could be more than one card. Card ids: {ids}."
                if found
                else "{t!r} is not a card. Card ids: {ids}.",
                t=rest[0],
                ids=", ".join(found or ids),
            )
        return found[0], a.deed(rest[1:]) if rest[1:] else None

    name, (card, deed) = a.split(words, card_and_deed)
    return c.DrawCard(player=name, card=card, deed=deed, dice=roll, passed_go=passed_go)


def _jail(a: _Args) -> Parsed:
    if len(a.words) < 2 or a.words[-1].casefold() not in ("fine", "card"):
        raise a.usage()
    method = "fine" if a.words[-1].casefold() == "fine" else "card"
    return c.LeaveJail(player=a.player(a.words[:-1]), method=method)


def _count(words: list[str]) -> tuple[list[str], int]:
    if words and _is_number(words[-1]):
        n = words[-1]
        if len(n) > 2 or not 1 <= int(n) <= 5:
            raise BadInput("{n!r} is not a number of houses: give 1 to 4.", n=n)
        return words[:-1], int(n)
    return words, 1


def _build(a: _Args) -> Parsed:
    words, n = _count(list(a.words))
    name, deed = a.split(words, a.deed)
    return c.BuildHouses(player=name, deed=deed, count=n)


def _sell(a: _Args) -> Parsed:
    words = list(a.words)
    if words and words[-1].casefold() == "hotel":
        name, deed = a.split(words[:-1], a.deed)
        return c.SellHotel(player=name, deed=deed)
    words, n = _count(words)
    name, deed = a.split(words, a.deed)
    return c.SellHouses(player=name, deed=deed, count=n)


def _trade(a: _Args) -> Parsed:
    folded = [w.casefold() for w in a.words]
    if "give" not in folded or "get" not in folded or folded.index("give") > folded.index("get"):
        raise a.usage()
    give_at, get_at = folded.index("give"), folded.index("get")
    lift_at = len(folded) - 1 - folded[::-1].index("lift") if "lift" in folded[get_at:] else None
    players = a.words[:give_at]
    name, partner = a.split(players, a.player)
    give = _side(a, a.words[give_at + 1 : get_at])
    get = _side(a, a.words[get_at + 1 : lift_at])
    lift: list[str] = []
    if lift_at is not None:
        listed = [x.strip() for x in " ".join(a.words[lift_at + 1 :]).split(",") if x.strip()]
        if listed:
            lift = [a.deed(x.split()) for x in listed]
        else:
            lift = list(give.deeds + get.deeds)
            lift = [d for d in lift if a.state.deeds[d].mortgaged]
    return c.Trade(player=name, partner=partner, give=give, get=get, lift=lift)


def _side(a: _Args, words: list[str]) -> c.TradeSide:
    items = [x.strip() for x in " ".join(words).split(",")]
    if items == ["-"]:
        return c.TradeSide()
    if not items or any(not x for x in items):
        raise BadInput(
            "List the items of each side separated by commas, or '-' for nothing: "
            "e.g. 'give 100, Boardwalk, jailcard get -'."
        )
    cash = 0
    deeds: list[str] = []
    cards = 0
    for item in items:
        lowered = item.casefold()
        if lowered in ("jailcard", "jail card"):
            cards += 1
        elif _is_number(item) or item.startswith(a.state.edition.currency):
            if cash:
                raise BadInput("Name the cash of one side once: {a} and {b}.", a=cash, b=item)
            cash = amount(item, a.state)
        elif lowered == "-":
            raise BadInput("'-' means nothing: use it alone for a side that gives nothing.")
        else:
            deeds.append(a.deed(item.split()))
    return c.TradeSide(cash=cash, deeds=deeds, jail_cards=cards)


def _levels(a: _Args) -> Parsed:
    if len(a.words) < 3:
        raise a.usage()
    levels: list[int] = []
    for item in a.words[-1].split(","):
        item = item.strip().casefold()
        if item in ("h", "hotel"):
            levels.append(5)
        elif len(item) == 1 and item in "01234":
            levels.append(int(item))
        else:
            raise BadInput(
                "{item!r} is not a level: 0 to 4 houses, or h for a hotel, e.g. '4,4,h'.",
                item=item,
            )
    name, deed = a.split(a.words[:-1], a.deed)
    return c.SetGroupLevels(player=name, deed=deed, levels=levels)


def _auction(a: _Args) -> Parsed:
    if len(a.words) == 1 and a.words[0].casefold() in ("house", "hotel"):
        return c.StartAuction(lot=a.words[0].casefold())
    return c.StartAuction(lot=a.deed(a.words))


def _bid(a: _Args) -> Parsed:
    if len(a.words) < 2:
        raise a.usage()
    return c.Bid(player=a.player(a.words[:-1]), amount=amount(a.words[-1], a.state))


def _drop(a: _Args) -> Parsed:
    name, _ = a.split(a.words, a.nothing)
    return c.DropOut(player=name)


def _close(a: _Args) -> Parsed:
    return c.CloseAuction(deed=a.deed(a.words) if a.words else None)


def _raise(a: _Args) -> Parsed:
    name, _ = a.split(a.words, a.nothing)
    return RaiseQuery(name)


def _settle(a: _Args) -> Parsed:
    name, _ = a.split(a.words, a.nothing)
    return c.Settle(player=name)


def _bankrupt(a: _Args) -> Parsed:
    folded = [w.casefold() for w in a.words]
    if "lift" in folded:
        at = folded.index("lift")
        listed = [x.strip() for x in " ".join(a.words[at + 1 :]).split(",") if x.strip()]
        if not listed:
            raise a.usage()
        lift = [a.deed(x.split()) for x in listed]
        return c.DeclareBankrupt(player=a.player(a.words[:at]), lift=lift)
    name, _ = a.split(a.words, a.nothing)
    return c.DeclareBankrupt(player=name)


def _language(a: _Args) -> Parsed:
    if len(a.words) != 1 or a.words[0].casefold() not in ("en", "ms", "th"):
        raise a.usage()
    code = a.words[0].casefold()
    return c.SetLanguage(language="en" if code == "en" else "ms" if code == "ms" else "th")


def _end(a: _Args) -> Parsed:
    a.nothing(a.words)
    return c.EndGame()


def _undo(a: _Args) -> Parsed:
    a.nothing(a.words)
    return Undo()


def _redo(a: _Args) -> Parsed:
    a.nothing(a.words)
    return Redo()


_PARSERS: dict[str, Callable[[_Args], Parsed]] = {
    "go": _go,
    "buy": _deed_command(lambda p, d: c.Buy(player=p, deed=d)),
    "rent": _rent,
    "pay": _pay,
    "collect": _collect,
    "tax": _tax,
    "worth": _worth,
    "card": _card,
    "jail": _jail,
    "build": _build,
    "hotel": _deed_command(lambda p, d: c.BuildHotel(player=p, deed=d)),
    "sell": _sell,
    "mortgage": _deed_command(lambda p, d: c.Mortgage(player=p, deed=d)),
    "unmortgage": _deed_command(lambda p, d: c.LiftMortgage(player=p, deed=d)),
    "trade": _trade,
    "parking": _parking,
    "levels": _levels,
    "auction": _auction,
    "bid": _bid,
    "drop": _drop,
    "close": _close,
    "raise": _raise,
    "settle": _settle,
    "bankrupt": _bankrupt,
    "end": _end,
    "language": _language,
    "undo": _undo,
    "redo": _redo,
}
