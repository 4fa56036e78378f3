"""`banker tournament board EVENT`: the director's app, following every table.

The app opens the event file for writing (so nothing else writes to it meanwhile),
follows the current round's tables from its own event loop, records results as games
end, and serves the standings page for a screen at the venue and the join address for
the tables. For an event that does not exist yet, it first shows the new event's form.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from banker.i18n import N_, default_language, translator
from banker.national.outbox import Outbox
from banker.national.summary import table_summaries
from banker.store.sqlfile import said_aside
from banker.tournament.director import Director, board_json
from banker.tournament.join import JoinDesk
from banker.tournament.journal import EventJournal
from banker.tournament.model import EventSetup
from banker.tui.screens.new_event import NewEventScreen
from banker.tui.screens.tournament import BoardCommands, TournamentScreen
from banker.tui.typeahead import TypesAheadApp
from banker.web.addresses import start_kept
from banker.web.standings import StandingsView

if TYPE_CHECKING:
    from banker.national.outbox import Outbox


class BoardApp(TypesAheadApp):
    TITLE = "Banker"
    COMMANDS = TypesAheadApp.COMMANDS | {BoardCommands}
    """The palette offers each table by its number and players, and the board's keys."""

    TYPE_AHEAD_LOOKS = 2500
    """Keys typed as the board opens wait for it (up to 5 s): the director types at once."""

    def __init__(
        self,
        journal: EventJournal | None,
        host: str | None = None,
        port: int = 0,
        serve: bool = True,
        new_at: Path | None = None,
        language: str | None = None,
        publish: tuple[str, str] | None = None,
    ) -> None:
        """Follow `journal`'s event; or, with `journal` None, ask for a new event at `new_at`.
        Everything is said in `language` (default: this computer's)."""
        super().__init__()
        self.language = language or default_language()
        self.host = host
        self.port = port
        self.serve = serve
        self.new_at = new_at
        self.journal = journal
        self.director: Director | None = None
        self.standings: StandingsView | None = None
        self.desk: JoinDesk | None = None
        self.publish = publish
        """(DSN, venue id): the event's entries and its tables' summaries go to the
        national database as they happen (`banker.national.outbox`)."""
        self.outbox: Outbox | None = None
        self._uplink_stop = asyncio.Event()
        self._uplink: asyncio.Task[None] | None = None

    async def on_mount(self) -> None:
        if self.journal is not None:
            self.keys_held += 1  # what is typed meanwhile is for the board
            try:
                await self.open_board(self.journal)
            finally:
                self.keys_held -= 1
            return

        name = self.new_at.stem if self.new_at is not None else ""
        await self.push_screen(NewEventScreen(name, self.language), self._created)

    async def _created(self, setup: EventSetup | None) -> None:
        if setup is None or self.new_at is None:
            self.exit()
            return
        self.journal = EventJournal.create(self.new_at, setup)
        for said in said_aside(self.journal.set_aside):
            self.notify(said.render(translator(self.language)), severity="warning", timeout=30)
        await self.open_board(self.journal)

    async def open_board(self, journal: EventJournal) -> None:

        director = self.director = Director(journal)
        self.standings = StandingsView(
            lambda: board_json(director, translator(self.language)), self.language
        )
        self.desk = JoinDesk(director, self.language)
        await director.start()
        moved: list[str] = []
        if self.serve:
            moved = await self._serve(journal, self.standings, self.desk)
            director.listeners.append(self.standings.notify)
        if self.publish is not None:
            self._start_uplink(journal, director, *self.publish)
        screen = TournamentScreen(
            director, self.standings, self.language, self.desk.url, self.outbox
        )
        await self.push_screen(screen)
        for said in moved:
            screen.tell(said, "bold yellow")

    def _start_uplink(
        self, journal: EventJournal, director: Director, dsn: str, venue: str
    ) -> None:
        """Publish to the national database from the board's own loop: the entries as
        the event file holds them, and each table's live summary."""

        outbox = self.outbox = Outbox(journal.path, dsn, venue, journal.setup.name)
        self._uplink = asyncio.create_task(
            outbox.run(
                self._uplink_stop,
                board=lambda: table_summaries(director.state, board_json(director)),
            )
        )

    async def _serve(
        self, journal: EventJournal, standings: StandingsView, desk: JoinDesk
    ) -> list[str]:
        """Serve the standings page and the join address where they were last time (the
        same port and token, kept in the event file), so the venue's screen, its QR code
        and the tables' join lines keep working after a restart. What moved (its port taken
        by another program meanwhile) is said."""
        say = translator(self.language)
        host = self.host

        async def page(port: int, token: str | None) -> str:
            return await standings.start(host, port, token)

        async def join(port: int, token: str | None) -> str:
            return await desk.start(host, port)

        moved: list[str] = []
        _, away = await start_kept(page, self.port, journal.address("standings"))
        if away:
            moved.append(say(N_("The standings page moved to {url}: its port was taken.")))
            moved[-1] = moved[-1].format(url=standings.url)
        if standings.port is not None and standings.token is not None:
            journal.keep_address("standings", standings.port, standings.token)
        _, away = await start_kept(join, 0, journal.address("join"))
        if away:
            moved.append(say(N_("Tables join at a new address, {url}: its port was taken.")))
            moved[-1] = moved[-1].format(url=desk.url)
        if desk.port is not None:
            journal.keep_address("join", desk.port, journal.setup.join_token)
        return moved

    async def on_unmount(self) -> None:
        if self._uplink is not None:
            self._uplink_stop.set()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._uplink, 15)
        if self.desk is not None:
            await self.desk.stop()
        if self.standings is not None:
            await self.standings.stop()
        if self.director is not None:
            await self.director.stop()


def run_board(
    path: Path,
    host: str | None,
    port: int,
    language: str | None = None,
    publish: tuple[str, str] | None = None,
) -> int:
    if not path.exists():
        app = BoardApp(None, host, port, new_at=path, language=language, publish=publish)
        app.run()
        if app.journal is not None:
            app.journal.close()
        return 0
    with EventJournal.open(path) as journal:
        BoardApp(journal, host, port, language=language, publish=publish).run()
    return 0
