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

from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import count

from banker.core import commands as c
from banker.core.engine import refusal
from banker.core.errors import NotAllowed
from banker.core.state import GameState
from banker.i18n.message import Message, msg

MOST_OPEN = 4
"""Proposals one player may have open at once (as proposer or partner)."""
KEPT_NOTES = 16
"""How many "this trade left the table, and why" notes the phones are shown."""


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
    version: int = 1
    """Counts the versions: a yes is for the version the phone showed."""
    queued: int = 0
    """When both said yes (the table's count of arrivals): the banker's queue order."""

    @property
    def parties(self) -> tuple[str, str]:
        return self.trade.player, self.trade.partner

    @property
    def command(self) -> c.Trade:
        return self.trade

    @property
    def ready(self) -> bool:
        """Both players said yes to this version: the banker's one key makes it."""
        return set(self.parties) <= self.accepted

    @property
    def waiting_for(self) -> str | None:
        """The player whose answer the proposal waits for (None once ready)."""
        return next((p for p in self.parties if p not in self.accepted), None)

    def receiver(self, deed: str) -> str:
        """Who the trade hands `deed` to."""
        return self.trade.partner if deed in self.trade.give.deeds else self.trade.player


@dataclass(frozen=True)
class Note:
    """A proposal that left the table without being made, and why: both phones show it."""

    number: int
    parties: tuple[str, str]
    said: Message


def as_seen_by(trade: c.Trade, player: str) -> c.Trade:
    """The trade with `player` first (what they give, what they get)."""
    if trade.player == player:
        return trade
    return trade.replace(player=trade.partner, partner=trade.player, give=trade.get, get=trade.give)


class Proposals:
    """The table's open proposals, by number, and the notes of those that left."""

    def __init__(self, arrivals: Callable[[], int] | None = None) -> None:
        self._open: dict[int, Proposal] = {}
        self._next = 1
        self._arrivals = arrivals or count(1).__next__
        """Counts what arrives in the banker's queue (shared with the requests)."""
        self.notes: deque[Note] = deque(maxlen=KEPT_NOTES)
        """The latest proposals that left the table unmade, each with why."""

    def __iter__(self) -> Iterator[Proposal]:
        return iter(list(self._open.values()))

    def get(self, number: int) -> Proposal | None:
        return self._open.get(number)

    def of(self, player: str) -> list[Proposal]:
        """The proposals `player` is a party to, oldest first."""
        return [p for p in self._open.values() if player in p.parties]

    def ready(self) -> list[Proposal]:
        """The proposals both players accepted, in the order they became ready: the
        banker's to make."""
        return sorted((p for p in self._open.values() if p.ready), key=lambda p: p.queued)

    def propose(self, state: GameState, player: str, trade: c.Trade) -> Proposal:
        """`player` proposes `trade` (written with them first) to its partner. Of
        `trade.lift`, only the mortgages `player` would receive count: each receiver
        chooses for themselves.

        Raises:
            BankerError: the trade would be refused now (the core's reason), it is not
                `player`'s to propose, or the player has `MOST_OPEN` proposals open.
        """
        if trade.player != player:
            raise NotAllowed("{p} can only propose a trade of their own.", p=player)
        if trade.partner == player:
            raise NotAllowed("A trade is between two players.")
        for someone in (trade.player, trade.partner):
            if len(self.of(someone)) >= MOST_OPEN:
                raise NotAllowed(
                    "{p} already has {n} trades waiting: answer one first.",
                    p=someone,
                    n=MOST_OPEN,
                )
        trade = _with_lifts(trade, player, trade.lift, [])
        _check(state, trade)
        proposal = Proposal(self._next, trade, player, frozenset({player}))
        self._open[proposal.number] = proposal
        self._next += 1
        return proposal

    def change(
        self, state: GameState, player: str, number: int, trade: c.Trade, version: int
    ) -> Proposal:
        """`player` changes version `version` of proposal `number` to `trade` (written with
        either player first): the new version carries only their yes and goes back to the
        other, who keeps their own lift choices on what they still receive."""
        proposal = self._party(player, number, version)
        if {trade.player, trade.partner} != set(proposal.parties):
            a, b = proposal.parties
            raise NotAllowed("A changed trade stays between {a} and {b}.", a=a, b=b)
        trade = _with_lifts(
            as_seen_by(trade, proposal.trade.player), player, trade.lift, proposal.trade.lift
        )
        _check(state, trade)
        changed = Proposal(number, trade, player, frozenset({player}), proposal.version + 1)
        self._open[number] = changed
        return changed

    def accept(
        self,
        state: GameState,
        player: str,
        number: int,
        version: int,
        lift: list[str] | None = None,
    ) -> Proposal:
        """`player` says yes to version `version`, choosing with `lift` (if given) which
        mortgages they receive to lift at once; checked against the game now (a stale
        proposal is taken off the table, with its reason)."""
        proposal = self._party(player, number, version)
        trade = proposal.trade
        if lift is not None:
            trade = _with_lifts(trade, player, lift, trade.lift)
        reason = refusal(state, trade)
        if reason is not None:
            self._close(proposal, msg("The trade no longer holds: {why}", why=reason))
            raise NotAllowed("The trade no longer holds, so it was taken back: {why}", why=reason)
        accepted = Proposal(
            number, trade, proposal.by, proposal.accepted | {player}, proposal.version
        )
        if accepted.ready:
            accepted = Proposal(
                number, trade, proposal.by, accepted.accepted, proposal.version, self._arrivals()
            )
        self._open[number] = accepted
        return accepted

    def decline(self, player: str, number: int) -> Proposal:
        """`player` declines (or, as its proposer, withdraws) proposal `number`."""
        proposal = self._party(player, number)
        if player == proposal.trade.player:
            said = msg("{p} withdrew the trade.", p=player)
        else:
            said = msg("{p} declined the trade.", p=player)
        self._close(proposal, said)
        return proposal

    def refuse(self, number: int, why: Message) -> Proposal | None:
        """The banker declines a ready trade, saying why: both phones show it."""
        proposal = self._open.get(number)
        if proposal is not None:
            self._close(proposal, msg("The banker declined the trade: {why}", why=why))
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
                self._close(proposal, msg("The trade no longer holds: {why}", why=reason))
                gone.append((proposal, reason))
        return gone

    def _close(self, proposal: Proposal, said: Message) -> None:
        del self._open[proposal.number]
        self.notes.append(Note(proposal.number, proposal.parties, said))

    def _party(self, player: str, number: int, version: int | None = None) -> Proposal:
        proposal = self._open.get(number)
        if proposal is None:
            raise NotAllowed("That trade is no longer on the table.")
        if player not in proposal.parties:
            raise NotAllowed("{p} is not a party to this trade.", p=player)
        if version is not None and version != proposal.version:
            raise NotAllowed("The trade was changed meanwhile: read it again before answering.")
        return proposal


def _with_lifts(trade: c.Trade, player: str, chosen: list[str], before: list[str]) -> c.Trade:
    """`trade` with `player`'s lift choices `chosen` for the deeds they receive, and the
    other player's choices `before` for the deeds the other still receives."""
    mine = set(trade.get.deeds if trade.player == player else trade.give.deeds)
    theirs = set(trade.give.deeds if trade.player == player else trade.get.deeds)
    lift = [d for d in chosen if d in mine] + [d for d in before if d in theirs]
    return trade if lift == trade.lift else trade.replace(lift=lift)


def _check(state: GameState, trade: c.Trade) -> None:
    reason = refusal(state, trade)
    if reason is not None:
        raise NotAllowed("The trade would be refused: {why}", why=reason)
