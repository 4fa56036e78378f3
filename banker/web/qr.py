"""QR codes for the terminal: half-block characters meant for black on white.

Each text line holds two rows of modules: the upper half of a character cell is the
foreground colour where the top module is dark, the lower half where the bottom one is.
Drawn black on white (explicit colours, never the theme's), the code scans whatever
colours the terminal uses; the white quiet zone is part of the text.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import qrcode
from qrcode.constants import ERROR_CORRECT_L

FOREGROUND = "#000000"
"""Dark modules: draw the characters in this colour."""
BACKGROUND = "#ffffff"
"""Light modules and the quiet zone: draw the cells on this colour."""

_HALVES = {
    (False, False): " ",
    (True, False): "\u2580",  # ▀ upper half block
    (False, True): "\u2584",  # ▄ lower half block
    (True, True): "\u2588",  # █ full block
}


@dataclass(frozen=True)
class QrText:
    """A QR code as plain text lines, for any widget or terminal to colour.

    Every line has the same width. Draw the text in `foreground` on `background`
    (in Rich: `Text(line, style=f"{qr.foreground} on {qr.background}")`).
    """

    lines: list[str]
    data: str
    """What the code encodes (the URL), to print below it for typing by hand."""
    foreground: str = FOREGROUND
    background: str = BACKGROUND

    @property
    def width(self) -> int:
        return len(self.lines[0]) if self.lines else 0

    @property
    def height(self) -> int:
        return len(self.lines)

    def ansi(self, truecolor: bool | None = None) -> str:
        """The code with terminal colour codes, ready to print.

        Args:
            truecolor: 24-bit colour codes; otherwise the 256-colour palette's fixed black
                (16) and white (231), which themes leave alone. None decides from
                `COLORTERM`.
        """
        if truecolor is None:
            truecolor = os.environ.get("COLORTERM", "") in ("truecolor", "24bit")
        start = "\x1b[38;2;0;0;0;48;2;255;255;255m" if truecolor else "\x1b[38;5;16;48;5;231m"
        return "\n".join(f"{start}{line}\x1b[0m" for line in self.lines)


def qr_matrix(data: str, border: int = 2) -> list[list[bool]]:
    """The modules of a QR code for `data`, True for dark, with a quiet zone of `border`."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_L, border=border)
    code.add_data(data)
    code.make(fit=True)
    return [[bool(module) for module in row] for row in code.get_matrix()]


def qr_text(data: str, border: int = 2) -> QrText:
    """A QR code for `data` in half-block characters (two module rows per line).

    Args:
        data: usually the table view's URL.
        border: the quiet zone in modules; the standard asks for 4, phones read 2 well,
            and the terminal is short.
    """
    matrix = qr_matrix(data, border)
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    lines = [
        "".join(_HALVES[(top, bottom)] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(matrix[::2], matrix[1::2], strict=True)
    ]
    return QrText(lines=lines, data=data)


def text_to_matrix(lines: list[str]) -> list[list[bool]]:
    """Read half-block lines back into modules (True for dark): what a camera would see."""
    top = {"\u2580", "\u2588"}
    bottom = {"\u2584", "\u2588"}
    matrix: list[list[bool]] = []
    for line in lines:
        matrix.append([ch in top for ch in line])
        matrix.append([ch in bottom for ch in line])
    return matrix
