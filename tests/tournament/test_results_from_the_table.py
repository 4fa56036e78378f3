"""The event records each table's result exactly as the table's own `end` gives it, over
real `banker share` table views, in normal and strict income tax. The figures are worked
out by hand from RULES.md ("Bankruptcy and the end of the game"): mortgaged deeds at half,
open debts moved from debtor to creditor, ties to more cash then the earlier seat, the
bankrupt last; the income tax worth (mortgaged at full) would give other places."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from banker.core.commands import Buy, DeclareBankrupt, EndGame, Mortgage, Pay, PayRent
from banker.core.endgame import final_places
from banker.core.rules import HouseRules
from banker.tournament.director import Director, board_json
from banker.tournament.follower import Follower
from banker.tournament.journal import EventJournal
from banker.tournament.model import AddPlayers, EventSetup
from banker.tournament.seating import next_seating
from tests.tournament.conftest import Table, Venue, until

PLAYERS = ("Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal")


def play_first_table(table: Table, seats: tuple[str, ...]) -> list[tuple[str, int, int, bool]]:
    """A mortgage, a purchase and a debt; the places it must give, by hand."""
    p1, p2, p3, p4 = seats
    do = table.banker.apply
    do(Buy(player=p1, deed="Boardwalk"))  # 1500 - 400 = 1100
    do(Mortgage(player=p1, deed="Boardwalk"))  # + 200 = 1300 cash; the deed counts 200
    do(Pay(player=p2, amount=100))  # 1400
    do(Buy(player=p3, deed="Mediterranean Avenue"))  # 1440 cash and a $60 deed
    do(Pay(player=p4, amount=1499))  # 1 left
    do(PayRent(player=p4, deed="Mediterranean Avenue"))  # $2 rent, $1 cash: a $2 debt
    # End worth: p3 1440 + 60 + 2 = 1502; p1 1300 + 200 = 1500; p2 1400; p4 1 - 2 = -1.
    # (The income tax worth puts p1 first: 1300 + 400 = 1700.)
    return [(p3, 1, 1502, False), (p1, 2, 1500, False), (p2, 3, 1400, False), (p4, 4, -1, False)]


def play_second_table(table: Table, seats: tuple[str, ...]) -> list[tuple[str, int, int, bool]]:
    """A tie and a bankruptcy to the bank; the places it must give, by hand."""
    q1, q2, q3, q4 = seats
    do = table.banker.apply
    do(Pay(player=q1, amount=100))  # 1400
    do(Pay(player=q4, amount=1600))  # a debt of 1600 against 1500 to raise
    do(DeclareBankrupt(player=q4))
    # q2 and q3 tie at 1500, cash and all: the earlier seat first; q4 bankrupt, last.
    return [(q2, 1, 1500, False), (q3, 2, 1500, False), (q1, 3, 1400, False), (q4, 4, 0, True)]


def recorded(director: Director, number: int) -> list[tuple[str, int, int, bool]]:
    result = director.state.round(1).results[number]
    return [(p.name, p.place, p.worth, p.bankrupt) for p in result.places]


def at_the_table(table: Table) -> list[tuple[str, int, int, bool]]:
    """What the table's own end gives: its standings, and its receipt says the same."""
    places = final_places(table.banker.game.state)
    receipt = table.banker.entries(limit=1)[0].message.render()
    shown = re.findall(r"\d+\. (\w+) (-?)\$([\d,]+)", receipt)
    active = [(f.player, f.worth) for f in places if not f.bankrupt]
    assert [(n, int(sign + amount.replace(",", ""))) for n, sign, amount in shown] == active
    return [(f.player, f.place, f.worth, f.bankrupt) for f in places]


@pytest.mark.parametrize("strict", [False, True], ids=["normal", "strict income tax"])
async def test_the_event_records_the_tables_own_end(
    strict: bool, tmp_path: Path, venue: Venue
) -> None:
    rules = HouseRules(strict_income_tax=strict)
    setup = EventSetup(name="Cup", rounds=1, minutes=60, seed=3, rules=rules)
    journal = EventJournal.create(tmp_path / "cup.event", setup)
    director = Director(journal, Follower(read_timeout=5))
    await director.start()
    try:
        director.apply(AddPlayers(names=PLAYERS))
        director.apply(next_seating(director.state))
        seating = director.state.round(1).tables
        tables = [
            await venue.open_table(f"t{i}", list(names), rules=rules)
            for i, names in enumerate(seating, start=1)
        ]
        for number, table in enumerate(tables, start=1):
            director.link(number, table.url)
        director.start_round()
        await until(lambda: all(t["status"] == "playing" for t in board_json(director)["tables"]))

        # Table 1 ends its game at the table: recorded from its view at once.
        first = play_first_table(tables[0], seating[0])
        tables[0].banker.apply(EndGame())
        await until(lambda: 1 in director.state.round(1).results)
        assert recorded(director, 1) == at_the_table(tables[0]) == first

        # Table 2 is still playing at time.
        second = play_second_table(tables[1], seating[1])
        seq = tables[1].banker.game.seq
        await until(lambda: director.follower.tables[2].seq == seq)
        board = board_json(director)["tables"][1]
        if strict:  # nobody's worth is shown while the table plays, the board's neither
            assert board["hidden"] and board["leader"] is None
            assert all(p["worth"] is None for p in board["players"])
        else:
            assert board["leader"] == second[0][0]
        director.end_round()
        assert director.state.round(1).flagged == (2,)
        if strict:  # its worth stays hidden until the table's end: nothing guessed, no $0
            assert 2 not in director.state.round(1).results
        # The judge calls the game: the table ends it, and that end is the result.
        tables[1].banker.apply(EndGame())
        await until(lambda: 2 in director.state.round(1).results)
        assert recorded(director, 2) == at_the_table(tables[1]) == second
        assert director.state.round(1).results[2].at_time
        assert not director.problems
    finally:
        await director.stop()
        journal.close()
