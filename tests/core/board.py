"""The US board's groups as RULES.md lists them, written out once for the scenario tests.

Literal names, not read from the edition, so a test fails if the edition drifts.
"""

from banker.core.level import HOTEL_CODE

BROWN = ["Mediterranean Avenue", "Baltic Avenue"]
LIGHT_BLUE = ["Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"]
PINK = ["St. Charles Place", "States Avenue", "Virginia Avenue"]
ORANGE = ["St. James Place", "Tennessee Avenue", "New York Avenue"]
RED = ["Kentucky Avenue", "Indiana Avenue", "Illinois Avenue"]
YELLOW = ["Atlantic Avenue", "Ventnor Avenue", "Marvin Gardens"]
GREEN = ["Pacific Avenue", "North Carolina Avenue", "Pennsylvania Avenue"]
DARK_BLUE = ["Park Place", "Boardwalk"]
RAILROADS = ["Reading Railroad", "Pennsylvania Railroad", "B&O Railroad", "Short Line"]
UTILITIES = ["Electric Company", "Water Works"]

HOTEL = HOTEL_CODE
"""A hotel, in `table.build` and `SetGroupLevels`."""
