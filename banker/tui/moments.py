"""What a change of the game calls for on screen, done by the app after every change:
close the screens whose moment has passed, open the one the new moment needs (an
auction, a debt to raise funds for, the end of the game).

Loaded at the first change, not before the first screen: the screens it opens cost about
90 ms to import (`banker.tui.app` imports it there, with that reason).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from banker.core.offers.cash import owed_by_player
from banker.core.state import GameState
from banker.tui.screens.auction import AuctionScreen
from banker.tui.screens.end_game import EndGameScreen
from banker.tui.screens.follow import Follows
from banker.tui.screens.raise_funds import RaiseFundsScreen

if TYPE_CHECKING:
    from banker.tui.app import BankerApp


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
