"""A whole small event: 3 tables of 4 over real table views, two rounds, a table losing
contact and coming back, a corrected result, round two's seating, the standings page and
the CSV; then the event file reopened as if the director's laptop had died."""

from __future__ import annotations

import csv
import io
from itertools import combinations
from pathlib import Path

import aiohttp

from banker.core.commands import EndGame, PassGo
from banker.tournament.director import Director, board_json, results_csv
from banker.tournament.follower import Follower
from banker.tournament.journal import EventJournal
from banker.tournament.model import AddPlayers, CorrectResult, EventSetup, Place
from banker.tournament.seating import next_seating, seating_lines
from banker.web.standings import StandingsView
from tests.tournament.conftest import Cable, Venue, until
from tests.web.chromium import Chromium, find_chromium

PLAYERS = ("Ana", "Ben", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou")


async def test_a_whole_small_event(tmp_path: Path, venue: Venue) -> None:
    setup = EventSetup(name="Spring Open", rounds=2, minutes=60, advance="best", best=8, seed=5)
    journal = EventJournal.create(tmp_path / "spring.event", setup)
    director = Director(journal, Follower(read_timeout=5))
    standings_view = StandingsView(lambda: board_json(director))
    director.listeners.append(standings_view.notify)
    await director.start()
    page = await standings_view.start("127.0.0.1", 0)
    cable: Cable | None = None
    try:
        director.apply(AddPlayers(names=PLAYERS))
        director.apply(next_seating(director.state))
        seating = director.state.round(1).tables
        assert len(seating) == 3 and all(len(t) == 4 for t in seating)

        # Each table starts its game from the seating and shares it; the director links it.
        tables = [
            await venue.open_table(f"r1t{i}", list(names))
            for i, names in enumerate(seating, start=1)
        ]
        cable = Cable(tables[1].port)
        await cable.plug()
        director.link(1, tables[0].url)
        director.link(2, tables[1].url.replace(f":{tables[1].port}/", f":{cable.port}/"))
        director.link(3, tables[2].url)
        director.start_round()
        board = await until(
            lambda: (
                all(t["status"] == "playing" for t in board_json(director)["tables"])
                and board_json(director)
            )
        )
        assert isinstance(board, dict) and board["time_left"] is not None
        assert all(t["differs"] == [] for t in board["tables"])

        # A banker's action reaches the board.
        first = seating[0][0]
        tables[0].banker.apply(PassGo(player=first))
        await until(lambda: _cash(director, 1, first) == "$1,700")

        # Table 2's cable is pulled: lost contact; plugged back: picked up, and caught up.
        await cable.unplug()
        await until(lambda: director.follower.tables[2].status == "lost")
        assert board_json(director)["tables"][1]["lost_since"]
        tables[1].banker.apply(PassGo(player=seating[1][0]))
        await cable.plug()
        await until(lambda: director.follower.tables[2].status == "playing")
        assert director.follower.tables[2].pickups == 1
        await until(lambda: _cash(director, 2, seating[1][0]) == "$1,700")

        # Tables 1 and 2 end their games: recorded from their table views, at once.
        tables[0].banker.apply(EndGame())
        tables[1].banker.apply(EndGame())
        await until(lambda: set(director.state.round(1).results) == {1, 2})
        assert director.state.round(1).results[1].places[0].name == first

        # Time: table 3 is still playing, recorded as it stands and flagged.
        director.end_round()
        rnd = director.state.round(1)
        assert rnd.flagged == (3,) and rnd.results[3].at_time

        # The director corrects table 3 (a miscounted hotel), with the reason.
        old = rnd.results[3].places
        fixed = tuple(
            Place(name=p.name, place=p.place, worth=p.worth + (200 if p.place == 1 else 0))
            for p in old
        )
        director.apply(CorrectResult(round=1, table=3, places=fixed, reason="hotel miscounted"))

        # Round two: the best 8, drawn avoiding who met in round one.
        seat = next_seating(director.state)
        director.apply(seat)
        assert len(seat.tables) == 2 and not seat.byes
        met = {frozenset(p) for t in seating for p in combinations(t, 2)}
        repeats = sum(frozenset(p) in met for t in seat.tables for p in combinations(t, 2))
        going = sorted(n for t in seat.tables for n in t)
        fewest = min(
            sum(
                frozenset(p) in met
                for t in (half, [n for n in going if n not in half])
                for p in combinations(t, 2)
            )
            for half in combinations(going, 4)
        )
        assert repeats == fewest  # as few as any seating of these 8 could have
        lines = seating_lines(director.state, 2)
        assert sum(line.startswith("banker new spring-open-r2-t") for line in lines) == 2

        round2 = [
            await venue.open_table(f"r2t{i}", list(names))
            for i, names in enumerate(seat.tables, start=1)
        ]
        for number, table in enumerate(round2, start=1):
            director.link(number, table.url)
        director.start_round()
        await until(lambda: all(t["status"] == "playing" for t in board_json(director)["tables"]))
        round2[0].banker.apply(PassGo(player=seat.tables[0][1]))
        for table in round2:
            table.banker.apply(EndGame())
        await until(lambda: director.state.round(2).complete)
        director.end_round()
        # The board is redrawn at most every few seconds: wait for the one after the end.
        await until(lambda: b'"ended":true' in standings_view._board)
        assert seat.tables[0][1] in {
            p.name for p in director.state.round(2).results[1].places if p.place == 1
        }

        # The standings page in a browser at the venue: the board and the standings, live.
        if find_chromium() is not None:
            async with Chromium() as browser:
                await browser.open(page, width=1280, height=800)
                assert await browser.wait_for(
                    "document.querySelectorAll('#standings tbody tr').length === 12", 10
                )
                assert await browser.wait_for(
                    "document.getElementById('live').textContent === 'live'", 10
                )
                cards = await browser.evaluate("document.querySelectorAll('.table').length")
                assert cards == 2
                top = await browser.evaluate(
                    "document.querySelector('#standings tbody tr td:nth-child(2)').textContent"
                )
                assert top in winners_of(director, 2)
                assert await browser.evaluate("document.scripts.length") == 1

        # The standings page: token-guarded, GET only, the board over its stream.
        async with aiohttp.ClientSession() as session:
            async with session.get(page) as response:
                assert response.status == 200
                assert "script-src 'self'" in response.headers["Content-Security-Policy"]
                assert "<script src=" in await response.text()
            async with session.get(page + "board.json") as response:
                board = await response.json()
            async with session.post(page + "board.json") as response:
                assert response.status == 405
            wrong = page.replace(standings_view.token or "", "x" * 22)
            async with session.get(wrong + "board.json") as response:
                assert response.status == 404
            async with session.get(page + "events") as response:
                chunk = b""
                while b"event: board" not in chunk or not chunk.endswith(b"\n\n"):
                    chunk += await response.content.readany()
                assert b'"event":"Spring Open"' in chunk
        assert board["round"] == 2 and board["ended"]
        assert [r["round"] for r in board["standings"][:8]] == [2] * 8
        winners = {
            p.name
            for r in director.state.round(2).results.values()
            for p in r.places
            if p.place == 1
        }
        assert {r["name"] for r in board["standings"][: len(winners)]} == winners

        # The CSV: every round's results, the correction with its reason.
        rows = list(csv.DictReader(io.StringIO(results_csv(director.state))))
        assert len(rows) == 12 + 8
        assert {r["corrected"] for r in rows if r["round"] == "1" and r["table"] == "3"} == {
            "hotel miscounted"
        }
        assert {r["at_time"] for r in rows if r["table"] == "3" and r["round"] == "1"} == {"yes"}
    finally:
        await standings_view.stop()
        await director.stop()
        if cable is not None:
            await cable.unplug()

    # The laptop dies here: everything recorded is in the event file.
    recorded = director.state
    with EventJournal.open(journal.path, read_only=True) as again:
        assert again.state.round(1).results == recorded.round(1).results
        assert again.state.round(2).results == recorded.round(2).results
    journal.close()


def winners_of(director: Director, number: int) -> set[str]:
    return {
        p.name
        for r in director.state.round(number).results.values()
        for p in r.places
        if p.place == 1
    }


def _cash(director: Director, number: int, name: str) -> str | None:
    live = director.follower.tables.get(number)
    if live is None or live.table is None:
        return None
    return next((p["cash_text"] for p in live.table["players"] if p["name"] == name), None)
