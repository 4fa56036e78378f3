"""Screens of the open game, and the screens a change of the game calls for.

`InTheGame` gives a screen the game as journaled (`self.state`) and the app
(`self.banker`), and subscribes it to the app's `game_changed` signal. After every change
the app publishes the change and hands the state before and after to `follow_up`: screens
that show part of the game redraw (through the signal); those whose moment has passed (the
auction closed, the debt settled) close themselves; and the screen the new moment needs is
opened on top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from textual.screen import Screen

    from banker.core.state import GameState
    from banker.tui.app import BankerApp, GameChange

    _ScreenBase = Screen[Any]
else:
    _ScreenBase = object


class InTheGame(_ScreenBase):
    """A screen of the open game: mixed in before the Textual screen class."""

    @property
    def banker(self) -> BankerApp:
        """The app, with the open game's journal."""
        return cast("BankerApp", self.app)

    @property
    def state(self) -> GameState:
        """The open game as journaled now."""
        return self.banker.state

    def on_mount(self) -> None:
        self.banker.game_changed.subscribe(self, self.follow_change, immediate=True)

    def follow_change(self, change: GameChange) -> None:
        """The game changed: redraw (screens override this or `game_changed`)."""
        self.game_changed()

    def game_changed(self) -> None:
        """Redraw from the game as journaled now."""


class Follows(InTheGame):
    """A screen that shows part of the game and follows it as it changes."""

    def stale(self) -> bool:
        """True once what the screen is for has passed; it then closes itself."""
        return False

    def on_screen_resume(self) -> None:
        """Back on top: close if the moment has passed meanwhile, else redraw."""
        screen = cast("Screen[object]", self)
        if screen.app.screen is not screen:
            return  # a screen is only ever closed from the top of the stack
        if self.stale():
            screen.dismiss(None)
        else:
            self.game_changed()


def follow_up(app: BankerApp, before: GameState, after: GameState, new_command: bool) -> None:
    """Close the screens whose moment has passed, open the one the new moment needs.

    The screens have redrawn already, through the app's `game_changed` signal.

    Args:
        app: the app, whose screen stack is changed.
        before: the game before the change.
        after: the game after it.
        new_command: a command was applied (not an undo or redo); only a command opens
            raise funds or the end of the game.
    """
    from banker.core.offers.cash import owed_by_player
    from banker.tui.screens.auction import AuctionScreen
    from banker.tui.screens.end_game import EndGameScreen
    from banker.tui.screens.raise_funds import RaiseFundsScreen

    while len(app.screen_stack) > 1:
        top = app.screen
        if not (isinstance(top, Follows) and top.stale()):
            break
        app.pop_screen()
    stack = app.screen_stack
    if new_command:
        was = owed_by_player(before)
        for debtor, amount in owed_by_player(after).items():
            shown = any(isinstance(s, RaiseFundsScreen) and s.player == debtor for s in stack)
            if amount > was.get(debtor, 0) and not shown:
                app.push_screen(RaiseFundsScreen(debtor))
    if after.auction is not None and not any(isinstance(s, AuctionScreen) for s in stack):
        app.push_screen(AuctionScreen())
    if (
        new_command
        and after.winner is not None
        and before.winner is None
        and not any(isinstance(s, EndGameScreen) for s in stack)
    ):
        app.push_screen(EndGameScreen())
