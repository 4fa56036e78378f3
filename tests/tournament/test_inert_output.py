"""Everything the director's board and the command line print is inert, and the event
takes exactly the names its tables take."""

from __future__ import annotations

from pathlib import Path

import pytest

from banker.cli import main
from banker.core.errors import BadInput
from banker.tournament.journal import EventJournal
from banker.tournament.language import inert, perform
from banker.tournament.model import EventSetup
from banker.tui.board import BoardApp


@pytest.mark.parametrize(
    ("names", "why"),
    [
        ("Ana,ANA,Ben", "read alike"),
        ("Ana,a.n.a,Ben", "read alike"),
        ("Ana,Ben\x1b]0;owned\x07", "character"),
        ("Ana,Abcdefghijklmnopqrstuvwxyz", "too long"),
        ("Ana,12345", "letter"),
        ("Ana,Bob to Carol", "a word the command language uses"),
    ],
)
def test_the_event_takes_exactly_the_names_a_table_takes(
    names: str, why: str, tmp_path: Path
) -> None:
    """Before: `ana` and `ANA`, 30-character names and escape codes were entered, and the
    draw printed `banker new` lines that the tables refused."""
    with EventJournal.create(tmp_path / "e.event", EventSetup(name="E", rounds=1, minutes=9)) as j:
        with pytest.raises(BadInput, match=why):
            perform(j, f"players {names}")
        assert j.state.players == []
        perform(j, "players Ana,Ben")
        with pytest.raises(BadInput, match="read alike"):
            perform(j, "players BEN")  # against those entered before too


async def test_markup_and_escape_codes_in_names_are_printed_as_they_are(tmp_path: Path) -> None:
    """Before: Rich markup in an event or player name (`Spring [/] cup`, `[/x]Cai`) crashed
    the board, and escape codes changed the director's terminal."""
    journal = EventJournal.create(
        tmp_path / "e.event", EventSetup(name="Spring [/] cup [b]", rounds=1, minutes=30)
    )
    perform(journal, "players [/x]Cai,Ana,Ben,[red]Dee")
    lines = perform(journal, "draw")
    assert any("[/x]Cai" in line for line in lines)
    app = BoardApp(journal, serve=False)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        app.screen.refresh_board()  # type: ignore[attr-defined]
        await pilot.pause()
        head = str(app.screen.query_one("#head").render())
        assert "Spring [/] cup [b]" in head
        said = app.screen.query_one("#said")
        bar = app.screen.query_one("#bar")
        bar.value = "seating"  # type: ignore[attr-defined]
        bar.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "[/x]Cai" in str(said.render())
    assert app.return_code in (None, 0)
    journal.close()
    assert inert("Ben\x1b]0;owned\x07 and\u202e back\n") == "Ben]0;owned and back\n"


def test_the_command_line_prints_no_escape_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An event file written before the names were checked may hold escape codes: the
    command line prints them inert."""
    path = tmp_path / "old.event"
    with EventJournal.create(path, EventSetup(name="Old\x1b[2J", rounds=1, minutes=9)) as j:
        from banker.tournament.model import AddPlayers

        j.apply(AddPlayers(names=("Ana\x1b]0;x\x07", "Ben")))
    capsys.readouterr()
    for action in ("show", "log"):
        assert main(["tournament", action, str(path)]) == 0
        out = capsys.readouterr().out
        assert "\x1b" not in out and "\x07" not in out and "Old[2J" in out
    assert main(["tournament", "log", str(path)]) == 0
    assert "Ana]0;x" in capsys.readouterr().out
