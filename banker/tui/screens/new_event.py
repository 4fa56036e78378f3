"""The form for a new event: its name, rounds, round length, who goes on, the board."""

from __future__ import annotations

from pydantic import ValidationError
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from banker.core.edition import BUILTIN_EDITIONS, load_edition
from banker.i18n import translator
from banker.i18n.message import N_
from banker.tournament.model import EventSetup, Phase, setup_problems
from banker.tui.speech import SaysItsKeys


class NewEventScreen(SaysItsKeys, Screen[EventSetup | None]):
    """The form for a new event: its name, rounds, round length, who goes on, the board."""

    DEFAULT_CSS = """
    NewEventScreen { align: center middle; }
    NewEventScreen #form {
        width: 72; height: auto; max-height: 100%; border: round $primary; padding: 1 2;
    }
    NewEventScreen .field { height: 3; }
    NewEventScreen .field Label { width: 24; padding: 1 0; }
    NewEventScreen .field Input, NewEventScreen .field Select { width: 1fr; }
    NewEventScreen #why { color: $error; height: auto; }
    NewEventScreen #buttons { height: 3; align-horizontal: right; }
    """

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, name: str, language: str = "en") -> None:
        super().__init__()
        self.event_name = name
        self.say = translator(language)

    def compose(self) -> ComposeResult:
        say = self.say
        with VerticalScroll(id="form"):
            yield Static(say(N_("A new tournament")), classes="title")
            yield Static("", id="why")  # above the fields: seen even when they scroll
            fields: list[tuple[str, str, Widget]] = [
                ("name", N_("Event"), Input(self.event_name, id="name")),
                (
                    "advance",
                    N_("Who goes on"),
                    Select(
                        [
                            (say(N_("points, semi-finals, final")), "phases"),
                            (say(N_("each table's winner")), "winners"),
                            (say(N_("the best N, by place then worth")), "best"),
                        ],
                        value="phases",
                        allow_blank=False,
                        id="advance",
                    ),
                ),
                ("rounds", N_("Rounds"), Input("3", id="rounds", type="integer")),
                ("minutes", N_("Minutes a round"), Input("90", id="minutes", type="integer")),
                (
                    "semis",
                    N_("Semi-finals: the best (0: none)"),
                    Input("0", id="semis", type="integer"),
                ),
                ("final", N_("Final: the best (0: none)"), Input("4", id="final", type="integer")),
                ("best", N_("N (for the best N)"), Input("16", id="best", type="integer")),
                ("size", N_("Players a table"), Input("4", id="size", type="integer")),
                (
                    "edition",
                    N_("Board"),
                    Select(
                        [(say(load_edition(e).name), e) for e in BUILTIN_EDITIONS],
                        value="us",
                        allow_blank=False,
                        id="edition",
                    ),
                ),
                ("seed", N_("Seed of the draws"), Input("0", id="seed", type="integer")),
            ]
            for _, label, widget in fields:
                with Horizontal(classes="field"):
                    yield Label(say(label))
                    yield widget
            with Horizontal(id="buttons"):
                yield Button(say(N_("Create the event")), id="create", variant="primary")
                yield Button(say(N_("Cancel")), id="cancel")

    def _number(self, ident: str) -> int:
        text = self.query_one(f"#{ident}", Input).value.strip()
        return int(text) if text.lstrip("-").isdigit() else 0

    def _phases(self) -> tuple[Phase, ...]:
        """The championship the form asks for: the preliminaries, then the semi-finals
        and the final it names (their minutes the official ones)."""
        phases = [
            Phase(
                name="preliminary", rounds=self._number("rounds"), minutes=self._number("minutes")
            )
        ]
        if self._number("semis"):
            phases.append(Phase(name="semi-final", minutes=75, players=self._number("semis")))
        if self._number("final"):
            phases.append(Phase(name="final", minutes=120, players=self._number("final")))
        return tuple(phases)

    @on(Button.Pressed, "#create")
    @on(Input.Submitted)
    def create(self) -> None:
        advance = str(self.query_one("#advance", Select).value)
        phases: tuple[Phase, ...] = ()
        try:
            phases = self._phases() if advance == "phases" else ()
        except ValidationError as exc:
            problem = exc
            try:  # every other setting's reason too, not only the phases'
                self._setup(advance, ())
            except ValidationError as other:
                problem = other
            self.query_one("#why", Static).update(Text(setup_problems(problem).render(self.say)))
            return
        try:
            setup = self._setup(advance, phases)
        except ValidationError as exc:
            self.query_one("#why", Static).update(Text(setup_problems(exc).render(self.say)))
            return
        self.dismiss(setup)

    def _setup(self, advance: str, phases: tuple[Phase, ...]) -> EventSetup:
        edition = str(self.query_one("#edition", Select).value)
        return EventSetup(
            name=self.query_one("#name", Input).value.strip(),
            rounds=sum(p.rounds for p in phases) if phases else self._number("rounds"),
            minutes=self._number("minutes"),
            phases=phases,
            advance="best" if advance == "best" else "winners",
            best=self._number("best") if advance == "best" else None,
            table_size=self._number("size"),
            edition=edition,
            board=load_edition(edition).name,
            seed=self._number("seed"),
        )

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
