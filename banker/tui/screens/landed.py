"""A player landed on a square: the dialog offers exactly what applies there, with the amounts."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, OptionList, Static

from banker.core import commands as c
from banker.core.offers.landing import (
    CardOffer,
    LandingOffers,
    card_offer,
    deck_offers,
    utility_rent,
)
from banker.core.state import GameState
from banker.i18n.message import Message, msg
from banker.tui.screens.cards import CardDetails
from banker.tui.screens.dialog import Dialog, DigitsInput, Findable, reason_line
from banker.tui.speech import _, said, why_not
from banker.tui.words import Landing, card_text, square_label

if TYPE_CHECKING:
    from banker.tui.app import BankerApp
    from banker.tui.typeahead import TypesAheadApp


class LandedScreen(Dialog[c.Command]):
    """What happens when `player` lands on `landing`, as one or two keys: the offers the
    core worked out for the place (`core.offers.arrival`), or the card named."""

    def __init__(
        self,
        state: GameState,
        player: str,
        landing: Landing,
        offers: LandingOffers | None,
        dice: int | None = None,
    ) -> None:
        super().__init__()
        self.state = state
        self.player = player
        self.landing = landing
        self.offers = offers
        """What the place offers, as the core worked it out (None for a card named)."""
        self.dice = dice
        """The throw that brought the token here, if the banker typed it: a utility's rent
        is by that total, so its field starts filled in (and a typed-ahead Enter pays it)."""
        self.commands: dict[str, c.Command] = {}
        self.deck_cards: list[str] = []
        self._pending: list[tuple[str, str, str | None]] = []
        self.card_offers: dict[str, CardOffer] = {}
        self.needs_dice = False
        """The rent here is a utility's: the dice total comes first."""
        self.phone: tuple[c.Command, str] | None = None
        """What the landing player answered from their own phone, and who."""

    # Building the choices.

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog landed") as box:
            box.border_title = _("{p} landed on {square}").format(
                p=self.player, square=self._place_name()
            )
            if self.landing.card is not None:
                yield from self._cards(None, only=self.landing.card)
            elif self.offers is not None:
                yield from self._draw(self.offers)
            with Horizontal(classes="buttons"):
                yield from self._buttons()
                yield self.cancel_button(_("Close"))

    def _place_name(self) -> str:
        if self.landing.card is not None:
            card = self.state.edition.cards_by_id[self.landing.card]
            return _("Chance") if card.deck == "chance" else _("Community Chest")
        return self.landing.label

    def _buttons(self) -> ComposeResult:
        for key, label, reason in self._pending:
            yield self.choice(key, label, f"do-{key}", reason=reason)

    def _draw(self, found: LandingOffers) -> ComposeResult:
        """What the core says applies here, as sentences, amounts and buttons."""
        self.needs_dice = found.needs_dice
        for line in found.says:
            yield Static(said(line), classes="body")
        if found.needs_dice:
            yield DigitsInput(
                str(self.dice) if self.dice else "",
                placeholder=_("dice total, 2 to 12"),
                id="dice",
                restrict=r"[0-9]{0,2}",
            )
            yield Static("", id="rent", classes="amount")
        elif found.amount_line is not None:
            yield Static(said(found.amount_line), id="rent", classes="amount", markup=False)
            if found.hint is not None:
                yield Static(said(found.hint), classes="hint")
        if found.breakdown:
            yield Static(self._breakdown(found), classes="breakdown")
        if found.warning is not None:
            yield Static(said(found.warning), classes="reason")
        for offer in found.offers:
            self.commands[offer.key] = offer.command
            reason = None if offer.refusal is None else said(offer.refusal)
            self._pending.append((offer.key, said(offer.label), reason))
        if found.asks:
            yield reason_line(None if found.refusal is None else said(found.refusal))
        if found.hint is not None and found.amount_line is None:
            yield Static(said(found.hint), classes="hint")
        if found.cards:
            yield from self._draw_cards(found.cards)

    def _breakdown(self, found: LandingOffers) -> Table:
        table = Table.grid(padding=(0, 2))
        table.add_column()
        table.add_column(justify="right")
        totals = len(found.breakdown) - 2
        for n, (label, amount) in enumerate(found.breakdown):
            style = "bold" if n >= totals else ""
            table.add_row(
                Text(said(label), style=style), Text(self.state.money(amount), style=style)
            )
        return table

    def _cards(self, deck: str | None, only: str | None = None) -> ComposeResult:
        if only is not None:
            card = self.state.edition.cards_by_id[only]
            offers = [card_offer(self.state, self.player, card)]
        else:
            offers = deck_offers(self.state, self.player, deck or "")
        yield from self._draw_cards(offers)

    def _draw_cards(self, offers: list[CardOffer]) -> ComposeResult:
        self.card_offers = {offer.card.id: offer for offer in offers}
        self.deck_cards = list(self.card_offers)
        options = []
        for number, offer in enumerate(offers, start=1):
            prompt = Text(f"{number:>2} ", style="bold") if len(offers) > 1 else Text()
            prompt.append(card_text(self.state.edition, offer.card))
            prompt.append(f"\n    {said(offer.effect)}", style="bold")
            destination = offer.destination or ""
            if destination and square_label(destination) != destination:
                destination = f"{destination} {square_label(destination)}"
            options.append(
                Findable(prompt, id=offer.card.id, number=number, destination=destination)
            )
        yield Static(
            _("Which card? Its number or a word of it, then Enter."),
            classes="body",
        )
        yield OptionList(*options, id="cards")

    # Answering.

    def on_key(self, event: events.Key) -> None:
        """On a deed for sale, a digit starts the auction with a bid typed for the first
        bidder (`l 4 6 0` Enter): the digit goes on to the auctioneer's screen."""
        character = event.character
        auction = self.commands.get("a")
        if (
            isinstance(auction, c.StartAuction)
            and character is not None
            and character.isdigit()
            and not self.query("#dice")
        ):
            event.stop()
            event.prevent_default()
            reason = why_not(self.state, auction)
            if reason is not None:
                self.notify(reason, title=_("Refused"), severity="error")
                return
            cast("TypesAheadApp", self.app).type_again(event)
            self.dismiss(auction)
            return
        super().on_key(event)

    @property
    def asks(self) -> tuple[str, str] | None:
        """The player and the deed when this dialog asks buy or auction (their phone
        asks too)."""
        auction = next((k for k, v in self.commands.items() if isinstance(v, c.StartAuction)), "")
        command = self.commands.get(auction)
        if isinstance(command, c.StartAuction) and self.landing.deed == command.lot:
            return self.player, command.lot
        return None

    @property
    def taxes(self) -> str | None:
        """The player when this dialog asks how they pay income tax (their phone asks too)."""
        kinds = {v.kind for v in self.commands.values() if isinstance(v, c.PayTax)}
        return self.player if {"income_flat", "income_percent"} <= kinds else None

    def answered_by_phone(self, command: c.Command, player: str) -> Message:
        """The player answered from their phone: the answer's button has the focus (one
        key applies it) and the dialog says who answered what. Returns what the phone is
        told."""
        self.phone = (command, player)
        key = next((k for k, v in self.commands.items() if v == command), None)
        if key is not None:
            self.query_one(f"#do-{key}", Button).focus()
        if isinstance(command, c.PayTax):
            flat = command.kind == "income_flat"
            said_by = (
                msg("{p}'s phone: pay income tax flat", p=player)
                if flat
                else msg("{p}'s phone: pay income tax as a percentage of worth", p=player)
            )
        elif isinstance(command, c.Buy):
            said_by = msg("{p}'s phone: buy {deed}", p=player, deed=self.landing.deed or "")
        else:
            said_by = msg("{p}'s phone: auction {deed}", p=player, deed=self.landing.deed or "")
        line = self.query("#phone-said")
        if line:
            line.first(Static).update(said(said_by))
        else:
            buttons = self.query_one(".buttons")
            self.query_one(".dialog").mount(
                Static(said(said_by), id="phone-said", classes="amount"), before=buttons
            )
        return msg("Sent to the banker, who confirms it: {what}", what=said_by)

    def phone_origin(self, command: c.Command | None) -> str | None:
        """Whose phone asked for `command` (the one this dialog closed with), if one did."""
        if self.phone is not None and command is not None and self.phone[0] == command:
            return self.phone[1]
        return None

    def on_unmount(self) -> None:
        unask = getattr(self.app, "unask_phone", None)
        if self.asks is not None and unask is not None:
            cast("BankerApp", self.app).unask_phone()
        if self.taxes is not None and hasattr(self.app, "ask_tax"):
            cast("BankerApp", self.app).ask_tax(None)

    def on_mount(self) -> None:
        asks = self.asks
        if asks is not None and hasattr(self.app, "ask_phone"):
            cast("BankerApp", self.app).ask_phone(*asks)
        if self.taxes is not None and hasattr(self.app, "ask_tax"):
            cast("BankerApp", self.app).ask_tax(self.taxes)
        if self.needs_dice:
            self._check_dice(self.query_one("#dice", Input).value)
        for widget_id in ("#dice", "#cards"):
            found = self.query(widget_id)
            if found:
                found.first().focus()
                return
        buttons = [b for b in self.query(Button) if not b.disabled]
        if buttons:
            buttons[0].focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        if not button_id.startswith("do-"):
            return
        command = self.commands.get(button_id.removeprefix("do-"))
        if command is None:
            return
        if isinstance(command, c.PayRent) and self.needs_dice:
            command = self._utility_rent(command)
            if command is None:
                return
        self.dismiss(command)

    def _utility_rent(self, command: c.PayRent) -> c.PayRent | None:
        text = self.query_one("#dice", Input).value
        if not text:
            self.notify(_("Type the dice total first."), severity="warning")
            return None
        rent = utility_rent(self.state, self.player, command.deed, int(text))
        if rent.refusal is not None:
            self.notify(said(rent.refusal), severity="error")
            return None
        return rent.command

    @on(Input.Changed, "#dice")
    def _dice_changed(self, event: Input.Changed) -> None:
        self._check_dice(event.value)

    def _check_dice(self, value: str) -> None:
        command = self.commands["r"]
        assert isinstance(command, c.PayRent)
        rent_text = ""
        reason: str | None = _("Type the dice total.")
        if value:
            rent = utility_rent(self.state, self.player, command.deed, int(value))
            rent_text = "" if rent.reason is None else said(rent.reason)
            reason = None if rent.refusal is None else said(rent.refusal)
        self.query_one("#rent", Static).update(rent_text)
        self.query_one("#reason", Static).update(reason or "")
        self.query_one("#do-r", Button).disabled = reason is not None

    @on(Input.Submitted, "#dice")
    def _dice_submitted(self) -> None:
        self.query_one("#do-r", Button).press()

    @on(OptionList.OptionSelected, "#cards")
    def _card_chosen(self, event: OptionList.OptionSelected) -> None:
        offer = self.card_offers[event.option.id or ""]
        if not offer.needs_more:
            command = c.DrawCard(player=self.player, card=offer.card.id)
            reason = why_not(self.state, command)
            if reason:
                self.notify(reason, title=_("Refused"), severity="error")
                return
            self.dismiss(command)
            return
        self.app.push_screen(CardDetails(self.state, self.player, offer.card), self._details)

    def _details(self, command: c.DrawCard | None) -> None:
        if command is not None:
            self.dismiss(command)
