"""Random command sequences and random text thrown at the core: the invariants hold
after every command, a refusal changes nothing, undo restores exactly what was there."""

from __future__ import annotations

import string

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.errors import BankerError
from banker.core.game import Game
from banker.core.language import VERBS, parse
from banker.core.rules import HouseRules
from banker.core.validators import validate

US = load_edition("us")
PLAYERS = ["Alice", "Bob", "Carol"]
DEEDS = [d.name for d in US.deeds]
STREETS = [d.name for d in US.deeds if d.group]
CARDS = list(US.cards_by_id)

players = st.sampled_from(PLAYERS + ["Nobody"])
deeds = st.sampled_from(DEEDS + ["Nowhere"])
streets = st.sampled_from(STREETS)
amounts = st.one_of(st.integers(1, 400), st.integers(-5, 0), st.integers(1000, 5000))
dice = st.one_of(st.none(), st.integers(0, 14))
sides = st.builds(
    c.TradeSide,
    cash=st.one_of(st.just(0), st.integers(1, 300)),
    deeds=st.lists(deeds, max_size=2),
    jail_cards=st.integers(0, 1),
)


def commands() -> st.SearchStrategy[c.Command]:
    return st.one_of(
        st.builds(c.PassGo, player=players),
        st.builds(c.Buy, player=players, deed=deeds),
        st.builds(c.Buy, player=players, deed=streets),
        st.builds(
            c.PayRent,
            player=players,
            deed=deeds,
            dice=dice,
            variant=st.sampled_from([None, None, "double", "x10"]),
        ),
        st.builds(c.Pay, player=players, amount=amounts, to=st.one_of(st.none(), players)),
        st.builds(c.Collect, player=players, amount=amounts),
        st.builds(
            c.PayTax,
            player=players,
            kind=st.sampled_from(["income_flat", "income_percent", "luxury"]),
        ),
        st.builds(
            c.DrawCard,
            player=players,
            card=st.sampled_from(CARDS + ["no-such-card"]),
            deed=st.one_of(st.none(), deeds),
            dice=dice,
            passed_go=st.booleans(),
        ),
        st.builds(c.LeaveJail, player=players, method=st.sampled_from(["fine", "card"])),
        st.builds(c.BuildHouses, player=players, deed=streets, count=st.integers(0, 3)),
        st.builds(c.BuildHotel, player=players, deed=streets),
        st.builds(c.SellHouses, player=players, deed=streets, count=st.integers(0, 3)),
        st.builds(c.SellHotel, player=players, deed=streets),
        st.builds(c.Mortgage, player=players, deed=deeds),
        st.builds(c.LiftMortgage, player=players, deed=deeds),
        st.builds(
            c.Trade,
            player=players,
            partner=players,
            give=sides,
            get=sides,
            lift=st.lists(deeds, max_size=1),
        ),
        st.builds(c.TakeParking, player=players),
    )


class TableMachine(RuleBasedStateMachine):
    """A table where anything may be asked of the bank, in any order."""

    def __init__(self) -> None:
        super().__init__()
        self.game = Game(c.Setup(players=PLAYERS, edition=US, rules=self.house_rules()))
        self.before: list[str] = []
        """The state dump before each applied command: what undo must give back."""
        self.redoable: list[str] = []

    def house_rules(self) -> HouseRules:
        return HouseRules()

    def dump(self) -> str:
        return self.game.state.dump_ledger()

    @rule(command=commands())
    def apply(self, command: c.Command) -> None:
        before = self.dump()
        try:
            self.game.do(command)
        except BankerError as exc:
            event(f"refused {command.verb}")
            assert str(exc), "a refusal must say why"
            assert self.dump() == before, "a refused command changed the state"
            return
        event(f"applied {command.verb}")
        self.before.append(before)
        self.redoable.clear()

    @rule(street=streets, player=st.sampled_from(PLAYERS))
    def monopoly_and_build(self, street: str, player: str) -> None:
        """Steer towards buildings: buy a whole group, then build on it."""
        for lot in US.lots_of(street):
            for cmd in (c.Buy(player=player, deed=lot), c.BuildHouses(player=player, deed=lot)):
                self.apply(cmd)

    @rule(street=streets, player=st.sampled_from(PLAYERS), rounds=st.integers(1, 5))
    def develop(self, street: str, player: str, rounds: int) -> None:
        """Steer towards hotels and shortages: cash, the whole group, rounds of building."""
        self.apply(c.Collect(player=player, amount=3000))
        lots = US.lots_of(street)
        for lot in lots:
            self.apply(c.Buy(player=player, deed=lot))
        for level in range(rounds):
            for lot in lots:
                if level < 4:
                    self.apply(c.BuildHouses(player=player, deed=lot))
                else:
                    self.apply(c.BuildHotel(player=player, deed=lot))

    @rule(street=streets, player=st.sampled_from(PLAYERS), rounds=st.integers(1, 5))
    def sell_down(self, street: str, player: str, rounds: int) -> None:
        """Sell a group down evenly, hotels first, then mortgage and lift a lot."""
        lots = US.lots_of(street)
        for _ in range(rounds):
            for lot in lots:
                self.apply(c.SellHotel(player=player, deed=lot))
                self.apply(c.SellHouses(player=player, deed=lot))
        self.apply(c.Mortgage(player=player, deed=lots[0]))
        self.apply(c.LiftMortgage(player=player, deed=lots[0]))

    @rule(data=st.data())
    def informed(self, data: st.DataObject) -> None:
        """Commands built from the table as it stands: rent, trades, hotels for sale."""
        state = self.game.state
        owned = [name for name, d in state.deeds.items() if d.owner]
        if not owned:
            return
        deed = data.draw(st.sampled_from(owned))
        owner = state.deeds[deed].owner
        other = data.draw(st.sampled_from([p for p in PLAYERS if p != owner]))
        roll = data.draw(st.integers(2, 12))
        choice = data.draw(st.integers(0, 3))
        if choice == 0:
            self.apply(c.PayRent(player=other, deed=deed, dice=roll))
        elif choice == 1:
            mine = [d for d in owned if state.deeds[d].owner == owner]
            give = data.draw(st.lists(st.sampled_from(mine), min_size=1, max_size=3, unique=True))
            lift = data.draw(st.lists(st.sampled_from(give), max_size=1))
            cash = data.draw(st.integers(0, 200))
            self.apply(
                c.Trade(
                    player=owner or "",
                    partner=other,
                    give=c.TradeSide(deeds=give),
                    get=c.TradeSide(cash=cash),
                    lift=lift,
                )
            )
        elif choice == 2:
            card = data.draw(st.sampled_from(["chance-railroad-1", "chance-utility"]))
            self.apply(c.DrawCard(player=other, card=card, deed=deed, dice=roll))
        else:
            self.apply(c.SellHotel(player=owner or "", deed=deed))

    @precondition(lambda self: self.before)
    @rule()
    def undo(self) -> None:
        after = self.dump()
        self.game.commit(self.game.prepare_undo())
        assert self.dump() == self.before.pop()
        self.redoable.append(after)

    @precondition(lambda self: self.redoable)
    @rule()
    def redo(self) -> None:
        before = self.dump()
        self.game.commit(self.game.prepare_redo())
        assert self.dump() == self.redoable.pop()
        self.before.append(before)

    @invariant()
    def sound(self) -> None:
        assert validate(self.game.state) == []


class PotMachine(TableMachine):
    """The same with the Free Parking pot, a seed, UK mortgaged-group rent, rounding down."""

    def house_rules(self) -> HouseRules:
        return HouseRules(
            free_parking_pot=True,
            free_parking_seed=100,
            mortgaged_group_rent="uk",
            rounding="down",
            houses=6,
            hotels=2,
        )


TableMachine.TestCase.settings = settings(
    max_examples=120,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
PotMachine.TestCase.settings = settings(
    max_examples=80,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestTable = TableMachine.TestCase
TestPot = PotMachine.TestCase


GAME = Game(c.Setup(players=PLAYERS + ["Mary Ann"], edition=US))
words = st.sampled_from(
    list(VERBS)
    + ["alice", "bob", "mary", "ann", "board", "st", "ch", "park", "give", "get", "lift", "to"]
    + ["jailcard", "-", ",", "7", "0", "13", "100", "$50", "double", "x10", "hotel", "income"]
    + ["flat", "percent", "luxury", "chance-div", "go", "fine", "card", "1e3", "٣", "๓", "1_000"]
)
lines = st.one_of(
    st.text(max_size=60),
    st.text(alphabet=string.printable, max_size=60),
    st.lists(words, max_size=10).map(" ".join),
)


@settings(max_examples=600, deadline=None)
def _parse_never_crashes(line: str) -> None:
    before = GAME.state.dump_ledger()
    try:
        parsed = parse(line, GAME.state)
    except BankerError as exc:
        assert str(exc)
    else:
        if isinstance(parsed, c.Setup):
            raise AssertionError("the language never sets up a game")
        if not hasattr(parsed, "verb"):
            return
        try:
            GAME.prepare(parsed)  # type: ignore[arg-type]
        except BankerError as exc:
            assert str(exc)
    assert GAME.state.dump_ledger() == before


def test_random_text_gets_a_result_or_a_reason() -> None:
    from hypothesis import given

    given(lines)(_parse_never_crashes)()
