"""What a player's phone may send, checked before anything else sees it, and the answers
kept so that a phone sending the same action twice (a retry) has it applied once.

A request is one small JSON object: `{"act": "bid", "id": "…", "lot": "Boardwalk",
"amount": 120}`, `{"act": "drop", "id": "…", "lot": "Boardwalk"}`, or the answer to the
landing's question, `{"act": "buy" | "auction", "id": "…", "lot": "Boardwalk"}`. The `id` is the
phone's own, new for each action and the same for its retries. Who acts is never in it:
the link it came by says so.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from banker.core.commands import MAX_NAME, Command
from banker.core.errors import BankerError
from banker.core.money import MAX_AMOUNT, Message, msg
from banker.core.phone import PhoneAct, phone_command
from banker.core.state import GameState
from banker.store.journal import Journal

MOST_BYTES = 1024
"""The largest request a phone sends (its actions are under 200 bytes)."""
KEPT_ANSWERS = 512
"""Answers kept for retries, the oldest forgotten first."""
ACT_SECONDS = 10.0
"""How long a phone's action may wait for the banker's app before the phone is told."""
PER_SECOND = 4.0
"""Actions one player's link may send a second, on average (a burst of `BURST`)."""
BURST = 8


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    id: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{8,40}$")]
    """The phone's own name for this action: the same for its retries."""
    lot: Annotated[str, Field(min_length=1, max_length=4 * MAX_NAME)]
    """What the phone showed on offer: the action is for that lot only."""


class BidRequest(_Request):
    act: Literal["bid"]
    amount: Annotated[int, Field(ge=1, le=MAX_AMOUNT)]


class DropRequest(_Request):
    act: Literal["drop"]


class AnswerRequest(_Request):
    """Buy or auction the deed the player landed on (`lot`)."""

    act: Literal["buy", "auction"]


PhoneRequest = Annotated[BidRequest | DropRequest | AnswerRequest, Field(discriminator="act")]
READ = TypeAdapter[BidRequest | DropRequest | AnswerRequest](PhoneRequest)


@dataclass(frozen=True)
class Answer:
    """What the phone is told: done (the receipt) or not (the reason)."""

    ok: bool
    said: Message


Actor = Callable[[int, "BidRequest | DropRequest | AnswerRequest"], Awaitable[Answer]]
"""Applies a phone's action for the player in a seat (0 first), as the one writer of the
game: the banker's app."""


def read_request(body: bytes) -> BidRequest | DropRequest | AnswerRequest | Message:
    """The request, or why it is not one (in the game's words)."""
    try:
        return READ.validate_json(body)
    except ValidationError:
        return msg("The phone sent something this table does not take: reload the page.")


def asked(state: GameState, seat: int, request: PhoneRequest) -> Command | Message:
    """The command the player in `seat` asks for, or why not (the moment passed)."""
    player = state.players[seat].name
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

    async def act(seat: int, request: PhoneRequest) -> Answer:
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
