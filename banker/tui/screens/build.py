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
from banker.core.edition import ColourGroup
from banker.core.level import Level
from banker.core.offers.building import (
    GroupPlan,
    building_groups,
    group_plan,
    levels_now,
    plan_said,
)
from banker.core.state import GameState
from banker.i18n.message import N_
from banker.tui.screens.dialog import Dialog, reason_line
from banker.tui.speech import _, said


class BuildScreen(Dialog[c.SetGroupLevels]):
    """Set the level of each lot of one colour group; Enter buys or sells the difference."""

    BINDINGS = [
        Binding("plus,equals_sign,right", "more", N_("One more"), priority=True),
        Binding("minus,left", "less", N_("One fewer"), priority=True),
        Binding("e", "every(1)", N_("One more on every lot")),
        Binding("E", "every(-1)", N_("One fewer on every lot")),
    ]
    """The keys that raise and lower the highlighted lot; e (E) a house more (fewer) on
    every lot of the group at once: building evenly is `b e` Enter."""

    def __init__(self, state: GameState, player: str) -> None:
        super().__init__()
        self.state = state
        self.player = player
        edition = state.edition
        self.groups = [edition.groups_by_id[g] for g in building_groups(state, player)]
        self.group: ColourGroup | None = self.groups[0] if self.groups else None
        self.targets: dict[str, Level] = {}
        self.plan: GroupPlan | None = None
        self.reason: str | None = None

    def compose(self) -> ComposeResult:
        cash = self.state.money(self.state.player(self.player).cash)
        with Vertical(classes="dialog build") as box:
            box.border_title = _("Build and sell: {p} ({cash})").format(p=self.player, cash=cash)
            box.border_subtitle = _("1-8: another player")
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
                    _("+ or → adds, - or ← takes away, e on every lot, ↑↓ picks the lot"),
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
        self.targets = dict(zip(lots, levels_now(self.state, self.group.id), strict=True))
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

    def action_every(self, step: int) -> None:
        """One level more (or fewer) on every lot of the group."""
        for lot, level in list(self.targets.items()):
            self.targets[lot] = level.up() if step > 0 else level.down()
        if self.targets:
            self._update()

    def _change(self, step: int) -> None:
        lot = self._highlighted()
        if lot is None:
            return
        level = self.targets[lot]
        self.targets[lot] = level.up() if step > 0 else level.down()
        self._update()

    def command(self) -> c.SetGroupLevels:
        assert self.plan is not None
        return self.plan.command

    def _update(self) -> None:
        assert self.group is not None
        state = self.state
        plan = group_plan(state, self.player, self.group.id, list(self.targets.values()))
        self.plan = plan
        table = self.query_one("#lots", DataTable)
        for lot in plan.lots:
            style = "bold" if lot.changed else ""
            rent = "—" if lot.rent_after is None else state.money(lot.rent_after)
            table.update_cell(lot.lot, "now", said(lot.now.said()))
            table.update_cell(lot.lot, "after", Text(said(lot.after.said()), style=style))
            table.update_cell(lot.lot, "rent", rent)
        summary = _("No change yet.")
        if not plan.changed:
            self.reason = _("Add or take away buildings with + and -.")
        elif plan.refusal is not None:
            self.reason = said(plan.refusal)
        else:
            self.reason = None
            summary = said(plan_said(plan, state))
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
