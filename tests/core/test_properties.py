"""Random command sequences and random text thrown at the core: the invariants hold
after every command, a refusal changes nothing, undo restores exactly what was there."""

from __future__ import annotations

import string
from typing import Any

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.engine import apply as apply_command
from banker.core.errors import BankerError
from banker.core.game import Game
from banker.core.language import VERBS, RaiseQuery, Redo, Undo, WorthQuery, read_line
from banker.core.limits import MAX_LINE
from banker.core.offers.building import building_groups, group_plans
from banker.core.offers.raising import raise_rows, raising_moves
from banker.core.rules import HouseRules
from banker.core.validators import validate
from banker.core.verbs import VERBS as VERB_TABLE

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
    debt=st.one_of(st.just(0), st.just(0), st.integers(1, 120)),
)


STRATEGIES: dict[type[Any], st.SearchStrategy[Any]] = {
    c.PassGo: st.builds(c.PassGo, player=players),
    c.Buy: st.one_of(
        st.builds(c.Buy, player=players, deed=deeds),
        st.builds(c.Buy, player=players, deed=streets),
    ),
    c.PayRent: st.builds(
        c.PayRent,
        player=players,
        deed=deeds,
        dice=dice,
        variant=st.sampled_from([None, None, "double", "x10"]),
    ),
    c.Pay: st.builds(c.Pay, player=players, amount=amounts, to=st.one_of(st.none(), players)),
    c.Collect: st.builds(c.Collect, player=players, amount=amounts),
    c.PayTax: st.builds(
        c.PayTax,
        player=players,
        kind=st.sampled_from(["income_flat", "income_percent", "luxury"]),
    ),
    c.DrawCard: st.builds(
        c.DrawCard,
        player=players,
        card=st.sampled_from(CARDS + ["no-such-card"]),
        deed=st.one_of(st.none(), deeds),
        dice=dice,
        passed_go=st.booleans(),
        square=st.sampled_from([None, None, 7, 22, 36, 8]),
    ),
    c.LeaveJail: st.builds(c.LeaveJail, player=players, method=st.sampled_from(["fine", "card"])),
    c.GoToJail: st.builds(c.GoToJail, player=players),
    c.BuildHouses: st.builds(c.BuildHouses, player=players, deed=streets, count=st.integers(0, 3)),
    c.BuildHotel: st.builds(c.BuildHotel, player=players, deed=streets),
    c.SellHouses: st.builds(c.SellHouses, player=players, deed=streets, count=st.integers(0, 3)),
    c.SellHotel: st.builds(c.SellHotel, player=players, deed=streets),
    c.Mortgage: st.builds(c.Mortgage, player=players, deed=deeds),
    c.LiftMortgage: st.builds(c.LiftMortgage, player=players, deed=deeds),
    c.Trade: st.builds(
        c.Trade,
        player=players,
        partner=players,
        give=sides,
        get=sides,
        lift=st.lists(deeds, max_size=1),
    ),
    c.TakeParking: st.builds(c.TakeParking, player=players),
    c.SetGroupLevels: st.builds(
        c.SetGroupLevels,
        player=players,
        deed=streets,
        levels=st.lists(st.integers(-1, 6), min_size=2, max_size=3),
    ),
    c.StartAuction: st.builds(
        c.StartAuction, lot=st.one_of(deeds, st.sampled_from(["house", "hotel"]))
    ),
    c.Bid: st.builds(c.Bid, player=players, amount=amounts),
    c.DropOut: st.builds(c.DropOut, player=players),
    c.CloseAuction: st.builds(c.CloseAuction, deed=st.one_of(st.none(), streets)),
    c.Settle: st.builds(c.Settle, player=players),
    c.DeclareBankrupt: st.builds(
        c.DeclareBankrupt, player=players, lift=st.lists(deeds, max_size=2)
    ),
    c.EndGame: st.builds(c.EndGame),
    c.PassTurn: st.builds(c.PassTurn, player=st.one_of(st.none(), players)),
    c.MoveToken: st.one_of(
        st.builds(
            c.MoveToken, player=players, square=st.integers(0, 45), passed_go=st.booleans()
        ),
        st.builds(
            c.MoveToken,
            player=players,
            how=st.just("dice"),
            dice=st.integers(2, 12),
            doubles=st.booleans(),
        ),
        st.builds(
            c.MoveToken,
            player=players,
            square=st.integers(0, 45),
            how=st.sampled_from(["forward", "fix"]),
        ),
    ),
    c.SetLanguage: st.builds(c.SetLanguage, language=st.sampled_from(["en", "ms", "th"])),
    c.NewLink: st.builds(c.NewLink, player=players),
    c.DealDeeds: st.builds(
        c.DealDeeds,
        deeds=st.dictionaries(deeds, players, max_size=3),
        paid=st.booleans(),
    ),
}
"""A way to make each command of the bank, keyed by its model: a verb declared in
`banker.core.verbs` without one here fails `test_every_verb_is_thrown_at_the_table`."""


def commands() -> st.SearchStrategy[c.Command]:
    return st.one_of(*STRATEGIES.values())


def test_every_verb_is_thrown_at_the_table() -> None:
    assert set(STRATEGIES) == {verb.model for verb in VERB_TABLE}


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
        label = self._label(command)
        try:
            self.game.do(command)
        except BankerError as exc:
            event(f"refused {command.verb}")
            assert str(exc), "a refusal must say why"
            assert self.dump() == before, "a refused command changed the state"
            return
        event(f"applied {command.verb}")
        if label:
            event(label)
        if self.game.state.winner is not None and isinstance(command, c.DeclareBankrupt):
            event("a winner after a bankruptcy")
        self.before.append(before)
        self.redoable.clear()

    def _label(self, command: c.Command) -> str:
        """Which path an accepted command takes, for the statistics: they show the rules
        below reach every kind of auction and both kinds of bankruptcy."""
        state = self.game.state
        if isinstance(command, c.StartAuction):
            return f"opened an auction of a {'deed' if command.lot in DEEDS else command.lot}"
        if isinstance(command, c.CloseAuction) and state.auction is not None:
            if command.deed is not None:
                return f"placed a {state.auction.kind} won at auction"
            return f"closed an auction of a {state.auction.kind}"
        if isinstance(command, c.DeclareBankrupt) and command.player in PLAYERS:
            owed = state.debts_of(command.player)
            creditors = {(d.creditor, d.to_pot) for d in owed}
            if len(creditors) > 1:
                return "bankrupt to several creditors"
            if (None, True) in creditors:
                return "bankrupt to the pot"
            return "bankrupt to " + (
                "the bank" if owed and owed[0].creditor is None else "a player"
            )
        return ""

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

    @rule(
        player=st.sampled_from(PLAYERS),
        left=st.integers(0, 80),
        how=st.sampled_from(["rent", "luxury", "income", "jail", "card", "chairman", "birthday"]),
        data=st.data(),
    )
    def fall_short(self, player: str, left: int, how: str, data: st.DataObject) -> None:
        """Steer towards debts: the player pays the bank down to a few dollars, then a rent,
        tax, fine or card costs more than that."""
        state = self.game.state
        cash = state.player(player).cash
        if cash > left:
            self.apply(c.Pay(player=player, amount=cash - left))
        others = [p for p in PLAYERS if p != player]
        state = self.game.state
        if how == "rent":
            theirs = [
                name for name, d in state.deeds.items() if d.owner in others and not d.mortgaged
            ]
            if not theirs:
                deed = data.draw(st.sampled_from(DEEDS))
                self.apply(c.Buy(player=data.draw(st.sampled_from(others)), deed=deed))
                theirs = [deed]
            self.apply(c.PayRent(player=player, deed=data.draw(st.sampled_from(theirs)), dice=12))
        elif how == "luxury":
            self.apply(c.PayTax(player=player, kind="luxury"))
        elif how == "income":
            self.apply(c.PayTax(player=player, kind="income_flat"))
        elif how == "jail":
            self.apply(c.LeaveJail(player=player, method="fine"))
        elif how == "card":
            card = data.draw(st.sampled_from(["chest-hospital", "chance-repairs", "chest-repairs"]))
            self.apply(c.DrawCard(player=player, card=card))
        elif how == "chairman":
            self.apply(c.DrawCard(player=player, card="chance-chairman", square=7))
        else:
            self.apply(c.DrawCard(player=data.draw(st.sampled_from(others)), card="chest-birthday", square=2))

    @rule(player=st.sampled_from(PLAYERS), data=st.data())
    def pile_up_debts(self, player: str, data: st.DataObject) -> None:
        """Steer towards several creditors: the player falls to a few dollars, then owes the
        others for their birthdays, a rent, a tax or the pot, and the chairman card."""
        first = data.draw(st.sampled_from(["chairman", "luxury", "rent", "jail"]))
        self.fall_short(player, data.draw(st.integers(0, 30)), first, data)
        for _ in range(data.draw(st.integers(0, 2))):
            self.fall_short(player, 10**6, "birthday", data)

    @rule(data=st.data())
    def pay_part_of_a_debt(self, data: st.DataObject) -> None:
        """A debtor pays a creditor part of the debt in cash, or hands over a deed against it."""
        state = self.game.state
        to_players = [d for d in state.debts if d.creditor is not None]
        if not to_players:
            return
        debt = data.draw(st.sampled_from(to_players))
        amount = data.draw(st.integers(1, debt.amount + 5))
        mine = state.deeds_of(debt.debtor)
        if mine and data.draw(st.booleans()):
            deed = data.draw(st.sampled_from(mine))
            self.apply(
                c.Trade(
                    player=debt.debtor,
                    partner=debt.creditor or "",
                    give=c.TradeSide(deeds=[deed]),
                    get=c.TradeSide(debt=amount),
                )
            )
        else:
            self.apply(c.Pay(player=debt.debtor, amount=amount, to=debt.creditor))

    @rule(data=st.data())
    def raise_and_settle_or_go_bankrupt(self, data: st.DataObject) -> None:
        """A player who owes sells down and mortgages what they choose, then settles, or
        declares bankruptcy (lifting some mortgaged deeds)."""
        state = self.game.state
        owing = sorted({d.debtor for d in state.debts})
        if not owing:
            return
        player = data.draw(st.sampled_from(owing))
        mine = state.deeds_of(player)
        for name in data.draw(st.lists(st.sampled_from(mine), unique=True)) if mine else []:
            lots = US.lots_of(name)
            if any(self.game.state.level(lot) for lot in lots):
                self.apply(c.SetGroupLevels(player=player, deed=name, levels=[0] * len(lots)))
            self.apply(c.Mortgage(player=player, deed=name))
        if data.draw(st.booleans()):
            self.apply(c.Settle(player=player))
        else:
            now = self.game.state
            mortgaged = [n for n in now.deeds_of(player) if now.deeds[n].mortgaged]
            lift = data.draw(st.lists(st.sampled_from(mortgaged), unique=True)) if mortgaged else []
            self.apply(c.DeclareBankrupt(player=player, lift=lift))

    @rule(data=st.data())
    def auction_round(self, data: st.DataObject) -> None:
        """Run an auction to its close: the open one (a bankrupt's deeds), or a new one of a
        bank deed or, in a shortage, a house or hotel."""
        if self.game.state.auction is None:
            bank = [n for n, d in self.game.state.deeds.items() if d.owner is None]
            lot = data.draw(st.sampled_from(bank + ["house", "hotel"]))
            self.apply(c.StartAuction(lot=lot))
        for _ in range(data.draw(st.integers(0, 6))):
            auction = self.game.state.auction
            if auction is None:
                return
            player = data.draw(st.sampled_from(PLAYERS))
            if data.draw(st.integers(0, 3)):
                raise_by = data.draw(st.integers(-2, 150))
                amount = max(auction.high_bid, auction.opening - 1) + raise_by
                self.apply(c.Bid(player=player, amount=amount))
            else:
                self.apply(c.DropOut(player=player))
        auction = self.game.state.auction
        if auction is None:
            return
        lot: str | None = None
        if auction.kind != "deed" and auction.high_bidder is not None:
            theirs = [n for n in self.game.state.deeds_of(auction.high_bidder) if n in STREETS]
            lot = data.draw(st.sampled_from(theirs)) if theirs else None
        self.apply(c.CloseAuction(deed=lot))

    @rule(data=st.data())
    def housing_shortage(self, data: st.DataObject) -> None:
        """Steer towards building auctions: two players each get a whole group and build on
        it, and the bank auctions a house or a hotel if it is short of one."""
        first, second = data.draw(st.permutations(PLAYERS))[:2]
        groups = data.draw(st.lists(streets, min_size=2, max_size=2))
        for player, street in zip((first, second), groups, strict=True):
            self.apply(c.Collect(player=player, amount=3000))
            for lot in US.lots_of(street):
                self.apply(c.Buy(player=player, deed=lot))
        for player, street in zip((first, second), groups, strict=True):
            lots = US.lots_of(street)
            level = data.draw(st.sampled_from([1, 2, 3, 4, 4, 4, 5]))
            self.apply(c.SetGroupLevels(player=player, deed=lots[0], levels=[level] * len(lots)))
        for kind in data.draw(st.permutations(["house", "hotel"])):
            self.apply(c.StartAuction(lot=kind))
        if self.game.state.auction is not None:
            self.auction_round(data)

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

    @rule(data=st.data())
    def offers_are_what_the_bank_accepts(self, data: st.DataObject) -> None:
        """The core's offers for a player hold in any state: each raising move it allows
        brings money and leaves the table sound; what it could raise line by line adds up
        to what `raisable` counts; every building plan it offers is accepted, and even."""
        state = self.game.state
        names = [p.name for p in state.active_players]
        if not names or state.winner is not None:
            return
        player = data.draw(st.sampled_from(names))
        for move in raising_moves(state, player):
            if move.refusal is None:
                after, _receipt = apply_command(state, move.command)
                assert move.brings > 0, move
                assert validate(after) == []
        rows = raise_rows(state, player)
        assert sum(row.amount for row in rows[:-1]) == rows[-1].amount
        groups = building_groups(state, player)
        if groups:
            group = data.draw(st.sampled_from(groups))
            for plan in group_plans(state, player, group):
                after, _receipt = apply_command(state, plan.command)
                counts = [after.level(lot.lot).buildings for lot in plan.lots]
                assert max(counts) - min(counts) <= 1
                assert validate(after) == []

    @invariant()
    def sound(self) -> None:
        assert validate(self.game.state) == []

    @invariant()
    def debts_auctions_and_winner_agree(self) -> None:
        """Debts name players still in; the bankrupt hold nothing; an auction is among
        players still in, with a high bid the bidder can pay; a winner ends auctions."""
        state = self.game.state
        active = {p.name for p in state.active_players}
        for debt in state.debts:
            assert debt.amount > 0
            assert debt.debtor in active, debt
            assert debt.creditor is None or debt.creditor in active, debt
            assert debt.creditor != debt.debtor
        for p in state.players:
            if p.bankrupt:
                assert p.cash == 0 and not p.jail_cards and not state.deeds_of(p.name)
        auction = state.auction
        if auction is not None:
            assert state.winner is None
            assert set(auction.bidders) <= active
            if auction.kind == "deed":
                assert state.deeds[auction.lot].owner is None
            if auction.high_bidder is not None:
                assert auction.high_bidder in auction.bidders
                assert auction.opening <= auction.high_bid
                assert auction.high_bid <= state.player(auction.high_bidder).cash
        else:
            assert state.auction_queue == []
        for name in state.auction_queue:
            assert state.deeds[name].owner is None
        estate = state.estate
        if estate is not None:
            # A bankrupt's estate waits only for its auctions; every claim is owed.
            assert auction is not None and auction.lot in estate.deeds
            assert estate.pool >= 0 and estate.claims
            assert all(claim.amount > 0 for claim in estate.claims)
            assert estate.debtor not in active
        if len(active) == 1:
            assert state.winner in active


class PotMachine(TableMachine):
    """The same with the Free Parking pot, a seed, UK mortgaged-group rent, rounding down,
    a $400 jail fine (bankruptcies to the bank), 6 houses and 2 hotels (shortages)."""

    def house_rules(self) -> HouseRules:
        return HouseRules(
            free_parking_pot=True,
            free_parking_seed=100,
            jail_fine=400,
            mortgaged_group_rent="uk",
            rounding="down",
            houses=6,
            hotels=2,
        )


class ShortageMachine(TableMachine):
    """A bank with 24 houses and 1 hotel: two groups reach 4 houses, and hotels run short."""

    def house_rules(self) -> HouseRules:
        return HouseRules(houses=24, hotels=1, minimum_bid=5)


TableMachine.TestCase.settings = settings(
    max_examples=200,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
PotMachine.TestCase.settings = settings(
    max_examples=120,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
ShortageMachine.TestCase.settings = settings(
    max_examples=80,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestTable = TableMachine.TestCase
TestPot = PotMachine.TestCase
TestShortage = ShortageMachine.TestCase


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
    st.lists(words, min_size=150, max_size=300).map(" ".join),
    st.text(alphabet=string.printable, min_size=MAX_LINE - 10, max_size=MAX_LINE + 10),
)
"""Short lines, lines of the language's own words, and lines either side of the limit."""


@settings(max_examples=600, deadline=None)
def _parse_never_crashes(line: str) -> None:
    before = GAME.state.dump_ledger()
    try:
        parsed = read_line(line, GAME.state)
    except BankerError as exc:
        assert str(exc)
        event("refused" if len(line) <= MAX_LINE else "refused as too long")
    else:
        if isinstance(parsed, c.Setup):
            raise AssertionError("the language never sets up a game")
        event(f"read {type(parsed).__name__}")
        if isinstance(parsed, WorthQuery | RaiseQuery | Undo | Redo):
            return
        try:
            GAME.prepare(parsed)
        except BankerError as exc:
            assert str(exc)
    assert GAME.state.dump_ledger() == before


def test_random_text_gets_a_result_or_a_reason() -> None:
    from hypothesis import given

    given(lines)(_parse_never_crashes)()
