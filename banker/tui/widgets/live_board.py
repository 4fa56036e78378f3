"""What the director's board and the national board share: rows redrawn only where they
changed, a message log newest first, and the standings page's QR code on screen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import DataTable, Static
from textual.widgets.data_table import ColumnKey

from banker.i18n.catalogue import Catalogue, EnglishCatalogue
from banker.i18n.message import N_
from banker.tournament.language import inert
from banker.web.qr import QrText


class FittedList(DataTable[Text]):
    """A list whose rows are fitted to its own width (the board's players, whole while
    they fit): says when that width changes, not only when the screen's does (a list laid
    out after its first rows were fitted to the screen's width drew them cut)."""

    class Resized(Message):
        """The list's width changed: fit its rows again."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._width = 0
        """The width the rows were last told about."""

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._width:  # not its content's width: no loop with the rows
            self._width = event.size.width
            self.post_message(self.Resized())


def redraw_rows(
    table: DataTable[Text],
    columns: list[ColumnKey],
    rows: dict[str, list[Text]],
    shown: dict[str, list[Text]],
) -> dict[str, list[Text]]:
    """Draw `rows` (cells by row key) over `shown` (what is drawn): the same keys in the
    same order change only the cells that differ (200 tables stay cheap); otherwise the
    table is filled again, its cursor kept where it was. Returns what is now drawn."""
    if list(rows) == list(shown):
        for key, cells in rows.items():
            for column, cell, old in zip(columns, cells, shown[key], strict=True):
                if cell != old:
                    table.update_cell(key, column, cell, update_width=True)
        return rows
    row = table.cursor_row
    table.clear()
    for key, cells in rows.items():
        table.add_row(*cells, key=key)
    if rows:
        table.move_cursor(row=min(max(row, 0), len(rows) - 1))
    return rows


if TYPE_CHECKING:
    from textual.screen import Screen

    _ScreenBase = Screen[Any]
else:
    _ScreenBase = object


class TellsNewestFirst(_ScreenBase):
    """A screen with a message log (a `Static` #said in a `VerticalScroll` #log): each
    message goes on top, so nothing said later hides it; the newest `LOG_KEPT` stay.
    A problem also stays in one line above the log (a `Static` #unseen) until the reader
    says it is seen (`action_seen`), however much is said after it. Mixed in before the
    Textual screen class."""

    LOG_KEPT = 50

    say: Catalogue | EnglishCatalogue
    """The screen's language (the boards say everything in their own)."""

    def __init__(self) -> None:
        super().__init__()
        self._log: list[Text] = []
        self._unseen: list[Text] = []
        """Problems not yet seen, newest first."""

    def tell(self, text: str, style: str = "", problem: bool = False) -> None:
        if not text:
            return
        said = Text(inert(text), style=style)
        self._log.insert(0, said)
        del self._log[self.LOG_KEPT :]
        self.query_one("#said", Static).update(Text("\n").join(self._log))
        self.query_one("#log", VerticalScroll).scroll_home(animate=False)
        if problem:
            self._unseen.insert(0, said)
            self._draw_unseen()

    def action_seen(self) -> None:
        """The problems above the log are seen: the line goes (they stay in the log)."""
        self._unseen.clear()
        self._draw_unseen()

    def _draw_unseen(self) -> None:
        line = self.query_one("#unseen", Static)
        line.display = bool(self._unseen)
        if self._unseen:
            count = self.say(N_("{n} not seen (f3: seen)")).format(n=len(self._unseen))
            line.update(Text.assemble(("⚠ " + count + " ", "bold reverse red"), self._unseen[0]))


def qr_on_screen(code: QrText) -> Text:
    """A QR code as the terminal shows it, its address under it."""
    style = f"{code.foreground} on {code.background}"
    return Text("\n".join(code.lines) + "\n" + code.data, style=style, no_wrap=True)
