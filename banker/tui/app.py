"""The Textual app: opens a game and hands every banker action to the journal as a command.

The app never changes a game itself. An action builds a core command and calls
`journal.apply`, which writes it to disk before the ledger is redrawn; a refusal is shown
with the core's reason and changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, cast

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen

from banker.core.commands import Command, SetLanguage
from banker.core.errors import BankerError
from banker.core.money import Message
from banker.i18n import default_language
from banker.store import Journal, default_games_dir
from banker.store.paths import recent_games
from banker.tui.palette import BankerCommands
from banker.tui.screens.follow import follow_up
from banker.tui.screens.ledger import LedgerScreen
from banker.tui.speech import N_, _, refused, said, set_language, speak

log = logging.getLogger("banker.tui")


if TYPE_CHECKING:
    from banker.web.server import TableView


class BankerApp(App[None]):
    """The bank of one table: the ledger of the open game, and the dialogs of each action."""

    CSS_PATH = ["app.tcss", "moments.tcss"]
    TITLE = "Banker"
    COMMANDS = App.COMMANDS | {BankerCommands}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (140, "-wide")]
    """Wider terminals get more columns of colour groups."""
    BINDINGS = [Binding("ctrl+q", "quit", N_("Quit"), show=False)]
    """Everything is journaled as it happens, so quitting never loses anything."""

    def __init__(
        self, journal: Journal | None = None, share_host: str | None = None, share_port: int = 0
    ) -> None:
        super().__init__()
        self.journal = journal
        self.share_host = share_host
        """Where the table view listens when shared: this computer's LAN address if None."""
        self.share_port = share_port
        """The table view's port: a free one if 0."""
        self.table_view: TableView | None = None
        """The phones' read-only view, once the banker has shared the table."""

    def on_mount(self) -> None:
        if self.journal is None:
            set_language(default_language())
            self.new_game()
        else:
            speak(self.journal.game.state)
            self.push_screen(LedgerScreen())

    async def on_unmount(self) -> None:
        if self.table_view is not None:
            await self.table_view.stop()
        if self.journal is not None:
            self.journal.close()

    # Opening games.

    def new_game(self) -> None:
        """The new-game form; the game it creates replaces the open one."""
        from banker.tui.screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen(can_cancel=self.journal is not None), self._opened)

    def _opened(self, journal: Journal | None) -> None:
        if journal is None:
            if self.journal is None:
                self.exit()
            elif speak(self.journal.game.state):  # the form spoke another language
                self.relabel()
            return
        if self.journal is not None:
            self.journal.close()
        self.journal = journal
        speak(journal.game.state)
        if self.table_view is not None:
            self.table_view.journal = journal
        if isinstance(self.screen, LedgerScreen):
            self.switch_screen(LedgerScreen())
        else:
            self.push_screen(LedgerScreen())

    # Changing the game: always through the journal.

    def do(self, command: Command) -> bool:
        """Apply a command through the journal and show its receipt, or the refusal."""
        return self._change(lambda journal: journal.apply(command), _("Refused"), new_command=True)

    def undo(self) -> bool:
        return self._change(lambda journal: journal.undo(), _("Nothing undone"))

    def redo(self) -> bool:
        return self._change(lambda journal: journal.redo(), _("Nothing redone"))

    def _change(
        self, change: Callable[[Journal], Message], refusal: str, new_command: bool = False
    ) -> bool:
        journal = self.journal
        if journal is None:
            return False
        before = journal.game.state
        try:
            receipt = change(journal)
        except BankerError as exc:
            self.notify(refused(exc), title=refusal, severity="error", timeout=8)
            return False
        except Exception as exc:  # never lose the table to a bug: show it, log it, go on
            self.unexpected(exc)
            return False
        relabel = speak(journal.game.state)
        self.notify(said(receipt), timeout=6)
        for screen in self.screen_stack:
            if isinstance(screen, LedgerScreen):
                if relabel:
                    screen.relabel()
                screen.refresh_ledger()
        if relabel:
            self.relabel()
        follow_up(self, before, journal.game.state, new_command)
        return True

    def relabel(self) -> None:
        """The language changed: every open screen's footer shows its keys in it."""
        for screen in self.screen_stack:
            screen.refresh_bindings()
        self.refresh_bindings()

    def language(self, code: str) -> bool:
        """Switch the game (and the app) to another language: a journaled command."""
        if self.journal is not None and self.journal.game.state.language == code:
            return True
        return self.do(SetLanguage.model_validate({"language": code}))

    def unexpected(self, exc: Exception) -> None:
        """Show and log an error the bank did not foresee; the game stays as journaled."""
        log.exception("unexpected error in an action", exc_info=exc)
        self.log.error(repr(exc))
        self.notify(
            _(
                "Something went wrong ({error}). "
                "The game is as last journaled; nothing more changed."
            ).format(error=repr(exc)),
            title=_("Unexpected error"),
            severity="error",
            timeout=15,
        )

    # Textual's own words, in the game's language.

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            yield command._replace(title=_(command.title), help=_(command.help))

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(cast("App[object]", self)):
            self.push_screen(
                CommandPalette(placeholder=_("Search for commands…"), id="--command-palette")
            )


def open_latest() -> Journal | None:
    """The most recent game in the games folder that still has two players or more."""
    for path in recent_games():
        try:
            journal = Journal.open(path)
        except BankerError:
            continue
        if len(journal.game.state.active_players) >= 2:
            return journal
        journal.close()
    return None


def make_app(
    game_path: Path | None = None,
    demo: bool = False,
    journal: Journal | None = None,
    share_host: str | None = None,
    share_port: int = 0,
) -> BankerApp:
    """The app on a game file, on a fresh demo game, or (with neither) on the latest game.

    Raises:
        JournalError: the game file cannot be opened; the message says why.
    """
    if journal is None:
        if demo:
            from banker.demo import make_demo

            journal = Journal.open(make_demo())
        elif game_path is not None:
            journal = Journal.open(game_path)
        else:
            journal = open_latest()
    return BankerApp(journal, share_host=share_host, share_port=share_port)


def run(
    game_path: Path | None = None,
    demo: bool = False,
    share_host: str | None = None,
    share_port: int = 0,
) -> int:
    """Run the app until the banker quits. Returns the process exit code."""
    log_dir = default_games_dir().parent
    try:
        log_dir.mkdir(parents=True, exist_ok=True)
        logging.basicConfig(
            filename=log_dir / "banker.log",
            level=logging.WARNING,
            format="%(asctime)s %(name)s %(levelname)s %(message)s",
        )
    except OSError:
        pass
    try:
        app = make_app(game_path, demo, share_host=share_host, share_port=share_port)
    except BankerError as exc:
        print(exc)
        return 1
    app.run()
    return 0
