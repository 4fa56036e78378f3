"""Where did the token land? The dice total, or a few letters of a deed, a square or a card."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from banker.core.names import ranked
from banker.core.offers.landing import throw_outcome
from banker.core.state import GameState
from banker.core.turns import ahead, kinds, position, reachable, squares
from banker.i18n.message import N_, Message
from banker.tui.screens.dialog import Dialog
from banker.tui.speech import _, said
from banker.tui.words import Landing, landings, square_label


@dataclass(frozen=True)
class Destination:
    """Where the banker says the token went."""

    landing: Landing
    square: int | None = None
    """The board index, when the dice total or the name tells it."""
    passed_go: bool = False
    """The move by the dice total passed (or landed on) GO."""
    by_dice: bool = False
    dice: int | None = None
    """The dice total that moved the token (a utility's rent is by the same throw)."""
    fix: bool = False
    """A correction of where the token stands: no salary, no offers."""
    doubles: bool = False
    """The throw was a double (two dice showing the same): counted toward jail, and a
    player in jail leaves by it."""
    moved: bool = True
    """The throw moves the token (not from jail without doubles, nor a third double)."""
    said: Message | None = None
    """What a throw that does not move the token does, as its receipt will say."""


class SquarePicker(Dialog[Destination]):
    """The dice total (2-12) moves the token on from its last known square; letters search
    the board, the likeliest first: `park` is Park Place before Free Parking, squares the
    token can reach before the others, `railroad` every railroad."""

    BINDINGS = [
        Binding("down", "move(1)", N_("Next"), show=False),
        Binding("up", "move(-1)", N_("Previous"), show=False),
        Binding("ctrl+f", "correct", N_("Correct the square")),
        Binding("ctrl+d", "doubles", N_("Doubles"), priority=True),
    ]
    """The arrows move through the matches while the typing stays in the box; ctrl+f puts
    the token on the highlighted square as a correction, paying nothing; ctrl+d says the
    throw about to be typed is a double (again: it is not)."""

    def __init__(self, state: GameState, player: str) -> None:
        super().__init__()
        self.state = state
        self.player = player
        edition = state.edition
        self.places = landings(edition)
        self.by_label = {place.label: place for place in self.places}
        board = squares(edition)
        self.label_at = {i: self._label(name) for i, name in board.items()}
        """Each board index's label, as the picker shows it."""
        self.board_names = {
            name: label for name in board.values() if (label := self._label(name)) != name
        }
        """A square's name as printed on the board, to its label in the game's language
        (Income Tax to ภาษีรายได้): the banker may type either."""
        self.shown: list[Destination] = []
        self.doubles = False
        """The throw typed next is a double (ctrl+d)."""
        self.refusal: str | None = None
        """Why the throw typed cannot be (an odd total as a double), shown in the list."""

    def _label(self, name: str) -> str:
        return name if name in self.by_label else square_label(name)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog picker") as box:
            box.border_title = _("{p} landed on…").format(p=self.player)
            box.border_subtitle = self._where()
            yield Input(
                placeholder=_("the dice total, or a name: board, st ch, tax, chance"), id="query"
            )
            yield OptionList(id="matches")
            yield Static(
                _(
                    "2-12 moves the token on · ctrl+d before it: a double · Enter picks the "
                    "highlighted one · ctrl+f corrects the square, paying nothing · Esc cancels"
                ),
                classes="hint",
            )

    def _where(self) -> str:
        """Where the token stands, in jail or not, and whether the next throw is a double."""
        jail = self.state.jail
        where = (
            _("in jail, throw {n} of 3").format(n=jail[self.player] + 1)
            if self.player in jail
            else _("now on {square}").format(
                square=self.label_at[position(self.state, self.player)]
            )
        )
        return where + (" · " + _("a double") if self.doubles else "")

    def on_mount(self) -> None:
        self._show("")

    def action_doubles(self) -> None:
        """The next throw typed is a double; pressed again, it is not."""
        self.doubles = not self.doubles
        self.query_one(".picker", Vertical).border_subtitle = self._where()
        self._show(self.query_one("#query", Input).value)

    @on(Input.Changed, "#query")
    def _typed(self, event: Input.Changed) -> None:
        self._show(event.value)
        if self._complete_throw(event.value) and self.shown:
            self.dismiss(self.shown[0])  # the throw says it all: no Enter needed

    @staticmethod
    def _complete_throw(text: str) -> bool:
        """A dice total no further digit could change: 2 to 9, or 10 to 12 (a lone 1 waits)."""
        return text.isdigit() and (len(text) == 2 or text != "1")

    def _destinations(self, query: str) -> list[Destination]:
        text = query.strip()
        if text.isdigit():
            total = int(text)
            if not 2 <= total <= 12:
                return []
            outcome = throw_outcome(self.state, self.player, total, self.doubles)
            if outcome.refusal is not None:
                self.refusal = said(outcome.refusal)  # an odd total as a double
                return []
            if outcome.moved:
                square, passed = ahead(self.state, self.player, total)
            else:
                square, passed = outcome.square, False
            label = self.label_at[square]
            return [
                Destination(
                    self.by_label[label],
                    square,
                    passed,
                    by_dice=True,
                    dice=total,
                    doubles=self.doubles,
                    moved=outcome.moved,
                    said=None if outcome.moved else outcome.receipt,
                )
            ]
        if not text:
            likely = [self._label(name) for name in reachable(self.state, self.player)]
            rest = [p.label for p in self.places if p.card is None and p.label not in likely]
            return [self._at(label) for label in likely + rest]
        board = [p.label for p in self.places if p.card is None] + list(self.board_names)
        cards = [p.label for p in self.places if p.card is not None]
        reach = reachable(self.state, self.player)
        likely = [self._label(n) for n in reach] + [n for n in reach if n in self.board_names]
        by_kind = {
            k: [self._label(n) for n in v]
            for k, v in kinds(self.state.edition, self.state.language).items()
        }
        found = ranked(text, board, likely, by_kind)
        labels = list(dict.fromkeys(self.board_names.get(name, name) for name in found))
        return [self._at(label) for label in labels + ranked(text, cards)]  # squares first

    def _at(self, label: str) -> Destination:
        """The place with this label, at its square nearest ahead of the token (the one it
        stands on when that is the only one): a move forward, past GO when it is behind."""
        spots = [i for i, shown in self.label_at.items() if shown == label]
        if not spots:
            return Destination(self.by_label[label])
        start = position(self.state, self.player)
        size = self.state.edition.board_size
        square = min(spots, key=lambda i: (i - start - 1) % size)
        if spots == [start]:
            return Destination(self.by_label[label], start)
        passed = start + (square - start) % size >= size
        return Destination(self.by_label[label], square, passed)

    def _prompt(self, place: Destination) -> str:
        if place.said is not None:
            return said(place.said)  # the throw does not move the token: what it does
        if place.passed_go:
            return _("{square} · passing GO: {amount} salary").format(
                square=place.landing.label, amount=self.state.money(self.state.salary)
            )
        return place.landing.label

    def _show(self, query: str) -> None:
        self.refusal = None
        self.shown = self._destinations(query)
        matches = self.query_one("#matches", OptionList)
        matches.clear_options()
        matches.add_options([Option(self._prompt(p)) for p in self.shown])
        if self.refusal is not None:
            matches.add_option(Option(self.refusal, disabled=True))
        if self.shown:
            matches.highlighted = 0

    def action_move(self, step: int) -> None:
        matches = self.query_one("#matches", OptionList)
        if self.shown:
            current = matches.highlighted or 0
            matches.highlighted = max(0, min(len(self.shown) - 1, current + step))

    def action_correct(self) -> None:
        """The highlighted square, as a correction of where the token stands."""
        highlighted = self.query_one("#matches", OptionList).highlighted
        if highlighted is None or not self.shown or self.shown[highlighted].square is None:
            self.notify(
                _("A correction names a square of the board: type a few of its letters."),
                severity="warning",
            )
            return
        place = self.shown[highlighted]
        self.dismiss(Destination(place.landing, place.square, fix=True))

    @on(Input.Submitted, "#query")
    def _submitted(self) -> None:
        highlighted = self.query_one("#matches", OptionList).highlighted
        if highlighted is None or not self.shown:
            self.notify(
                _("Nothing on the board matches that: type the dice total or a few letters."),
                severity="warning",
            )
            return
        self.dismiss(self.shown[highlighted])

    @on(OptionList.OptionSelected, "#matches")
    def _clicked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.shown[event.option_index])
