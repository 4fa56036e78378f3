"""Sharing the table: the QR code the players scan to follow the ledger on their phones."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from banker.core.commands import NewLink
from banker.i18n.message import N_, plural
from banker.tui.looks import SCREENS_CSS
from banker.tui.speech import SpeaksTheGame, _, said
from banker.web.addresses import forget_share, keep_share, kept_link_key, kept_share, start_kept
from banker.web.server import TableView
from banker.web.site import ShareError

if TYPE_CHECKING:
    from banker.tui.app import BankerApp
    from banker.web.server import TableView


class ShareScreen(SpeaksTheGame, ModalScreen[None]):
    """The table's QR code (or one player's), its address, and how many phones follow."""

    CSS_PATH = SCREENS_CSS
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    """Under 30 rows the frame and spacing go, so the whole code fits at 80x24."""

    BINDINGS = [
        Binding("right", "next", N_("Next code")),
        Binding("left", "previous", N_("Previous code")),
        Binding("n", "new_link", N_("New link")),
        Binding("x", "stop", N_("Stop sharing")),
        Binding("escape,s", "close", N_("Close (keep sharing)")),
    ]
    """Left and right go through the table's code and each player's; n gives the player
    shown a new link (the old one stops at once); x stops sharing."""

    def __init__(self, view: TableView) -> None:
        super().__init__()
        self.view = view
        self.players = list(view.player_urls())
        self.shown = 0
        """0 for the table's code, then one per player in seating order."""

    def compose(self) -> ComposeResult:
        with Vertical(id="share", classes="dialog"):
            yield Static("", id="share-title", classes="title")
            yield Static("", id="share-qr")
            yield Static("", id="share-url")
            yield Static("", id="share-phones", classes="hint")
            with Horizontal(classes="buttons"):
                yield Button("← → " + _("other codes"), id="next")
                yield Button("n " + _("New link"), id="new-link")
                yield Button("x " + _("Stop sharing"), id="stop", variant="error")
                yield Button("Esc " + _("Close"), id="close")

    def on_mount(self) -> None:
        self.show_code()
        self.set_interval(1.0, self.show_phones)

    def show_code(self) -> None:
        player = self.players[self.shown - 1] if self.shown else None
        code = self.view.qr(player)
        style = f"{code.foreground} on {code.background}"
        self.query_one("#share-qr", Static).update(
            Text("\n".join(code.lines), style=style, no_wrap=True)
        )
        title = (
            _("{p}'s own link: only {p} scans it").format(p=player)
            if player
            else _("Scan to follow the table (read-only)")
        )
        self.query_one("#share-title", Static).update(title)
        self.query_one("#share-url", Static).update(Text(code.data, style="bold"))
        self.query_one("#new-link", Button).display = player is not None
        self.show_phones()

    def show_phones(self) -> None:
        phones = self.view.phones
        self.query_one("#share-phones", Static).update(
            _("No phone follows yet: same Wi-Fi as this computer, then scan.")
            if not phones
            else said(
                plural(
                    phones,
                    "1 phone following · each player acts from their own code",
                    "{n} phones following · each player acts from their own code",
                )
            )
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "new_link":
            return self.shown > 0  # a player's code is shown
        return True

    def action_new_link(self) -> None:
        """The player shown gets a new link, journaled; their old one stops at once."""
        if not self.shown:
            return
        banker = cast("BankerApp", self.app)
        if banker.do(NewLink(player=self.players[self.shown - 1])):
            self.show_code()

    def action_next(self) -> None:
        self.shown = (self.shown + 1) % (len(self.players) + 1)
        self.show_code()
        self.refresh_bindings()

    def action_previous(self) -> None:
        self.shown = (self.shown - 1) % (len(self.players) + 1)
        self.show_code()
        self.refresh_bindings()

    async def action_stop(self) -> None:

        await self.view.stop()
        forget_share(self.view.journal.path)
        self.app.notify(_("Sharing stopped: the old code no longer opens the table."))
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#next")
    def _next(self) -> None:
        self.action_next()

    @on(Button.Pressed, "#new-link")
    def _new_link(self) -> None:
        self.action_new_link()

    @on(Button.Pressed, "#stop")
    async def _stop(self) -> None:
        await self.action_stop()

    @on(Button.Pressed, "#close")
    def _close(self) -> None:
        self.action_close()


async def open_share(app: BankerApp, host: str | None = None, port: int = 0) -> None:
    """Start sharing the app's game if it is not shared yet, and show the codes.

    The server runs on the app's own event loop; it follows the journal by itself.
    """

    journal = app.journal
    if journal is None:
        return
    view: TableView | None = getattr(app, "table_view", None)
    if view is None:
        view = TableView(journal, actor=app.phone_act)  # the players act from their links
        view.on_queue = app.queue_changed
        app.table_view = view
    view.journal = journal
    if not view.running:
        path = journal.path
        listen_on = host or app.share_host
        keeps = app.demo_folder is None  # the demo game goes when the app does

        async def start(at: int, token: str | None) -> str:
            assert view is not None
            return await view.start(listen_on, at, token, kept_link_key(path) if keeps else None)

        # the address and the players' links of the last time, so their phones go on
        try:
            await start_kept(start, port or app.share_port, kept_share(path) if keeps else None)
        except ShareError as exc:
            app.notify(said(exc.message), severity="error", timeout=8)
            return
        if keeps and view.port is not None and view.token is not None:
            keep_share(path, view.port, view.token, view.link_key)
    app.push_screen(ShareScreen(view))
