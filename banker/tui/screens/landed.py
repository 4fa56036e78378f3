"""A player landed on a square: the dialog offers exactly what applies there, with the amounts."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from banker.core import commands as c
from banker.core.edition import CardAction, DeedKind, SquareKind
from banker.core.errors import BankerError
from banker.core.rules import IncomeTaxMode
from banker.core.state import GameState
from banker.core.worth import income_tax_percent, rent_due, worth
from banker.tui.screens.cards import CardDetails
from banker.tui.screens.dialog import Dialog, DigitsInput, reason_line
from banker.tui.speech import N_, _, refused, said, why_not
from banker.tui.words import Landing, card_effect

AUCTION_NOTE = N_(
    "At an auction every player may bid: record the bids in the command bar "
    "(: bid NAME AMOUNT, drop NAME, close)."
)


class LandedScreen(Dialog[c.Command]):
    """What happens when `player` lands on `landing`, as one or two keys."""

    def __init__(self, state: GameState, player: str, landing: Landing) -> None:
        super().__init__()
        self.state = state
        self.player = player
        self.landing = landing
        self.commands: dict[str, c.Command] = {}
        self.deck_cards: list[str] = []
        self._pending: list[tuple[str, str, c.Command]] = []

    # Building the choices.

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog landed") as box:
            box.border_title = _("{p} landed on {square}").format(
                p=self.player, square=self._place_name()
            )
            landing = self.landing
            if landing.deed is not None:
                yield from self._deed(landing.deed)
            elif landing.card is not None:
                yield from self._cards(None, only=landing.card)
            elif landing.square is not None:
                yield from self._square(landing.square)
            with Horizontal(classes="buttons"):
                yield from self._buttons()
                yield self.cancel_button(_("Close"))

    def _place_name(self) -> str:
        if self.landing.card is not None:
            card = self.state.edition.cards_by_id[self.landing.card]
            return _("Chance") if card.deck == "chance" else _("Community Chest")
        return self.landing.label

    def _offer(self, key: str, label: str, command: c.Command) -> None:
        self.commands[key] = command
        self._pending.append((key, label, command))

    def _buttons(self) -> ComposeResult:
        for key, label, command in self._pending:
            reason = why_not(self.state, command)
            yield self.choice(key, label, f"do-{key}", reason=reason)

    def _deed(self, name: str) -> ComposeResult:
        state = self.state
        deed = state.edition.deed(name)
        held = state.deeds[name]
        money = state.money
        if held.owner is None:
            yield Static(
                _("{deed} is for sale at its printed price, {price}. {p} has {cash}.").format(
                    deed=name,
                    price=money(deed.price),
                    p=self.player,
                    cash=money(state.player(self.player).cash),
                ),
                classes="body",
            )
            buy = c.Buy(player=self.player, deed=name)
            self._offer("b", _("Buy for {price}").format(price=money(deed.price)), buy)
            self._offer("a", _("Send to auction"), c.StartAuction(lot=name))
            yield reason_line(why_not(state, buy))
            yield Static(_(AUCTION_NOTE), classes="hint")
            return
        if held.owner == self.player:
            yield Static(
                _("{p} owns {deed}: nothing to pay.").format(p=self.player, deed=name),
                classes="body",
            )
            return
        if held.mortgaged:
            yield Static(
                _("{deed} is mortgaged ({owner}): it collects no rent.").format(
                    deed=name, owner=held.owner
                ),
                classes="body",
            )
            return
        if deed.kind is DeedKind.UTILITY:
            yield Static(
                _("{deed} belongs to {owner}. Throw the dice: the rent is by the total.").format(
                    deed=name, owner=held.owner
                ),
                classes="body",
            )
            yield DigitsInput(
                placeholder=_("dice total, 2 to 12"), id="dice", restrict=r"[0-9]{0,2}"
            )
            yield Static("", id="rent", classes="amount")
            self._offer(
                "r",
                _("Collect rent for {owner}").format(owner=held.owner),
                c.PayRent(player=self.player, deed=name),
            )
            yield reason_line(_("Type the dice total."))
            return
        rent = rent_due(state, name)
        yield Static(
            _("{deed} belongs to {owner}.").format(deed=name, owner=held.owner), classes="body"
        )
        yield Static(said(rent.reason), id="rent", classes="amount", markup=False)
        payer = state.player(self.player).cash
        if payer >= rent.amount:
            owner = state.player(held.owner).cash
            yield Static(
                f"{self.player} {money(payer)} → {money(payer - rent.amount)} · "
                f"{held.owner} {money(owner)} → {money(owner + rent.amount)}",
                classes="hint",
            )
        command = c.PayRent(player=self.player, deed=name)
        self._offer(
            "r",
            _("Collect {amount} for {owner}").format(amount=money(rent.amount), owner=held.owner),
            command,
        )
        yield from self._short(rent.amount)
        yield reason_line(why_not(state, command))

    def _short(self, amount: int) -> ComposeResult:
        """A warning when the cash does not cover an obliged payment: it becomes a debt."""
        cash = self.state.player(self.player).cash
        if cash < amount:
            money = self.state.money
            yield Static(
                _(
                    "{p} has only {cash}: the {amount} will be owed "
                    "until raised by selling buildings or mortgaging."
                ).format(p=self.player, cash=money(cash), amount=money(amount)),
                classes="reason",
            )

    def _square(self, kind: SquareKind) -> ComposeResult:
        state = self.state
        money = state.money
        player = self.player
        if kind is SquareKind.GO:
            yield Static(
                _("The bank pays {p} the {amount} salary.").format(
                    p=player, amount=money(state.salary)
                ),
                classes="body",
            )
            self._offer(
                "g",
                _("Collect {amount}").format(amount=money(state.salary)),
                c.PassGo(player=player),
            )
        elif kind is SquareKind.INCOME_TAX:
            yield from self._income_tax()
        elif kind is SquareKind.LUXURY_TAX:
            amount = state.edition.luxury_tax
            name = state.edition.luxury_tax_name
            text = (
                _("{p} pays {amount} {tax} into the Free Parking pot.")
                if state.rules.free_parking_pot
                else _("{p} pays {amount} {tax}.")
            )
            yield Static(text.format(p=player, amount=money(amount), tax=_(name)), classes="body")
            command = c.PayTax(player=player, kind="luxury")
            self._offer("p", _("Pay {amount}").format(amount=money(amount)), command)
            yield reason_line(why_not(state, command))
        elif kind in (SquareKind.CHANCE, SquareKind.CHEST):
            yield from self._cards("chance" if kind is SquareKind.CHANCE else "chest")
        elif kind is SquareKind.JAIL:
            cards = len(state.player(player).jail_cards)
            yield Static(
                _(
                    "Just visiting costs nothing. To leave jail {p} pays the "
                    "{fine} fine or uses a Get Out of Jail Free card ({n} held)."
                ).format(p=player, fine=money(state.jail_fine), n=cards),
                classes="body",
            )
            self._offer(
                "f",
                _("Pay the {fine} fine").format(fine=money(state.jail_fine)),
                c.LeaveJail(player=player, method="fine"),
            )
            self._offer(
                "c", _("Use a Get Out of Jail Free card"), c.LeaveJail(player=player, method="card")
            )
        elif kind is SquareKind.GO_TO_JAIL:
            yield Static(
                _(
                    "{p} goes straight to jail: no salary, even passing GO. Nothing to pay now."
                ).format(p=player),
                classes="body",
            )
        elif kind is SquareKind.FREE_PARKING:
            if state.rules.free_parking_pot:
                pot = money(state.bank.free_parking)
                yield Static(
                    _("{p} takes the Free Parking pot: {amount}.").format(p=player, amount=pot),
                    classes="body",
                )
                self._offer(
                    "t", _("Take {amount}").format(amount=pot), c.TakeParking(player=player)
                )
            else:
                yield Static(_("Free Parking: nothing to pay, nothing to collect."), classes="body")

    def _income_tax(self) -> ComposeResult:
        state = self.state
        money = state.money
        player = self.player
        flat = state.edition.income_tax
        pct = state.edition.income_tax_percent
        self._offer(
            "f",
            _("Pay {amount} flat").format(amount=money(flat)),
            c.PayTax(player=player, kind="income_flat"),
        )
        if state.rules.income_tax is IncomeTaxMode.FLAT:
            yield Static(
                _("{p} pays {amount} income tax (this game charges it flat).").format(
                    p=player, amount=money(flat)
                ),
                classes="body",
            )
            return
        yield Static(
            _("{p} chooses: {amount}, or {pct}% of total worth.").format(
                p=player, amount=money(flat), pct=pct
            ),
            classes="body",
        )
        percent = c.PayTax(player=player, kind="income_percent")
        if state.rules.strict_income_tax:
            yield Static(
                _("Strict rule: the {pct}% figure is worked out after the choice.").format(pct=pct),
                classes="hint",
            )
            self._offer("w", _("Pay {pct}% of worth").format(pct=pct), percent)
            return
        w = worth(state, player)
        table = Table.grid(padding=(0, 2))
        table.add_column()
        table.add_column(justify="right")
        table.add_row(_("Cash"), money(w.cash))
        table.add_row(_("Deeds at printed price"), money(w.deeds))
        table.add_row(_("Buildings at cost"), money(w.buildings))
        table.add_row(Text(_("Total worth"), style="bold"), Text(money(w.total), style="bold"))
        table.add_row(
            Text(_("{pct}% of worth").format(pct=pct), style="bold"),
            Text(money(income_tax_percent(state, player)), style="bold"),
        )
        yield Static(table, classes="breakdown")
        self._offer(
            "w",
            _("Pay {amount} ({pct}%)").format(
                amount=money(income_tax_percent(state, player)), pct=pct
            ),
            percent,
        )

    def _cards(self, deck: str | None, only: str | None = None) -> ComposeResult:
        state = self.state
        cards = [card for card in state.edition.cards if card.deck == deck or card.id == only]
        self.deck_cards = [card.id for card in cards]
        options = []
        for card in cards:
            prompt = Text(card.text)
            prompt.append(f"\n  {card_effect(state, self.player, card)}", style="bold")
            options.append(Option(prompt, id=card.id))
        yield Static(_("Which card? Enter takes the highlighted one."), classes="body")
        yield OptionList(*options, id="cards")

    # Answering.

    def on_mount(self) -> None:
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
        if (
            isinstance(command, c.PayRent)
            and self.state.edition.deed(command.deed).kind is DeedKind.UTILITY
        ):
            command = self._utility_rent(command)
            if command is None:
                return
        self.dismiss(command)

    def _utility_rent(self, command: c.PayRent) -> c.PayRent | None:
        text = self.query_one("#dice", Input).value
        if not text:
            self.notify(_("Type the dice total first."), severity="warning")
            return None
        filled = command.model_copy(update={"dice": int(text)})
        reason = why_not(self.state, filled)
        if reason:
            self.notify(reason, severity="error")
            return None
        return filled

    @on(Input.Changed, "#dice")
    def _dice_changed(self, event: Input.Changed) -> None:
        command = self.commands["r"]
        assert isinstance(command, c.PayRent)
        rent_text = ""
        reason: str | None = _("Type the dice total.")
        if event.value:
            filled = command.model_copy(update={"dice": int(event.value)})
            try:
                rent_text = said(rent_due(self.state, command.deed, int(event.value)).reason)
                reason = why_not(self.state, filled)
            except BankerError as exc:
                reason = refused(exc)
        self.query_one("#rent", Static).update(rent_text)
        self.query_one("#reason", Static).update(reason or "")
        self.query_one("#do-r", Button).disabled = reason is not None

    @on(Input.Submitted, "#dice")
    def _dice_submitted(self) -> None:
        self.query_one("#do-r", Button).press()

    @on(OptionList.OptionSelected, "#cards")
    def _card_chosen(self, event: OptionList.OptionSelected) -> None:
        card = self.state.edition.cards_by_id[event.option.id or ""]
        needs_more = card.action in (
            CardAction.ADVANCE,
            CardAction.NEAREST_RAILROAD,
            CardAction.NEAREST_UTILITY,
        )
        if not needs_more:
            command = c.DrawCard(player=self.player, card=card.id)
            reason = why_not(self.state, command)
            if reason:
                self.notify(reason, title=_("Refused"), severity="error")
                return
            self.dismiss(command)
            return
        self.app.push_screen(CardDetails(self.state, self.player, card), self._details)

    def _details(self, command: c.DrawCard | None) -> None:
        if command is not None:
            self.dismiss(command)
