"""The flow model under random play: tokens moved by dice (doubles and jail included),
squares named, corrections, every card that moves a token, passing the turn and
bankruptcies, payments and debts, checked after every step against a model of the table
written here from RULES.md: one salary per lap, the turn always a player still in the game
(the next one once the player whose turn it was goes to jail on it), every token on a
square and in jail only when sent there, nobody paying the fine twice or while not in jail,
every debt paid as soon as the cash covers it (oldest first), money conserved."""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass
class Owed:
    debtor: str
    creditor: str | None
    amount: int
    new: bool = False
    """Created by the command just applied, which pays none of its own debts."""


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
        self.debts: list[Owed] = []

    # Debts, as RULES.md "Debts" has them.

    def owed(self, player: str) -> int:
        return sum(d.amount for d in self.debts if d.debtor == player)

    def snapshot(self) -> tuple[dict[str, int], dict[str, int]]:
        return dict(self.cash), {p: self.owed(p) for p in PLAYERS}

    def charge(self, payer: str, amount: int, creditor: str | None) -> None:
        """An obligation: paid when the cash covers it and nothing older is owed, else owed."""
        if self.cash[payer] >= amount and not self.owed(payer):
            self.cash[payer] -= amount
            if creditor is not None:
                self.cash[creditor] += amount
        else:
            self.debts.append(Owed(payer, creditor, amount, new=True))

    def pay_covered(self, before: tuple[dict[str, int], dict[str, int]]) -> None:
        """After a command: every player whose cash rose or whose debt shrank pays their
        debts oldest first while the cash covers the oldest; creditors paid do the same."""
        cash, owed = before
        waiting = [p for p in self.active if self.cash[p] > cash[p] or self.owed(p) < owed[p]]
        while waiting:
            name = waiting.pop(0)
            for debt in [d for d in self.debts if d.debtor == name and not d.new]:
                if self.cash[name] < debt.amount:
                    break
                self.cash[name] -= debt.amount
                self.debts.remove(debt)
                if debt.creditor is not None:
                    self.cash[debt.creditor] += debt.amount
                    if debt.creditor not in waiting:
                        waiting.append(debt.creditor)
        for debt in self.debts:
            debt.new = False

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
        before = self.game.state.to_json()
        try:
            self.game.do(command)
        except BankerError as refused:
            assert not accepted, f"{command!r} refused: {refused}"
            assert self.game.state.to_json() == before
            return
        assert accepted, f"{command!r} accepted, the rules refuse it"

    # The banker's moves.

    @precondition(lambda self: len(self.active) > 1)
    @rule(who=st.sampled_from(PLAYERS), dice=st.integers(2, 12), doubles=st.booleans())
    def throw(self, who: str, dice: int, doubles: bool) -> None:
        before = self.snapshot()
        self._throw(who, dice, doubles)
        self.pay_covered(before)

    def _throw(self, who: str, dice: int, doubles: bool) -> None:
        doubles = doubles and dice % 2 == 0
        command = c.MoveToken(player=who, how="dice", dice=dice, doubles=doubles)
        if who in self.out:
            self.expect(command, False)
            return
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
                self.charge(who, FINE, None)  # due at once: a debt if the cash falls short
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
        before = self.snapshot()
        self._named(who, square, fix)
        self.pay_covered(before)

    def _named(self, who: str, square: int, fix: bool) -> None:
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
        before = self.snapshot()
        self._card(who, card, at)
        self.pay_covered(before)

    def _card(self, who: str, card: str, at: int | None) -> None:
        command = c.DrawCard(player=who, card=card, square=at)
        deck = DECKS[card.split("-")[0]]
        if (
            who in self.out
            or who in self.in_jail
            or self.owed(who)  # a debtor settles before drawing
            or (at is not None and at not in deck)
        ):
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

    @precondition(lambda self: len(self.active) > 1 and bool(self.in_jail))
    @rule(data=st.data(), dice=st.integers(2, 12))
    def fails_every_throw_in_jail(self, data: st.DataObject, dice: int) -> None:
        """A player in jail throws without doubles until the fine is due (a debt when the
        cash falls short, owed after any older debt)."""
        who = data.draw(st.sampled_from(sorted(self.in_jail)))
        while who in self.in_jail:
            self.throw(who, dice, False)

    @precondition(
        lambda self: len(self.active) > 1 and any(d.debtor not in self.in_jail for d in self.debts)
    )
    @rule(data=st.data())
    def a_debtor_goes_to_jail(self, data: st.DataObject) -> None:
        """Someone who owes goes to jail: a failed third throw then owes the fine after the
        older debt, and must wait for it."""
        who = data.draw(
            st.sampled_from([d.debtor for d in self.debts if d.debtor not in self.in_jail])
        )
        self.three_doubles(who)

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
        if who in self.out or who not in self.in_jail or self.owed(who):
            self.expect(command, False)
            return
        if self.cash[who] < FINE:
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

    @precondition(lambda self: len(self.active) > 1)
    @rule(
        who=st.sampled_from(PLAYERS),
        to=st.sampled_from([None, None, *PLAYERS]),
        amount=st.one_of(st.integers(1, 300), st.integers(1000, 2000)),
    )
    def pays(self, who: str, to: str | None, amount: int) -> None:
        """A payment typed by hand: an obligation, owed when the cash falls short; a debtor
        may only pay a creditor towards the debt, at most the debt and the cash."""
        before = self.snapshot()
        command = c.Pay(player=who, amount=amount, to=to)
        if who in self.out or to in self.out or to == who:
            self.expect(command, False)
            return
        if self.owed(who):
            towards = [d for d in self.debts if d.debtor == who and to and d.creditor == to]
            if not towards or amount > sum(d.amount for d in towards) or amount > self.cash[who]:
                self.expect(command, False)
                return
            self.expect(command, True)
            assert to is not None
            self.cash[who] -= amount
            self.cash[to] += amount
            for debt in towards:
                part = min(amount, debt.amount)
                debt.amount -= part
                amount -= part
                if not debt.amount:
                    self.debts.remove(debt)
        else:
            self.expect(command, True)
            self.charge(who, amount, to)
        self.pay_covered(before)

    @precondition(lambda self: len(self.active) > 1)
    @rule(who=st.sampled_from(PLAYERS), amount=st.integers(1, 200))
    def collects(self, who: str, amount: int) -> None:
        before = self.snapshot()
        self.expect(c.Collect(player=who, amount=amount), who not in self.out)
        if who not in self.out:
            self.cash[who] += amount
        self.pay_covered(before)

    @precondition(lambda self: len(self.active) > 1 and bool(self.debts))
    @rule(data=st.data(), amount=st.integers(1, 200))
    def a_debtor_collects(self, data: st.DataObject, amount: int) -> None:
        """Money for someone who owes: their debts are paid oldest first as far as it goes."""
        self.collects(data.draw(st.sampled_from([d.debtor for d in self.debts])), amount)

    @precondition(lambda self: len(self.active) > 1)
    @rule(who=st.sampled_from(PLAYERS))
    def settles(self, who: str) -> None:
        """Never needed: a debt the cash covers is paid already, so `settle` finds either
        nothing owed or too little cash."""
        self.expect(c.Settle(player=who), False)

    @precondition(lambda self: len(self.active) > 2)
    @rule(who=st.sampled_from(PLAYERS))
    def goes_bankrupt(self, who: str) -> None:
        """A player who owes more than their cash goes bankrupt (with no deeds, cash is all
        they could raise); one who owes nothing first pays away their cash and owes a tax.
        The cash goes to the one creditor, or is shared in proportion to the debts, each at
        most its debt, odd units from the debtor's left, the rest to the bank."""
        if who in self.out:
            return
        if not self.owed(who):
            if self.cash[who]:
                self.expect(c.Pay(player=who, amount=self.cash[who]), True)
                self.cash[who] = 0
            self.expect(c.PayTax(player=who, kind="luxury"), True)
            self.debts.append(Owed(who, None, 100))
        self.expect(c.DeclareBankrupt(player=who), True)
        before = self.snapshot()
        at = PLAYERS.index(who)
        order = [PLAYERS[(at + i) % 4] for i in range(1, 4)] + [None]
        claims = {
            creditor: sum(
                d.amount for d in self.debts if d.debtor == who and d.creditor == creditor
            )
            for creditor in order
        }
        claims = {k: v for k, v in claims.items() if v}
        pool, total = self.cash[who], sum(claims.values())
        if pool >= total:
            shares = dict(claims)
        else:
            shares = {k: pool * v // total for k, v in claims.items()}
            odd = pool - sum(shares.values())
            for creditor in list(shares)[:odd]:
                shares[creditor] += 1
        for creditor, share in shares.items():
            if creditor is not None:
                self.cash[creditor] += share
        self.cash[who] = 0
        self.debts = [d for d in self.debts if who not in (d.debtor, d.creditor)]
        self.out.append(who)
        self.in_jail.pop(who, None)
        self.pay_covered(before)

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
    def every_debt_is_the_tables(self) -> None:
        debts = [(d.debtor, d.creditor, d.amount) for d in self.game.state.debts]
        assert debts == [(d.debtor, d.creditor, d.amount) for d in self.debts]

    @invariant()
    def a_debt_the_cash_covers_is_never_open(self) -> None:
        """The oldest debt of each player is more than their cash (every debt here comes
        alone, so none waits for a sibling of the same obligation)."""
        state = self.game.state
        for p in state.active_players:
            owed = state.debts_of(p.name)
            assert not owed or owed[0].amount > p.cash, (p.name, owed[0], p.cash)

    @invariant()
    def the_turn_is_a_player_still_in_the_game(self) -> None:
        turn = whose_turn(self.game.state)
        assert turn in self.active
        assert turn == self.whose()


TestFlow = FlowMachine.TestCase
TestFlow.settings = settings(max_examples=300, stateful_step_count=40, deadline=None)
