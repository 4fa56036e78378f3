"""The board's log says everything that happened at a table: joined (by `tournament
join`), lost, back, ended and recorded, a result after time left out, a correction; a
problem stays in a line above the log until the director says it is seen (f3), however
much is said after it. Before, only `link` typed on the bar was logged, and a problem
scrolled away within a minute."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from banker.core.commands import Collect, EndGame
from banker.i18n import translator
from banker.tournament.join import send_join
from banker.tournament.journal import EventJournal
from banker.tournament.model import AddPlayers, EventSetup, LinkTable
from banker.tui.board import BoardApp
from tests.tournament.conftest import Cable, Venue, seated, submit, until
from tests.tournament.test_board_shows_everyone import lines_in

NINE = ("Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")
"""Tables of 5 and 4."""


@pytest.mark.parametrize(("size", "language"), [((80, 24), "en"), ((160, 50), "th")])
async def test_the_log_says_what_happened_at_each_table_and_keeps_problems_until_seen(
    tmp_path: Path, venue: Venue, size: tuple[int, int], language: str
) -> None:
    say = translator(language)

    def opening(template: str, **known: object) -> str:
        """What a sentence of the log begins with, in the board's language."""
        first = say(template).split("{", 1 + len(known))
        return "{".join(first[: 1 + len(known)]).format(**known)

    journal = seated(tmp_path / "cup.event", EventSetup(name="Cup", rounds=2, minutes=90), NINE)
    one, two = journal.state.round(1).tables
    assert sorted((len(one), len(two))) == [4, 5]
    app = BoardApp(journal, "127.0.0.1", 0, language=language)
    async with app.run_test(size=size) as pilot:
        director = app.director
        assert director is not None and app.desk is not None
        said = app.screen.query_one("#said", Static)
        unseen = app.screen.query_one("#unseen", Static)

        def log() -> str:
            return str(said.render())

        first = await venue.open_table("t1", list(one))
        second = await venue.open_table("t2", list(two))
        cable = Cable(second.port)
        await cable.plug()
        status, _ = await send_join(app.desk.url, 1, first.url)
        assert status == 200
        await until(lambda: opening("Table {n} joined: followed at {url}", n=1) in log())
        via_cable = second.url.replace(f":{second.port}/", f":{cable.port}/")
        await pilot.click("#bar")
        await submit(app, f"link 2 {via_cable}")
        await pilot.press(*"start", "enter")
        await until(lambda: all(t.status == "playing" for t in director.follower.tables.values()))
        assert not unseen.display

        # lost: in the log, and in the line above it until seen
        await cable.unplug()
        lost = opening("Table {n} lost contact at {time}", n=2)
        await until(lambda: lost in log())
        await until(lambda: lost in " ".join(lines_in(app, unseen)))
        for _ in range(3):  # routine answers push the log on; the problem stays in sight
            await pilot.press(*"seating", "enter")
        await pilot.pause()
        assert lost in " ".join(lines_in(app, unseen))
        await cable.plug()
        await until(lambda: opening("Table {n} is back (contact lost at {time})", n=2) in log())

        # ended and recorded; then a correction, answered in the log
        first.banker.apply(Collect(player=one[0], amount=500))
        first.banker.apply(EndGame())
        ended = opening("Table {n} ended its game: {name} first; the result is recorded", n=1)
        await until(lambda: f"{ended}{one[0]}" in log())
        figures = ",".join(f"{n}={2000 - 100 * k}" for k, n in enumerate(reversed(one)))
        await submit(app, f"correct 1 {figures} because slip misread")
        await until(lambda: journal.state.round(1).results[1].corrections)
        assert "slip misread" in log()

        # recorded at time; the table's own end after it is left out, and the log says so
        await pilot.press(*"end now", "enter")
        await until(lambda: 2 in journal.state.round(1).results)
        second.banker.apply(Collect(player=two[1], amount=900))
        second.banker.apply(EndGame())
        late = opening(
            "Round {r}, table {n} ended its game after time ({name} first there): the "
            "result recorded at time stands ({kept} first)",
            r=1,
            n=2,
        )
        await until(lambda: f"{late}{two[1]}" in log())
        assert journal.state.round(1).results[2].places[0].name != two[1]
        assert late in " ".join(lines_in(app, unseen))

        # seen: the line goes; the log keeps every problem
        await pilot.press("f3")
        await pilot.pause()
        assert not unseen.display
        assert lost in log() and late in log()
    journal.close()


async def test_a_result_after_time_is_told_once_a_round(tmp_path: Path) -> None:
    """Table 1 is recorded at time in round 1 and in round 2, and each time its own end
    comes later: the log says so once in each round (not at every later view, and not
    only in the first round)."""
    from banker.tournament.director import Director
    from banker.tournament.follower import TableLive
    from banker.tournament.language import perform
    from tests.tournament.test_corrections_and_undo import table_view

    journal = EventJournal.create(
        tmp_path / "cup.event", EventSetup(name="Cup", rounds=2, minutes=60, seed=1)
    )
    journal.apply(AddPlayers(names=NINE[:8]))
    director = Director(journal)
    await director.start()
    late = "table 1 ended its game after time"
    try:
        for number in (1, 2):
            perform(journal, "draw", director)
            perform(journal, "start", director)
            for table, names in enumerate(journal.state.round(number).tables, start=1):
                director.follower.tables[table] = TableLive(
                    table, f"http://127.0.0.1:9/t{table}/", "playing", table_view(names), 9
                )
                journal.apply(LinkTable(table=table, url=f"http://127.0.0.1:9/t{table}/"))
            director.end_round()
            assert journal.state.round(number).results[1].at_time
            view = {**table_view(journal.state.round(number).tables[0]), "seq": 12}
            for _ in range(3):  # the same late end, seen again and again
                director._table_changed(TableLive(1, "http://127.0.0.1:9/t1/", "ended", view, 12))
            told = [said.render() for said, _ in director.told if late in said.render()]
            assert len(told) == number, told
    finally:
        await director.stop()
    journal.close()
