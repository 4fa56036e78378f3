"""The flow model under random play: tokens moved by dice (doubles and jail included),
squares named, corrections, every card that moves a token, passing the turn and
bankruptcies, checked after every step against a model of the table written here from
RULES.md: one salary per lap, the turn always a player still in the game (the next one
once the player whose turn it was goes to jail on it), every token on a square and in jail
only when sent there, nobody paying the fine twice or while not in jail."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.errors import BankerError
from banker.core.game import Game
from banker.core.turns import position, whose_turn
from banker.core.validators import validate

US = load_edition("us")
PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
SIZE = 40
GO_TO_JAIL = 30
JAIL = 10
SALARY = 200
FINE = 50
DECKS = {"chance": [7, 22, 36], "chest": [2, 17, 33]}
RAILROADS = [5, 15, 25, 35]
UTILITIES = [12, 28]
ADVANCE = {"chance-st-charles": 11, "chance-boardwalk": 39, "chance-illinois": 24}
ADVANCE |= {"chance-reading": 5, "chance-go": 0, "chest-go": 0}
CARDS = [*ADVANCE, "chance-railroad-1", "chance-utility", "chance-back-3"]
CARDS += ["chance-jail", "chest-jail"]


def nearest(squares: list[int], origin: int) -> int:
    return next((sq for sq in squares if sq > origin), squares[0])


def journey(card: str, origin: int) -> tuple[int, bool]:
    """Where the card takes the token from `origin`, and whether it passes GO (the rule
    book's own reading, written without the core)."""
    if card == "chance-back-3":
        return (origin - 3) % SIZE, False
    if card == "chance-railroad-1":
        dest = nearest(RAILROADS, origin)
    elif card == "chance-utility":
        dest = nearest(UTILITIES, origin)
    else:
        dest = ADVANCE[card]
    return dest, dest <= origin


class FlowMachine(RuleBasedStateMachine):
    """The core and a model of the table, side by side."""

    @initialize()
    def start(self) -> None:
        self.game = Game(c.Setup(players=PLAYERS, edition=US))
        self.cash = dict.fromkeys(PLAYERS, 1500)
        self.square = dict.fromkeys(PLAYERS, 0)
        self.in_jail: dict[str, int] = {}
        self.out: list[str] = []
        self.turn: str | None = None
        self.turn_over = False  # the player whose turn it was went to jail on it
        self.doubles = 0
        self.laps = dict.fromkeys(PLAYERS, 0)

    # The model's table.

    @property
    def active(self) -> list[str]:
        return [p for p in PLAYERS if p not in self.out]

    def whose(self) -> str:
        if self.turn in self.active and not self.turn_over:
            return self.turn
        if self.turn is not None:
            at = PLAYERS.index(self.turn)
            left = [PLAYERS[(at + i) % 4] for i in range(1, 5)]
            return next(p for p in left if p in self.active)
        return self.active[0]

    def go(self, player: str, steps: int) -> None:
        """Forward: a salary each time the way passes or lands on GO."""
        end = self.square[player] + steps
        if end >= SIZE:
            self.cash[player] += SALARY
            self.laps[player] += 1
        self.square[player] = end % SIZE
        if self.square[player] == GO_TO_JAIL:
            self.to_jail(player)

    def to_jail(self, player: str) -> None:
        """In jail, not just visiting; on the player's own turn, the turn ends at once."""
        if self.whose() == player:
            self.turn, self.turn_over, self.doubles = player, True, 0
        self.square[player] = JAIL
        self.in_jail[player] = 0

    def expect(self, command: c.Command, accepted: bool) -> None:
        """Apply `command`; the core accepts it exactly when the model does."""
        before = self.game.state.model_dump_json()
        try:
            self.game.do(command)
        except BankerError as refused:
            assert not accepted, f"{command!r} refused: {refused}"
            assert self.game.state.model_dump_json() == before
            return
        assert accepted, f"{command!r} accepted, the rules refuse it"

    # The banker's moves.

    @precondition(lambda self: len(self.active) > 1)
    @rule(who=st.sampled_from(PLAYERS), dice=st.integers(2, 12), doubles=st.booleans())
    def throw(self, who: str, dice: int, doubles: bool) -> None:
        doubles = doubles and dice % 2 == 0
        command = c.MoveToken(player=who, how="dice", dice=dice, doubles=doubles)
        if who in self.out:
            self.expect(command, False)
            return
        if who in self.in_jail and not doubles and self.in_jail[who] == 2:
            if self.cash[who] < FINE:
                return  # a debt: the next issue's machine
        self.expect(command, True)
        if self.turn != who or self.turn_over:
            self.turn, self.turn_over, self.doubles = who, False, 0
        if who in self.in_jail:
            if doubles:
                del self.in_jail[who]
                self.doubles = 0
                self.go(who, dice)
            elif self.in_jail[who] < 2:
                self.in_jail[who] += 1
            else:
                del self.in_jail[who]
                self.cash[who] -= FINE
                self.go(who, dice)
            return
        if doubles:
            self.doubles += 1
            if self.doubles >= 3:
                self.to_jail(who)
                return
        else:
            self.doubles = 0
        self.go(who, dice)

    @precondition(lambda self: len(self.active) > 1)
    @rule(who=st.sampled_from(PLAYERS), square=st.integers(0, SIZE - 1), fix=st.booleans())
    def named(self, who: str, square: int, fix: bool) -> None:
        """A square typed at a landing (forward) or a correction."""
        command = c.MoveToken(player=who, how="fix" if fix else "forward", square=square)
        if who in self.out:
            self.expect(command, False)
        elif fix:
            self.expect(command, True)
            self.square[who] = square
            if square != JAIL:
                self.in_jail.pop(who, None)
        elif who in self.in_jail or square == self.square[who]:
            self.expect(command, False)
        else:
            self.expect(command, True)
            self.go(who, (square - self.square[who]) % SIZE)

    @precondition(lambda self: len(self.active) > 1)
    @rule(
        who=st.sampled_from(PLAYERS),
        card=st.sampled_from(CARDS),
        at=st.sampled_from([None, None, 7, 22, 36, 2, 17, 33, 8]),
    )
    def card(self, who: str, card: str, at: int | None) -> None:
        command = c.DrawCard(player=who, card=card, square=at)
        deck = DECKS[card.split("-")[0]]
        if who in self.out or who in self.in_jail or (at is not None and at not in deck):
            self.expect(command, False)
            return
        if card.endswith("-jail"):
            self.expect(command, True)
            self.to_jail(who)
            return
        if at is not None:
            origin = at
        elif self.square[who] in deck:
            origin = self.square[who]
        elif len({journey(card, o) for o in deck}) == 1:
            origin = deck[0]
        else:
            self.expect(command, False)  # the square it was drawn on decides: asked
            return
        self.expect(command, True)
        dest, passes = journey(card, origin)
        if passes:
            self.cash[who] += SALARY
            self.laps[who] += 1
        self.square[who] = dest

    @precondition(lambda self: len(self.active) > 1)
    @rule(who=st.sampled_from(PLAYERS))
    def three_doubles(self, who: str) -> None:
        command = c.GoToJail(player=who)
        if who in self.out or who in self.in_jail:
            self.expect(command, False)
            return
        self.expect(command, True)
        self.to_jail(who)

    @precondition(lambda self: len(self.active) > 1)
    @rule(who=st.sampled_from(PLAYERS))
    def pay_the_fine(self, who: str) -> None:
        command = c.LeaveJail(player=who, method="fine")
        if who in self.out or who not in self.in_jail or self.cash[who] < FINE:
            if who in self.out or who not in self.in_jail:
                self.expect(command, False)
            return
        self.expect(command, True)
        del self.in_jail[who]
        self.cash[who] -= FINE

    @precondition(lambda self: len(self.active) > 1)
    @rule()
    def next_turn(self) -> None:
        self.expect(c.PassTurn(), True)
        base = self.turn if self.turn is not None else self.whose()
        at = PLAYERS.index(base)
        self.turn = next(
            PLAYERS[(at + i) % 4] for i in range(1, 5) if PLAYERS[(at + i) % 4] in self.active
        )
        self.turn_over, self.doubles = False, 0

    @precondition(lambda self: len(self.active) > 2)
    @rule(who=st.sampled_from(PLAYERS))
    def goes_bankrupt(self, who: str) -> None:
        """The player pays away their cash, owes the bank a tax and goes bankrupt."""
        if who in self.out:
            return
        if self.cash[who]:
            self.expect(c.Pay(player=who, amount=self.cash[who]), True)
        self.expect(c.PayTax(player=who, kind="luxury"), True)
        self.expect(c.DeclareBankrupt(player=who), True)
        self.cash[who] = 0
        self.out.append(who)
        self.in_jail.pop(who, None)

    # What must hold after every step.

    @invariant()
    def the_core_and_the_table_agree(self) -> None:
        state = self.game.state
        assert validate(state) == []
        for p in PLAYERS:
            if p in self.out:
                continue
            assert state.player(p).cash == self.cash[p], p  # one salary per lap, no more
            assert position(state, p) == self.square[p], p
            assert 0 <= position(state, p) < SIZE
            assert (p in state.jail) == (p in self.in_jail), p
            assert state.jail.get(p, 0) == self.in_jail.get(p, 0), p

    @invariant()
    def the_turn_is_a_player_still_in_the_game(self) -> None:
        turn = whose_turn(self.game.state)
        assert turn in self.active
        assert turn == self.whose()


TestFlow = FlowMachine.TestCase
TestFlow.settings = settings(max_examples=150, stateful_step_count=40, deadline=None)
