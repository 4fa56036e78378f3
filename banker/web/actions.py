"""What a player's phone may send, checked before anything else sees it, and the answers
kept so that a phone sending the same action twice (a retry) has it applied once.

A request is one small JSON object: `{"act": "bid", "id": "…", "lot": "Boardwalk",
"amount": 120}`, `{"act": "drop", "id": "…", "lot": "Boardwalk"}`, the answer to the
landing's question, `{"act": "buy" | "auction", "id": "…", "lot": "Boardwalk"}`, or a step of
a trade worked out between two phones: `propose` (the partner, what the player gives and
gets), `change` and `accept` (a proposal's number and the version the phone showed), and
`decline`. The `id` is the phone's own, new for each action and the same for its retries.
Who acts is never in it: the link it came by says so.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from banker.core import commands as c
from banker.core.asks import Asks, asked_offer
from banker.core.commands import Command
from banker.core.errors import BankerError
from banker.core.limits import MAX_AMOUNT, MAX_NAME
from banker.core.phone import PhoneAct, phone_command
from banker.core.proposals import Proposal, Proposals
from banker.core.state import GameState
from banker.i18n.message import Message, msg
from banker.store.journal import Journal

MOST_BYTES = 4096
"""The largest request a phone sends (a bid is under 200 bytes, a trade of many deeds
under 2 KB)."""
MOST_DEEDS = 28
"""The most deeds one side of a trade can name (a board's deeds)."""
KEPT_ANSWERS = 512
"""Answers kept for retries, the oldest forgotten first."""
ACT_SECONDS = 10.0
"""How long a phone's action may wait for the banker's app before the phone is told."""
PER_SECOND = 4.0
"""Actions one player's link may send a second, on average (a burst of `BURST`)."""
BURST = 8


_STRICT = ConfigDict(extra="forbid", frozen=True, strict=True)
Name = Annotated[str, Field(min_length=1, max_length=4 * MAX_NAME)]
Amount = Annotated[int, Field(ge=0, le=MAX_AMOUNT)]


class _Request(BaseModel):
    model_config = _STRICT

    id: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{8,40}$")]
    """The phone's own name for this action: the same for its retries."""


class _LotRequest(_Request):
    lot: Name
    """What the phone showed on offer: the action is for that lot only."""


class BidRequest(_LotRequest):
    act: Literal["bid"]
    amount: Annotated[int, Field(ge=1, le=MAX_AMOUNT)]


class DropRequest(_LotRequest):
    act: Literal["drop"]


class AnswerRequest(_LotRequest):
    """Buy or auction the deed the player landed on (`lot`)."""

    act: Literal["buy", "auction"]


class AskRequest(_Request):
    """One of the requests the player's page offers (`banker.core.asks`), by its kind and
    key as the page showed it."""

    act: Literal["ask"]
    kind: Literal["mortgage", "lift", "build", "sell", "settle", "jail", "tax"]
    key: Annotated[str, Field(max_length=4 * MAX_NAME)]


class WithdrawRequest(_Request):
    """The player takes back a request of theirs still waiting for the banker."""

    act: Literal["withdraw"]
    ask: Annotated[int, Field(ge=1, le=MAX_AMOUNT)]


class Side(BaseModel):
    """One side of a trade as a phone writes it."""

    model_config = _STRICT

    cash: Amount = 0
    deeds: Annotated[list[Name], Field(max_length=MOST_DEEDS)] = []
    jail_cards: Annotated[int, Field(ge=0, le=2)] = 0
    debt: Amount = 0

    def side(self) -> c.TradeSide:
        return c.TradeSide(
            cash=self.cash, deeds=list(self.deeds), jail_cards=self.jail_cards, debt=self.debt
        )


class _TradeRequest(_Request):
    give: Side
    """What the phone's own player hands over."""
    get: Side
    """What they ask of the other player."""
    lift: Annotated[list[Name], Field(max_length=MOST_DEEDS)] = []
    """Of the mortgaged deeds the player receives, those they lift at once."""


class ProposeRequest(_TradeRequest):
    act: Literal["propose"]
    partner: Name


class ChangeRequest(_TradeRequest):
    act: Literal["change"]
    trade: Annotated[int, Field(ge=1, le=MAX_AMOUNT)]
    version: Annotated[int, Field(ge=1, le=MAX_AMOUNT)]


class AcceptRequest(_Request):
    act: Literal["accept"]
    trade: Annotated[int, Field(ge=1, le=MAX_AMOUNT)]
    version: Annotated[int, Field(ge=1, le=MAX_AMOUNT)]
    """The version the phone showed: a yes is for that one only."""
    lift: Annotated[list[Name], Field(max_length=MOST_DEEDS)] = []


class DeclineRequest(_Request):
    act: Literal["decline"]
    trade: Annotated[int, Field(ge=1, le=MAX_AMOUNT)]


GameRequest = BidRequest | DropRequest | AnswerRequest | AskRequest
"""What the banker's app applies to the game (or, for a request, queues for the banker)."""
TradeRequest = ProposeRequest | ChangeRequest | AcceptRequest | DeclineRequest | WithdrawRequest
"""A step of a trade between two phones, or a request taken back: the table's proposals
and requests change, not the game."""
PhoneRequest = Annotated[GameRequest | TradeRequest, Field(discriminator="act")]
READ = TypeAdapter[GameRequest | TradeRequest](PhoneRequest)


@dataclass(frozen=True)
class Answer:
    """What the phone is told: done (the receipt) or not (the reason)."""

    ok: bool
    said: Message


Actor = Callable[[int, GameRequest], Awaitable[Answer]]
"""Applies a phone's action for the player in a seat (0 first), as the one writer of the
game: the banker's app."""


def read_request(body: bytes) -> GameRequest | TradeRequest | Message:
    """The request, or why it is not one (in the game's words)."""
    try:
        return READ.validate_json(body)
    except ValidationError:
        return msg("The phone sent something this table does not take: reload the page.")


def asked(
    state: GameState, seat: int, request: GameRequest, taxing: str | None = None
) -> Command | Message:
    """The command the player in `seat` asks for, or why not (the moment passed);
    `taxing`: the player whose income-tax choice the banker's dialog asks now."""
    player = state.players[seat].name
    if isinstance(request, AskRequest):
        try:
            tax = player == taxing
            return asked_offer(state, player, request.kind, request.key, tax).command
        except BankerError as exc:
            return exc.message
    act: PhoneAct = request.act
    amount = request.amount if isinstance(request, BidRequest) else None
    try:
        return phone_command(state, player, act, request.lot, amount)
    except BankerError as exc:
        return exc.message


def journal_actor(journal: Journal, after: Callable[[], None] = lambda: None) -> Actor:
    """An actor writing straight to `journal`, then calling `after` (a process that is the
    game's one writer and has no app: tests, a headless table). A buy or auction answered
    on a phone is applied at once: there is no banker's dialog to fill."""

    async def act(seat: int, request: GameRequest) -> Answer:
        state = journal.game.state
        command = asked(state, seat, request)
        if isinstance(command, Message):
            return Answer(False, command)
        try:
            receipt = journal.apply(command, phone=state.players[seat].name)
        except BankerError as exc:
            return Answer(False, exc.message)
        after()
        return Answer(True, receipt)

    return act


def trade_step(
    proposals: Proposals, asks: Asks, state: GameState, seat: int, request: TradeRequest
) -> Answer:
    """A step of a trade from the phone of the player in `seat`, or a request taken back:
    the table's proposals and requests change (never the game); the phone is told what
    happens next, or the core's reason."""
    player = state.players[seat].name
    try:
        if isinstance(request, WithdrawRequest):
            asks.withdraw(player, request.ask)
            return Answer(True, msg("Taken back."))
        if isinstance(request, ProposeRequest):
            proposal = proposals.propose(state, player, _trade(player, request.partner, request))
        elif isinstance(request, ChangeRequest):
            found = proposals.get(request.trade)
            other = "" if found is None else next(p for p in found.parties if p != player)
            trade = _trade(player, other or player, request)
            proposal = proposals.change(state, player, request.trade, trade, request.version)
        elif isinstance(request, AcceptRequest):
            proposal = proposals.accept(
                state, player, request.trade, request.version, list(request.lift)
            )
        else:
            proposals.decline(player, request.trade)
            return Answer(True, msg("The trade is off the table."))
    except BankerError as exc:
        return Answer(False, exc.message)
    return Answer(True, _next_step(proposal))


def _trade(player: str, partner: str, request: ProposeRequest | ChangeRequest) -> c.Trade:
    return c.Trade(
        player=player,
        partner=partner,
        give=request.give.side(),
        get=request.get.side(),
        lift=list(request.lift),
    )


def _next_step(proposal: Proposal) -> Message:
    waiting = proposal.waiting_for
    if waiting is None:
        return msg("Both said yes: the banker makes the trade.")
    return msg("Sent: waiting for {p} to answer.", p=waiting)


class Answers:
    """The answers given, by (seat, id), so a retry gets the first answer and the action
    is applied once; an action still being applied is waited for, not applied again."""

    def __init__(self) -> None:
        self._given: OrderedDict[tuple[int, str], asyncio.Future[Answer]] = OrderedDict()
        self._buckets: dict[int, tuple[float, float]] = {}

    def known(self, seat: int, request_id: str) -> asyncio.Future[Answer] | None:
        return self._given.get((seat, request_id))

    def begin(self, seat: int, request_id: str) -> asyncio.Future[Answer]:
        future: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
        self._given[(seat, request_id)] = future
        while len(self._given) > KEPT_ANSWERS:
            self._given.popitem(last=False)
        return future

    def forget(self, seat: int, request_id: str) -> None:
        """An action that was never applied (the app did not answer): a retry tries it."""
        self._given.pop((seat, request_id), None)

    def allowed(self, seat: int) -> bool:
        """Whether the player's phone may send another action now (a bucket of `BURST`
        refilled at `PER_SECOND`)."""
        now = time.monotonic()
        tokens, then = self._buckets.get(seat, (float(BURST), now))
        tokens = min(float(BURST), tokens + (now - then) * PER_SECOND)
        if tokens < 1:
            self._buckets[seat] = (tokens, now)
            return False
        self._buckets[seat] = (tokens - 1, now)
        return True
