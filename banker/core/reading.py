"""Reading the words after a verb: one reader per word of the command language.

`banker.core.verbs` pairs each reader with its verb; `banker.core.language` finds the
verb and hands the reader the rest of the line. Every reader does work in proportion to
the line's length: a player's name is looked for only among as many leading words as the
longest name has, never at every split of the line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal, TypeAlias, TypeVar

from msgspec import Struct

from banker.core import commands as c
from banker.core.errors import BadInput, BankerError, UnknownName
from banker.core.level import HOTEL_CODE, MOST_HOUSES
from banker.core.limits import MAX_AMOUNT, MAX_DICE, MIN_DICE
from banker.core.names import candidates, match, normalize, ranked
from banker.core.state import GameState
from banker.core.turns import find_square, kinds, squares, typed_square_names
from banker.i18n.languages import is_language
from banker.i18n.message import Message, joined


class Undo(Struct, frozen=True):
    """Take back the last applied command."""


class Redo(Struct, frozen=True):
    """Put back the last undone command."""


class WorthQuery(Struct, frozen=True):
    """Show a player's total worth with its breakdown; changes nothing."""

    player: str


class RaiseQuery(Struct, frozen=True):
    """Show what a player could raise; changes nothing."""

    player: str


Question: TypeAlias = WorthQuery | RaiseQuery
"""A line that asks the bank something and changes nothing."""
HistoryMove: TypeAlias = Undo | Redo
"""A line that moves along the game's history instead of adding to it."""

_DIGITS = re.compile(r"[0-9]+")
T = TypeVar("T")


class Args(Struct):
    """The words after the verb, and the game they are read against."""

    usage_text: str
    """The verb's form, for the refusal of a line that does not fit it."""
    words: list[str]
    state: GameState

    def usage(self) -> BadInput:
        return BadInput("Write it as: {usage}", usage=Message(self.usage_text))

    @property
    def players(self) -> list[str]:
        return [p.name for p in self.state.active_players]

    @property
    def deeds(self) -> list[str]:
        return list(self.state.deeds)

    def player(self, words: list[str]) -> str:
        if not words:
            raise self.usage()
        query = " ".join(words)
        try:
            return match(query, self.players, "player")
        except UnknownName:
            gone = [p.name for p in self.state.players if p.bankrupt]
            if gone and len(found := candidates(query, gone)) == 1:
                raise UnknownName(
                    "{p} is bankrupt and out of the game: name a player still playing ({names}).",
                    p=found[0],
                    names=joined(self.players),
                ) from None
            raise

    def deed(self, words: list[str]) -> str:
        if not words:
            raise self.usage()
        return match(" ".join(words), self.deeds, "deed")

    def name_ends(self, words: list[str]) -> range:
        """Where a player's name at the start of `words` may end: 1 up to as many words
        as the longest name has (words that fold to nothing, like a lone dot, not
        counted), so looking for the name costs the same however long the line is."""
        longest = max((len(normalize(p)) for p in self.players), default=0)
        seen = 0
        for end, word in enumerate(words, start=1):
            if normalize(word):
                seen += 1
                if seen > longest:
                    return range(1, end)
        return range(1, len(words) + 1)

    def split(self, words: list[str], rest: Callable[[list[str]], T]) -> tuple[str, T]:
        """A player's name (one or more words) followed by whatever `rest` reads."""
        if not words:
            raise self.usage()
        player_error: BankerError | None = None
        rest_error: BankerError | None = None
        for k in self.name_ends(words) or range(1, 2):
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
                usage=Message(self.usage_text),
            )


def amount(word: str, state: GameState | None = None) -> int:
    """A positive whole amount in decimal digits, optionally after the currency symbol."""
    text = word
    if state is not None and text.startswith(state.edition.currency):
        text = text[len(state.edition.currency) :]
    if not _DIGITS.fullmatch(text):
        raise BadInput(
            "{w!r} is not an amount: write a whole number with the digits 0-9, like 150.", w=word
        )
    if len(text) > len(str(MAX_AMOUNT)):
        raise BadInput("{w} is more than the bank handles in one go; check the amount.", w=word)
    value = int(text)
    if value <= 0:
        raise BadInput("An amount must be more than zero; {w!r} is not.", w=word)
    if value > MAX_AMOUNT:
        raise BadInput("{w} is more than the bank handles in one go; check the amount.", w=word)
    return value


def dice(word: str) -> int:
    if len(word) > 3 or not _DIGITS.fullmatch(word) or not MIN_DICE <= int(word) <= MAX_DICE:
        raise BadInput(
            "{w!r} is not a dice total: give the total of two dice, {lo} to {hi}.",
            w=word,
            lo=MIN_DICE,
            hi=MAX_DICE,
        )
    return int(word)


def _is_number(word: str) -> bool:
    return bool(_DIGITS.fullmatch(word))


def go(a: Args) -> c.PassGo:
    name, _ = a.split(a.words, a.nothing)
    return c.PassGo(player=name)


def parking(a: Args) -> c.TakeParking:
    name, _ = a.split(a.words, a.nothing)
    return c.TakeParking(player=name)


def worth(a: Args) -> WorthQuery:
    name, _ = a.split(a.words, a.nothing)
    return WorthQuery(name)


def buy(a: Args) -> c.Buy:
    name, deed = a.split(a.words, a.deed)
    return c.Buy(player=name, deed=deed)


def hotel(a: Args) -> c.BuildHotel:
    name, deed = a.split(a.words, a.deed)
    return c.BuildHotel(player=name, deed=deed)


def mortgage(a: Args) -> c.Mortgage:
    name, deed = a.split(a.words, a.deed)
    return c.Mortgage(player=name, deed=deed)


def unmortgage(a: Args) -> c.LiftMortgage:
    name, deed = a.split(a.words, a.deed)
    return c.LiftMortgage(player=name, deed=deed)


def rent(a: Args) -> c.PayRent:
    words = list(a.words)
    variant: c.RentVariant | None = None
    if words and words[-1].casefold() in ("double", "x10"):
        variant = "double" if words.pop().casefold() == "double" else "x10"
    roll: int | None = None
    if words and _is_number(words[-1]):
        roll = dice(words.pop())
    name, deed = a.split(words, a.deed)
    return c.PayRent(player=name, deed=deed, dice=roll, variant=variant)


def pay(a: Args) -> c.Pay:
    words = a.words
    ends = a.name_ends(words)
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
    for i in [i for i in spots if i in ends] or spots[:1]:
        try:
            name = a.player(words[:i])
            value = amount(words[i], a.state)
            rest = words[i + 1 :]
            if not rest:
                return c.Pay(player=name, amount=value)
            if rest[0].casefold() != "to" or len(rest) < 2:
                raise a.usage()
            if _is_pot(rest[1:], a):
                return c.Pay(player=name, amount=value, to_pot=True)
            return c.Pay(player=name, amount=value, to=a.player(rest[1:]))
        except BankerError as exc:
            error = error or exc
    assert error is not None
    raise error


def _is_pot(words: list[str], a: Args) -> bool:
    """`to pot` names the Free Parking pot, unless a player is called exactly that."""
    typed = " ".join(words).casefold()
    if typed not in ("pot", "the pot"):
        return False
    return not any(p.name.casefold() == typed for p in a.state.players)


def collect(a: Args) -> c.Collect:
    if len(a.words) < 2:
        raise a.usage()
    name = a.player(a.words[:-1])
    return c.Collect(player=name, amount=amount(a.words[-1], a.state))


def tax(a: Args) -> c.PayTax:
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


def card(a: Args) -> c.DrawCard:
    words = list(a.words)
    passed_go = bool(words) and words[-1].casefold() == "go"
    if passed_go:
        words.pop()
    square = _square(words)
    roll: int | None = None
    if words and _is_number(words[-1]):
        roll = dice(words.pop())
    square = square if square is not None else _square(words)
    ids = list(a.state.edition.cards_by_id)

    def card_and_deed(rest: list[str]) -> tuple[str, str | None]:
        if not rest:
            raise BadInput(
                "Name the card, e.g. 'card Alice chance-dividend'. Card ids: {ids}.",
                ids=", ".join(ids),
            )
        token = rest[0].casefold()
        renamed = a.state.edition.cards_by_old_id.get(token)  # an id from before, e.g. in a script
        found = (
            [i for i in ids if i == token]
            or ([renamed.id] if renamed else [])
            or [i for i in ids if i.startswith(token)]
        )
        if len(found) != 1:
            raise UnknownName(
                "{t!r} could be more than one card. Card ids: {ids}."
                if found
                else "{t!r} is not a card. Card ids: {ids}.",
                t=rest[0],
                ids=", ".join(found or ids),
            )
        return found[0], a.deed(rest[1:]) if rest[1:] else None

    name, (card_id, deed) = a.split(words, card_and_deed)
    return c.DrawCard(
        player=name, card=card_id, deed=deed, dice=roll, passed_go=passed_go, square=square
    )


def _square(words: list[str]) -> int | None:
    """`at N` at the end of `words` (taken off them): the square the token stood on."""
    if len(words) >= 2 and words[-2].casefold() == "at" and _is_number(words[-1]):
        square = words.pop()
        words.pop()
        if len(square) > 3:
            raise BadInput("{n!r} is not a square of the board.", n=square)
        return int(square)
    return None


def jail(a: Args) -> c.LeaveJail | c.GoToJail:
    """`jail PLAYER fine|card` leaves jail; `jail PLAYER` sends the token there (three
    doubles in a row)."""
    if not a.words:
        raise a.usage()
    if a.words[-1].casefold() in ("fine", "card") and len(a.words) >= 2:
        method: Literal["fine", "card"] = "fine" if a.words[-1].casefold() == "fine" else "card"
        return c.LeaveJail(player=a.player(a.words[:-1]), method=method)
    return c.GoToJail(player=a.player(a.words))


def _count(words: list[str], most: int) -> tuple[list[str], int]:
    """A number of houses at the end of `words` (1 when none is given), 1 to `most`."""
    if words and _is_number(words[-1]):
        n = words[-1]
        if len(n) > 2 or not 1 <= int(n) <= most:
            raise BadInput("{n!r} is not a number of houses: give 1 to {most}.", n=n, most=most)
        return words[:-1], int(n)
    return words, 1


def build(a: Args) -> c.BuildHouses:
    words, n = _count(list(a.words), a.state.max_houses)
    name, deed = a.split(words, a.deed)
    return c.BuildHouses(player=name, deed=deed, count=n)


def sell(a: Args) -> c.SellHouses | c.SellHotel:
    words = list(a.words)
    if words and words[-1].casefold() == "hotel":
        name, deed = a.split(words[:-1], a.deed)
        return c.SellHotel(player=name, deed=deed)
    words, n = _count(words, a.state.max_houses + 1)  # a hotel sells down as one more
    name, deed = a.split(words, a.deed)
    return c.SellHouses(player=name, deed=deed, count=n)


def trade(a: Args) -> c.Trade:
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


def _side(a: Args, words: list[str]) -> c.TradeSide:
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
    debt = 0
    for item in items:
        lowered = item.casefold()
        if lowered in ("jailcard", "jail card"):
            cards += 1
        elif lowered.split()[0] == "debt" and len(lowered.split()) == 2:
            if debt:
                raise BadInput("Name the debt of one side once: {a} and {b}.", a=debt, b=item)
            debt = amount(item.split()[1], a.state)
        elif _is_number(item) or item.startswith(a.state.edition.currency):
            if cash:
                raise BadInput("Name the cash of one side once: {a} and {b}.", a=cash, b=item)
            cash = amount(item, a.state)
        elif lowered == "-":
            raise BadInput("'-' means nothing: use it alone for a side that gives nothing.")
        else:
            deeds.append(a.deed(item.split()))
    return c.TradeSide(cash=cash, deeds=deeds, jail_cards=cards, debt=debt)


def levels(a: Args) -> c.SetGroupLevels:
    if len(a.words) < 3:
        raise a.usage()
    found: list[int] = []
    for item in a.words[-1].split(","):
        item = item.strip().casefold()
        if item in ("h", "hotel"):
            found.append(HOTEL_CODE)
        elif len(item) == 1 and item.isdigit() and int(item) <= MOST_HOUSES:
            found.append(int(item))
        else:
            raise BadInput(
                "{item!r} is not a level: 0 to 4 houses, or h for a hotel, e.g. '4,4,h'.",
                item=item,
            )
    name, deed = a.split(a.words[:-1], a.deed)
    return c.SetGroupLevels(player=name, deed=deed, levels=found)


def auction(a: Args) -> c.StartAuction:
    if len(a.words) == 1 and a.words[0].casefold() in ("house", "hotel"):
        return c.StartAuction(lot=a.words[0].casefold())
    return c.StartAuction(lot=a.deed(a.words))


def bid(a: Args) -> c.Bid:
    if len(a.words) < 2:
        raise a.usage()
    return c.Bid(player=a.player(a.words[:-1]), amount=amount(a.words[-1], a.state))


def drop(a: Args) -> c.DropOut:
    name, _ = a.split(a.words, a.nothing)
    return c.DropOut(player=name)


def close(a: Args) -> c.CloseAuction:
    return c.CloseAuction(deed=a.deed(a.words) if a.words else None)


def raise_funds(a: Args) -> RaiseQuery:
    name, _ = a.split(a.words, a.nothing)
    return RaiseQuery(name)


def settle(a: Args) -> c.Settle:
    name, _ = a.split(a.words, a.nothing)
    return c.Settle(player=name)


def bankrupt(a: Args) -> c.DeclareBankrupt:
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


def language(a: Args) -> c.SetLanguage:
    code = a.words[0].casefold() if len(a.words) == 1 else ""
    if not is_language(code):
        raise a.usage()
    return c.SetLanguage(language=code)


def end(a: Args) -> c.EndGame:
    a.nothing(a.words)
    return c.EndGame()


def undo(a: Args) -> Undo:
    a.nothing(a.words)
    return Undo()


def redo(a: Args) -> Redo:
    a.nothing(a.words)
    return Redo()


def turn(a: Args) -> c.PassTurn:
    if not a.words:
        return c.PassTurn()
    name, _ = a.split(a.words, a.nothing)
    return c.PassTurn(player=name)


def move(a: Args) -> c.MoveToken:
    """`move PLAYER DICE [doubles]`, `move PLAYER SQUARE` (forward to it) or
    `move PLAYER SQUARE fix` (a correction of where the token stands)."""

    words = list(a.words)
    fix = len(words) > 1 and words[-1].casefold() == "fix"
    doubles = len(words) > 1 and words[-1].casefold() in ("doubles", "double", "d")
    if fix or doubles:
        words.pop()

    def where(rest: list[str]) -> int | str:
        """The dice total, or the square's name once something on the board matches it."""
        if not rest:
            raise a.usage()
        if len(rest) == 1 and _is_number(rest[0]):
            if fix:
                raise BadInput("A correction names the square: 'move PLAYER SQUARE fix'.")
            return dice(rest[0])
        if doubles:
            raise BadInput("Doubles are a throw: 'move PLAYER DICE doubles'.")
        query = " ".join(rest)
        named = list(typed_square_names(a.state))
        if not ranked(query, named, None, kinds(a.state.edition, a.state.language)):
            match(query, list(squares(a.state.edition).values()), "deed")  # refuses
        return query

    name, to = a.split(words, where)
    if isinstance(to, int):
        return c.MoveToken(player=name, how="dice", dice=to, doubles=doubles)
    return c.MoveToken(
        player=name, square=find_square(a.state, name, to), how="fix" if fix else "forward"
    )
