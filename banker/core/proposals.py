"""Trades two players work out on their own phones before the banker makes them.

One player proposes a trade (what they give, what they ask); the other accepts it,
declines it, or changes it, and a changed trade goes back to the first. A trade is ready
for the banker only when both players have accepted the same version of it: nothing
leaves a player's hands without that player's yes on their own link. Each step is checked
as the `trade` command itself would be, so a refusal comes with the core's own reason;
a proposal the game moved under (a deed sold meanwhile, cash spent) goes stale and says
why. Proposals live at the table (the app keeps them), not in the journal: only the trade
the banker makes is journaled, with where it came from.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from banker.core import commands as c
from banker.core.engine import refusal
from banker.core.errors import NotAllowed
from banker.core.money import Message, msg
from banker.core.state import GameState

MOST_OPEN = 4
"""Proposals one player may have open at once (as proposer or partner)."""


@dataclass(frozen=True)
class Proposal:
    """One version of a trade between two players, and who has accepted it."""

    number: int
    """The proposal's number at the table, the same through its versions."""
    trade: c.Trade
    """`trade.player` proposed it first; `trade.partner` is the other player."""
    by: str
    """Who wrote this version (their yes comes with it)."""
    accepted: frozenset[str] = field(default_factory=frozenset)

    @property
    def parties(self) -> tuple[str, str]:
        return self.trade.player, self.trade.partner

    @property
    def ready(self) -> bool:
        """Both players said yes to this version: the banker's one key makes it."""
        return set(self.parties) <= self.accepted

    @property
    def waiting_for(self) -> str | None:
        """The player whose answer the proposal waits for (None once ready)."""
        return next((p for p in self.parties if p not in self.accepted), None)


def as_seen_by(trade: c.Trade, player: str) -> c.Trade:
    """The trade with `player` first (what they give, what they get)."""
    if trade.player == player:
        return trade
    return trade.replace(player=trade.partner, partner=trade.player, give=trade.get, get=trade.give)


class Proposals:
    """The table's open proposals, by number."""

    def __init__(self) -> None:
        self._open: dict[int, Proposal] = {}
        self._next = 1

    def __iter__(self) -> Iterator[Proposal]:
        return iter(list(self._open.values()))

    def get(self, number: int) -> Proposal | None:
        return self._open.get(number)

    def of(self, player: str) -> list[Proposal]:
        """The proposals `player` is a party to, oldest first."""
        return [p for p in self._open.values() if player in p.parties]

    def ready(self) -> list[Proposal]:
        """The proposals both players accepted, oldest first: the banker's to make."""
        return [p for p in self._open.values() if p.ready]

    def propose(self, state: GameState, player: str, trade: c.Trade) -> Proposal:
        """`player` proposes `trade` (written with them first) to its partner.

        Raises:
            BankerError: the trade would be refused now (the core's reason), it is not
                `player`'s to propose, or the player has `MOST_OPEN` proposals open.
        """
        if trade.player != player:
            raise NotAllowed("{p} can only propose a trade of their own.", p=player)
        for someone in (trade.player, trade.partner):
            if len(self.of(someone)) >= MOST_OPEN:
                raise NotAllowed(
                    "{p} already has {n} trades waiting: answer one first.",
                    p=someone,
                    n=MOST_OPEN,
                )
        _check(state, trade)
        proposal = Proposal(self._next, trade, player, frozenset({player}))
        self._open[proposal.number] = proposal
        self._next += 1
        return proposal

    def change(self, state: GameState, player: str, number: int, trade: c.Trade) -> Proposal:
        """`player` changes proposal `number` to `trade` (written with either player
        first): the new version carries only their yes and goes back to the other."""
        proposal = self._party(player, number)
        if {trade.player, trade.partner} != set(proposal.parties):
            a, b = proposal.parties
            raise NotAllowed("A changed trade stays between {a} and {b}.", a=a, b=b)
        trade = as_seen_by(trade, proposal.trade.player)
        _check(state, trade)
        changed = Proposal(number, trade, player, frozenset({player}))
        self._open[number] = changed
        return changed

    def accept(self, state: GameState, player: str, number: int) -> Proposal:
        """`player` says yes to the version on the table; checked against the game now
        (a stale proposal is taken off the table, with its reason)."""
        proposal = self._party(player, number)
        reason = refusal(state, proposal.trade)
        if reason is not None:
            del self._open[number]
            raise NotAllowed("The trade no longer holds, so it was taken back: {why}", why=reason)
        accepted = Proposal(number, proposal.trade, proposal.by, proposal.accepted | {player})
        self._open[number] = accepted
        return accepted

    def decline(self, player: str, number: int) -> Proposal:
        """`player` declines (or, as its proposer, withdraws) proposal `number`."""
        proposal = self._party(player, number)
        del self._open[number]
        return proposal

    def made(self, number: int) -> None:
        """The banker made the trade: it leaves the table."""
        self._open.pop(number, None)

    def stale(self, state: GameState) -> list[tuple[Proposal, Message]]:
        """Take off the table every proposal the game moved under, each with why."""
        gone = []
        for proposal in list(self._open.values()):
            reason = refusal(state, proposal.trade)
            if reason is not None:
                del self._open[proposal.number]
                gone.append((proposal, reason))
        return gone

    def _party(self, player: str, number: int) -> Proposal:
        proposal = self._open.get(number)
        if proposal is None:
            raise NotAllowed("That trade is no longer on the table.")
        if player not in proposal.parties:
            raise NotAllowed("{p} is not a party to this trade.", p=player)
        return proposal


def _check(state: GameState, trade: c.Trade) -> None:
    reason = refusal(state, trade)
    if reason is not None:
        raise NotAllowed("The trade would be refused: {why}", why=reason)


def agreed(receipt: Message, trade: c.Trade) -> Message:
    """A trade's receipt as the journal keeps it when both players agreed on their phones."""
    return msg(
        "{what} (agreed on {a}'s and {b}'s phones)", what=receipt, a=trade.player, b=trade.partner
    )
