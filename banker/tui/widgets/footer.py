"""The keys along the bottom of the ledger: Textual's footer, drawn with the first frame."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class KeysFooter(Footer):
    """Textual's footer with two changes for the first screen of the app.

    Its keys are drawn in the screen's first frame (Textual's own footer waits for a
    later one), and a burst of key changes (the screen mounting, the focus settling)
    redraws it once rather than once per change.
    """

    def __init__(self, compact: bool = False) -> None:
        super().__init__(compact=compact)
        # The screen's keys are known as soon as it composes: no need to wait for them.
        self.set_reactive(Footer._bindings_ready, True)
        self._redraw_pending = False

    def bindings_changed(self, screen: Screen[object]) -> None:
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        if not self._redraw_pending:
            self._redraw_pending = True
            self.call_after_refresh(self._redraw)

    async def _redraw(self) -> None:
        self._redraw_pending = False
        await self.recompose()
