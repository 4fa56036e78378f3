"""The director sees every player of the highlighted table, with their worth, at every
size the board is used (80x24 on a laptop, 120x40, 160x50 on a venue screen), for tables
of 4 and of 5, in English and in Malay or Thai: read off the screen as the terminal
draws it, by cells. A row shows the players that fit whole and counts the rest; it never
cuts a worth in half."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.app import App
from textual.widget import Widget
from textual.widgets import DataTable

from banker.core.commands import Collect, EndGame
from banker.i18n import translator
from banker.tournament.model import EventSetup
from banker.tui.board import BoardApp
from tests.tournament.conftest import Venue, seated, submit, until

NINE = ("Quinella", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")
"""Tables of 5 and 4; one long name, as a real event has."""


def lines_in(app: App[object], widget: Widget) -> list[str]:
    """The screen's lines inside `widget`'s region, as the terminal shows them."""
    strips = app.screen._compositor.render_strips()
    box = widget.region
    return [strip.crop(box.x, box.right).text for strip in strips[box.y : box.bottom]]


def worth_of(name: str) -> str:
    """Each player's own worth: $1,500 and what they collected (all different)."""
    return f"${1500 + 10 * (NINE.index(name) + 1):,}"


async def link_playing(app: BoardApp, venue: Venue, number: int, names: tuple[str, ...]) -> None:
    """Table `number` opened on the venue, each player worth `worth_of` them, and linked."""
    assert app.director is not None
    table = await venue.open_table(f"t{number}", list(names))
    for name in names:
        table.banker.apply(Collect(player=name, amount=10 * (NINE.index(name) + 1)))
    app.director.link(number, table.url)


@pytest.mark.parametrize(
    ("size", "language"), [((80, 24), "en"), ((80, 24), "th"), ((120, 40), "ms"), ((160, 50), "en")]
)
async def test_every_player_of_the_highlighted_table_is_on_screen_with_their_worth(
    tmp_path: Path, venue: Venue, size: tuple[int, int], language: str
) -> None:
    journal = seated(tmp_path / "open.event", EventSetup(name="Open", rounds=2, minutes=90), NINE)
    seating = journal.state.round(1).tables
    assert sorted(len(t) for t in seating) == [4, 5]
    app = BoardApp(journal, "127.0.0.1", 0, serve=False, language=language)
    async with app.run_test(size=size):
        assert app.director is not None
        for number, names in enumerate(seating, start=1):
            await link_playing(app, venue, number, names)
        app.director.start_round()
        tables = app.screen.query_one("#tables", DataTable)
        detail = app.screen.query_one("#detail")
        for row, names in enumerate(seating):
            tables.move_cursor(row=row)

            def everyone_shown(names: tuple[str, ...] = names) -> bool:
                shown = " ".join(lines_in(app, detail))
                return all(
                    re.search(rf"{n}\s+\S+\s+{re.escape(worth_of(n))}", shown) for n in names
                )

            await until(everyone_shown)

            # the row, once the list has settled (a frame drawn while its columns change
            # width was seen cut: ' Cai $1,530  Ben $1,520  Iv'): whole players while they
            # fit, then how many more; never a cut worth
            def row_drawn(row: int = row, names: tuple[str, ...] = names) -> str | None:
                start = sum(c.get_render_width(tables) for c in list(tables.columns.values())[:4])
                line = lines_in(app, tables)[1 + row][start:].rstrip()
                if f"{names[0]} {worth_of(names[0])}" not in line:
                    return None
                ends = re.search(r"\+\d$", line) or line.endswith(worth_of(names[-1]))
                return line if ends else None

            line = str(await until(row_drawn))
            whole = [n for n in names if re.search(rf"\b{n} {re.escape(worth_of(n))}\b", line)]
            assert whole, line
            rest = len(names) - len(whole)
            assert line.endswith(f"+{rest}" if rest else worth_of(names[-1])), line
    journal.close()


THIRTEEN = (
    "Ana",
    "Ben",
    "Cai",
    "Dee",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jon",
    "Kim",
    "Lea",
    "Max",
)


def cell(tables: DataTable[object], row: int, column: int) -> str:
    return str(tables.get_cell_at((row, column)))


@pytest.mark.parametrize(("size", "language"), [((80, 24), "en"), ((160, 50), "th")])
async def test_once_a_result_is_recorded_the_row_shows_it_and_nothing_live(
    tmp_path: Path, venue: Venue, size: tuple[int, int], language: str
) -> None:
    """Before: the Leader column kept the table's live figures: after a correction, or
    after a table recorded at time played on to its own end, the row named another
    winner than the record; a table recorded by hand showed no leader and no worth."""
    journal = seated(tmp_path / "cup.event", EventSetup(name="Cup", rounds=2, minutes=90), THIRTEEN)
    seating = journal.state.round(1).tables
    assert [len(t) for t in seating] == [5, 4, 4]
    app = BoardApp(journal, "127.0.0.1", 0, serve=False, language=language)
    async with app.run_test(size=size) as pilot:
        director = app.director
        assert director is not None
        played = []
        for number, names in enumerate(seating[:2], start=1):
            table = await venue.open_table(f"t{number}", list(names))
            for k, name in enumerate(names):
                table.banker.apply(Collect(player=name, amount=100 * (k + 1)))
            director.link(number, table.url)
            played.append(table)
        director.start_round()
        tables = app.screen.query_one("#tables", DataTable)
        await until(lambda: all(t.status == "playing" for t in director.follower.tables.values()))
        # live: the table's own leader, said to be live
        one, two, three = seating
        await until(lambda: cell(tables, 1, 1) == f"{two[-1]} $1,900")
        live = translator(language)("live")
        assert live != "live" or language == "en"
        assert cell(tables, 1, 2) == live

        async def type_line(line: str) -> None:
            await submit(app, line)

        # table 1 ends (its last seat leads), then a correction puts its first seat first
        played[0].banker.apply(EndGame())
        await until(lambda: 1 in journal.state.round(1).results)
        figures = ",".join(f"{n}={3000 - 100 * k}" for k, n in enumerate(one))
        await type_line(f"correct 1 {figures} because slip misread")
        await until(lambda: journal.state.round(1).results[1].corrections)
        await until(lambda: cell(tables, 0, 1) == f"{one[0]} $3,000")
        assert cell(tables, 0, 4).startswith(f"{one[0]} $3,000")
        assert live not in cell(tables, 0, 2)
        # table 3 recorded by hand (its laptop died): its leader and worths on the row
        figures = ",".join(f"{n}={2000 - 100 * k}" for k, n in enumerate(three[:-1]))
        await type_line(f"record 3 {figures},{three[-1]}=bankrupt")
        await until(lambda: cell(tables, 2, 1) == f"{three[0]} $2,000")
        assert cell(tables, 2, 4).startswith(f"{three[0]} $2,000")
        tables.move_cursor(row=2)
        detail = app.screen.query_one("#detail")
        await until(lambda: f"{three[2]}" in " ".join(lines_in(app, detail)))
        shown = " ".join(lines_in(app, detail))
        assert re.search(rf"{three[0]}\s+\$2,000.*{three[-1]}\s+\$0 ✗", shown), shown
        # table 2 recorded at time as it stood; it plays on and ends with another leader
        await type_line("end now")
        await until(lambda: 2 in journal.state.round(1).results)
        played[1].banker.apply(Collect(player=two[0], amount=5000))
        played[1].banker.apply(EndGame())
        await until(lambda: director.follower.tables[2].status == "ended")
        await pilot.pause()
        assert cell(tables, 1, 1) == f"{two[-1]} $1,900"  # the record's, not $6,600 live
        assert journal.state.round(1).results[2].places[0].name == two[-1]
    journal.close()


async def test_the_rows_are_fitted_again_when_the_list_alone_changes_width(
    tmp_path: Path, venue: Venue
) -> None:
    """The rows follow the list's own width, not only the screen's: a list laid out after
    its rows were first fitted (or given another width) drew a player cut in half ("Qu")."""
    journal = seated(tmp_path / "open.event", EventSetup(name="Open", rounds=2, minutes=90), NINE)
    five = next(t for t in journal.state.round(1).tables if len(t) == 5)
    app = BoardApp(journal, "127.0.0.1", 0, serve=False)
    async with app.run_test(size=(160, 50)) as pilot:
        assert app.director is not None
        number = list(journal.state.round(1).tables).index(five) + 1
        await link_playing(app, venue, number, five)
        app.director.start_round()
        tables = app.screen.query_one("#tables", DataTable)

        def fitted() -> str | None:
            line = lines_in(app, tables)[number].rstrip()
            return line if re.search(r"\+\d$", line) and worth_of(five[0]) in line else None

        before = str(await until(fitted))
        tables.styles.width = 60  # the layout gives the list less: the screen is as it was

        def refitted() -> str | None:
            line = lines_in(app, tables)[number].rstrip()
            return line if line != before and re.search(r"\+\d$", line) else None

        line = str(await until(refitted))
        start = sum(c.get_render_width(tables) for c in list(tables.columns.values())[:4])
        players = line[start:]  # the row's last column
        shown = [n for n in five if re.search(rf"\b{n} {re.escape(worth_of(n))}", players)]
        assert shown, line
        assert players.endswith(f"+{5 - len(shown)}"), line  # whole players, then the rest
        await pilot.pause()
    journal.close()
