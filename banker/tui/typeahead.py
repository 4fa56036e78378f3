"""Keys typed ahead: an app that takes each key only once what the keys before it did has
settled, so a banker or a director typing faster than the screens open loses nothing and
nothing reaches the wrong screen."""

from __future__ import annotations

import asyncio
from collections import deque

from textual import events, work
from textual.app import App
from textual.screen import Screen


class TypesAheadApp(App[None]):
    """An app whose typed keys wait, in order, until every screen's messages are handled
    and the screen on top is mounted with its focus in place; a worker hands them back
    one at a time."""

    TYPE_AHEAD_LOOKS = 500
    """How many times (about 2 ms apart) a typed-ahead key looks for the screens to settle
    before it is delivered anyway: a screen that never settles cannot hold the keyboard."""

    def __init__(self) -> None:
        super().__init__()
        self._typed_ahead: deque[events.Key] = deque()
        """Keys typed before what they are meant for was ready, in the order typed."""
        self._released: events.Key | None = None
        """The typed-ahead key handed back to the app, which lets it through this once."""
        self.keys_held = 0
        """Actions still making what the next keys are meant for (a bar, a screen being
        opened): while above 0, typed keys wait."""

    async def on_event(self, event: events.Event) -> None:
        """Deliver each key only once what the keys before it did has settled.

        A banker typing `l`, `board`, Enter, `b` faster than the screens open would
        otherwise have `board` reach the ledger (where `b` builds) before the square
        picker is up; a director typing `start` and Enter as the board opens would have
        them reach the blank screen before it.
        """
        if isinstance(event, events.Key) and event.key == "ctrl+j":
            # Return typed before the terminal was switched to raw mode reaches the app as a
            # newline (the terminal's own CR-to-NL): it is the Enter that was pressed.
            event = events.Key("enter", "\r")
        if isinstance(event, events.Key) and not event.is_forwarded:
            if not self.screen_stack:
                return  # the app is closing: no screen is left to take a key
            if event is self._released:
                self._released = None
            elif self._typed_ahead or not self._settled():
                self._typed_ahead.append(event)
                if len(self._typed_ahead) == 1:
                    self._deliver_typed_ahead()
                return
        await super().on_event(event)

    def type_again(self, key: events.Key) -> None:
        """A key a screen took only to close itself for the screen that comes next (a
        digit on a deed for sale opens the auction with it): it goes to that screen,
        before any key typed after it."""
        self._typed_ahead.appendleft(events.Key(key.key, key.character))
        if len(self._typed_ahead) == 1:
            self._deliver_typed_ahead()

    @work(exclusive=True, group="typed-ahead", exit_on_error=False)
    async def _deliver_typed_ahead(self) -> None:
        while self._typed_ahead and self.screen_stack:
            for _look in range(self.TYPE_AHEAD_LOOKS):
                if self._settled():
                    break
                await asyncio.sleep(0.002)
            key = self._typed_ahead.popleft()
            self._released = key
            self.post_message(key)
            while self._released is key:  # until the app has taken it in its turn
                await asyncio.sleep(0)

    def _settled(self) -> bool:
        """No screen has messages waiting, and the top screen is up with its focus."""
        screen = self.screen
        if not screen.is_mounted or self.keys_held:
            return False
        if type(screen) is Screen:
            return False  # Textual's blank first screen: the app's own screen is coming
        if screen.focused is None and screen.focus_chain:
            return False
        return not self.message_queue_size and not any(
            node.message_queue_size
            for shown in self.screen_stack
            for node in shown.walk_children(with_self=True)
        )
