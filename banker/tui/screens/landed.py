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
from banker.core.engine import why_not
from banker.core.errors import BankerError
from banker.core.rules import IncomeTaxMode
from banker.core.state import GameState
from banker.core.worth import income_tax_percent, rent_due, worth
from banker.tui.screens.cards import CardDetails
from banker.tui.screens.dialog import Dialog, reason_line
from banker.tui.words import Landing, card_effect

AUCTION_NOTE = (
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
            box.border_title = f"{self.player} landed on {self._place_name()}"
            landing = self.landing
            if landing.deed is not None:
                yield from self._deed(landing.deed)
            elif landing.card is not None:
                yield from self._cards(None, only=landing.card)
            elif landing.square is not None:
                yield from self._square(landing.square)
            with Horizontal(classes="buttons"):
                yield from self._buttons()
                yield self.cancel_button("Close")

    def _place_name(self) -> str:
        if self.landing.card is not None:
            card = self.state.edition.cards_by_id[self.landing.card]
            return "Chance" if card.deck == "chance" else "Community Chest"
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
                f"{name} is for sale at its printed price, {money(deed.price)}. "
                f"{self.player} has {money(state.player(self.player).cash)}.",
                classes="body",
            )
            buy = c.Buy(player=self.player, deed=name)
            self._offer("b", f"Buy for {money(deed.price)}", buy)
            self._offer("a", "Send to auction", c.StartAuction(lot=name))
            yield reason_line(why_not(state, buy))
            yield Static(AUCTION_NOTE, classes="hint")
            return
        if held.owner == self.player:
            yield Static(f"{self.player} owns {name}: nothing to pay.", classes="body")
            return
        if held.mortgaged:
            yield Static(
                f"{name} is mortgaged ({held.owner}): it collects no rent.", classes="body"
            )
            return
        if deed.kind is DeedKind.UTILITY:
            yield Static(
                f"{name} belongs to {held.owner}. Throw the dice: the rent is by the total.",
                classes="body",
            )
            yield Input(placeholder="dice total, 2 to 12", id="dice", restrict=r"[0-9]{0,2}")
            yield Static("", id="rent", classes="amount")
            self._offer(
                "r", f"Collect rent for {held.owner}", c.PayRent(player=self.player, deed=name)
            )
            yield reason_line("Type the dice total.")
            return
        rent = rent_due(state, name)
        yield Static(f"{name} belongs to {held.owner}.", classes="body")
        yield Static(str(rent.reason), id="rent", classes="amount", markup=False)
        payer = state.player(self.player).cash
        if payer >= rent.amount:
            owner = state.player(held.owner).cash
            yield Static(
                f"{self.player} {money(payer)} → {money(payer - rent.amount)} · "
                f"{held.owner} {money(owner)} → {money(owner + rent.amount)}",
                classes="hint",
            )
        command = c.PayRent(player=self.player, deed=name)
        self._offer("r", f"Collect {money(rent.amount)} for {held.owner}", command)
        yield from self._short(rent.amount)
        yield reason_line(why_not(state, command))

    def _short(self, amount: int) -> ComposeResult:
        """A warning when the cash does not cover an obliged payment: it becomes a debt."""
        cash = self.state.player(self.player).cash
        if cash < amount:
            money = self.state.money
            yield Static(
                f"{self.player} has only {money(cash)}: the {money(amount)} will be owed "
                "until raised by selling buildings or mortgaging.",
                classes="reason",
            )

    def _square(self, kind: SquareKind) -> ComposeResult:
        state = self.state
        money = state.money
        player = self.player
        if kind is SquareKind.GO:
            yield Static(
                f"The bank pays {player} the {money(state.salary)} salary.", classes="body"
            )
            self._offer("g", f"Collect {money(state.salary)}", c.PassGo(player=player))
        elif kind is SquareKind.INCOME_TAX:
            yield from self._income_tax()
        elif kind is SquareKind.LUXURY_TAX:
            amount = state.edition.luxury_tax
            name = state.edition.luxury_tax_name
            yield Static(
                f"{player} pays {money(amount)} {name}"
                + (" into the Free Parking pot." if state.rules.free_parking_pot else "."),
                classes="body",
            )
            command = c.PayTax(player=player, kind="luxury")
            self._offer("p", f"Pay {money(amount)}", command)
            yield reason_line(why_not(state, command))
        elif kind in (SquareKind.CHANCE, SquareKind.CHEST):
            yield from self._cards("chance" if kind is SquareKind.CHANCE else "chest")
        elif kind is SquareKind.JAIL:
            cards = len(state.player(player).jail_cards)
            yield Static(
                f"Just visiting costs nothing. To leave jail {player} pays the "
                f"{money(state.jail_fine)} fine or uses a Get Out of Jail Free card "
                f"({cards} held).",
                classes="body",
            )
            self._offer(
                "f",
                f"Pay the {money(state.jail_fine)} fine",
                c.LeaveJail(player=player, method="fine"),
            )
            self._offer(
                "c", "Use a Get Out of Jail Free card", c.LeaveJail(player=player, method="card")
            )
        elif kind is SquareKind.GO_TO_JAIL:
            yield Static(
                f"{player} goes straight to jail: no salary, even passing GO. Nothing to pay now.",
                classes="body",
            )
        elif kind is SquareKind.FREE_PARKING:
            if state.rules.free_parking_pot:
                pot = state.bank.free_parking
                yield Static(f"{player} takes the Free Parking pot: {money(pot)}.", classes="body")
                self._offer("t", f"Take {money(pot)}", c.TakeParking(player=player))
            else:
                yield Static("Free Parking: nothing to pay, nothing to collect.", classes="body")

    def _income_tax(self) -> ComposeResult:
        state = self.state
        money = state.money
        player = self.player
        flat = state.edition.income_tax
        pct = state.edition.income_tax_percent
        self._offer("f", f"Pay {money(flat)} flat", c.PayTax(player=player, kind="income_flat"))
        if state.rules.income_tax is IncomeTaxMode.FLAT:
            yield Static(
                f"{player} pays {money(flat)} income tax (this game charges it flat).",
                classes="body",
            )
            return
        yield Static(f"{player} chooses: {money(flat)}, or {pct}% of total worth.", classes="body")
        percent = c.PayTax(player=player, kind="income_percent")
        if state.rules.strict_income_tax:
            yield Static(
                f"Strict rule: the {pct}% figure is worked out after the choice.", classes="hint"
            )
            self._offer("w", f"Pay {pct}% of worth", percent)
            return
        w = worth(state, player)
        table = Table.grid(padding=(0, 2))
        table.add_column()
        table.add_column(justify="right")
        table.add_row("Cash", money(w.cash))
        table.add_row("Deeds at printed price", money(w.deeds))
        table.add_row("Buildings at cost", money(w.buildings))
        table.add_row(Text("Total worth", style="bold"), Text(money(w.total), style="bold"))
        table.add_row(
            Text(f"{pct}% of worth", style="bold"),
            Text(money(income_tax_percent(state, player)), style="bold"),
        )
        yield Static(table, classes="breakdown")
        self._offer("w", f"Pay {money(income_tax_percent(state, player))} ({pct}%)", percent)

    def _cards(self, deck: str | None, only: str | None = None) -> ComposeResult:
        state = self.state
        cards = [card for card in state.edition.cards if card.deck == deck or card.id == only]
        self.deck_cards = [card.id for card in cards]
        options = []
        for card in cards:
            prompt = Text(card.text)
            prompt.append(f"\n  {card_effect(state, self.player, card)}", style="bold")
            options.append(Option(prompt, id=card.id))
        yield Static("Which card? Enter takes the highlighted one.", classes="body")
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
            self.notify("Type the dice total first.", severity="warning")
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
        reason: str | None = "Type the dice total."
        if event.value:
            filled = command.model_copy(update={"dice": int(event.value)})
            try:
                rent_text = str(rent_due(self.state, command.deed, int(event.value)).reason)
                reason = why_not(self.state, filled)
            except BankerError as exc:
                reason = str(exc)
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
                self.notify(reason, title="Refused", severity="error")
                return
            self.dismiss(command)
            return
        self.app.push_screen(CardDetails(self.state, self.player, card), self._details)

    def _details(self, command: c.DrawCard | None) -> None:
        if command is not None:
            self.dismiss(command)
