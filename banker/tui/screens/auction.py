"""The auctioneer's screen: the lot and its deed, the high bid in digits the whole table can
read, the bidders still in with their cash, quick raises, a typed bid, drop out and close.

Every bid, drop and close is a journaled command. When a bankrupt player's deeds are sold
one after another, closing one auction opens the next and the screen follows it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import DataTable, Digits, Header, Input, Static

from banker.core import commands as c
from banker.core.offers.auction import RAISES, quick_raises, raised_bid, winner_pays
from banker.core.state import Auction, GameState
from banker.i18n.message import N_, plural
from banker.tui.looks import SCREENS_CSS
from banker.tui.screens.dialog import Confirm, DigitsInput
from banker.tui.screens.follow import Follows
from banker.tui.screens.lots import LotPicker
from banker.tui.speech import SpeaksTheGame, _, said, why_not
from banker.tui.toasts import ToastsAside
from banker.tui.widgets.deed_card import DeedCard
from banker.tui.widgets.footer import KeysFooter
from banker.tui.words import player_colour

RAISE_KEYS = ("a", "s", "d", "f")
"""The quick raises' keys, smallest to largest: letters on the home row, so that digits
are always a typed amount."""

COUNTDOWN = ("", N_("Going once…"), N_("Going twice…"))
"""What the countdown calls out at each step before asking to sell."""


def countdown_setting(default: float = 4.0) -> float:
    """The countdown step in seconds, from the BANKER_COUNTDOWN setting (1 to 30)."""
    import os

    text = os.environ.get("BANKER_COUNTDOWN", "")
    try:
        value = float(text)
    except ValueError:
        return default
    return value if 1 <= value <= 30 else default


def lot_name(auction: Auction) -> str:
    """The lot as the auctioneer calls it: the deed's name, or `one house`."""
    if auction.kind == "deed":
        return auction.lot
    return _("one house") if auction.lot == "house" else _("one hotel")


class AuctionScreen(ToastsAside, Follows, SpeaksTheGame, Screen[None]):
    """The open auction, for the auctioneer. The keys act on the highlighted bidder."""

    CSS_PATH = SCREENS_CSS
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    """A short terminal drops the bid box's spacing and the keys' hint (the footer's)."""
    TOASTS_OVER = ("#deed-card",)
    """The bids' receipts stand over the deed on offer, never over the high bid or a field."""

    BINDINGS = [
        Binding("b", "type_bid", N_("Bid…")),
        Binding("x", "drop", N_("Drop out")),
        Binding("c", "sell", N_("Sell")),
        Binding("g", "countdown", N_("Countdown")),
        Binding("plus", "countdown_step(1)", N_("Slower countdown"), show=False),
        Binding("minus", "countdown_step(-1)", N_("Faster countdown"), show=False),
        Binding("ctrl+z", "undo", N_("Undo")),
        Binding("escape", "leave", N_("Ledger")),
        *(
            Binding(key, f"raise_step({n})", N_("Raise the bid"))
            for n, key in enumerate(RAISE_KEYS[: len(RAISES)], start=1)
        ),
    ]
    """Digits type a bid for the highlighted bidder (Enter places it and highlights the next
    bidder); b goes to the bid box, x drops the highlighted bidder out, c closes the
    auction, g starts or stops the countdown; a, s, d and f are the quick raises, smallest
    to largest, labelled with this board's amounts."""

    COUNTDOWN_STEP: ClassVar[float] = countdown_setting()
    """Seconds between the countdown's calls after the last bid: the setting
    BANKER_COUNTDOWN (1 to 30, 4 unless set); + and - change it while the auction runs."""

    def __init__(self) -> None:
        super().__init__()
        self.countdown_on = False
        self._stage = 0
        self._seen: tuple[str, int, str | None] | None = None
        self._timer: Timer | None = None
        self._ask_next: str | None = None
        """The bidder to highlight once a typed bid is placed: the one after its bidder."""
        self._asked: tuple[str, int, int] | None = None
        """The moment the screen last asked to sell by itself (asked once per moment)."""
        self._holding_keys = False
        """The screen is about to ask to sell: typed keys wait for the question."""
        self._offered: tuple[str, str | None, int] | None = None
        """The lot, the winner and the price the question to sell showed."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys, the quick raises labelled with this board's amounts (`+$10`)."""
        active = super().active_bindings
        steps = quick_raises(self.state)
        for key, step in zip(RAISE_KEYS, steps, strict=False):
            if key in active:
                node, binding, enabled, tooltip = active[key]
                label = f"+{self.state.money(step)}"
                active[key] = ActiveBinding(
                    node, replace(binding, description=label), enabled, tooltip
                )
        return active

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="auction-body"):
            card = DeedCard(id="deed-card")
            card.border_title = _("On offer")
            yield card
            with Vertical(id="auction-floor"):
                with Vertical(id="high-bid-box") as box:
                    box.border_title = _("High bid")
                    yield Digits("", id="high-bid")
                    yield Static("", id="high-bidder")
                    yield Static("", id="countdown")
                bidders: DataTable[Text] = DataTable(id="bidders", cursor_type="row")
                bidders.border_title = _("Bidders still in")
                yield bidders
                with Horizontal(id="bid-row"):
                    yield Static("", id="bid-label")
                    yield DigitsInput(
                        placeholder=_("amount"),
                        id="amount",
                        restrict=r"[0-9]{0,9}",
                        select_on_focus=False,  # the first digit, typed on the bidders, stays
                    )
                yield Static("", id="reason", classes="reason", markup=False)
                yield Static(
                    _("↑↓ picks the bidder · digits bid · a s d f raise · x drops out · c sells"),
                    classes="hint",
                )
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one("#bidders", DataTable)
        for key, label in (
            ("seat", "#"),
            ("bidder", _("Bidder")),
            ("cash", _("Cash")),
            ("note", ""),
        ):
            table.add_column(label, key=key)
        self._timer = self.set_interval(self.COUNTDOWN_STEP, self._tick, pause=True)
        self.game_changed()
        table.focus()

    # Following the game.

    def stale(self) -> bool:
        return self.state.auction is None

    def game_changed(self) -> None:
        state = self.state
        auction = state.auction
        if auction is None or not self.is_mounted:
            return
        money = state.money
        self.title = _("Auction: {lot}").format(lot=lot_name(auction))
        self.sub_title = self._queue_note(state)
        self.query_one(DeedCard).show(state, auction.lot)
        digits = self.query_one("#high-bid", Digits)
        bidder = self.query_one("#high-bidder", Static)
        if auction.high_bidder is None:
            digits.update(money(0))
            bidder.update(_("No bid yet: bids from {amount}").format(amount=money(auction.opening)))
        else:
            digits.update(money(auction.high_bid))
            held, _sep, after = _("held by {p}").partition("{p}")
            colour = player_colour(state, auction.high_bidder)
            bidder.update(Text.assemble(held, (auction.high_bidder, f"bold {colour}"), after))
        self._fill_bidders(state, auction)
        seen = (auction.lot, auction.high_bid, auction.high_bidder)
        if seen != self._seen:
            self._seen = seen
            self._restart_countdown()
        self._update_bid_label()
        self._close_when_decided(auction)

    def _close_when_decided(self, auction: Auction) -> None:
        """One bidder left holding the high bid, or everyone dropped out: the auction is
        decided, so the screen asks to sell (the auctioneer confirms with one key)."""
        decided = not auction.bidders or (
            auction.high_bidder is not None and auction.bidders == [auction.high_bidder]
        )
        key = (auction.lot, len(auction.bidders), auction.high_bid)
        if decided and key != self._asked and self.app.screen is self:
            self._asked = key
            # The question comes after the screen is drawn; the keys typed meanwhile (the
            # `y` that answers it) wait for it, or they would reach this screen instead.
            self._holding_keys = True
            self.banker.keys_held += 1
            self.call_after_refresh(self._ask_to_sell)

    def _ask_to_sell(self) -> None:
        """Ask to sell (the auction is decided), then let the typed keys through."""
        try:
            if self.state.auction is not None and self.app.screen is self:
                self.action_close()
        finally:
            self._release_keys()

    def _release_keys(self) -> None:
        if self._holding_keys:
            self._holding_keys = False
            self.banker.keys_held -= 1

    def on_unmount(self) -> None:
        self._release_keys()  # closed before it could ask: never hold the keyboard

    def _queue_note(self, state: GameState) -> str:
        left = len(state.auction_queue)
        if not left:
            return ""
        return said(
            plural(
                left,
                "bankruptcy sale: 1 more deed after this one",
                "bankruptcy sale: {n} more deeds after this one",
            )
        )

    def _fill_bidders(self, state: GameState, auction: Auction) -> None:
        table = self.query_one("#bidders", DataTable)
        chosen = self._ask_next or self.selected
        table.clear()
        seats = {p.name: n for n, p in enumerate(state.players, start=1)}
        for name in auction.bidders:
            colour = player_colour(state, name)
            note = Text(_("high bid"), style="bold") if name == auction.high_bidder else Text("")
            table.add_row(
                Text(str(seats[name]), style="dim"),
                Text(name, style=f"bold {colour}"),
                Text(state.money(state.player(name).cash), justify="right"),
                note,
                key=name,
            )
        if chosen in auction.bidders:
            table.move_cursor(row=auction.bidders.index(chosen))

    @property
    def selected(self) -> str | None:
        """The bidder the keys act on: the highlighted row."""
        auction = self.state.auction
        if auction is None or not auction.bidders:
            return None
        table = self.query_one("#bidders", DataTable)
        if table.row_count == 0:
            return None
        row = max(0, min(table.cursor_row, len(auction.bidders) - 1))
        return auction.bidders[row]

    @on(DataTable.RowHighlighted, "#bidders")
    def _update_bid_label(self) -> None:
        who = self.selected
        self.query_one("#bid-label", Static).update(_("Bid for {p}:").format(p=who) if who else "")

    # Bidding.

    def action_raise_step(self, n: int) -> None:
        """Raise the highlighted bidder by the n-th quick raise of this board."""
        steps = quick_raises(self.state)
        if 1 <= n <= len(steps):
            self.action_raise_by(steps[n - 1])

    def action_raise_by(self, step: int) -> None:
        """The highlighted bidder raises by `step`; the next bidder round the table is
        highlighted, as after a typed bid."""
        auction = self.state.auction
        who = self.selected
        if auction is None or who is None:
            return
        self._ask_next = self._bidder_after(who)
        self._bid(who, raised_bid(self.state, step))
        self._ask_next = None

    def action_type_bid(self) -> None:
        self.query_one("#amount", Input).focus()

    def on_key(self, event: events.Key) -> None:
        """A digit anywhere on the screen starts a typed bid for the highlighted bidder; in
        the bid box, Escape clears it and goes back to the bidders."""
        amount = self.query_one("#amount", Input)
        character = event.character
        if character is not None and character.isdigit() and self.focused is not amount:
            event.stop()
            event.prevent_default()
            amount.value = (amount.value + character)[:9]
            amount.cursor_position = len(amount.value)
            amount.focus()
        elif event.key == "escape" and self.focused is amount and amount.value:
            event.stop()
            event.prevent_default()
            amount.value = ""
            self.query_one("#bidders", DataTable).focus()

    @on(DataTable.RowSelected, "#bidders")
    def _row_chosen(self) -> None:
        self.action_type_bid()

    @on(Input.Submitted, "#amount")
    def _typed_bid(self, event: Input.Submitted) -> None:
        who = self.selected
        table = self.query_one("#bidders", DataTable)
        if who is None or not event.value:
            table.focus()
            return
        self._ask_next = self._bidder_after(who)
        placed = self._bid(who, int(event.value))
        self._ask_next = None
        if placed:
            event.input.value = ""
            table.focus()

    def _bidder_after(self, bidder: str) -> str | None:
        """The bidder after `bidder`, round the table: the next to be asked."""
        auction = self.state.auction
        if auction is None or bidder not in auction.bidders:
            return None
        return auction.bidders[(auction.bidders.index(bidder) + 1) % len(auction.bidders)]

    def _bid(self, player: str, amount: int) -> bool:
        command = c.Bid(player=player, amount=amount)
        self._say(why_not(self.state, command))
        return self.banker.do(command)

    def action_drop(self) -> None:
        who = self.selected
        if who is not None:
            command = c.DropOut(player=who)
            self._say(why_not(self.state, command))
            self._ask_next = self._bidder_after(who)  # the next bidder round the table
            self.banker.do(command)
            self._ask_next = None

    def _say(self, reason: str | None) -> None:
        self.query_one("#reason", Static).update(reason or "")

    # Closing.

    def action_sell(self) -> None:
        """`c`: ask to sell. A bid typed and not yet placed (`8 0` then `c`) is placed first
        for the highlighted bidder, as Enter would; if it is refused, nothing is asked."""
        amount = self.query_one("#amount", Input)
        who = self.selected
        if amount.value and who is not None:
            if not self._bid(who, int(amount.value)):
                return
            amount.value = ""
            self.query_one("#bidders", DataTable).focus()
        self.action_close()

    def action_close(self) -> None:
        state = self.state
        auction = state.auction
        if auction is None:
            return
        money = state.money
        winner = auction.high_bidder
        if winner is None:
            if auction.kind == "deed":
                keeps = _("the bank keeps {deed}").format(deed=auction.lot)
            elif auction.lot == "house":
                keeps = _("the house stays with the bank")
            else:
                keeps = _("the hotel stays with the bank")
            title = _("No bid: {keeps}?").format(keeps=keeps)
            body = _("Nobody bid, so {keeps}. Close the auction?").format(keeps=keeps)
            yes = _("Close")
        else:
            pays = winner_pays(state)
            title = _("Sold to {p} for {amount}?").format(p=winner, amount=money(auction.high_bid))
            body = _("{p} pays the bank {amount} and takes {lot}.").format(
                p=winner, amount=money(auction.high_bid), lot=lot_name(auction)
            ) + (f"\n{winner}: {money(pays.before)} → {money(pays.after)}")
            yes = _("Sold")
        self._pause_countdown()
        self._offered = (auction.lot, winner, auction.high_bid)
        # Esc goes back to the bidding: "Cancel" read as cancelling the auction itself
        self.app.push_screen(Confirm(title, body, yes=yes, no=_("Back to the auction")), self._sold)

    def _sold(self, yes: bool | None) -> None:
        auction = self.state.auction
        if not yes or auction is None:
            self._restart_countdown()
            return
        if (auction.lot, auction.high_bidder, auction.high_bid) != self._offered:
            # a bid came from a phone while the question was open: never sell on an
            # answer given to other figures
            self.notify(
                _("A new bid came in while you were asked: {p} bids {amount}. Sell again.").format(
                    p=auction.high_bidder, amount=self.state.money(auction.high_bid)
                ),
                severity="warning",
                timeout=8,
            )
            self._restart_countdown()
            return
        if auction.kind == "deed" or auction.high_bidder is None:
            self.banker.do(c.CloseAuction())
            return
        self.app.push_screen(
            LotPicker(
                self.state,
                auction.high_bidder,
                auction.lot,
                self.state.money(auction.high_bid),
            ),
            self._placed,
        )

    def _placed(self, lot: str | None) -> None:
        if lot is not None:
            self.banker.do(c.CloseAuction(deed=lot))

    # The countdown.

    def action_countdown(self) -> None:
        self.countdown_on = not self.countdown_on
        self.notify(
            _("Countdown on: it restarts at every bid.")
            if self.countdown_on
            else _("Countdown off."),
            timeout=3,
        )
        self._restart_countdown()

    def action_countdown_step(self, change: int) -> None:
        """A slower (+) or faster (-) countdown, one second a step, 1 to 30 seconds."""
        step = max(1.0, min(30.0, self.COUNTDOWN_STEP + change))
        type(self).COUNTDOWN_STEP = step
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_interval(step, self._tick, pause=True)
        self.notify(_("Countdown: {n} s between calls.").format(n=f"{step:g}"), timeout=3)
        self._restart_countdown()

    def _restart_countdown(self) -> None:
        self._stage = 0
        self._show_countdown()
        if self._timer is None:
            return
        self._timer.reset()
        if self.countdown_on and self.state.auction and self.state.auction.high_bidder:
            self._timer.resume()
        else:
            self._timer.pause()

    def _pause_countdown(self) -> None:
        if self._timer is not None:
            self._timer.pause()

    def _tick(self) -> None:
        auction = self.state.auction
        if not self.countdown_on or auction is None or auction.high_bidder is None:
            return
        self._stage += 1
        self._show_countdown()
        if self._stage >= len(COUNTDOWN) and self.app.screen is self:
            self.action_close()

    def _show_countdown(self) -> None:
        text = _(COUNTDOWN[self._stage]) if self._stage < len(COUNTDOWN) else _("Sold?")
        if self.countdown_on and not text:
            text = _("Countdown on")
        self.query_one("#countdown", Static).update(text)

    # Leaving.

    def action_undo(self) -> None:
        self.banker.undo()

    def action_leave(self) -> None:
        """Back to the ledger; the auction stays open (a on the ledger comes back)."""
        self.dismiss(None)
