"""What the players asked for on their phones and wait for the banker to make: the oldest
shown whole (who, what, what it costs), one key to make it, one to decline it."""

from __future__ import annotations

from textual.widgets import Static

from banker.core.offers.trading import trade_terms
from banker.core.proposals import Proposal
from banker.core.state import GameState
from banker.tui.speech import _, said


def queued_lines(state: GameState, proposal: Proposal) -> list[str]:
    """A trade both players accepted, whole: both sides, the bank's fees on mortgaged deeds
    (or the receiver's lift), each player's cash after."""
    trade = proposal.trade
    terms = trade_terms(state, trade)
    lines = [
        _("{a} and {b} agreed on their phones:").format(a=trade.player, b=trade.partner),
        said(terms.summary),
    ]
    if terms.mortgaged:
        fees = "; ".join(said(found.said(state)) for found in terms.mortgaged)
        lines.append(_("To the bank: {fees}.").format(fees=fees))
    if terms.cash:
        lines.append(_("Cash: {moves}.").format(moves="; ".join(said(m) for m in terms.cash)))
    if terms.refusal is not None:
        lines.append(said(terms.refusal))
    return lines


class PhoneQueue(Static):
    """The banker's queue of what the phones asked for: hidden while it is empty."""

    def show(self, state: GameState | None, queue: list[Proposal]) -> None:
        self.display = bool(queue) and state is not None
        if state is None or not queue:
            self.update("")
            return
        self.border_title = _("From the phones ({n})").format(n=len(queue))
        self.border_subtitle = _("y make it · x decline")
        self.update("\n".join(queued_lines(state, queue[0])))
