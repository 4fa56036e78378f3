"""A new game: the players in turn order, the board, and the house rules (seed defaults set)."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Header, Input, Select, Static

from banker.core.commands import DealDeeds, Setup, check_new_player_names
from banker.core.deal import make_deal
from banker.core.edition import BUILTIN_EDITIONS, load_edition
from banker.core.engine import apply
from banker.core.errors import BankerError
from banker.core.limits import MAX_PLAYERS
from banker.core.rules import HouseRules, IncomeTaxMode, MortgagedGroupRent, Rounding
from banker.core.state import new_game_state
from banker.i18n import LANGUAGES
from banker.i18n.message import N_
from banker.store import Journal
from banker.store.paths import custom_editions, game_in_folder
from banker.tui.looks import SCREENS_CSS
from banker.tui.speech import SpeaksTheGame, _, current_language, refused, set_language
from banker.tui.widgets.footer import KeysFooter

W = TypeVar("W", bound=Widget)

EDITION_NAMES = {
    "us": N_("United States ($)"),
    "uk": N_("London (£)"),
    "us100": N_("United States, 100x amounts ($)"),
}
"""The editions that ship, by id, as the form lists them (in English; shown translated)."""


def deals() -> list[tuple[str, str]]:
    """The choices for dealing the deeds at the start."""
    return [(_("No: buy as you land"), "none"), (_("All of them"), "all")] + [
        (_("{n} per player").format(n=n), str(n)) for n in range(1, 8)
    ]


def short_games() -> list[tuple[str, str]]:
    """The choices for ending the game early."""
    return [
        (_("No: to the last player"), "0"),
        (_("Ends at the first bankruptcy"), "1"),
        (_("Ends at the second bankruptcy"), "2"),
    ]


def edition_choices() -> list[tuple[str, str]]:
    """The editions that ship, then the banker's own edition files."""
    choices = [(_(EDITION_NAMES[e]) if e in EDITION_NAMES else e, e) for e in BUILTIN_EDITIONS]
    for path in custom_editions():
        choices.append((_("{name} (your own)").format(name=path.stem), str(path)))
    return choices


class NewGameScreen(SpeaksTheGame, Screen[Journal | None]):
    """The form for a new game; it hands back the opened journal of the game it creates."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [
        Binding("ctrl+s", "create", N_("Start the game")),
        Binding("escape", "cancel", N_("Cancel")),
    ]
    """Ctrl+S starts the game from any field; Escape goes back."""

    def __init__(self, can_cancel: bool = True) -> None:
        super().__init__()
        self.can_cancel = can_cancel
        self._words: list[tuple[Widget, str]] = []
        """Each widget with words and the English template of its words."""

    def compose(self) -> ComposeResult:
        say = self._say
        yield Header()
        with VerticalScroll(id="new-game"):
            yield say(Static(classes="heading"), N_("New game"))
            yield say(
                Static(classes="hint"), N_("Players in turn order (2 to 8): leave the rest empty.")
            )
            with Horizontal(classes="names"):
                for n in range(1, MAX_PLAYERS + 1):
                    yield Input(id=f"player-{n}", classes="name")
            with Horizontal(classes="row"):
                yield say(Static(classes="label"), N_("Game name"))
                yield say(Input(id="game-name"), N_("e.g. friday"))
            with Horizontal(classes="row"):
                yield say(Static(classes="label"), N_("Board"))
                yield Select(edition_choices(), value="us", allow_blank=False, id="edition")
            with Horizontal(classes="row"):
                yield say(Static(classes="label"), N_("Language"))
                yield Select(
                    [(name, code) for code, name in LANGUAGES.items()],
                    value=current_language(),
                    allow_blank=False,
                    id="language",
                )
            yield say(Static(classes="heading"), N_("House rules"))
            yield say(Checkbox(id="pot"), N_("Free Parking pot: taxes and fines go to the middle"))
            with Horizontal(classes="row"):
                yield say(Static(classes="label"), N_("Pot seed"))
                yield Input(value="0", id="seed", restrict=r"[0-9]{0,7}")
            yield say(Checkbox(id="flat-tax"), N_("Income tax flat only (later editions)"))
            yield say(
                Checkbox(id="strict-tax"),
                N_("Strict income tax: the percentage shown only after choosing"),
            )
            yield say(
                Checkbox(id="uk-rent"),
                N_("No double rent while a lot of the group is mortgaged (UK reading)"),
            )
            yield say(Checkbox(id="round-down"), N_("Round interest and fees down (default: up)"))
            yield say(Static(classes="heading"), N_("Variations"))
            with Horizontal(classes="row"):
                yield say(Static(classes="label"), N_("Deal the deeds"))
                yield Select(deals(), value="none", allow_blank=False, id="deal")
            yield say(
                Checkbox(id="deal-free"),
                N_("Dealt deeds are free (default: paid at printed prices)"),
            )
            with Horizontal(classes="row"):
                yield say(Static(classes="label"), N_("Short game"))
                yield Select(short_games(), value="0", allow_blank=False, id="short")
            yield say(
                Checkbox(id="three-houses"), N_("3 houses before a hotel (the short game's rule)")
            )
            with Horizontal(classes="row"):
                yield say(Static(classes="label"), N_("Time limit"))
                yield say(Input(id="minutes", restrict=r"[0-9]{0,4}"), N_("minutes (empty: none)"))
            yield Static("", id="problem", classes="reason")
            with Horizontal(classes="buttons"):
                yield say(Button(id="create", variant="primary"), N_("Start the game (ctrl+s)"))
                yield say(Button(id="cancel"), N_("Cancel (esc)"))
        yield KeysFooter()

    def _say(self, widget: W, template: str) -> W:
        """`widget`, to show `template` (English) in the form's language now and later."""
        self._words.append((widget, template))
        self._put(widget, _(template))
        return widget

    @staticmethod
    def _put(widget: Widget, text: str) -> None:
        if isinstance(widget, Input):
            widget.placeholder = text
        elif isinstance(widget, Checkbox | Button):
            widget.label = text
        elif isinstance(widget, Static):
            widget.update(text)

    def relabel(self) -> None:
        """Every word of the form in the current language; what was filled in stays."""
        for widget, template in self._words:
            self._put(widget, _(template))
        for n in range(1, MAX_PLAYERS + 1):
            self.query_one(f"#player-{n}", Input).placeholder = _("Player {n}").format(n=n)
        for select_id, options in (
            ("edition", edition_choices()),
            ("deal", deals()),
            ("short", short_games()),
        ):
            select: Select[str] = self.query_one(f"#{select_id}", Select)
            value = select.value
            with select.prevent(Select.Changed):
                select.set_options(options)
                select.value = value
        self.refresh_bindings()

    def on_mount(self) -> None:
        self.relabel()
        self.query_one("#player-1", Input).focus()

    @on(Select.Changed, "#language")
    def _language_chosen(self, event: Select.Changed) -> None:
        """The form speaks the language chosen for the game."""
        language = str(event.value)
        if language != current_language():
            set_language(language)
            self.relabel()

    def rules(self) -> HouseRules:
        seed = self.query_one("#seed", Input).value or "0"
        pot = self.query_one("#pot", Checkbox).value
        deal = str(self.query_one("#deal", Select).value)
        short = str(self.query_one("#short", Select).value)
        minutes = self.query_one("#minutes", Input).value
        # Checked as a file's house rules are: a value out of its bounds is refused.
        return HouseRules.load(
            dict(
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
        )

    def _names(self) -> list[str]:
        values = [self.query_one(f"#player-{n}", Input).value for n in range(1, MAX_PLAYERS + 1)]
        while values and not values[-1].strip():
            values.pop()
        return values

    def action_create(self) -> None:
        problem = self.query_one("#problem", Static)
        try:
            names = check_new_player_names(self._names())
            game = self.query_one("#game-name", Input).value.strip() or "-".join(names).casefold()
            choice = str(self.query_one("#edition", Select).value)
            edition = load_edition(choice if choice in BUILTIN_EDITIONS else Path(choice))
            language = str(self.query_one("#language", Select).value)
            setup = Setup.load(
                {"players": names, "edition": edition, "rules": self.rules(), "language": language}
            )
            deal = self._deal(setup)
            journal = Journal.create(game_in_folder(game), setup)
            if deal is not None:
                journal.apply(deal)
        except BankerError as exc:
            problem.update(refused(exc))
            return
        except ValueError as exc:  # a house rule out of range
            problem.update(_("A house rule is not valid: {error}").format(error=exc))
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
