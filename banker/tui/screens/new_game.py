"""A new game: the players in turn order, the board, and the house rules (seed defaults set)."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Header, Input, Select, Static

from banker.core.commands import MAX_PLAYERS, DealDeeds, Setup, check_player_names
from banker.core.deal import make_deal
from banker.core.edition import BUILTIN_EDITIONS, load_edition
from banker.core.engine import apply
from banker.core.errors import BankerError
from banker.core.rules import HouseRules, IncomeTaxMode, MortgagedGroupRent, Rounding
from banker.core.state import new_game_state
from banker.i18n import LANGUAGES, default_language
from banker.store import Journal, resolve_game_path
from banker.store.paths import custom_editions

EDITION_NAMES = {
    "us": "United States ($)",
    "uk": "London (£)",
    "us100": "United States, 100x amounts ($)",
}
DEALS: list[tuple[str, str]] = [("No: buy as you land", "none"), ("All of them", "all")] + [
    (f"{n} per player", str(n)) for n in range(1, 8)
]
SHORT_GAMES: list[tuple[str, str]] = [
    ("No: to the last player", "0"),
    ("Ends at the first bankruptcy", "1"),
    ("Ends at the second bankruptcy", "2"),
]


def edition_choices() -> list[tuple[str, str]]:
    """The editions that ship, then the banker's own edition files."""
    choices = [(EDITION_NAMES.get(e, e), e) for e in BUILTIN_EDITIONS]
    for path in custom_editions():
        choices.append((f"{path.stem} (your own)", str(path)))
    return choices


class NewGameScreen(Screen[Journal | None]):
    """The form for a new game; it hands back the opened journal of the game it creates."""

    BINDINGS = [
        Binding("ctrl+s", "create", "Start the game"),
        Binding("escape", "cancel", "Cancel"),
    ]
    """Ctrl+S starts the game from any field; Escape goes back."""

    def __init__(self, can_cancel: bool = True) -> None:
        super().__init__()
        self.can_cancel = can_cancel

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="new-game"):
            yield Static("New game", classes="heading")
            yield Static("Players in turn order (2 to 8): leave the rest empty.", classes="hint")
            with Horizontal(classes="names"):
                for n in range(1, MAX_PLAYERS + 1):
                    yield Input(placeholder=f"Player {n}", id=f"player-{n}", classes="name")
            with Horizontal(classes="row"):
                yield Static("Game name", classes="label")
                yield Input(placeholder="e.g. friday", id="game-name")
            with Horizontal(classes="row"):
                yield Static("Board", classes="label")
                yield Select(edition_choices(), value="us", allow_blank=False, id="edition")
            with Horizontal(classes="row"):
                yield Static("Language", classes="label")
                yield Select(
                    [(name, code) for code, name in LANGUAGES.items()],
                    value=default_language(),
                    allow_blank=False,
                    id="language",
                )
            yield Static("House rules", classes="heading")
            yield Checkbox("Free Parking pot: taxes and fines go to the middle", id="pot")
            with Horizontal(classes="row"):
                yield Static("Pot seed", classes="label")
                yield Input(value="0", id="seed", restrict=r"[0-9]{0,7}")
            yield Checkbox("Income tax flat only (later editions)", id="flat-tax")
            yield Checkbox(
                "Strict income tax: the percentage shown only after choosing", id="strict-tax"
            )
            yield Checkbox(
                "No double rent while a lot of the group is mortgaged (UK reading)", id="uk-rent"
            )
            yield Checkbox("Round interest and fees down (default: up)", id="round-down")
            yield Static("Variations", classes="heading")
            with Horizontal(classes="row"):
                yield Static("Deal the deeds", classes="label")
                yield Select(DEALS, value="none", allow_blank=False, id="deal")
            yield Checkbox("Dealt deeds are free (default: paid at printed prices)", id="deal-free")
            with Horizontal(classes="row"):
                yield Static("Short game", classes="label")
                yield Select(SHORT_GAMES, value="0", allow_blank=False, id="short")
            yield Checkbox("3 houses before a hotel (the short game's rule)", id="three-houses")
            with Horizontal(classes="row"):
                yield Static("Time limit", classes="label")
                yield Input(
                    placeholder="minutes (empty: none)", id="minutes", restrict=r"[0-9]{0,4}"
                )
            yield Static("", id="problem", classes="reason")
            with Horizontal(classes="buttons"):
                yield Button("Start the game (ctrl+s)", id="create", variant="primary")
                yield Button("Cancel (esc)", id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#player-1", Input).focus()

    def rules(self) -> HouseRules:
        seed = self.query_one("#seed", Input).value or "0"
        pot = self.query_one("#pot", Checkbox).value
        deal = str(self.query_one("#deal", Select).value)
        short = str(self.query_one("#short", Select).value)
        minutes = self.query_one("#minutes", Input).value
        return HouseRules(
            free_parking_pot=pot,
            free_parking_seed=int(seed) if pot else 0,
            income_tax=IncomeTaxMode.FLAT
            if self.query_one("#flat-tax", Checkbox).value
            else IncomeTaxMode.CHOICE,
            strict_income_tax=self.query_one("#strict-tax", Checkbox).value,
            mortgaged_group_rent=MortgagedGroupRent.UK
            if self.query_one("#uk-rent", Checkbox).value
            else MortgagedGroupRent.US,
            rounding=Rounding.DOWN
            if self.query_one("#round-down", Checkbox).value
            else Rounding.UP,
            deal_deeds=None if deal == "none" else "all" if deal == "all" else int(deal),
            deal_paid=not self.query_one("#deal-free", Checkbox).value,
            end_after_bankruptcies=int(short) or None,
            houses_before_hotel=3 if self.query_one("#three-houses", Checkbox).value else 4,
            time_limit_minutes=int(minutes) if minutes and int(minutes) > 0 else None,
        )

    def _names(self) -> list[str]:
        values = [self.query_one(f"#player-{n}", Input).value for n in range(1, MAX_PLAYERS + 1)]
        while values and not values[-1].strip():
            values.pop()
        return values

    def action_create(self) -> None:
        problem = self.query_one("#problem", Static)
        try:
            names = check_player_names(self._names())
            game = self.query_one("#game-name", Input).value.strip() or "-".join(names).casefold()
            choice = str(self.query_one("#edition", Select).value)
            edition = load_edition(choice if choice in BUILTIN_EDITIONS else Path(choice))
            language = str(self.query_one("#language", Select).value)
            setup = Setup(
                players=names,
                edition=edition,
                rules=self.rules(),
                language=language,
            )
            deal = self._deal(setup)
            journal = Journal.create(resolve_game_path(game), setup)
            if deal is not None:
                journal.apply(deal)
        except BankerError as exc:
            problem.update(str(exc))
            return
        except ValueError as exc:  # a house rule out of range
            problem.update(f"A house rule is not valid: {exc}")
            return
        self.dismiss(journal)

    @staticmethod
    def _deal(setup: Setup) -> DealDeeds | None:
        """The dealt deeds, checked before the game file is made (a paid deal may not be
        affordable)."""
        if setup.rules.deal_deeds is None:
            return None
        start = new_game_state(setup.players, setup.edition, setup.rules, setup.language)
        deal = make_deal(start, setup.rules.deal_deeds, setup.rules.deal_paid)
        apply(start, deal)
        return deal

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#create")
    def _create(self) -> None:
        self.action_create()

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.action_cancel()

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_create()
