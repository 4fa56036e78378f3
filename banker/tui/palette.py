"""The command palette (ctrl+p): every banker action by name, in the game's language."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from banker.i18n.languages import LANGUAGES
from banker.i18n.message import N_
from banker.tui.speech import _

ACTIONS: tuple[tuple[str, str, str], ...] = (
    (
        N_("Landed on a square"),
        "landed",
        N_("Rent, buy, tax, cards, GO, jail or Free Parking for the selected player"),
    ),
    (N_("Pass GO"), "pass_go", N_("The bank pays the selected player the salary")),
    (
        N_("Next turn"),
        "next_turn",
        N_("The turn passes to the next player still in the game (space)"),
    ),
    (N_("Pay"), "pay", N_("A player pays the bank or another player")),
    (N_("Collect from the bank"), "collect", N_("The bank pays the selected player an amount")),
    (N_("Build or sell houses and hotels"), "build", N_("Per lot, for a whole colour group")),
    (
        N_("Mortgage or lift a mortgage"),
        "mortgage",
        N_("The selected player's deeds, with the interest"),
    ),
    (N_("Lift mortgages"), "lift", N_("The selected player's mortgaged deeds, one after another")),
    (N_("Trade"), "trade", N_("Cash, deeds and jail cards between two players")),
    (N_("Leave jail"), "jail", N_("Pay the fine or use a Get Out of Jail Free card")),
    (N_("Auction"), "auction", N_("The auctioneer's screen for the open auction")),
    (
        N_("Raise funds"),
        "raise_funds",
        N_("Sell and mortgage to pay a debt; settle or go bankrupt"),
    ),
    (N_("End the game"), "end_game", N_("Standings by worth, the winner, the final statement")),
    (
        N_("Command bar"),
        "command_bar",
        N_("Type a command: rent bob board, build alice park 2"),
    ),
    (N_("Undo"), "undo", N_("Take back the last change")),
    (N_("Redo"), "redo", N_("Put back the last undone change")),
    (N_("History"), "history", N_("Every entry of the game, latest first, searchable")),
    (N_("New game"), "new_game", N_("Start another game")),
    (N_("Share the table"), "share", N_("The QR code the players scan to follow on their phones")),
)
"""(name, ledger action, help) for each entry of the palette, in English; shown translated."""


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
