"""`banker tournament board EVENT`: the director's app, following every table.

The app opens the event file for writing (so nothing else writes to it meanwhile),
follows the current round's tables from its own event loop, records results as games
end, and serves the standings page for a screen at the venue.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from banker.i18n import default_language
from banker.tournament.director import Director, board_json
from banker.tournament.join import JoinDesk
from banker.tournament.journal import EventJournal
from banker.web.standings import StandingsView


class BoardApp(App[None]):
    TITLE = "Banker"

    def __init__(
        self, journal: EventJournal, host: str | None = None, port: int = 0, serve: bool = True
    ) -> None:
        super().__init__()
        self.journal = journal
        self.language = default_language()
        self.director = Director(journal)
        self.standings = StandingsView(lambda: board_json(self.director), self.language)
        self.desk = JoinDesk(self.director)
        self.host = host
        self.port = port
        self.serve = serve

    async def on_mount(self) -> None:
        from banker.tui.screens.tournament import TournamentScreen

        await self.director.start()
        if self.serve:
            await self.standings.start(self.host, self.port)
            await self.desk.start(self.host, 0)
            self.director.listeners.append(self.standings.notify)
        screen = TournamentScreen(self.director, self.standings, self.language, self.desk.url)
        await self.push_screen(screen)

    async def on_unmount(self) -> None:
        await self.desk.stop()
        await self.standings.stop()
        await self.director.stop()


def run_board(path: Path, host: str | None, port: int) -> int:
    with EventJournal.open(path) as journal:
        BoardApp(journal, host, port).run()
    return 0
