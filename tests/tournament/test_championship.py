"""A whole championship over real table views (`banker share` serving each table's game):
17 players at tables of 5 and 4, three preliminary rounds scored by points, a cut to 8
seeded into two semi-finals, a final of 4; a withdrawal whose seat goes to the alternate,
a correction, and a wrong correction undone. The standings page in a browser and the
CSV are checked against figures worked out here, apart from the event's own code."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from banker.core.errors import NotAllowed
from banker.tournament.director import Director, board_json, standings_csv
from banker.tournament.follower import Follower
from banker.tournament.journal import EventJournal
from banker.tournament.language import perform, show_lines
from banker.tournament.model import EventSetup, Phase
from banker.web.standings import StandingsView
from tests.tournament.conftest import Venue, play_round, until
from tests.web.chromium import Chromium, find_chromium

PLAYERS = [
    f"{n}" for n in "Ana Ben Cai Dee Eli Fay Gus Hal Ivy Jo Kim Lou Max Ned Oli Pam Quy".split()
]
STRENGTH = {name: 17 - i for i, name in enumerate(PLAYERS)} | {"Zed": 5}
"""How much each player collects at every table (x $10): the order of worth at a table."""
POINTS = (5, 4, 3, 2, 1)


async def _play_round(director: Director, venue: Venue, number: int) -> None:
    """Every player collects their strength (x $10) at each table of the round; then the
    board's rows and log agree with what was recorded."""
    await play_round(director, venue, number, lambda name: 10 * STRENGTH[name])
    _board_agrees(director, number)


def _board_agrees(director: Director, number: int) -> None:
    """Each row of the board shows its table's recorded order, figures and winner, and
    the log says each table ended with that winner and its result recorded."""
    results = director.state.round(number).results
    told = [said.render() for said, _ in director.told]
    for row in board_json(director)["tables"]:
        result = results[row["number"]]
        assert row["leader"] == result.places[0].name
        assert [(p["name"], p["worth"]) for p in row["players"]] == [
            (p.name, p.worth) for p in result.places
        ]
        assert not row["live"]
        said = (
            f"Table {row['number']} ended its game: {row['leader']} first; the result is recorded"
        )
        assert said in told, (said, told)


def _expected(director: Director, first: int, last: int, corrected: dict[str, int]) -> list:
    """Worked out here: each table's places by worth (1500 + 10 x strength, or the
    corrected worth), points 5-4-3-2-1, then the money totals, then the name."""
    points: dict[str, int] = {}
    money: dict[str, int] = {}
    wins: dict[str, int] = {}
    for number in range(first, last + 1):
        for t, names in enumerate(director.state.round(number).tables, start=1):
            worth = {n: corrected.get(f"{number}/{t}/{n}", 1500 + 10 * STRENGTH[n]) for n in names}
            for place, name in enumerate(sorted(names, key=lambda n: -worth[n]), start=1):
                points[name] = points.get(name, 0) + POINTS[place - 1]
                money[name] = money.get(name, 0) + worth[name]
                wins[name] = wins.get(name, 0) + (place == 1)
    ranked = sorted(points, key=lambda n: (-points[n], -money[n], n.casefold()))
    return [(n, points[n], money[n], wins[n]) for n in ranked]


async def test_a_whole_championship(tmp_path: Path, venue: Venue) -> None:
    setup = EventSetup(
        name="Nationals",
        rounds=5,
        minutes=90,
        seed=11,
        phases=(
            Phase(name="preliminary", rounds=3, minutes=90),
            Phase(name="semi-final", minutes=75, players=8),
            Phase(name="final", minutes=120, players=4),
        ),
    )
    journal = EventJournal.create(tmp_path / "nationals.event", setup)
    director = Director(journal, Follower(read_timeout=5))
    page_view = StandingsView(lambda: board_json(director))
    director.listeners.append(page_view.notify)
    await director.start()
    page = await page_view.start("127.0.0.1", 0)
    try:
        perform(journal, "players " + ",".join(PLAYERS), director)
        perform(journal, "alternates Zed", director)

        # Round 1: tables of 5, 4, 4, 4; a correction with its reason, a wrong one undone.
        perform(journal, "draw", director)
        assert sorted(len(t) for t in director.state.round(1).tables) == [4, 4, 4, 5]
        await _play_round(director, venue, 1)
        table = director.state.round(1).tables[1]
        last = min(table, key=lambda n: STRENGTH[n])  # last at table 2: a hotel missed
        corrected = {f"1/2/{last}": 1500 + 10 * STRENGTH[last] + 5}
        line = ",".join(
            f"{n}={corrected.get(f'1/2/{n}', 1500 + 10 * STRENGTH[n])}"
            for n in sorted(table, key=lambda n: -STRENGTH[n])
        )
        perform(journal, f"correct 1 2 {line} because a hotel missed", director)
        wrong = ",".join(f"{n}=1500" for n in sorted(table, key=lambda n: -STRENGTH[n]))
        perform(journal, f"correct 1 2 {wrong} because typed at the wrong table", director)
        perform(journal, "undo", director)
        assert director.state.round(1).results[2].corrections == ["a hotel missed"]

        # Round 2 drawn; Kim withdraws before it starts: Zed, the alternate, takes the seat.
        perform(journal, "draw", director)
        seat_of_kim = director.state.round(2).table_of("Kim")
        said = perform(journal, "withdraw Kim because a family emergency", director)
        assert f"Zed takes the seat at table {seat_of_kim}" in said[0]
        await _play_round(director, venue, 2)
        perform(journal, "draw", director)
        assert director.state.round(3).table_of("Kim") is None
        await _play_round(director, venue, 3)

        # The preliminaries, worked out here: the cut is their best 8 but Kim.
        prelims = _expected(director, 1, 3, corrected)
        eight = [n for n, *_ in prelims if n != "Kim"][:8]
        perform(journal, "draw", director)  # the semi-finals, seated by rank
        semis = director.state.round(4).tables
        assert [list(t) for t in semis] == [
            [eight[0], eight[3], eight[4], eight[7]],
            [eight[1], eight[2], eight[5], eight[6]],
        ]
        await _play_round(director, venue, 4)
        semi = _expected(director, 4, 4, corrected)
        # the final: both semi-final winners, then both seconds (by money, then by rank)
        perform(journal, "draw", director)
        final = director.state.round(5).tables[0]
        assert sorted(final) == sorted(n for n, *_ in semi[:4])
        await _play_round(director, venue, 5)
        finalists = _expected(director, 5, 5, corrected)

        # The final ranking: the final, the semi-finals' other four, then the rest.
        expected = (
            [(n, p, m, w) for n, p, m, w in finalists]
            + [row for row in semi if row[0] not in final]
            + [row for row in prelims if row[0] not in {n for t in semis for n in t}]
        )
        # The event names its champion: on the board, in `show`, and refuses another draw.
        board = board_json(director)
        champion = expected[0][0]
        assert board["champion"] == champion and board["round_words"] == "Final"
        assert board["complete_words"].startswith(
            f"The event is complete: {champion} is the champion. Final ranking: 1. {champion}, "
            f"2. {expected[1][0]}, 3. {expected[2][0]}, 4. {expected[3][0]}, "
        )
        assert show_lines(journal)[-1] == board["complete_words"]
        with pytest.raises(NotAllowed) as refused:
            perform(journal, "draw", director)
        assert str(refused.value) == f"The event is complete: {champion} is the champion."
        rows = list(csv.DictReader(io.StringIO(standings_csv(director.state))))
        got = [(r["player"], int(r["points"]), int(r["worth"]), int(r["wins"])) for r in rows]
        assert got == expected
        assert [r["rank"] for r in rows] == [str(i) for i in range(1, 19)]
        phases = [r["phase"] for r in rows]
        assert phases == ["final"] * 4 + ["semi-final"] * 4 + ["preliminary"] * 10
        assert next(r for r in rows if r["player"] == "Kim")["withdrawn"] == "a family emergency"
        assert next(r for r in rows if r["player"] == "Zed")["withdrawn"] == ""

        # The standings page in a browser: the same ranking, points and money.
        await until(
            lambda: b'"round":5' in page_view._board and b'"ended":true' in page_view._board
        )
        if find_chromium() is not None:
            async with Chromium() as browser:
                await browser.open(page, width=1280, height=900)
                assert await browser.wait_for(
                    "document.querySelectorAll('#standings tbody tr').length === 18", 10
                )
                cells = await browser.evaluate(
                    "Array.from(document.querySelectorAll('#standings tbody tr'))"
                    ".map(r => Array.from(r.cells).map(c => c.textContent))"
                )
                heads = await browser.evaluate(
                    "Array.from(document.querySelectorAll('#standings thead th'))"
                    ".map(c => c.textContent)"
                )
                assert heads == ["#", "Player", "Phase", "Points", "Money totals", "Tables won"]
                shown = [
                    (c[1], int(c[3]), int(c[4].replace("$", "").replace(",", ""))) for c in cells
                ]
                assert shown == [(n, p, m) for n, p, m, _ in expected]
                assert cells[0][2] == "final" and cells[-1][2] == "preliminaries"
                struck = await browser.evaluate(
                    "Array.from(document.querySelectorAll('#standings tbody tr.out'))"
                    ".map(r => r.cells[1].textContent)"
                )
                assert struck == ["Kim"]
                complete = await browser.evaluate("document.getElementById('complete').textContent")
                assert complete == board["complete_words"]
    finally:
        await page_view.stop()
        await director.stop()

    # The laptop dies: the event file replays to the same standings.
    with EventJournal.open(journal.path, read_only=True) as again:
        assert standings_csv(again.state) == standings_csv(director.state)
    journal.close()
