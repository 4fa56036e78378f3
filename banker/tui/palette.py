"""The command palette (ctrl+p): every banker action by name."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

ACTIONS: tuple[tuple[str, str, str], ...] = (
    (
        "Landed on a square",
        "landed",
        "Rent, buy, tax, cards, GO, jail or Free Parking for the selected player",
    ),
    ("Pass GO", "pass_go", "The bank pays the selected player the salary"),
    ("Pay", "pay", "A player pays the bank or another player"),
    ("Collect from the bank", "collect", "The bank pays the selected player an amount"),
    ("Build or sell houses and hotels", "build", "Per lot, for a whole colour group"),
    ("Mortgage or lift a mortgage", "mortgage", "The selected player's deeds, with the interest"),
    ("Trade", "trade", "Cash, deeds and jail cards between two players"),
    ("Leave jail", "jail", "Pay the fine or use a Get Out of Jail Free card"),
    ("Auction", "auction", "The auctioneer's screen for the open auction"),
    ("Raise funds", "raise_funds", "Sell and mortgage to pay a debt; settle or go bankrupt"),
    ("End the game", "end_game", "Standings by worth, the winner, the final statement"),
    ("Command bar", "command_bar", "Type a command: rent bob board, build alice park 2"),
    ("Undo", "undo", "Take back the last change"),
    ("Redo", "redo", "Put back the last undone change"),
    ("New game", "new_game", "Start another game"),
)
"""(name, ledger action, help) for each entry of the palette."""


class BankerCommands(Provider):
    """Offers the ledger's actions by name; they act on the selected player."""

    def _ledger_actions(self) -> list[tuple[str, str, str]]:
        if not hasattr(self.screen, "action_landed"):
            return []
        return list(ACTIONS)

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
