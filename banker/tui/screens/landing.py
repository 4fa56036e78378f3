"""A landing, run for the ledger: where the token went (a player in jail is asked
first), the move journaled, then what the core says follows (`core.offers.arrival`): the
square's dialog with the offers it worked out, or a word that there is nothing to do;
after a card that moved the token, the new square's dialog.

The screens are steps that return what the banker chose; this runs them in order and
decides nothing: every "what next" is the core's. The dialogs are imported when first
opened, not before the app's first screen (each import below says "start-up").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from banker.tui.speech import said

if TYPE_CHECKING:
    from banker.core import commands as c
    from banker.core.offers.landing import LandingOffers
    from banker.tui.screens.ledger import LedgerScreen
    from banker.tui.screens.picker import Destination
    from banker.tui.words import Landing


class LandingRun:
    """One landing of `player`, from the key that starts it to the last dialog."""

    def __init__(self, ledger: LedgerScreen, player: str) -> None:
        self.ledger = ledger
        self.player = player

    def start(self) -> None:
        """Where the token went: a player in jail is asked first (the fine, a card, or
        the throw), then the square picker."""
        from banker.core.offers.arrival import asks_jail_first  # start-up
        from banker.tui.screens.jail import JailScreen  # start-up

        state = self.ledger.state
        if asks_jail_first(state, self.player):
            self.ledger.app.push_screen(JailScreen(state, self.player), self._out_of_jail)
            return
        self._pick()

    def _pick(self) -> None:
        from banker.tui.screens.picker import SquarePicker  # start-up

        self.ledger.app.push_screen(SquarePicker(self.ledger.state, self.player), self._moved)

    def _out_of_jail(self, chosen: c.Command | str | None) -> None:
        """The fine paid or the card used (then the throw), or the throw from jail."""
        if chosen is None:
            return
        if not isinstance(chosen, str) and not self.ledger.banker.do(chosen):
            return
        self._pick()

    def _moved(self, place: Destination | None) -> None:
        """The token went where the banker said: the move is journaled (the salary with it
        when the dice or a square named ahead took it past GO; a correction pays nothing),
        then what the core says follows."""
        from banker.core import commands as c  # start-up
        from banker.core.offers.arrival import after_move  # start-up
        from banker.core.turns import position  # start-up

        if place is None:
            return
        ledger, player = self.ledger, self.player
        move: c.MoveToken | None = None
        if place.square is None:
            pass  # a card named: drawn where the token stands
        elif place.fix:
            move = c.MoveToken(player=player, how="fix", square=place.square)
        elif place.by_dice:
            move = c.MoveToken(player=player, how="dice", dice=place.dice, doubles=place.doubles)
        elif place.square != position(ledger.state, player):
            move = c.MoveToken(player=player, how="forward", square=place.square)
        if move is not None and not ledger.banker.do(move):
            return
        landing = place.landing
        arrival = after_move(
            ledger.state,
            player,
            deed=landing.deed,
            square=landing.square,
            card=landing.card,
            moved=place.moved,
            passed_go=place.passed_go,
            by_dice=place.by_dice,
            fix=place.fix,
        )
        if arrival.dialog:
            self.open(landing, arrival.offers, place.dice)
        elif not place.fix:
            ledger.quiet_landing(" ".join(said(m) for m in arrival.says))

    def open(
        self, landing: Landing, offers: LandingOffers | None, dice: int | None = None
    ) -> None:
        """The landing's dialog with the offers the core worked out (None for a card named
        in the picker: the card's own); `dice`, the throw that brought the token there,
        is a utility's rent (its field starts filled in)."""
        from banker.tui.screens.landed import LandedScreen  # start-up

        screen = LandedScreen(self.ledger.state, self.player, landing, offers, dice)
        self.ledger.app.push_screen(
            screen, lambda command: self._after_landing(command, screen.phone_origin(command))
        )

    def _after_landing(self, command: c.Command | None, phone: str | None = None) -> None:
        """The dialog's answer journaled; after a card that moved the token, the new
        square's dialog with the offers the core worked out for it."""
        from banker.core.offers.arrival import after_card  # start-up
        from banker.tui.words import landing_at  # start-up

        ledger = self.ledger
        before = ledger.state.landing
        if command is None or not ledger.banker.do(command, phone):
            return
        moved = after_card(before, ledger.state, command)
        if moved is not None:
            onward = LandingRun(ledger, moved.player)
            onward.open(landing_at(ledger.state.edition, moved.square), moved.offers)
