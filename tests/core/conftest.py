"""The table for scenario tests: Alice, Bob and Carol on the US board, and the banker's hands.

Everything a test sets up goes through the same commands the banker types, and the
validators run after every accepted one, so a scenario can never start from a state the
rules could not reach.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from banker.core import Game, HouseRules, Setup, load_edition, why_not
from banker.core.commands import (
    BuildHotel,
    BuildHouses,
    Buy,
    Collect,
    Command,
    Mortgage,
    Pay,
)
from banker.core.edition import Edition
from banker.core.errors import BankerError
from banker.core.level import HOTEL_CODE
from banker.core.state import DeedState, GameState
from banker.core.validators import validate

US = load_edition("us")

PLAYERS = ["Alice", "Bob", "Carol"]

HOTEL = HOTEL_CODE
"""The level of a lot with a hotel, for `Table.build`: it counts as five houses."""


class Table:
    """A game at the table, changed only through commands and checked after each one."""

    def __init__(self, rules: HouseRules | None = None) -> None:
        setup = Setup(players=PLAYERS, edition=US, rules=rules or HouseRules())
        self.game = Game(setup)
        assert validate(self.game.state) == []

    # Looking at the table.

    @property
    def state(self) -> GameState:
        return self.game.state

    def cash(self, player: str) -> int:
        return self.state.player(player).cash

    def deed(self, name: str) -> DeedState:
        return self.state.deeds[name]

    def jail_cards(self, player: str) -> list[str]:
        return list(self.state.player(player).jail_cards)

    @property
    def houses_left(self) -> int:
        return self.state.bank.houses_left

    @property
    def hotels_left(self) -> int:
        return self.state.bank.hotels_left

    @property
    def pot(self) -> int:
        return self.state.bank.free_parking

    # The banker's hands.

    def do(self, command: Command) -> str:
        """Apply a command the rules accept; the state must still be sound afterwards."""
        message = self.game.do(command)
        problems = validate(self.state)
        assert problems == [], f"after {command!r}: {problems}"
        return str(message)

    def refuse(self, command: Command, error: type[BankerError], *phrases: str) -> str:
        """The bank refuses `command` with exactly `error`, saying `phrases`; nothing changes."""
        before = self.state.dump_ledger()
        depth = self.game.depth
        with pytest.raises(BankerError) as caught:
            self.game.do(command)
        assert type(caught.value) is error, f"{type(caught.value).__name__}: {caught.value}"
        text = str(caught.value)
        for phrase in phrases:
            assert phrase.casefold() in text.casefold(), f"{phrase!r} not in {text!r}"
        assert self.state.dump_ledger() == before
        assert self.game.depth == depth
        assert why_not(self.state, command) == text
        return text

    def deal(self, player: str, *deeds: str) -> None:
        """Hand deeds to a player free: they buy each one and the bank gives the price back,
        so their cash is what it was."""
        for name in deeds:
            self.do(Buy(player=player, deed=name))
            self.do(Collect(player=player, amount=US.deed(name).price))

    def set_cash(self, player: str, amount: int) -> None:
        """Bring a player's cash to `amount` by paying the bank or collecting from it."""
        now = self.cash(player)
        if now > amount:
            self.do(Pay(player=player, amount=now - amount))
        elif now < amount:
            self.do(Collect(player=player, amount=amount - now))
        assert self.cash(player) == amount

    def mortgage(self, player: str, *deeds: str) -> None:
        for name in deeds:
            self.do(Mortgage(player=player, deed=name))

    def build(self, player: str, lots: list[str], level: int) -> None:
        """Build evenly, one house at a time round the group, until every lot of `lots` has
        `level` houses (`HOTEL` for a hotel). The player must have the cash."""
        for houses in range(1, min(level, 4) + 1):
            for lot in lots:
                if not self.deed(lot).hotel and self.deed(lot).houses < houses:
                    self.do(BuildHouses(player=player, deed=lot))
        if level == HOTEL:
            for lot in lots:
                if not self.deed(lot).hotel:
                    self.do(BuildHotel(player=player, deed=lot))


@pytest.fixture
def table() -> Table:
    """Alice, Bob and Carol on the US board with the seed rules, $1,500 each."""
    return Table()


@pytest.fixture
def table_with() -> Callable[..., Table]:
    """A table with house rules: `table_with(mortgaged_group_rent="uk")`."""

    def make(**rules: object) -> Table:
        return Table(HouseRules.load(rules))

    return make


def _bare(edition: Edition) -> GameState:
    """A new game on `edition`, for what looks only at the board."""
    from banker.core.state import new_game_state

    return new_game_state(["Ann", "Ben"], edition, HouseRules())


def drawn_at(card_id: str, passed_go: bool = False) -> int:
    """A square of the card's deck to draw it on, from which a moving card passes GO or
    not as asked (the first such square; the first of the deck otherwise)."""
    from banker.core.cards import _destination, _origins

    card = US.card_by_id(card_id)
    assert card is not None, card_id
    origins = _origins(_bare(US), card)
    for origin in origins:
        try:
            if _destination(_bare(US), card, origin)[1] == passed_go:
                return origin
        except StopIteration:
            break
    return origins[0]


def play(game: Game, line: str) -> str:
    """One line of the command language, accepted; the state still sound; the receipt."""
    from banker.core.language import read_line

    said = game.do(read_line(line, game.state))  # type: ignore[arg-type]
    assert validate(game.state) == []
    return str(said)


def refused(game: Game, line: str, error: type[BankerError], *words: str) -> None:
    """One line the rules refuse: the exact error, its reason naming `words`, and the game
    exactly as it was."""
    before = game.state.to_json()
    with pytest.raises(error) as caught:
        play(game, line)
    for word in words:
        assert word in str(caught.value)
    assert game.state.to_json() == before
