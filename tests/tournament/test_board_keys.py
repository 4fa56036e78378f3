"""No key lost on the board: on the table list (Tab) a table's number picks it and a
letter goes back to the bar; page down and up choose a table from the bar; the footer
and the palette (ctrl+p) say how. Before, letters typed on the list were dropped without
a sign, four Tabs led back to the bar, and the palette offered only the list's generic
keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from banker.i18n import translator
from banker.tournament.model import EventSetup
from banker.tui.board import BoardApp
from banker.tui.screens.tournament import TournamentScreen
from banker.tui.widgets.footer import KeysFooter
from tests.tournament.conftest import seated, until
from tests.tournament.test_board_shows_everyone import THIRTEEN, lines_in


@pytest.mark.parametrize(("size", "language"), [((80, 24), "en"), ((160, 50), "ms")])
async def test_keys_on_the_list_choose_a_table_or_go_to_the_bar(
    tmp_path: Path, size: tuple[int, int], language: str
) -> None:
    say = translator(language)
    journal = seated(tmp_path / "cup.event", EventSetup(name="Cup", rounds=2, minutes=90), THIRTEEN)
    app = BoardApp(journal, serve=False, language=language)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TournamentScreen)
        bar = screen.query_one("#bar", Input)
        detail = screen.query_one("#detail")

        def shows(n: int) -> bool:
            said = say("Table {n}: no table view yet.").format(n=n)
            return screen.selected == n and said in " ".join(lines_in(app, detail))

        assert app.focused is bar
        await pilot.press("tab")
        assert app.focused is not None and app.focused.id == "tables"
        await pilot.press("3")
        await until(lambda: shows(3))
        await pilot.press("1", "2")  # no table 12: table 2
        await until(lambda: shows(2))
        await pilot.press(*"sta")  # a letter goes to the bar, and what follows it
        assert app.focused is bar and bar.value == "sta"
        bar.value = ""
        await pilot.press("pagedown")  # from the bar: the next table
        await until(lambda: shows(3))
        await pilot.press("pageup", "pageup")
        await until(lambda: shows(1))
        assert bar.value == "" and app.focused is bar
        footer = " ".join(lines_in(app, screen.query_one(KeysFooter)))
        assert say("Next table") in footer and say("Problems seen") in footer
        # the palette offers each table by its number and players
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*say("Table {n}: {players}").split(" {n}")[0], " ", "3")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await until(lambda: shows(3))
    journal.close()
