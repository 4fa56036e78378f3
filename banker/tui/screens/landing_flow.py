"""The landing, as the ledger runs it: where the token went (jail first, then the
square picker), the move journaled, then the square's dialog or a word that there is
nothing to do; after a card that moved the token, the new square's dialog.

The dialogs are imported when first opened, not before the app's first screen (each
import below says "start-up").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual import events

from banker.tui.speech import _

if TYPE_CHECKING:
    from banker.core import commands as c
    from banker.tui.screens.ledger import LedgerScreen
    from banker.tui.screens.picker import Destination
    from banker.tui.words import Landing


class Lands:
    """The landing's steps (mixed into `LedgerScreen`)."""

    def action_landed(self) -> None:
        """Where the token went. A player in jail is asked first: the fine, a card, or the
        throw (RULES.md, jail); after the fine or the card the throw follows as usual."""
        from banker.tui.screens.jail import JailScreen  # start-up

        ledger = cast("LedgerScreen", self)
        if ledger.game_is_over():
            return
        player = ledger.selected
        if player in ledger.state.jail and ledger.state.rules.follow_tokens:
            ledger.app.push_screen(
                JailScreen(ledger.state, player), lambda chosen: ledger._out_of_jail(player, chosen)
            )
            return
        ledger._pick(player)

    def _pick(self, player: str) -> None:
        from banker.tui.screens.picker import SquarePicker  # start-up

        ledger = cast("LedgerScreen", self)
        ledger.app.push_screen(
            SquarePicker(ledger.state, player), lambda place: ledger._moved(player, place)
        )

    def _out_of_jail(self, player: str, chosen: c.Command | str | None) -> None:
        """The fine paid or the card used (then the throw), or the throw from jail."""
        ledger = cast("LedgerScreen", self)
        if chosen is None:
            return
        if not isinstance(chosen, str) and not ledger.banker.do(chosen):
            return
        ledger._pick(player)

    def _moved(self, player: str, place: Destination | None) -> None:
        """The token went where the banker said: the move is journaled (the salary with it
        when the dice or a square named ahead took it past GO; a correction pays nothing
        and offers nothing), then the square's offers."""
        from banker.core import commands as c  # start-up
        from banker.core.edition import SquareKind  # start-up
        from banker.core.turns import position  # start-up

        ledger = cast("LedgerScreen", self)
        if place is None:
            return
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
        if place.fix:
            return  # a correction: the receipt says it all
        if not place.moved:
            ledger._quiet_landing(_("{p} stays where the token stood.").format(p=player))
            return  # a throw that left the token where it was: the receipt
        if place.passed_go and place.landing.square is SquareKind.GO:
            ledger._quiet_landing(None)
            return  # the salary was the whole of it
        if place.by_dice and ledger._nothing_to_do(player, place):
            ledger._quiet_landing(ledger._nothing_said(player, place))
            return  # no dialog to close
        ledger._landed(player, place.landing, place.dice)

    def _quiet_landing(self, words: str | None) -> None:
        """A landing that opens no dialog: say so, and take the next key if it is one a
        landing's dialog answers to (typed for a dialog that never came, it must not
        reach the ledger: `l 5 r` onto one's own deed would open Raise funds)."""
        from banker.core.offers.landing import OFFER_KEYS  # start-up

        ledger = cast("LedgerScreen", self)
        if words:
            ledger.notify(words)
        ledger._swallow = OFFER_KEYS | {"enter"}

    def _nothing_said(self, player: str, place: Destination) -> str:
        """What the core says of a landing with nothing to pay or take."""
        from banker.core.offers.landing import land_on_deed, land_on_square  # start-up
        from banker.tui.speech import said  # start-up

        ledger = cast("LedgerScreen", self)
        landing = place.landing
        if landing.deed is not None:
            found = land_on_deed(ledger.state, player, landing.deed)
        elif landing.square is not None:
            found = land_on_square(ledger.state, player, landing.square)
        else:
            return ""
        return " ".join(said(m) for m in found.says)

    def on_key(self, event: events.Key) -> None:
        ledger = cast("LedgerScreen", self)
        swallow, ledger._swallow = ledger._swallow, frozenset()
        if event.key in swallow:
            event.stop()
            event.prevent_default()
            ledger.notify(
                _("{key}: not taken, the landing had nothing to do.").format(
                    key=event.character if event.key != "enter" else _("Enter")
                ),
                severity="warning",
            )

    def _nothing_to_do(self, player: str, place: Destination) -> bool:
        """A square where the dice left the token with nothing to pay or take: just
        visiting jail, Go to Jail (the move put it in jail), Free Parking with no pot, the
        player's own deed, a mortgaged deed."""
        from banker.core.edition import SquareKind  # start-up

        ledger = cast("LedgerScreen", self)
        state = ledger.state
        kind = place.landing.square
        if kind in (SquareKind.JAIL, SquareKind.GO_TO_JAIL):
            return True
        if kind is SquareKind.FREE_PARKING:
            return not state.rules.free_parking_pot
        deed = place.landing.deed
        if deed is not None:
            held = state.deeds[deed]
            return held.owner == player or (held.owner is not None and held.mortgaged)
        return False

    def _landed(self, player: str, landing: Landing | None, dice: int | None = None) -> None:
        """The landing's dialog; `dice`, the throw that brought the token there, is a
        utility's rent (its field starts filled in)."""
        from banker.tui.screens.landed import LandedScreen  # start-up

        ledger = cast("LedgerScreen", self)
        if landing is not None:
            screen = LandedScreen(ledger.state, player, landing, dice)
            ledger.app.push_screen(
                screen, lambda command: ledger._after_landing(command, screen.phone_origin(command))
            )

    def _after_landing(self, command: c.Command | None, phone: str | None = None) -> None:
        from banker.core import commands as c  # start-up
        from banker.core.offers.landing import last_landing  # start-up
        from banker.tui.words import landing_at  # start-up

        ledger = cast("LedgerScreen", self)
        before = ledger.state.landing
        if command is None or not ledger.banker.do(command, phone):
            return
        landing = ledger.state.landing
        if (
            isinstance(command, c.DrawCard)
            and landing is not None
            and landing != before
            and landing.by == "card"
            and last_landing(ledger.state) is not None
        ):
            # The card moved the token: the new square's offers follow ("advance to" an
            # owned deed is a rent, "go back 3" onto Income Tax the tax).
            ledger._landed(command.player, landing_at(ledger.state.edition, landing.square))
