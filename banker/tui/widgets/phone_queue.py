"""What the players asked for on their phones and wait for the banker to make: the oldest
shown whole (who, what, what it costs), one key to make it, one to decline it."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from textual.widgets import Static

from banker.tui.speech import _, said

if TYPE_CHECKING:
    from banker.core.asks import Asked
    from banker.core.proposals import Proposal
    from banker.core.state import GameState

Queued: TypeAlias = "Proposal | Asked"
"""What waits for the banker: a trade both players accepted, or one player's request."""


def queued_lines(state: GameState, item: Queued) -> list[str]:
    """What waits, whole, worked out on the game as it stands: who asked, what, and what
    it does (a trade's both sides, the bank's fees or lifts, each player's cash after; a
    request's cash, rents and bank supply after)."""
    # imported here: the ledger's first frame draws this widget empty (start-up kept)
    from banker.core.asks import Asked, as_it_stands
    from banker.core.offers.trading import trade_terms
    from banker.tui.words import trade_lines

    if isinstance(item, Asked):
        offer = as_it_stands(state, item)
        lines = [
            _("{p} asks from their phone: {what}").format(p=item.player, what=said(offer.label))
        ]
        lines += [said(line) for line in offer.effect]
        if offer.refusal is not None:
            lines.append(said(offer.refusal))
        return lines
    trade = item.trade
    lines = [_("{a} and {b} agreed on their phones:").format(a=trade.player, b=trade.partner)]
    terms = trade_terms(state, trade)
    lines += trade_lines(state, terms)
    if terms.refusal is not None:
        lines.append(said(terms.refusal))
    return lines


class PhoneQueue(Static):
    """The banker's queue of what the phones asked for: hidden while it is empty."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.display = False  # until something waits

    def show(self, state: GameState | None, queue: list[Queued]) -> None:
        self.display = bool(queue) and state is not None
        if state is None or not queue:
            self.update("")
            return
        self.border_title = _("From the phones ({n})").format(n=len(queue))
        self.border_subtitle = _("y make it · x decline")
        self.update("\n".join(queued_lines(state, queue[0])))
