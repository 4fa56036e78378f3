"""A trade between two players: cash, deeds and jail cards both ways, the 10% fee on
mortgaged deeds, and the choice to lift those mortgages at once."""

from __future__ import annotations

from rich.cells import cell_len
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Input, Select, SelectionList, Static
from textual.widgets.selection_list import Selection

from banker.core import commands as c
from banker.core.offers.trading import mortgaged_in_trade, trade_terms, tradeable_deeds
from banker.core.state import GameState
from banker.tui.looks import short_name
from banker.tui.screens.dialog import Confirm, Dialog, reason_line
from banker.tui.speech import _, said
from banker.tui.words import trade_lines

CHECKBOX = 4
"""The cells a deed's checkbox takes before its name (`▐X▌ `)."""

FIELD_ORDER = (
    "who-get",
    "deeds-give",
    "cash-get",
    "cash-give",
    "deeds-get",
    "cards-give",
    "cards-get",
    "debt-give",
    "debt-get",
    "lift",
    "who-give",
)
"""Tab's order through the dialog, the common trade first: the partner, the deeds the
player gives, the cash the partner gives (a deed for cash is `t`, the partner's letter, the
deed's letters, Space, Tab, the amount, Enter, Enter)."""


class TradeScreen(Dialog[c.Trade]):
    """Both sides of a trade, side by side; the bank's fees shown before it is made, and
    the whole trade shown once more for Enter before it is."""

    BINDINGS = [
        Binding("tab", "next_field", show=False),
        Binding("shift+tab", "next_field(-1)", show=False),
    ]
    """Tab goes through the fields in `FIELD_ORDER`, the common trade first."""

    def __init__(self, state: GameState, player: str, partner: str | None = None) -> None:
        super().__init__()
        self.state = state
        names = [p.name for p in state.active_players]
        self.player = player
        if partner is None:
            after = names[(names.index(player) + 1) % len(names)] if player in names else names[0]
            partner = after
        self.partner = partner
        self.held: dict[str, set[str]] = {"give": set(), "get": set()}
        """Each side's deeds that cannot change hands (their group has buildings)."""

    def compose(self) -> ComposeResult:
        names = [(p.name, p.name) for p in self.state.active_players]
        with Vertical(classes="dialog wide trade") as box:
            box.border_title = _("Trade")
            with Horizontal(classes="sides"):
                for side, name in (("give", self.player), ("get", self.partner)):
                    with Vertical(classes="side", id=f"side-{side}") as column:
                        column.border_title = _("gives")
                        yield Select(
                            names, value=name, allow_blank=False, id=f"who-{side}", compact=True
                        )
                        yield Input(
                            placeholder=_("cash"),
                            id=f"cash-{side}",
                            restrict=r"[0-9]{0,9}",
                            compact=True,
                        )
                        yield SelectionList[str](id=f"deeds-{side}", compact=True)
                        yield Input(
                            placeholder=_("Get Out of Jail Free cards"),
                            id=f"cards-{side}",
                            restrict=r"[0-9]?",
                            compact=True,
                        )
                        yield Input(  # shown only when the other side owes this one
                            placeholder=_("debt written off"),
                            id=f"debt-{side}",
                            restrict=r"[0-9]{0,9}",
                            compact=True,
                        )
            with Vertical(id="lift-box") as lift_box:
                lift_box.border_title = _("Lift these mortgages at once?")
                yield SelectionList[str](id="lift", compact=True)
            yield Static("", id="summary", classes="amount", markup=False)
            yield reason_line(None)
            with Horizontal(classes="buttons"):
                yield self.choice("ctrl+s", _("Make the trade"), "confirm")
                yield self.cancel_button()

    def on_resize(self) -> None:
        """The deeds' labels fit the new width (a mortgaged name shortened or not)."""
        for side in ("give", "get"):
            self._fill(side)

    def on_mount(self) -> None:
        self.query_one("#lift-box").display = False
        self._fill("give")
        self._fill("get")
        self._check()
        self.query_one("#who-get", Select).focus()

    def _fields(self) -> list[Widget]:
        """The fields Tab goes through now: the screen's focus chain (shown, not disabled)
        in `FIELD_ORDER`."""
        chain = {widget.id: widget for widget in self.focus_chain}
        return [chain[field_id] for field_id in FIELD_ORDER if field_id in chain]

    def action_next_field(self, step: int = 1) -> None:
        fields = self._fields()
        if not fields:
            return
        focused = self.focused
        at = fields.index(focused) if focused in fields else -1 if step > 0 else 0
        fields[(at + step) % len(fields)].focus()

    def on_key(self, event: events.Key) -> None:
        """In a closed player picker, a name's first letters or a seat number pick the
        player, and the next field takes the keys (`t`, `a` is a trade with Alice)."""
        focused = self.focused
        character = event.character
        if (
            isinstance(focused, Select)
            and not focused.expanded
            and character is not None
            and character.isalnum()
        ):
            event.stop()
            event.prevent_default()
            names = [p.name for p in self.state.active_players]
            seats = {
                str(seat): p.name
                for seat, p in enumerate(self.state.players, start=1)
                if p.name in names
            }
            wanted = character.casefold()
            found = seats.get(character) or next(
                (n for n in names if n.casefold().startswith(wanted) and n != focused.value),
                next((n for n in names if n.casefold().startswith(wanted)), None),
            )
            if found is None:
                self.notify(_("No player's name starts with “{typed}”.").format(typed=character))
                return
            focused.value = found
            self.action_next_field()
            return
        super().on_key(event)

    def _who(self, side: str) -> str:
        return str(self.query_one(f"#who-{side}", Select).value)

    def _fill(self, side: str) -> None:
        """The deeds this side's player holds; one whose colour group has buildings is
        dimmed (the summary line says why: a note beside each would not fit at 80
        columns), a mortgaged one says so, its name shortened to make room."""
        state = self.state
        owner = self._who(side)
        deeds = self.query_one(f"#deeds-{side}", SelectionList)
        chosen = set(deeds.selected)
        room = deeds.scrollable_content_region.width - CHECKBOX
        deeds.clear_options()
        held: set[str] = set()
        for offered in tradeable_deeds(state, owner):
            label = offered.deed
            if offered.mortgaged:
                note = _("{deed} (mortgaged)").format(deed="")
                fits = short_name(offered.deed, room - cell_len(note)) if room > 0 else label
                label = _("{deed} (mortgaged)").format(deed=fits)
            if offered.refusal is not None:
                held.add(offered.deed)
            deeds.add_option(
                Selection(
                    label,
                    offered.deed,
                    offered.deed in chosen and offered.refusal is None,
                    offered.deed,
                    disabled=bool(offered.refusal),
                )
            )
        self.held[side] = held
        cards = len(state.player(owner).jail_cards)
        self.query_one(f"#cards-{side}", Input).disabled = not cards  # Tab passes it by
        self.query_one(f"#cards-{side}", Input).placeholder = _("jail cards (holds {n})").format(
            n=cards
        )
        self._fill_debt(side)

    def _fill_debt(self, side: str) -> None:
        """The debt this side may write off: shown only when the other side owes it."""
        state = self.state
        owner = self._who(side)
        other = self._who("get" if side == "give" else "give")
        owed = sum(d.amount for d in state.debts_of(other) if d.creditor == owner)
        debt = self.query_one(f"#debt-{side}", Input)
        debt.display = bool(owed)
        if not owed:
            debt.value = ""
        debt.placeholder = _("written off {p}'s debt (owes {amount})").format(
            p=other, amount=state.money(owed)
        )

    @on(Select.Changed)
    def _players_changed(self, event: Select.Changed) -> None:
        side = (event.select.id or "").removeprefix("who-")
        if side in ("give", "get"):
            self._fill(side)
            self._fill_debt("get" if side == "give" else "give")  # who owes whom changed
        self._check()

    def _side(self, side: str) -> c.TradeSide:
        cash = self.query_one(f"#cash-{side}", Input).value
        cards = self.query_one(f"#cards-{side}", Input).value
        deeds = list(self.query_one(f"#deeds-{side}", SelectionList).selected)
        debt = self.query_one(f"#debt-{side}", Input).value
        return c.TradeSide(
            cash=int(cash or 0), deeds=deeds, jail_cards=int(cards or 0), debt=int(debt or 0)
        )

    def command(self) -> c.Trade:
        lift = list(self.query_one("#lift", SelectionList).selected)
        give, get = self._side("give"), self._side("get")
        moving = set(give.deeds + get.deeds)
        return c.Trade(
            player=self._who("give"),
            partner=self._who("get"),
            give=give,
            get=get,
            lift=[d for d in lift if d in moving],
        )

    @on(Input.Changed)
    @on(SelectionList.SelectedChanged, ".side SelectionList")
    def _changed(self) -> None:
        self._refresh_lift()
        self._check()

    @on(SelectionList.SelectedChanged, "#lift")
    def _lift_changed(self) -> None:
        self._check()

    def _refresh_lift(self) -> None:
        state = self.state
        trade = self.command()
        lift = self.query_one("#lift", SelectionList)
        chosen = set(lift.selected)
        moving = mortgaged_in_trade(state, trade)
        mortgaged = [m.deed for m in moving]
        if [str(lift.get_option_at_index(i).value) for i in range(lift.option_count)] == mortgaged:
            return
        lift.clear_options()
        self.query_one("#lift-box").display = bool(mortgaged)
        for found in moving:
            lift.add_option((said(found.choice(state)), found.deed, found.deed in chosen))

    def _check(self) -> None:
        state = self.state
        trade = self.command()
        reason: str | None
        if trade.give.empty and trade.get.empty:
            reason = _("Put something on at least one side.")
            summary = ""
            if self.held["give"] or self.held["get"]:
                summary = _("Dimmed deeds are in a colour group with buildings: sell those first.")
        else:
            terms = trade_terms(state, trade)
            reason = None if terms.refusal is None else said(terms.refusal)
            summary = "\n".join(trade_lines(state, terms, cash=False))
        self.query_one("#summary", Static).update(summary)
        self.query_one("#reason", Static).update(reason or "")
        self.query_one("#confirm", Button).disabled = reason is not None

    @on(Input.Submitted)
    @on(Button.Pressed, "#confirm")
    def _confirm(self) -> None:
        trade = self.command()
        terms = trade_terms(self.state, trade)
        reason = None if terms.refusal is None else said(terms.refusal)
        if reason is not None or (trade.give.empty and trade.get.empty):
            self.notify(reason or _("Put something on at least one side."), severity="error")
            return
        body = "\n".join(trade_lines(self.state, terms))
        self.app.push_screen(
            Confirm(_("Make this trade?"), body, _("Make the trade")),
            lambda yes: self._confirmed(trade if yes else None),
        )

    def _confirmed(self, trade: c.Trade | None) -> None:
        """The whole trade was read and confirmed (or not: back to the dialog)."""
        if trade is not None:
            self.dismiss(trade)
