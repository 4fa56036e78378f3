"""What ships in the `banker` package is the app: no development tool, no private Textual
attribute, no raw thread, no pause of the garbage collector."""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "banker"

FORBIDDEN = {
    "a private Textual attribute": re.compile(
        r"\b(?:Footer|Screen|App|Widget|Input|DataTable)\._[a-z]\w*|self\._bindings\b"
        r"|self\._suggestion\b|from textual\.[\w.]*\._|import textual\.[\w.]*\._"
    ),
    "a raw thread (use a Textual worker)": re.compile(r"\bthreading\.Thread\b|import threading"),
    "a paused garbage collector": re.compile(r"\bgc\.disable\(\)"),
    "a system package install": re.compile(r"apt-get"),
}


def offences(text: str) -> list[str]:
    return [what for what, pattern in FORBIDDEN.items() if pattern.search(text)]


def test_the_package_holds_no_development_tool_nor_private_api() -> None:
    found = {
        str(path.relative_to(PACKAGE)): offences(path.read_text("utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
    }
    assert {name: what for name, what in found.items() if what} == {}


def test_the_scan_would_notice_each_offence() -> None:
    assert offences("self.set_reactive(Footer._bindings_ready, True)") == [
        "a private Textual attribute"
    ]
    assert offences("from textual.widgets._footer import FooterKey") == [
        "a private Textual attribute"
    ]
    assert offences("self._bindings.bind('1', 'x')") == ["a private Textual attribute"]
    assert offences("t = threading.Thread(target=f)") == ["a raw thread (use a Textual worker)"]
    assert offences("gc.disable()") == ["a paused garbage collector"]
    assert offences("subprocess.run(['apt-get', 'install'])") == ["a system package install"]
    assert offences("self.refresh_bindings()") == []
