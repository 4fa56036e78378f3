"""The Textual app: opens a game and hands every banker action to the journal as a command.

The app never changes a game itself. An action builds a core command and calls
`journal.apply`, which writes it to disk before the ledger is redrawn; a refusal is shown
with the core's reason and changes nothing. After every change the app publishes
`game_changed` (a Textual `Signal`): the screens that show the game subscribe to it and
redraw from `app.state`.

Starting on a game file whose ledger was saved when it was last closed, the app draws
that ledger first (`banker.store.glance`), then opens the journal in a Textual worker
thread and redraws from it when the worker posts `JournalOpened`; anything the banker
does before then waits for that worker's result. A file without a saved ledger to trust
is opened before anything is drawn.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.message import Message as TextualMessage
from textual.screen import Screen
from textual.signal import Signal

from banker.core.errors import BankerError
from banker.i18n import Language, default_language
from banker.i18n.message import N_, Message
from banker.store.entries import LAST_WRITE_CUT
from banker.store.glance import Glance, check_unlocked, glance
from banker.store.paths import banker_command, default_games_dir, game_argument, recent_games
from banker.store.sqlfile import said_aside
from banker.tui.palette import BankerCommands
from banker.tui.phones import PhoneDesk
from banker.tui.screens.ledger import LedgerScreen
from banker.tui.speech import Voice, _, refused, speaking
from banker.tui.typeahead import TypesAheadApp

log = logging.getLogger("banker.tui")


if TYPE_CHECKING:
    from textual.notifications import SeverityLevel

    from banker.core.commands import Command
    from banker.core.phone import Phones
    from banker.core.state import GameState
    from banker.store import Journal
    from banker.web.server import TableView


class _Unexpected(Exception):
    """A change failed for a reason the core did not foresee: already shown and logged."""


@dataclass(frozen=True)
class GameChange:
    """What the app publishes on `game_changed` after the game changed."""

    before: GameState | None
    """The game before the change (None when a whole game was opened)."""
    after: GameState
    """The game as journaled now."""
    new_command: bool = False
    """A command was applied (not an undo, a redo or an opened game)."""
    relabel: bool = False
    """The game's language changed: screens put their own words in it."""


class BankerApp(PhoneDesk, TypesAheadApp):
    """The bank of one table: the ledger of the open game, and the dialogs of each action."""

    CSS_PATH = ["ledger.tcss"]
    """The first screen's styles; the other screens load theirs (`SCREENS_CSS`)."""
    TITLE = "Banker"
    COMMANDS = App.COMMANDS | {BankerCommands}
    BINDINGS = [Binding("ctrl+q", "quit", N_("Quit"), show=False)]
    """Everything is journaled as it happens, so quitting never loses anything."""

    class JournalOpened(TextualMessage):
        """The worker opening the glanced game's journal has finished."""

    def __init__(
        self,
        journal: Journal | None = None,
        share_host: str | None = None,
        share_port: int = 0,
        glance: Glance | None = None,
        language: Language | None = None,
    ) -> None:
        super().__init__()
        self.voice = Voice(language or "en", pinned=language is not None)
        """The language the app speaks: its open game's, or the one asked for on the
        command line (`--lang`) until the banker chooses one. Every task of the app's has it."""
        speaking.set(self.voice)
        self._journal = journal
        self._glance = None if journal is not None else glance
        """The saved ledger the first screen is drawn from, until the journal is open."""
        self._opening: Future[Journal | BankerError] | None = None
        """What the worker opening the glanced game's journal gives, once it has finished."""
        self.share_host = share_host
        """Where the table view listens when shared: this computer's LAN address if None."""
        self.share_port = share_port
        """The table view's port: a free one if 0."""
        self.table_view: TableView | None = None
        """The phones' read-only view, once the banker has shared the table."""
        self.demo_folder: Path | None = None
        """The demo game's own temporary folder, removed when the app is left."""
        self.game_changed: Signal[GameChange] = Signal(self, "game-changed")
        """Published after every change of the game; the screens that show it redraw."""

    @property
    def journal(self) -> Journal | None:
        """The open game's journal (waiting for the worker that opens it, if need be)."""
        if self._journal is None and self._glance is not None:
            self._take_opened_journal()
        return self._journal

    @journal.setter
    def journal(self, journal: Journal | None) -> None:
        self._glance = None
        self._journal = journal

    @property
    def state(self) -> GameState:
        """The open game as journaled now."""
        journal = self.journal
        if journal is None:
            raise RuntimeError("no game is open")
        return journal.game.state

    @property
    def journal_is_opening(self) -> bool:
        """True while the first screen shows the saved ledger and the journal is opening."""
        return self._journal is None and self._glance is not None

    @property
    def game_path(self) -> Path:
        """The open game's file."""
        if self._journal is not None:
            return self._journal.path
        assert self._glance is not None
        return self._glance.path

    @property
    def started_at(self) -> datetime:
        """When the open game was set up."""
        if self._journal is None and self._glance is not None:
            return self._glance.started_at
        journal = self.journal
        assert journal is not None
        return journal.started_at

    def on_load(self) -> None:
        # Every task of the app's starts from this one: they all speak with its voice.
        speaking.set(self.voice)

    def get_default_screen(self) -> Screen[object]:
        """The saved ledger straight away, when there is one: no blank screen first."""
        if self._glance is not None:
            self.voice.speak(self._glance.view.language)
            return LedgerScreen(self._glance)
        return super().get_default_screen()

    def on_mount(self) -> None:
        if self._glance is not None:
            self.call_after_refresh(self._start_opening)
            return
        if self._journal is None:
            self.voice.speak(default_language())
            self.new_game()
        else:
            self.voice.speak(self._journal.game.state.language)
            self.push_screen(LedgerScreen())
            self._check_the_rest()

    def _start_opening(self) -> None:
        """With the saved ledger on screen, open the journal in a worker thread: the
        screen finishes drawing meanwhile, and anything the banker does waits for it."""
        glanced = self._glance
        if glanced is None or self._opening is not None:
            return
        self._opening = Future()
        self._open_journal(glanced.path, self._opening)

    @work(thread=True, exclusive=True, group="journal", exit_on_error=False)
    def _open_journal(self, path: Path, result: Future[Journal | BankerError]) -> None:
        # the journal and the rules load behind the first screen (start-up)
        from banker.store import Journal

        if not result.set_running_or_notify_cancel():
            return  # the app opened it itself meanwhile (`_take_opened_journal`)
        try:
            result.set_result(Journal.open(path, any_thread=True))
        except BankerError as exc:
            result.set_result(exc)
        except Exception as exc:  # a damaged file the journal did not foresee
            result.set_exception(exc)
        self.post_message(self.JournalOpened())

    def on_banker_app_journal_opened(self, _message: BankerApp.JournalOpened) -> None:
        if self._journal is None and self._glance is not None:
            self._take_opened_journal()

    def _take_opened_journal(self) -> None:
        """Take the journal of the game drawn from its saved ledger, and redraw from it."""
        # the journal and the rules load behind the first screen (start-up)
        from banker.store import Journal

        glanced = self._glance
        if glanced is None:
            return
        self._glance = None
        try:
            opening = self._opening
            if opening is None or opening.cancel():
                # asked for before the first frame, or before the worker's thread began
                # (it starts from this very loop, which waiting here would hold): open it now
                opened: Journal | BankerError = Journal.open(glanced.path)
            else:
                opened = opening.result()  # the worker's, under way: waits for it
            if isinstance(opened, BankerError):
                raise opened
            self._journal = opened
        except BankerError as exc:
            self.exit(return_code=1, message=refused(exc))
            return
        except Exception as exc:
            log.exception("the game file could not be opened", exc_info=exc)
            self.exit(
                return_code=1,
                message=_("The game file could not be opened: {error}").format(error=exc),
            )
            return
        relabel = self.voice.speak(self._journal.game.state.language)
        self.game_changed.publish(GameChange(None, self._journal.game.state, relabel=relabel))
        if relabel:
            self.relabel()
        self.call_after_refresh(self._settle_heap)
        self._check_the_rest()

    def _check_the_rest(self) -> None:
        """A game opened from its checkpoint: check the entries the opening did not, in a
        thread and on a connection of their own, while the banker plays."""
        journal = self._journal
        for said in said_aside(journal.set_aside if journal is not None else []):
            self.notify(said.render(self.voice.translator), severity="warning", timeout=30)
        if journal is not None and journal.torn:  # a full disk cut the last write short
            self.notify(
                Message(LAST_WRITE_CUT, {"path": str(journal.path)}).render(self.voice.translator),
                severity="warning",
                timeout=30,
            )
        check = None if journal is None else journal.older_check()
        if check is not None:
            self._run_check(check)

    @work(thread=True, group="check", exit_on_error=False)
    def _run_check(self, check: Callable[[], None]) -> None:
        try:
            check()
        except BankerError as exc:
            self.call_from_thread(self._found_damage, exc)
        except Exception as exc:  # a damaged file the journal did not foresee
            log.exception("the game file's older entries could not be checked", exc_info=exc)

    def _found_damage(self, exc: BankerError) -> None:
        """Older entries are damaged: play goes on (the state does not depend on them, and
        an undo that reaches one is refused), and the banker is told what to do."""
        log.error("older entries damaged: %s", exc.message.render())
        say = self.voice.translator  # said from a worker: the app's voice, not the thread's
        self.notify(
            exc.message.render(say),
            title=say.gettext(N_("The game file is damaged")),
            severity="error",
            timeout=60,
        )

    def _settle_heap(self) -> None:
        """Keep what lives as long as the game (the journal's stack, the screens) out of
        the garbage collector's way: a full collection walking a 10,000-entry game's
        objects paused a keypress for 20-60 ms. Once the game is open and drawn: collect,
        then freeze what is left; a game opened in its place unfreezes it first."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    async def on_unmount(self) -> None:
        if self.table_view is not None:
            await self.table_view.stop()
        if self._opening is not None and self._journal is None:
            # Quit while the journal was still opening: wait for it, then close it too.
            untaken = None
            if not self._opening.cancel():  # under way (or done): its journal is closed here
                try:
                    untaken = self._opening.result()
                except Exception:
                    untaken = None
            if untaken is not None and not isinstance(untaken, BankerError):
                untaken.close()
        if self._journal is not None:
            # the older entries' check reads the file: let it finish (half a second at
            # most, at 100,000 entries), so the close can put everything in the one file
            checks = [w for w in self.workers if w.group == "check"]
            if checks:
                await self.workers.wait_for_complete(checks)
            self._journal.close()

    # Opening games.

    def new_game(self) -> None:
        """The new-game form; the game it creates replaces the open one."""
        # a screen, loaded when first opened (start-up)
        from banker.tui.screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen(can_cancel=self.journal is not None), self._opened)

    def _opened(self, journal: Journal | None) -> None:
        if journal is None:
            if self.journal is None:
                self.exit()
            elif self.voice.speak(self.journal.game.state.language):  # the form spoke another
                self.relabel()
            return
        if self.journal is not None:
            self.journal.close()
        self.journal = journal
        self.voice.choose(journal.game.state.language)  # the form's language, as chosen
        if self.table_view is not None:
            self.table_view.journal = journal  # the old game's trades and requests go
            self.queue_changed()
        if len(self.screen_stack) > 1:
            self.switch_screen(LedgerScreen())
        else:
            self.push_screen(LedgerScreen())
        self.call_after_refresh(self._settle_heap)
        self._check_the_rest()

    # Changing the game: always through the journal.

    def do(self, command: Command, phone: Phones | None = None) -> bool:
        """Apply a command through the journal and show its receipt, or the refusal;
        `phone`: the player whose own phone asked for it (the journal says so). The same
        command waiting in the phones' queue (the banker made it by hand, or from the
        raise-funds screen) is answered by it: journaled as from that phone, it leaves
        the queue."""
        view = self.table_view
        asked = None
        if phone is None and view is not None and view.actor is not None:
            asked = next((a for a in view.asks if a.command == command), None)
            phone = None if asked is None else asked.player
        made = self._change(
            lambda journal: journal.apply(command, phone), _("Refused"), new_command=True
        )
        if made and asked is not None and view is not None:
            view.asks.done(asked.number)
            view.moved()
            self.queue_changed()
        return made

    def undo(self) -> bool:
        return self._change(lambda journal: journal.undo(), _("Nothing undone"))

    def redo(self) -> bool:
        return self._change(lambda journal: journal.redo(), _("Nothing redone"))

    def _change(
        self, change: Callable[[Journal], Message], refusal: str, new_command: bool = False
    ) -> bool:
        try:
            self._changed(change, new_command)
        except BankerError as exc:
            self.notify(
                exc.message.render(self.voice.translator),
                title=refusal,
                severity="error",
                timeout=8,
            )
            return False
        except _Unexpected:
            return False
        return True

    def _changed(self, change: Callable[[Journal], Message], new_command: bool) -> Message:
        """Make the change through the journal, show its receipt and tell the screens and
        the phones. Raises BankerError with the reason when it is refused (nothing changed)."""
        journal = self.journal
        if journal is None:
            raise BankerError("No game is open.")
        before = journal.game.state
        try:
            receipt = change(journal)
        except BankerError:
            raise
        except Exception as exc:  # never lose the table to a bug: show it, log it, go on
            self.unexpected(exc)
            raise _Unexpected from exc
        from banker.tui.moments import follow_up  # its screens' ~90 ms: after the first screen

        after = journal.game.state
        if after.language != before.language:  # the banker chose the game's language
            relabel = self.voice.choose(after.language)
        else:
            relabel = self.voice.speak(after.language)
        self.notify(receipt.render(self.voice.translator), timeout=6)
        self.game_changed.publish(GameChange(before, after, new_command, relabel))
        if self.table_view is not None:
            self.table_view.notify()  # the phones now, not at the table view's next look
        if relabel:
            self.relabel()
        follow_up(self, before, after, new_command)
        return receipt

    def action_ask_quit(self) -> None:
        """Quit after a yes: every move is already journaled, so nothing is lost; the
        dialog says how to go on with the game later."""
        # a screen, loaded when first opened (start-up)
        from banker.tui.screens.dialog import Confirm

        if self.journal is None:
            self.exit()
            return
        banker = banker_command()
        if self.demo_folder is not None:
            body = _(
                "This is the demo game: it is removed when you quit. {banker} demo makes a "
                "fresh one; {banker} new NAME --players A,B,C a game of your own."
            ).format(banker=banker)
        elif self.journal.wal_lost:
            body = _(
                "The latest moves went with the -wal file beside {file}, which was cut or "
                "emptied while the game was open. The next opening says which: "
                "{banker} {name}"
            ).format(file=self.game_path, banker=banker, name=game_argument(self.game_path))
        else:
            body = _(
                "Every move is already saved in {file}. To go on with this game later: "
                "{banker} {name}"
            ).format(file=self.game_path, banker=banker, name=game_argument(self.game_path))

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(Confirm(_("Quit Banker?"), body, yes=_("Quit")), answered)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Show `message`; it takes the place of the one before (only the newest stands, in
        the part of the screen `toasts.ToastsAside` keeps for it; the history keeps all)."""
        self.clear_notifications()
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def relabel(self) -> None:
        """The language changed: every open screen's footer shows its keys in it."""
        for screen in self.screen_stack:
            screen.refresh_bindings()
        self.refresh_bindings()

    def language(self, code: str) -> bool:
        """Switch the game (and the app) to another language: a journaled command."""
        # the rules load behind the first screen (start-up)
        from banker.core.commands import SetLanguage

        if self.journal is not None and self.journal.game.state.language == code:
            if self.voice.choose(code):  # the game spoke it already; the app, another
                self.game_changed.publish(GameChange(None, self.state, relabel=True))
                self.relabel()
            return True
        return self.do(SetLanguage.load({"language": code}))

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
            self.push_screen(Palette(placeholder=_("Search for commands…"), id="--command-palette"))


class Palette(CommandPalette):
    """Textual's command palette, saying "No matches found" in the game's language (the
    palette draws that line itself, from a timer, in English)."""

    def set_timer(self, delay: float, callback: Any = None, *args: Any, **kwargs: Any) -> Any:
        if getattr(callback, "__name__", "") == "_show_no_matches":
            shown = callback

            def callback() -> None:
                shown()
                self._say_no_matches()

        return super().set_timer(delay, callback, *args, **kwargs)

    def _say_no_matches(self) -> None:
        from rich.align import Align
        from rich.text import Text
        from textual.command import CommandList
        from textual.widgets.option_list import OptionDoesNotExist

        said = Align.center(Text(_("No matches found"), style="not bold"))
        try:
            self.query_one(CommandList).replace_option_prompt(self._NO_MATCHES, said)
        except OptionDoesNotExist:
            pass  # the search found something after all


def open_latest() -> Journal | None:
    """The most recent game in the games folder that still has two players or more."""
    # the journal and the rules load behind the first screen (start-up)
    from banker.store import Journal

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
    language: Language | None = None,
) -> BankerApp:
    """The app on a game file, on a fresh demo game, or (with neither) on the latest game.

    A game file whose ledger was saved at its last close is drawn from that first and its
    journal opened after the first frame; any other is opened here. `language` (the
    command line's `--lang`) is spoken instead of the game's until the banker chooses one;
    the demo, a game of its own, is set to it.

    Raises:
        JournalError: the game file cannot be opened; the message says why.
    """
    if journal is None:
        if game_path is not None and not demo:
            seen = glance(game_path)
            if seen is not None:
                check_unlocked(game_path)
                return BankerApp(
                    share_host=share_host, share_port=share_port, glance=seen, language=language
                )
        # the journal and the rules load behind the first screen (start-up)
        from banker.store import Journal

        if demo:
            # only the demo's game (start-up)
            from banker.demo import make_demo

            made = make_demo(language=language or "en")
            journal = Journal.open(made)
            app = BankerApp(journal, share_host=share_host, share_port=share_port)
            app.demo_folder = made.parent
            return app
        elif game_path is not None:
            journal = Journal.open(game_path)
        else:
            journal = open_latest()
    return BankerApp(journal, share_host=share_host, share_port=share_port, language=language)


def run(
    game_path: Path | None = None,
    demo: bool = False,
    share_host: str | None = None,
    share_port: int = 0,
    language: Language | None = None,
) -> int:
    """Run the app until the banker quits. Returns the process exit code."""
    log_dir = default_games_dir().parent
    try:
        log_dir.mkdir(parents=True, exist_ok=True)
        from logging.handlers import RotatingFileHandler

        # bounded: three files of 1 MB at most, whatever happens at the table or on the LAN
        handler = RotatingFileHandler(
            log_dir / "banker.log", maxBytes=1 << 20, backupCount=2, encoding="utf-8"
        )
        logging.basicConfig(
            handlers=[handler],
            level=logging.WARNING,
            format="%(asctime)s %(name)s %(levelname)s %(message)s",
        )
    except OSError:
        pass
    try:
        app = make_app(
            game_path, demo, share_host=share_host, share_port=share_port, language=language
        )
    except BankerError as exc:
        print(exc)
        return 1
    except Exception as exc:  # a damaged file the journal did not foresee: a message, no trace
        log.exception("the game could not be opened", exc_info=exc)
        print(_("The game file could not be opened: {error}").format(error=exc))
        return 1
    try:
        app.run()
    finally:
        if app.demo_folder is not None:  # the demo leaves nothing behind
            import shutil

            if app.journal is not None:
                app.journal.close()
            shutil.rmtree(app.demo_folder, ignore_errors=True)
    return 0
