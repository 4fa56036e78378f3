"""The QR code the banker's screen draws scans back to the table's URL."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from banker.store import Journal
from banker.web.qr import qr_matrix, qr_text, text_to_matrix
from banker.web.server import TableView

ZBARIMG = shutil.which("zbarimg")
needs_zbar = pytest.mark.skipif(
    ZBARIMG is None, reason="zbarimg not found: install Debian's zbar-tools (.ci/run does)"
)


def draw(lines: list[str], path: Path, scale: int = 6) -> Path:
    """Paint half-block text as a camera would see it black on white: a PGM image."""
    modules = text_to_matrix(lines)
    rows = []
    for row in modules:
        pixels = b"".join((b"\x00" if dark else b"\xff") * scale for dark in row)
        rows += [pixels] * scale
    header = f"P5 {len(modules[0]) * scale} {len(modules) * scale} 255\n".encode()
    path.write_bytes(header + b"".join(rows))
    return path


def decode(path: Path) -> str:
    assert ZBARIMG is not None
    out = subprocess.run(
        [ZBARIMG, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(path)],
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


@needs_zbar
async def test_the_code_the_app_draws_scans_to_the_url(banker: Journal, tmp_path: Path) -> None:
    view = TableView(banker)
    url = await view.start("127.0.0.1", 0)
    try:
        qr = view.qr()
        assert qr.data == url
        assert decode(draw(qr.lines, tmp_path / "table.pgm")) == url
        bob = view.qr("Bob")
        own = decode(draw(bob.lines, tmp_path / "bob.pgm"))
        assert own == view.player_url("Bob") != url  # Bob's own secret, not the table's
        assert view.token not in own
    finally:
        await view.stop()


@needs_zbar
def test_a_long_lan_url_still_scans(tmp_path: Path) -> None:
    url = "http://192.168.178.254:65535/" + "Zz9_-" * 9 + "/p/7"
    assert decode(draw(qr_text(url).lines, tmp_path / "long.pgm")) == url


def test_the_text_holds_every_module_two_rows_a_line() -> None:
    url = "http://10.0.0.2:8080/abc/"
    qr = qr_text(url)
    matrix = qr_matrix(url)
    assert qr.height == (len(matrix) + 1) // 2
    assert {len(line) for line in qr.lines} == {len(matrix[0])}
    assert text_to_matrix(qr.lines)[: len(matrix)] == matrix
    assert set("".join(qr.lines)) <= {" ", "\u2580", "\u2584", "\u2588"}


def test_the_terminal_colours_are_explicit_black_on_white() -> None:
    qr = qr_text("http://10.0.0.2:8080/abc/")
    assert (qr.foreground, qr.background) == ("#000000", "#ffffff")
    for truecolor, start in (
        (True, "\x1b[38;2;0;0;0;48;2;255;255;255m"),
        (False, "\x1b[38;5;16;48;5;231m"),
    ):
        lines = qr.ansi(truecolor).split("\n")
        assert len(lines) == qr.height
        assert all(line.startswith(start) and line.endswith("\x1b[0m") for line in lines)
