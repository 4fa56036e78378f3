"""What every dialog shares: a framed box over the ledger, Escape to cancel, letter keys for
its choices, and a typed result handed back with `dismiss`."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Generic, TypeVar

from rich.text import Text
from textual import events, on
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, OptionList, Select, SelectionList, Static
from textual.widgets.option_list import Option

from banker.i18n.message import N_
from banker.tui.looks import SCREENS_CSS
from banker.tui.speech import SpeaksTheGame, _
from banker.tui.toasts import DialogToasts

T = TypeVar("T")


LEAVE_SEARCH = {"up", "down", "home", "end", "pageup", "pagedown"}
"""Keys that move the highlight themselves: a search in a list ends with them."""


def _finds(character: str) -> bool:
    """A character a list's search takes: a letter, a digit, or a Thai vowel or tone mark
    (marks that take no cell of their own are letters' parts, not punctuation)."""
    return unicodedata.category(character)[0] in "LMN"


class Findable(Option):
    """A line of a list that a search also finds by what it does rather than what it says:
    its number key, and the square a card sends the token to (`board` is Advance to
    Boardwalk before Chairman of the Board)."""

    def __init__(
        self,
        prompt: Text | str,
        id: str | None = None,
        *,
        number: int | None = None,
        destination: str = "",
        disabled: bool = False,
    ) -> None:
        super().__init__(prompt, id=id, disabled=disabled)
        self.number = number
        """The line's number key (`3` Enter draws the third card), or None."""
        self.destination = destination
        """The square the line sends the token to, or ""."""


WHOLE, START, INSIDE = 0, 1, 2
"""How well typed words match a text: each a whole word of it, each the start of one (in
order), or the letters anywhere in it (Thai runs its words together)."""

RANKS = {
    ("key", WHOLE): 1,
    ("destination", WHOLE): 2,
    ("key", START): 3,
    ("destination", START): 4,
    ("head", WHOLE): 5,
    ("head", START): 6,
    ("head", INSIDE): 7,
    ("rest", WHOLE): 8,
    ("rest", START): 9,
    ("rest", INSIDE): 10,
}
"""The order of a search's matches, best first: a line's own key words (a card's id: `go`
is chance-go, `rail` the nearest-railroad card), the square it sends the token to, its
first line (a card's text, a deed's name), then the lines under it; within each, whole
words before the starts of words before a piece inside a word."""


def _line_with(options: OptionList, typed: str) -> int | None:
    """The line (not greyed out) that best has `typed`: the line numbered so when the
    digits are a line's number, else by `RANKS`; the first of equals."""
    typed = typed.strip()
    if not typed:
        return None
    best: tuple[int, int] | None = None
    for index in range(options.option_count):
        option = options.get_option_at_index(index)
        if option.disabled:
            continue
        if isinstance(option, Findable) and typed.isdigit() and option.number == int(typed):
            return index
        prompt = option.prompt
        text = (prompt.plain if isinstance(prompt, Text) else str(prompt)).casefold()
        head, _newline, rest = text.partition("\n")
        fields = {
            "key": (option.id or "").casefold().replace("-", " "),
            "destination": option.destination.casefold() if isinstance(option, Findable) else "",
            "head": head,
            "rest": rest,
        }
        for name, field_text in fields.items():
            quality = _match(field_text, typed)
            rank = None if quality is None else RANKS.get((name, quality))
            if rank is not None and (best is None or rank < best[0]):
                best = (rank, index)
    return best[1] if best else None


def _words(text: str) -> list[str]:
    return [w.strip("().,:;!?\"'$") for w in text.replace("-", " ").split()]


def _match(text: str, typed: str) -> int | None:
    """WHOLE if each typed word is a whole word of `text` (in order), START if each starts
    one, INSIDE if the letters are anywhere in it, else None."""
    if not text:
        return None
    words = _words(text)
    wanted = typed.split()
    quality = WHOLE
    at = 0
    for want in wanted:
        for n in range(at, len(words)):
            if words[n] == want:
                break
            if words[n].startswith(want):
                quality = START
                break
        else:
            return INSIDE if typed in text else None
        at = n + 1
    return quality


class Dialog(DialogToasts, SpeaksTheGame, ModalScreen[T | None], Generic[T]):
    """A modal dialog whose buttons each answer to a key shown on the button."""

    CSS_PATH = SCREENS_CSS
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    """On a short terminal (80x24) the dialogs drop their spacing and lists grow shorter,
    so their buttons always show."""

    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("enter", "main", N_("Main action"), show=False, priority=True),
    ]
    """Escape closes the dialog and changes nothing; Enter is the dialog's main action
    whatever has focus (a field, a closed dropdown, a list of deeds), except in a list of
    options, where it picks the highlighted one, and on a button, which it presses."""

    def __init__(self) -> None:
        super().__init__()
        # The receipts shown over the ledger are in its history: cleared while the ledger is
        # still the screen showing them, so none stays behind the dialog. What the dialog
        # itself says comes in its bottom corner, never over its fields (dialogs.tcss).
        self.app.clear_notifications()
        self._keys: dict[str, str] = {}
        self._list_letters = ""
        """Letters typed in a list of options so far, to find a line by its words."""
        self.switch_player: Callable[[int], None] | None = None
        """For a dialog that is one player's (build, mortgages): opens it for the player in
        the seat typed (1-8) instead, so the wrong player's dialog is one key from the
        right one."""

    def choice(
        self,
        key: str,
        label: str,
        button_id: str,
        *,
        reason: str | None = None,
        variant: str = "primary",
    ) -> Button:
        """A button answering to `key`, disabled with its reason shown as the tooltip."""
        self._keys[key] = button_id
        shown = _("Enter") if key == "enter" else key
        button = Button(
            f"[b]{shown}[/b] {label}",
            id=button_id,
            variant=variant,  # type: ignore[arg-type]
            disabled=reason is not None,
        )
        if reason is not None:
            button.tooltip = reason
        return button

    def cancel_button(self, label: str | None = None) -> Button:
        """The Escape button; `label` (already translated) defaults to `Cancel`."""
        return Button(f"[b]Esc[/b] {label or _('Cancel')}", id="cancel", variant="default")

    def on_key(self, event: events.Key) -> None:
        button_id = self._keys.get(event.key)
        if button_id is None and self._other_player(event):
            return
        if button_id is None and self._find_in_list(event):
            return
        if button_id is None or event.key == "enter":
            return
        button = self.query_one(f"#{button_id}", Button)
        event.stop()
        event.prevent_default()
        if not button.disabled:
            button.press()
        else:
            self.notify(str(button.tooltip or _("Not possible now.")), severity="warning")

    def _other_player(self, event: events.Key) -> bool:
        """A seat number (1-8) typed in a player's dialog opens it for that seat's player."""
        switch = self.switch_player
        character = event.character
        if switch is None or character is None or character not in "12345678":
            return False
        if isinstance(self.focused, Input):
            return False  # a digit of an amount
        event.stop()
        event.prevent_default()
        self.dismiss(None)
        switch(int(character))
        return True

    def _find_in_list(self, event: events.Key) -> bool:
        """In a list of options, letters find the line with a word starting with them
        (`div` is the dividend card; `jail free`, two words, Get Out of Jail Free), digits
        a numbered line, so a long list needs no run of arrows.

        What was typed stands under the list; the line found is highlighted and scrolled
        into view (also when the keys came before the list was drawn); when no line has
        it, nothing is highlighted, so Enter does nothing. Backspace takes back a letter;
        an arrow key leaves the search.
        """
        focused = self.focused
        if not isinstance(focused, OptionList):
            return False
        character = event.character
        tries: tuple[str, ...]
        if isinstance(focused, SelectionList) and event.key == "space":
            self._list_letters = ""  # Space ticks the line found; the next letters look anew
            focused.border_subtitle = ""
            return False
        if event.key == "backspace" and self._list_letters:
            typed = self._list_letters[:-1]
            tries = (typed,) if typed else ()
        elif character is not None and character.isprintable() and _finds(character):
            typed = self._list_letters + character.casefold()
            tries = (typed, character.casefold())
        elif character == " " and self._list_letters and not self._list_letters.endswith(" "):
            typed = self._list_letters + " "  # a second word: `jail free`
            tries = (typed,)
        else:
            if event.key in LEAVE_SEARCH and self._list_letters:
                self._list_letters = ""
                focused.border_subtitle = ""
            return False
        event.stop()
        event.prevent_default()
        for attempt in tries:
            index = _line_with(focused, attempt)
            if index is not None:
                self._list_letters = attempt
                focused.highlighted = index
                focused.border_subtitle = _("find: {typed}").format(typed=attempt)
                focused.call_after_refresh(focused.scroll_to_highlight)
                return True
        self._list_letters = typed
        focused.highlighted = None
        focused.border_subtitle = _("no line has “{typed}”").format(typed=typed) if typed else ""
        return True

    def main_button(self) -> Button | None:
        """The dialog's main choice: the one keyed Enter, else the first primary one (never
        a destructive choice like bankruptcy)."""
        buttons = {key: self.query(f"#{button_id}") for key, button_id in self._keys.items()}
        found = [b.first(Button) for b in buttons.values() if b]
        keyed = buttons.get("enter")
        if keyed:
            return keyed.first(Button)
        return next((b for b in found if b.variant == "primary"), None)

    def action_main(self) -> None:
        focused = self.focused
        if isinstance(focused, Button | OptionList) and not isinstance(focused, SelectionList):
            raise SkipAction()  # a button presses itself; a list picks its highlighted line
        if isinstance(focused, Select) and focused.expanded:
            raise SkipAction()
        button = self.main_button()
        if button is None:
            raise SkipAction()  # e.g. a search box: Enter submits it
        if button.disabled:
            self.notify(str(button.tooltip or _("Not possible now.")), severity="warning")
            return
        button.press()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A list of boxes takes Space at once: its first line is highlighted on focus."""
        widget = event.widget
        if isinstance(widget, SelectionList) and widget.highlighted is None:
            if widget.option_count:
                widget.highlighted = 0

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#cancel")
    def _cancelled(self) -> None:
        self.action_cancel()


class DigitsInput(Input):
    """A field for a number: a letter is not typed into it but reaches the dialog's keys
    (`r` collects the rent while the dice field has focus)."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character.isdigit()

    def on_key(self, event: events.Key) -> None:
        character = event.character
        if character is not None and character.isprintable() and not character.isdigit():
            event.prevent_default()  # not typed here: the key goes on to the dialog


def reason_line(reason: str | None, widget_id: str = "reason") -> Static:
    """The line under a dialog that says why its main choice is not possible."""
    return Static(reason or "", id=widget_id, classes="reason", markup=False)


class Confirm(Dialog[bool]):
    """Yes or no to an action whose amounts are shown before it happens."""

    def __init__(
        self, title: str, body: str, yes: str | None = None, no: str | None = None
    ) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.yes = yes or _("Confirm")
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = self.title_text
            yield Static(self.body, classes="body", markup=False)
            with Horizontal(classes="buttons"):
                yield self.choice("y", self.yes, "yes")
                yield self.cancel_button(self.no)

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    @on(Button.Pressed, "#yes")
    def _yes(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)


class Decline(Dialog[str]):
    """Decline what a phone asked for, with a reason its player reads on the phone."""

    def __init__(self, title: str) -> None:
        super().__init__()
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = self.title_text
            yield Static(_("Why? The phones show it."), classes="body")
            yield Input(placeholder=_("not now"), id="why", max_length=120)
            with Horizontal(classes="buttons"):
                yield self.choice("enter", _("Decline"), "decline")
                yield self.cancel_button()

    def on_mount(self) -> None:
        self.query_one("#why", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#decline")
    def action_main(self) -> None:
        why = " ".join(self.query_one("#why", Input).value.split())
        self.dismiss(why or _("not now"))
