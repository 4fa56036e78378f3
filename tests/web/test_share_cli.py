"""`banker share` in its own process, following a game the banker plays from another."""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

from banker.core.commands import PassGo
from banker.store import Journal
from tests.web.test_qr import ZBARIMG, decode, draw

URL = re.compile(r"^\s+(http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]+/)$")


def start_share(game: Path) -> tuple[subprocess.Popen[str], str, list[str]]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "banker.cli", "share", str(game), "--host", "127.0.0.1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    printed: list[str] = []
    url = ""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        printed.append(line.rstrip("\n"))
        found = URL.match(printed[-1])
        url = found.group(1) if found else url
        if "Ctrl+C stops sharing" in line and url:
            return proc, url, printed
    proc.kill()
    raise AssertionError(f"no URL printed: {printed} {proc.stderr.read() if proc.stderr else ''}")


PATIENCE = 60.0


async def test_share_follows_what_another_process_journals(
    banker: Journal, game_path: Path, tmp_path: Path
) -> None:
    proc, url, printed = start_share(game_path)
    try:
        if ZBARIMG:
            code = [line for line in printed if line and set(line) <= set(" \u2580\u2584\u2588")]
            assert decode(draw(code, tmp_path / "share.pgm")) == url
        async with aiohttp.ClientSession() as session:
            first = await (await session.get(url + "table.json")).json()
            assert first["players"][0]["cash_text"] == "$1,500"
            banker.apply(PassGo(player="Alice"))  # the banker's app, in this process
            deadline = time.monotonic() + PATIENCE  # a guard against a hang, not a measure
            while time.monotonic() < deadline:
                table = await (await session.get(url + "table.json")).json()
                if table["seq"] == 2:
                    break
                await asyncio.sleep(0.05)
        assert table["players"][0]["cash_text"] == "$1,700"
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
    assert proc.returncode == 0, err
    assert "Sharing stopped." in out
    shown = "\n".join(printed)
    bob = re.search(r"Bob: (http://\S+/)", shown)
    assert bob and bob.group(1) != url and url.rsplit("/", 2)[1] not in bob.group(1)
    async with aiohttp.ClientSession() as session:  # the same link once shared again
        again, again_url, again_printed = start_share(game_path)
        try:
            assert again_url == url and f"Bob: {bob.group(1)}" in "\n".join(again_printed)
            assert (await session.get(bob.group(1) + "table.json")).status == 200
        finally:
            again.send_signal(signal.SIGINT)
            again.communicate(timeout=10)


def test_share_refuses_a_missing_game(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "banker.cli", "share", str(tmp_path / "none.banker")],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert out.returncode == 1
    assert "There is no game at" in out.stderr
