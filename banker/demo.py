"""A game in full swing, played through real commands, so a newcomer sees a living ledger."""

from __future__ import annotations

import tempfile
from pathlib import Path

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.rules import HouseRules
from banker.store import Journal

DEMO_PLAYERS = ["Alice", "Bob", "Carol", "Dave"]
"""The demo table, in turn order."""

DEMO_RULES = HouseRules(free_parking_pot=True, free_parking_seed=100)
"""The demo plays with the Free Parking pot, seeded with $100."""


def demo_commands() -> list[c.Command]:
    """An afternoon's play: the deeds bought, the groups built, rents, cards and taxes."""
    return [
        # First laps: everyone buys what they land on.
        c.Buy(player="Alice", deed="Park Place"),
        c.Buy(player="Bob", deed="Oriental Avenue"),
        c.Buy(player="Carol", deed="Reading Railroad"),
        c.Buy(player="Dave", deed="St. Charles Place"),
        c.Buy(player="Alice", deed="Boardwalk"),
        c.Buy(player="Bob", deed="Vermont Avenue"),
        c.Buy(player="Carol", deed="Water Works"),
        c.Buy(player="Dave", deed="Virginia Avenue"),
        c.DrawCard(player="Carol", card="chest-doctor"),
        c.Buy(player="Bob", deed="Connecticut Avenue"),
        c.Buy(player="Carol", deed="B&O Railroad"),
        c.Buy(player="Dave", deed="Marvin Gardens"),
        c.PayTax(player="Carol", kind="income_flat"),
        c.PassGo(player="Alice"),
        c.PassGo(player="Bob"),
        c.PassGo(player="Carol"),
        c.PassGo(player="Dave"),
        c.Buy(player="Carol", deed="Electric Company"),
        c.Buy(player="Alice", deed="Kentucky Avenue"),
        c.DrawCard(player="Dave", card="chance-jail-free"),
        # The light blues go up to a hotel on Connecticut Avenue.
        c.BuildHouses(player="Bob", deed="Oriental Avenue", count=1),
        c.BuildHouses(player="Bob", deed="Vermont Avenue", count=1),
        c.BuildHouses(player="Bob", deed="Connecticut Avenue", count=1),
        c.PayRent(player="Dave", deed="Water Works", dice=8),
        c.PayRent(player="Alice", deed="Oriental Avenue"),
        c.BuildHouses(player="Bob", deed="Oriental Avenue", count=1),
        c.BuildHouses(player="Bob", deed="Vermont Avenue", count=1),
        c.BuildHouses(player="Bob", deed="Connecticut Avenue", count=1),
        c.PassGo(player="Bob"),
        c.BuildHouses(player="Bob", deed="Oriental Avenue", count=1),
        c.BuildHouses(player="Bob", deed="Vermont Avenue", count=1),
        c.BuildHouses(player="Bob", deed="Connecticut Avenue", count=1),
        c.PayRent(player="Carol", deed="Vermont Avenue"),
        c.BuildHouses(player="Bob", deed="Oriental Avenue", count=1),
        c.BuildHouses(player="Bob", deed="Vermont Avenue", count=1),
        c.BuildHouses(player="Bob", deed="Connecticut Avenue", count=1),
        c.PassGo(player="Bob"),
        c.BuildHotel(player="Bob", deed="Connecticut Avenue"),
        # Alice builds on the dark blues, Dave raises cash on Virginia Avenue.
        c.PassGo(player="Alice"),
        c.BuildHouses(player="Alice", deed="Park Place", count=1),
        c.BuildHouses(player="Alice", deed="Boardwalk", count=1),
        c.BuildHouses(player="Alice", deed="Park Place", count=1),
        c.BuildHouses(player="Alice", deed="Boardwalk", count=1),
        c.Mortgage(player="Dave", deed="Virginia Avenue"),
        c.PayRent(player="Dave", deed="Reading Railroad"),
        c.DrawCard(player="Alice", card="chance-dividend"),
        c.DrawCard(player="Carol", card="chance-jail"),
        c.LeaveJail(player="Carol", method="fine"),
        c.PayTax(player="Dave", kind="luxury"),
        c.PayRent(player="Bob", deed="Boardwalk"),
        c.DrawCard(player="Dave", card="chest-birthday"),
    ]


def make_demo(path: Path | None = None, language: str = "en") -> Path:
    """Write the demo game to `path` (a fresh temporary file when None) and return it,
    in `language` (`banker demo --lang ms`: the table set it, after the demo's play).

    Every entry is applied through a journal, exactly as the app would apply it.
    """
    if path is None:
        path = Path(tempfile.mkdtemp(prefix="banker-demo-")) / "demo.banker"
    setup = c.Setup(players=DEMO_PLAYERS, edition=load_edition("us"), rules=DEMO_RULES)
    with Journal.create(path, setup) as journal:
        for command in demo_commands():
            journal.apply(command)
        if language != "en":
            journal.apply(c.SetLanguage.load({"language": language}))
    return path
