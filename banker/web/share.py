"""`banker share`: the table view without the app, following a game another process plays."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path
from typing import TextIO

from banker.i18n import translator
from banker.i18n.message import N_
from banker.store.journal import Journal
from banker.web.addresses import keep_share, kept_link_key, kept_share, start_kept
from banker.web.qr import QrText
from banker.web.server import TableView


def share_lines(view: TableView, qr: QrText, colour: bool) -> list[str]:
    """What `banker share` prints, in the game's language: the code, the URL below it,
    and each player's page."""
    say = translator(view.journal.game.state.language)
    lines = [qr.ansi() if colour else "\n".join(qr.lines), "", f"  {view.url}", ""]
    lines.append(say(N_("Each player's own link (only theirs: it opens the table as them):")))
    for name, url in view.player_urls().items():
        lines.append(f"  {name}: {url}")
    lines += [
        "",
        say(N_("Read-only: nobody can change the game from a phone.")),
        say(N_("Ctrl+C stops sharing.")),
    ]
    return lines


async def serve(
    path: Path,
    host: str | None = None,
    port: int = 0,
    players: bool = False,
    out: TextIO = sys.stdout,
    stop: asyncio.Event | None = None,
) -> None:
    """Serve the game at `path` read-only until `stop` is set (or Ctrl+C).

    Args:
        path: the game file; opened read-only, so the banker's app keeps writing to it.
        host: the address to listen on (default: this computer's LAN address).
        port: the port (default: the one of the last time, with its token, so the
            address stays the same; a free one the first time or when that is taken).
        players: also draw a QR code for each player's own page.
        out: where to print the URL and the codes.
        stop: set it to stop sharing (tests); otherwise SIGINT/SIGTERM stop it.
    """
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError, ValueError):
            pass  # Windows, or not the main thread: KeyboardInterrupt still ends asyncio.run
    with Journal.open(path, read_only=True) as journal:
        view = TableView(journal, follow=True)

        async def start(at: int, token: str | None) -> str:
            return await view.start(host, at, token, kept_link_key(path))

        # the address of the last time, so the phones' links and the director's link hold
        _, moved = await start_kept(start, port, kept_share(path))
        if view.port is not None and view.token is not None:
            keep_share(path, view.port, view.token, view.link_key)
        try:
            colour = out.isatty()
            say = translator(journal.game.state.language)
            if moved:
                print(say(N_("The port of the last time is taken: a new one.")), file=out)
            print("\n".join(share_lines(view, view.qr(), colour)), file=out, flush=True)
            if players:
                for name in view.player_urls():
                    qr = view.qr(name)
                    print(f"\n{name}:", file=out)
                    print(qr.ansi() if colour else "\n".join(qr.lines), file=out, flush=True)
            await stop.wait()
        finally:
            await view.stop()
        stopped = translator(journal.game.state.language)(N_("Sharing stopped."))
    print(stopped, file=out, flush=True)


def run_share(path: Path, host: str | None, port: int, players: bool = False) -> int:
    """The `banker share` command: blocks until Ctrl+C."""
    try:
        asyncio.run(serve(path, host, port, players))
    except KeyboardInterrupt:
        pass
    return 0
