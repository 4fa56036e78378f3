"""What stands on one lot, as one type: some houses or a hotel, in a game whose hotel comes
after 4 houses, or after 3 in the short game.

The core, the screens and the validators all count buildings through `Level`, so the short
game's rule lives here and nowhere else. The command language and the journal write a level
as a number, 0 to the houses a lot takes or `HOTEL_CODE` for a hotel (`Level.code`).
"""

from __future__ import annotations

from functools import total_ordering

from msgspec import Struct

from banker.i18n.message import Message, msg, plural

HOTEL_CODE = 5
"""How `SetGroupLevels` and the command language write a hotel, in every game."""

MOST_HOUSES = 4
"""The most houses a lot ever takes before a hotel (the short game takes 3)."""


@total_ordering
class Level(Struct, frozen=True):
    """The buildings on one lot of a game that takes `most` houses before a hotel."""

    houses: int = 0
    """Houses standing on the lot, 0 to `most`; 0 when it has a hotel."""
    hotel: bool = False
    most: int = MOST_HOUSES
    """Houses a lot takes before a hotel in this game: 4, or 3 in the short game."""

    def __post_init__(self) -> None:
        if not 1 <= self.most <= MOST_HOUSES:
            raise ValueError(f"a lot takes 1 to {MOST_HOUSES} houses before a hotel")
        if not 0 <= self.houses <= self.most or (self.hotel and self.houses):
            raise ValueError(f"{self.houses} houses, hotel={self.hotel} is not a level")

    @classmethod
    def counted(cls, buildings: int, most: int) -> Level:
        """The level with `buildings` counted for even building (a hotel is `most` + 1)."""
        if buildings == most + 1:
            return cls(0, True, most)
        return cls(buildings, False, most)

    @classmethod
    def from_code(cls, code: int, most: int) -> Level:
        """A level as the command language writes it: houses, or `HOTEL_CODE` for a hotel.

        Raises:
            ValueError: not a level of this game.
        """
        if code == HOTEL_CODE:
            return cls(0, True, most)
        return cls(code, False, most)

    @classmethod
    def is_code(cls, code: int, most: int) -> bool:
        """Whether `code` names a level of a game that takes `most` houses."""
        return code == HOTEL_CODE or 0 <= code <= most

    @classmethod
    def top(cls, most: int) -> Level:
        """A hotel."""
        return cls(0, True, most)

    @property
    def buildings(self) -> int:
        """Buildings counted for even building and for prices: houses, or `most` + 1 for a
        hotel (it is bought, and sold back, as one more building)."""
        return self.most + 1 if self.hotel else self.houses

    @property
    def code(self) -> int:
        """The level as `SetGroupLevels` writes it."""
        return HOTEL_CODE if self.hotel else self.houses

    @property
    def full(self) -> bool:
        """As many houses as the lot takes: the next building is a hotel."""
        return not self.hotel and self.houses == self.most

    def up(self) -> Level:
        """One building more (a hotel stays a hotel)."""
        return Level.counted(min(self.buildings + 1, self.most + 1), self.most)

    def down(self) -> Level:
        """One building fewer (a hotel comes down to a full lot of houses)."""
        return Level.counted(max(self.buildings - 1, 0), self.most)

    def said(self) -> Message:
        """As the table says it: `no houses`, `2 houses`, `hotel`."""
        if self.hotel:
            return msg("hotel")
        if not self.houses:
            return msg("no houses")
        return plural(self.houses, "{n} house", "{n} houses")

    def __bool__(self) -> bool:
        """Whether anything stands on the lot."""
        return self.hotel or self.houses > 0

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Level):
            return NotImplemented
        return self.buildings < other.buildings
