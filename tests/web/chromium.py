"""Headless Chromium driven over the DevTools protocol on loopback, with aiohttp's websocket.

Just enough to load a page, read the DOM and take a screenshot. Chromium is told to
resolve no host names and use no proxy, and started with every background service off,
so nothing leaves the machine.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-default-apps",
    "--no-default-browser-check",
    "--mute-audio",
    "--no-proxy-server",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--remote-debugging-address=127.0.0.1",
    "--remote-debugging-port=0",
]


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Page:
    """One tab of the browser, over its own DevTools connection."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self._ws = ws
        self._ids = itertools.count(1)

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        """Call a DevTools method and return its result (events in between are skipped)."""
        ident = next(self._ids)
        await self._ws.send_json({"id": ident, "method": method, "params": params})
        while True:
            message = await asyncio.wait_for(self._ws.receive_json(), 30)
            if message.get("id") == ident:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return dict(message.get("result", {}))

    async def open(self, url: str, width: int = 390, height: int = 844, scale: float = 1) -> None:
        """Load `url` in a phone-sized viewport."""
        await self.send(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=scale,
            mobile=True,
        )
        await self.send("Page.navigate", url=url)

    async def evaluate(self, expression: str) -> Any:
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    async def wait_for(self, expression: str, timeout: float = 5.0) -> Any:
        """Poll a JavaScript expression until it is truthy; its value, or None at the timeout."""
        deadline = time.monotonic() + timeout
        while True:
            value = await self.evaluate(expression)
            if value or time.monotonic() > deadline:
                return value
            await asyncio.sleep(0.05)

    async def screenshot(self, path: Path) -> None:
        result = await self.send("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(result["data"]))


class Chromium:
    """One headless browser with one page; use `async with Chromium() as browser`, and
    `await browser.new_page()` for more tabs (three players' phones)."""

    def __init__(self, executable: str | None = None) -> None:
        found = executable or find_chromium()
        if found is None:
            raise FileNotFoundError("chromium")
        self.executable = found
        self._profile = tempfile.TemporaryDirectory(prefix="banker-chromium-")
        self._proc: subprocess.Popen[bytes] | None = None
        self._session: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._page: Page | None = None
        self._port = 0
        self._others: list[aiohttp.ClientWebSocketResponse] = []

    async def __aenter__(self) -> Chromium:
        profile = Path(self._profile.name)
        self._proc = subprocess.Popen(
            [self.executable, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.exists() or len(port_file.read_text().splitlines()) < 2:
            if time.monotonic() > deadline or self._proc.poll() is not None:
                await self.__aexit__()
                raise RuntimeError("Chromium did not start its DevTools endpoint")
            await asyncio.sleep(0.05)
        port = int(port_file.read_text().splitlines()[0])
        self._session = aiohttp.ClientSession()
        targets: list[dict[str, Any]] = []
        while time.monotonic() < deadline and not targets:
            async with self._session.get(f"http://127.0.0.1:{port}/json/list") as r:
                targets = [t for t in await r.json() if t.get("type") == "page"]
            if not targets:
                await asyncio.sleep(0.05)
        if not targets:
            await self.__aexit__()
            raise RuntimeError("Chromium opened no page")
        self._ws = await self._session.ws_connect(
            targets[0]["webSocketDebuggerUrl"], max_msg_size=0
        )
        self._port = port
        self._page = Page(self._ws)
        return self

    async def __aexit__(self, *exc: object) -> None:
        for other in self._others:
            await other.close()
        if self._ws is not None:
            await self._ws.close()
        if self._session is not None:
            await self._session.close()
        if self._proc is not None:
            self._proc.terminate()
            try:
                await asyncio.to_thread(self._proc.wait, 10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        with contextlib.suppress(OSError):
            self._profile.cleanup()

    @property
    def page(self) -> Page:
        assert self._page is not None
        return self._page

    async def new_page(self) -> Page:
        """Another tab, blank, with a DevTools connection of its own."""
        assert self._session is not None
        async with self._session.put(f"http://127.0.0.1:{self._port}/json/new?about:blank") as r:
            target = await r.json()
        ws = await self._session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0)
        self._others.append(ws)
        return Page(ws)

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        return await self.page.send(method, **params)

    async def open(self, url: str, width: int = 390, height: int = 844, scale: float = 1) -> None:
        await self.page.open(url, width, height, scale)

    async def evaluate(self, expression: str) -> Any:
        return await self.page.evaluate(expression)

    async def wait_for(self, expression: str, timeout: float = 5.0) -> Any:
        return await self.page.wait_for(expression, timeout)

    async def screenshot(self, path: Path) -> None:
        await self.page.screenshot(path)
