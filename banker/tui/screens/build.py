"""Build or sell houses and hotels for a whole colour group: per lot +/-, with the cost,
the bank's supply after, and the even rule checked as the banker goes."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, DataTable, Select, Static

from banker.core import commands as c
from banker.core.edition import ColourGroup, DeedKind
from banker.core.engine import apply
from banker.core.errors import BankerError
from banker.core.state import GameState
from banker.tui.screens.dialog import Dialog, reason_line
from banker.tui.speech import N_, _, refused
from banker.tui.words import hotels_word, houses_word, level_word

HOTEL = 5
"""The level of a lot with a hotel."""


class BuildScreen(Dialog[c.SetGroupLevels]):
    """Set the level of each lot of one colour group; Enter buys or sells the difference."""

    BINDINGS = [
        Binding("plus,equals_sign,right", "more", N_("One more"), priority=True),
        Binding("minus,left", "less", N_("One fewer"), priority=True),
    ]
    """The keys that raise and lower the highlighted lot."""

    def __init__(self, state: GameState, player: str) -> None:
        super().__init__()
        self.state = state
        self.player = player
        owned = {
            state.edition.deed(d).group
            for d in state.deeds_of(player)
            if state.edition.deed(d).kind is DeedKind.STREET
        }
        self.groups = [g for g in state.edition.groups if g.id in owned]
        whole = [
            g
            for g in self.groups
            if all(state.deeds[lot].owner == player for lot in state.edition.group_lots[g.id])
        ]
        first = whole or self.groups
        self.group: ColourGroup | None = first[0] if first else None
        self.targets: dict[str, int] = {}
        self.reason: str | None = None

    def compose(self) -> ComposeResult:
        cash = self.state.money(self.state.player(self.player).cash)
        with Vertical(classes="dialog build") as box:
            box.border_title = _("Build and sell: {p} ({cash})").format(p=self.player, cash=cash)
            if self.group is None:
                yield Static(
                    _("{p} owns no streets: nothing to build on.").format(p=self.player),
                    classes="body",
                )
            else:
                yield Select(
                    [(_(g.name), g.id) for g in self.groups],
                    value=self.group.id,
                    allow_blank=False,
                    id="group",
                )
                yield DataTable(id="lots", cursor_type="row")
                yield Static("", id="summary", classes="amount")
                yield reason_line(None)
                yield Static(
                    _("+ or → adds, - or ← takes away, ↑↓ picks the lot, Enter confirms"),
                    classes="hint",
                )
            with Horizontal(classes="buttons"):
                if self.group is not None:
                    yield self.choice("enter", _("Confirm"), "confirm")
                yield self.cancel_button()

    def on_mount(self) -> None:
        if self.group is None:
            return
        table = self.query_one("#lots", DataTable)
        for key, label in (
            ("lot", _("Lot")),
            ("now", _("Now")),
            ("after", _("After")),
            ("rent", _("Rent after")),
        ):
            table.add_column(label, key=key)
        self._load_group()
        table.focus()

    def _load_group(self) -> None:
        assert self.group is not None
        lots = self.state.edition.group_lots[self.group.id]
        self.targets = {lot: self.state.deeds[lot].level for lot in lots}
        table = self.query_one("#lots", DataTable)
        table.clear()
        for lot in lots:
            table.add_row(lot, "", "", "", key=lot)
        self._update()

    @on(Select.Changed, "#group")
    def _group_changed(self, event: Select.Changed) -> None:
        self.group = self.state.edition.groups_by_id[str(event.value)]
        self._load_group()

    def _highlighted(self) -> str | None:
        table = self.query_one("#lots", DataTable)
        if not self.targets:
            return None
        return list(self.targets)[table.cursor_row]

    def action_more(self) -> None:
        self._change(+1)

    def action_less(self) -> None:
        self._change(-1)

    def _change(self, step: int) -> None:
        lot = self._highlighted()
        if lot is None:
            return
        self.targets[lot] = max(0, min(HOTEL, self.targets[lot] + step))
        self._update()

    def command(self) -> c.SetGroupLevels:
        lots = list(self.targets)
        return c.SetGroupLevels(
            player=self.player, deed=lots[0], levels=[self.targets[lot] for lot in lots]
        )

    def _update(self) -> None:
        state = self.state
        money = state.money
        table = self.query_one("#lots", DataTable)
        for lot, target in self.targets.items():
            now = state.deeds[lot].level
            style = "bold" if target != now else ""
            rent = state.edition.deed(lot).rent or [0] * 6
            table.update_cell(lot, "now", level_word(now))
            table.update_cell(lot, "after", Text(level_word(target), style=style))
            table.update_cell(lot, "rent", money(rent[target]))
        changed = any(self.targets[lot] != state.deeds[lot].level for lot in self.targets)
        summary = _("No change yet.")
        self.reason = _("Add or take away buildings with + and -.") if not changed else None
        if changed:
            try:
                after, _receipt = apply(state, self.command())
            except BankerError as exc:
                self.reason = refused(exc)
            else:
                change = after.player(self.player).cash - state.player(self.player).cash
                sign = _("Cost {amount}") if change <= 0 else _("Refund {amount}")
                bank = after.bank
                summary = _("{cost} · bank after: {houses}, {hotels}").format(
                    cost=sign.format(amount=money(abs(change))),
                    houses=houses_word(bank.houses_left),
                    hotels=hotels_word(bank.hotels_left),
                )
        self.query_one("#summary", Static).update(summary)
        self.query_one("#reason", Static).update(self.reason or "")
        self.query_one("#confirm", Button).disabled = self.reason is not None

    @on(DataTable.RowSelected, "#lots")
    @on(Button.Pressed, "#confirm")
    def _confirm(self) -> None:
        if self.group is None or self.reason is not None:
            self.notify(self.reason or _("Nothing to build or sell."), severity="warning")
            return
        self.dismiss(self.command())
