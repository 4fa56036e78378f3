"""The command palette (ctrl+p): every banker action by name, in the game's language."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from banker.i18n.languages import LANGUAGES
from banker.tui.screens.ledger_actions import palette_entries
from banker.tui.speech import _

ACTIONS: tuple[tuple[str, str, str], ...] = palette_entries()
"""(name, ledger action, help) for each entry of the palette, in English; shown translated
(declared with each action, in `ledger_actions.ACTIONS`)."""


def entries() -> list[tuple[str, str, str]]:
    """The palette's entries in the current language, the languages last: `Language: ไทย`."""
    shown = [(_(name), action, _(help_text)) for name, action, help_text in ACTIONS]
    for code, name in LANGUAGES.items():
        shown.append(
            (
                _("Language: {name}").format(name=name),
                f"language('{code}')",
                _("The game's sentences and the screens in {name} (journaled)").format(name=name),
            )
        )
    return shown


class BankerCommands(Provider):
    """Offers the ledger's actions by name; they act on the selected player."""

    def _ledger_actions(self) -> list[tuple[str, str, str]]:
        if not hasattr(self.screen, "action_landed"):
            return []
        return entries()

    async def discover(self) -> Hits:
        for name, action, help_text in self._ledger_actions():
            yield DiscoveryHit(name, partial(self.screen.run_action, action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, action, help_text in self._ledger_actions():
            score = matcher.match(name)
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(name),
                    partial(self.screen.run_action, action),
                    help=help_text,
                )
