"""The director's board in the terminal and the director's commands from the shell."""

from __future__ import annotations

from pathlib import Path

import pytest

from banker.cli import main
from banker.core.commands import PassGo
from banker.tournament.journal import EventJournal, resolve_event_path
from banker.tournament.model import AddPlayers, EventSetup
from banker.tournament.seating import next_seating
from banker.tui.board import BoardApp
from tests.tournament.conftest import Venue, seated, until

PLAYERS = ("Ana", "Ben", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal")


async def test_the_board_shows_every_table_live_and_takes_the_directors_commands(
    tmp_path: Path, venue: Venue
) -> None:
    journal = seated(
        tmp_path / "club.event", EventSetup(name="Club", rounds=2, minutes=45), PLAYERS
    )
    seating = journal.state.round(1).tables
    first = await venue.open_table("t1", list(seating[0]))
    wrong = await venue.open_table("t2", ["Zed", *seating[1][1:]], edition="uk")
    app = BoardApp(journal, "127.0.0.1", 0)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        for line in (f"link 1 {first.url}", f"link 2 {wrong.url}", "start"):
            await pilot.click("#bar")
            await pilot.press(*line)
            await pilot.press("enter")
        from textual.widgets import DataTable, Static

        table = app.screen.query_one("#tables", DataTable)

        def cell(row: int, column: int) -> str:
            return str(table.get_cell_at((row, column)))

        await until(lambda: "playing" in cell(0, 3) and "playing" in cell(1, 3))
        assert "differs" in cell(1, 3)  # the row says so; the details say what
        table.move_cursor(row=1)
        await until(
            lambda: "board United Kingdom" in str(app.screen.query_one("#ledger", Static).render())
        )
        assert "Zed" in str(app.screen.query_one("#ledger", Static).render())
        table.move_cursor(row=0)
        first.banker.apply(PassGo(player=seating[0][0]))
        await until(lambda: "$1,700" in str(app.screen.query_one("#ledger", Static).render()))
        assert app.standings.url and "Round 1 of 2" in str(
            app.screen.query_one("#head", Static).render()
        )
        await pilot.click("#bar")
        await pilot.press(*"correct 1 Ana=1 because nothing")
        await pilot.press("enter")
        assert "standings must name" in str(app.screen.query_one("#said", Static).render())
        from textual.widgets import Input

        app.screen.query_one("#bar", Input).value = ""  # a refused line stays to be mended
        await pilot.press(*f"csv {tmp_path / 'round1.csv'}", "enter")
        await until(lambda: (tmp_path / "round1.csv").exists())
        assert (tmp_path / "round1.csv").read_text().startswith("round,table,place,player")
    journal.close()


def test_the_shell_commands_run_an_event(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BANKER_HOME", str(tmp_path))
    assert (
        main(
            [
                "tournament",
                "new",
                "open",
                "--rounds",
                "2",
                "--minutes",
                "30",
                "--advance",
                "best:4",
                "--seed",
                "9",
            ]
        )
        == 0
    )
    assert resolve_event_path("open").parent == tmp_path / "games"
    assert main(["tournament", "players", "open", ",".join(PLAYERS)]) == 0
    assert main(["tournament", "draw", "open"]) == 0
    out = capsys.readouterr().out
    assert "Round 1 drawn: 2 tables, 0 byes" in out
    assert out.count("banker new open-r1-t") == 2
    with EventJournal.open(resolve_event_path("open"), read_only=True) as journal:
        t1, t2 = journal.state.round(1).tables
    assert main(["tournament", "start", "open"]) == 0
    assert (
        main(
            [
                "tournament",
                "record",
                "open",
                "1",
                ",".join(f"{n}={2000 - 100 * i}" for i, n in enumerate(t1)),
            ]
        )
        == 0
    )
    assert main(["tournament", "end", "open", "now"]) == 0
    assert "Still playing at time" in capsys.readouterr().out
    assert (
        main(["tournament", "record", "open", "2", ",".join(f"{n}=1500" for n in t2)]) == 0
    )  # flagged at time: by hand
    assert (
        main(["tournament", "record", "open", "2", ",".join(f"{n}=1500" for n in t2)]) == 1
    )  # recorded: correct it instead
    assert (
        main(
            [
                "tournament",
                "correct",
                "open",
                "2",
                ",".join(f"{n}={1503 - i}" for i, n in enumerate(reversed(t2))),
                "because",
                "score",
                "sheet",
            ]
        )
        == 0
    )
    assert main(["tournament", "undo", "open"]) == 0
    assert main(["tournament", "redo", "open"]) == 0
    assert main(["tournament", "draw", "open"]) == 0
    assert main(["tournament", "csv", "open", "-o", str(tmp_path / "r.csv")]) == 0
    text = (tmp_path / "r.csv").read_text()
    assert text.count("\n") == 1 + 8 and "score sheet" in text
    capsys.readouterr()
    assert main(["tournament", "show", "open"]) == 0
    shown = capsys.readouterr().out
    assert "Round 2 (drawn):" in shown and "corrected: score sheet" in shown


async def test_the_board_holds_200_tables_and_redraws_only_what_changed(tmp_path: Path) -> None:
    from textual.widgets import DataTable

    from banker.tournament.follower import TableLive
    from banker.tournament.model import Seat, StartRound

    names = [f"{n}{i}" for i in range(200) for n in ("Ana", "Ben", "Cai", "Dee")]
    journal = EventJournal.create(
        tmp_path / "big.event", EventSetup(name="Nationals", rounds=1, minutes=90)
    )
    journal.apply(AddPlayers(names=tuple(names)))
    journal.apply(Seat(round=1, tables=tuple(tuple(names[i * 4 : i * 4 + 4]) for i in range(200))))
    journal.apply(StartRound(round=1, at="2099-01-01T10:00:00+00:00"))
    app = BoardApp(journal, serve=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        follower = app.director.follower

        def table_of(i: int, cash: int) -> dict[str, object]:
            players = [
                {
                    "name": n,
                    "worth": cash,
                    "bankrupt": False,
                    "cash_text": f"${cash:,}",
                    "worth_text": f"${cash:,}",
                }
                for n in names[i * 4 : i * 4 + 4]
            ]
            final = [
                {"name": p["name"], "place": n, "worth": cash, "cash": cash, "bankrupt": False}
                for n, p in enumerate(players, start=1)
            ]
            return {"players": players, "final": final, "board": "United States", "seq": 2}

        for i in range(200):
            follower.tables[i + 1] = TableLive(
                i + 1, "http://127.0.0.1:9/t/", "playing", table_of(i, 1500), 2
            )
        app.screen.refresh_board()  # type: ignore[attr-defined]
        table = app.screen.query_one("#tables", DataTable)
        assert table.row_count == 200
        follower.tables[150] = TableLive(
            150, "http://127.0.0.1:9/t/", "playing", table_of(149, 1700), 3
        )
        app.screen.refresh_board()  # type: ignore[attr-defined]
        assert table.row_count == 200
        assert "$1,700" in str(table.get_cell_at((149, 1))) and "$1,500" in str(
            table.get_cell_at((148, 1))
        )
    journal.close()


async def test_the_new_event_form_creates_the_event_and_opens_its_board(tmp_path: Path) -> None:
    from textual.widgets import Input, Select, Static

    from banker.core.edition import load_edition
    from banker.tui.screens.new_event import NewEventScreen
    from banker.tui.screens.tournament import TournamentScreen

    path = tmp_path / "regional.event"
    app = BoardApp(None, serve=False, new_at=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewEventScreen)
        app.screen.query_one("#minutes", Input).value = "0"
        await pilot.click("#create")
        await pilot.pause()
        assert "Minutes a round: from 1 to 600" in str(
            app.screen.query_one("#why", Static).render()
        )  # says what is wrong
        assert not path.exists()
        app.screen.query_one("#minutes", Input).value = "75"
        app.screen.query_one("#advance", Select).value = "best"
        app.screen.query_one("#edition", Select).value = "uk"
        app.screen.query_one("#seed", Input).focus()
        await pilot.press("enter")  # Enter in any field creates the event, as the button does
        await until(lambda: isinstance(app.screen, TournamentScreen))
        assert path.exists()
    assert app.journal is not None
    setup = app.journal.setup
    assert (setup.name, setup.minutes, setup.advance, setup.best, setup.board) == (
        "regional",
        75,
        "best",
        16,
        load_edition("uk").name,
    )
    app.journal.close()


async def test_a_table_playing_strict_income_tax_shows_no_worth_and_breaks_nothing(
    tmp_path: Path,
) -> None:
    """The review: with strict income tax the board crashed as soon as it followed a table
    still playing (its view hides every worth), and the table's detail the same way. Now
    the row, the detail and the standings page's data show no worth and no leader."""
    from textual.widgets import DataTable, Static

    from banker.core.commands import Pay, Setup
    from banker.core.edition import load_edition
    from banker.core.game import Game
    from banker.core.rules import HouseRules
    from banker.tournament.director import board_json
    from banker.tournament.follower import TableLive
    from banker.tournament.model import StartRound
    from banker.web.table import table_json

    strict = HouseRules(strict_income_tax=True)
    journal = EventJournal.create(
        tmp_path / "strict.event", EventSetup(name="Strict", rounds=1, minutes=45, rules=strict)
    )
    journal.apply(AddPlayers(names=PLAYERS))
    journal.apply(next_seating(journal.state))
    journal.apply(StartRound(round=1, at="2099-01-01T10:00:00+00:00"))
    seated = journal.state.round(1).tables[0]
    game = Game(Setup(players=list(seated), edition=load_edition("us"), rules=strict))
    game.do(Pay(player=seated[0], amount=100))
    view = table_json(game.state, game.seq, [])
    assert view["final"] is None and all(p["worth"] is None for p in view["players"])
    app = BoardApp(journal, serve=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        app.director.follower.tables[1] = TableLive(1, "http://127.0.0.1:9/t/", "playing", view, 2)
        app.screen.refresh_board()  # type: ignore[attr-defined]
        await pilot.pause()
        row = board_json(app.director)["tables"][0]
        assert row["hidden"] and row["leader"] is None
        assert "$" not in str(app.screen.query_one("#tables", DataTable).get_cell_at((0, 1)))
        detail = str(app.screen.query_one("#ledger", Static).render())
        assert seated[0] in detail and "$1,400" in detail  # cash shows, worth does not
        assert detail.count("$") == len(seated)
    journal.close()


async def test_the_draw_runs_off_the_boards_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: a 1,000-player draw ran over 60 s on the board's loop and froze it. The
    seating is now searched in a thread: the board goes on answering meanwhile (the search
    is held here until the board has shown it is alive), then the draw is journaled."""
    import threading

    from textual.widgets import Input, Static

    import banker.tui.screens.tournament as screen_module
    from banker.tournament.seating import next_seating as real_next_seating

    go = threading.Event()
    threads: list[str] = []

    def held(state: object) -> object:
        threads.append(threading.current_thread().name)
        assert go.wait(30)
        return real_next_seating(state)  # type: ignore[arg-type]

    monkeypatch.setattr(screen_module, "next_seating", held)
    journal = EventJournal.create(
        tmp_path / "big.event", EventSetup(name="Big", rounds=2, minutes=45)
    )
    journal.apply(AddPlayers(names=PLAYERS))
    app = BoardApp(journal, serve=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one("#bar", Input)
        bar.value = "draw"
        bar.focus()
        await pilot.press("enter")
        said = app.screen.query_one("#said", Static)
        await until(lambda: "Drawing" in str(said.render()))
        await until(lambda: threads)  # the search has begun, in its own thread
        assert not journal.state.rounds  # and is held there: nothing journaled yet
        await pilot.press("x")  # the board answers keys meanwhile
        await pilot.pause()
        assert bar.value.endswith("x")  # typed while the seating is searched
        go.set()
        await until(lambda: len(journal.state.rounds) == 1)
        assert threads and threads[0] != threading.main_thread().name
    journal.close()
