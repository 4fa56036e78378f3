"""Screens of the open game.

`InTheGame` gives a screen the game as journaled (`self.state`) and the app
(`self.banker`), and subscribes it to the app's `game_changed` signal. After every change
the app publishes the change: screens that show part of the game redraw (through the
signal); those whose moment has passed (the auction closed, the debt settled) close
themselves when back on top (`Follows`), and the app opens the screen the new moment
needs (`banker.tui.moments`). A screen never opens another for the game's sake.
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
