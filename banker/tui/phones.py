"""The app's side of the players' phones: what a phone does through the banker's app,
the game's one writer. A phone's act is applied in the app's own turn among the banker's
keys, as the command the banker would type, journaled as from that player's phone; a
request waits in the ledger's "From the phones" box for the banker's one key; an answer
to the landing dialog fills it.

The phones' models (`banker.web.actions`, with pydantic) load with the first phone that
acts, never before the app's first screen.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, cast

from banker.core.errors import BankerError
from banker.i18n.message import Message, msg
from banker.tui.screens.ledger import LedgerScreen
from banker.tui.speech import _

if TYPE_CHECKING:
    from banker.core.commands import Command
    from banker.core.phone import Phones
    from banker.core.state import GameState
    from banker.tui.app import BankerApp
    from banker.tui.widgets.phone_queue import Queued
    from banker.web.actions import Answer, AskRequest, GameRequest


class PhoneDesk:
    """What the app does for the phones (mixed into `BankerApp`)."""

    async def phone_act(self, seat: int, request: GameRequest) -> Answer:
        """A player's phone acts (the table view's actor): applied by the app, the game's
        one writer, in its own turn among the banker's keys, as the command the banker
        would type; journaled as from that player's phone. The phone is told the receipt
        or the reason; the banker sees the receipt as after a key."""
        from banker.web.actions import Answer, AnswerRequest, AskRequest, asked  # start-up

        app = cast("BankerApp", self)

        done: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()

        def act() -> None:
            journal = app.journal
            if journal is None:
                done.set_result(Answer(False, msg("No game is open.")))
                return
            state = journal.game.state
            taxing = None if app.table_view is None else app.table_view.taxing
            command = asked(state, seat, request, taxing)
            if isinstance(command, Message):
                done.set_result(Answer(False, command))
            elif isinstance(request, AskRequest):
                done.set_result(app._request_from_phone(state, seat, request, command))
            elif isinstance(request, AnswerRequest):
                done.set_result(app._answer_from_phone(state, seat, command, request.lot))
            else:
                done.set_result(app._apply_for_phone(command, state.players[seat].name))

        app.call_next(act)
        return await done

    def _apply_for_phone(self, command: Command, player: str) -> Answer:
        """Apply what `player`'s phone asked for, as a key would: the receipt or the
        reason, for the phone."""
        from banker.web.actions import Answer  # start-up: pydantic, after the first screen

        app = cast("BankerApp", self)

        try:
            receipt = app._changed(lambda j: j.apply(command, player), new_command=True)
        except BankerError as exc:
            return Answer(False, exc.message)
        except Exception:  # noqa: BLE001 - shown and logged by `_changed` (its _Unexpected)
            return Answer(False, msg("The banker's app could not do it: the banker sees why."))
        return Answer(True, receipt)

    def _request_from_phone(
        self, state: GameState, seat: int, request: AskRequest, command: Command
    ) -> Answer:
        """A request from a player's page: into the banker's queue for one key, or (house
        rule for its kind) applied at once."""
        from banker.tui.screens.raise_funds import RaiseFundsScreen  # start-up
        from banker.web.actions import Answer  # start-up: pydantic, after the first screen

        app = cast("BankerApp", self)

        player = state.players[seat].name
        view = app.table_view
        if request.kind == "tax":  # answers the landing dialog, as buy or auction does
            return app._answer_from_phone(state, seat, command)
        if request.kind in state.rules.phone_requests_at_once or view is None:
            return app._apply_for_phone(command, player)
        try:
            asked = view.asks.add(state, player, request.kind, request.key)
        except BankerError as exc:
            return Answer(False, exc.message)
        view.moved()
        app.queue_changed()
        screen = app.screen  # the banker is raising this player's funds: shown there too
        if isinstance(screen, RaiseFundsScreen) and screen.player == player:
            screen.answered_by_phone(command, player)
        return Answer(True, msg("Sent to the banker: {what}", what=asked.offer.label))

    def _answer_from_phone(
        self, state: GameState, seat: int, command: Command, deed: str | None = None
    ) -> Answer:
        """A "buy" or "auction" of `deed`, or an income-tax choice, from the phone of the
        player whose landing the banker's dialog asks about: it fills the dialog for the
        banker's one key, or (house rule) is applied at once."""
        from banker.core.engine import refusal  # start-up: the rules, after the first screen
        from banker.tui.screens.landed import LandedScreen  # start-up
        from banker.web.actions import Answer  # start-up: pydantic, after the first screen

        app = cast("BankerApp", self)

        player = state.players[seat].name
        screen = app.screen
        if deed is None:  # the income-tax choice
            if not isinstance(screen, LandedScreen) or screen.taxes != player:
                return Answer(False, msg("The banker is not asking about income tax now."))
            at_once = "tax" in state.rules.phone_requests_at_once
        elif not isinstance(screen, LandedScreen) or screen.asks != (player, deed):
            return Answer(False, msg("The banker is not asking about {deed} now.", deed=deed))
        else:
            at_once = state.rules.phone_answers_at_once
        reason = refusal(state, command)  # before the dialog closes on a refused answer
        if reason is not None:
            return Answer(False, reason)
        if not at_once:
            return Answer(True, screen.answered_by_phone(command, player))
        screen.dismiss(None)  # the dialog is answered: the ledger (or the auction) follows
        return app._apply_for_phone(command, player)

    def phone_queue(self) -> list[Queued]:
        """What the phones asked for and waits for the banker, oldest first: the trades
        both players accepted on their own phones, and the players' requests."""
        app = cast("BankerApp", self)
        view = app.table_view
        if view is None or view.actor is None:
            return []
        waiting: list[Queued] = [*view.proposals.ready(), *view.asks]
        return sorted(waiting, key=lambda item: item.queued)

    def queue_changed(self) -> None:
        """The phones' queue changed (the table view says so): the ledger redraws it."""
        app = cast("BankerApp", self)
        for screen in app.screen_stack:
            if isinstance(screen, LedgerScreen) and screen.is_mounted:
                screen.show_queue()

    def make_from_phones(self) -> bool:
        """Apply the oldest thing the phones asked for: a trade journaled as agreed on
        both phones, a request as from its player's phone. Refused (the game moved under
        it): taken off with its reason, which the phones show."""
        from banker.core.asks import Asked  # start-up: the rules, after the first screen

        app = cast("BankerApp", self)

        view = app.table_view
        queue = app.phone_queue()
        if view is None or not queue:
            return False
        item = queue[0]
        phone: Phones = item.player if isinstance(item, Asked) else item.parties
        made = app.do(item.command, phone=phone)
        if not made:
            view.check_proposals()
        elif isinstance(item, Asked):
            view.asks.done(item.number)
        else:
            view.proposals.made(item.number)
        view.moved()
        app.queue_changed()
        return made

    def decline_from_phones(self, item: Queued, why: str) -> None:
        """The banker declines what the phones asked for: the phones read `why`."""
        from banker.core.asks import Asked  # start-up: the rules, after the first screen

        app = cast("BankerApp", self)

        view = app.table_view
        if view is None:
            return
        reason = msg("{why}", why=why)
        if isinstance(item, Asked):
            view.asks.refuse(item.number, reason)
        else:
            view.proposals.refuse(item.number, reason)
        view.moved()
        app.queue_changed()
        app.notify(_("Declined: the phones say why."), timeout=4)

    def ask_phone(self, player: str, deed: str) -> None:
        """The landing dialog asks buy or auction: so does the player's own page."""
        app = cast("BankerApp", self)
        if app.table_view is not None and app.table_view.actor is not None:
            app.table_view.ask(player, deed)

    def unask_phone(self) -> None:
        app = cast("BankerApp", self)
        if app.table_view is not None:
            app.table_view.unask()

    def ask_tax(self, player: str | None) -> None:
        """The landing dialog asks `player` how to pay income tax (None: it closed): so
        does the player's own page."""
        app = cast("BankerApp", self)
        if app.table_view is not None and app.table_view.actor is not None:
            app.table_view.ask_tax(player)
