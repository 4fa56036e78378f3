"""Where notifications stand on each screen: over a part that repeats them or that holds
nothing the banker types into or reads a bid from, never over a field or the high bid.

The ledger's receipts stand over the History panel, whose newest lines say the same; the
auction's over the deed on offer; a dialog's in the band of the screen above or below its
box. Only the newest notification stands: the history keeps them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.geometry import Region

if TYPE_CHECKING:
    from textual.screen import Screen

    _ScreenBase = Screen[Any]
else:
    _ScreenBase = object

TOAST_RACK = "#textual-toastrack"
"""Textual's container of a screen's notifications (public by its id)."""


class ToastsAside(_ScreenBase):
    """A screen whose notifications stand over `toast_area()`: mixed in before the Textual
    screen class."""

    TOASTS_OVER: ClassVar[tuple[str, ...]] = ()
    """Selectors of the widgets the notifications may cover, the first shown one taken."""

    def toast_area(self) -> Region | None:
        """The part of the screen the notifications may cover, None for Textual's corner."""
        for selector in self.TOASTS_OVER:
            for widget in self.query(selector):
                if widget.display and widget.content_region.area:
                    return widget.content_region  # inside its border: its title stays
        return None

    TOASTS_AT_BOTTOM: ClassVar[bool] = False
    """The notifications stand at the bottom of their area (growing upwards) instead of
    at its top."""

    _toasts_placed: Region | None = None

    def place_toasts(self) -> None:
        """Move the notifications over `toast_area()`: after every change of layout (the
        screen's own signal), when the area has moved."""
        area = self.toast_area()
        if area == self._toasts_placed:
            return
        self._toasts_placed = area
        for rack in self.query(TOAST_RACK):
            if area is None:  # nowhere aside: Textual's corner, as the screen's CSS says
                rack.remove_class("-aside")
                for rule in ("dock", "offset", "width", "height", "max_height", "align"):
                    rack.styles.clear_rule(rule)
                continue
            rack.add_class("-aside")
            rack.styles.dock = "top"
            rack.styles.offset = (area.x, area.y)
            rack.styles.width = area.width
            if self.TOASTS_AT_BOTTOM:
                rack.styles.height = area.height
                rack.styles.align = ("left", "bottom")
            rack.styles.max_height = area.height

    def on_mount(self) -> None:
        self.screen_layout_refresh_signal.subscribe(self, lambda _screen: self.place_toasts())


class DialogToasts(ToastsAside):
    """A dialog's notifications stand in the band of the screen above or below its box,
    whichever is taller, over the dimmed ledger and never over the dialog's fields."""

    DIALOG_BOX: ClassVar[str] = ".dialog"

    def toast_area(self) -> Region | None:
        boxes = [w for w in self.query(self.DIALOG_BOX) if w.display]
        if not boxes:
            return None
        box = boxes[0].region
        width, height = self.size
        above = Region(0, 0, width, box.y)
        below = Region(0, box.bottom, width, max(0, height - box.bottom))
        band = max(above, below, key=lambda r: r.height)
        return band if band.height else None
