"""A title deed as printed, line by line, read from the edition by the core so that a screen
draws it without reading a rent table itself."""

from __future__ import annotations

from dataclasses import dataclass

from banker.core.edition import DeedKind
from banker.core.state import GameState
from banker.i18n.message import Message, msg, plural


@dataclass(frozen=True)
class DeedLine:
    """One line of a printed deed: what it is, and the amount as printed."""

    label: Message
    amount: Message | str
    indent: bool = False
    """A rent under the deed's base rent."""
    strong: bool = False
    """The printed price, set in bold."""


@dataclass(frozen=True)
class PrintedDeed:
    """What a title deed says."""

    name: str
    group: Message
    colour: str | None
    """The band's colour for a street (`#rrggbb`), None for a railroad or utility."""
    lines: list[DeedLine]


def printed_deed(state: GameState, name: str) -> PrintedDeed:
    edition = state.edition
    deed = edition.deed(name)
    money = state.money
    lines = [DeedLine(msg("Printed price"), money(deed.price), strong=True)]
    colour: str | None = None
    if deed.kind is DeedKind.STREET and deed.group and deed.rent is not None:
        group = edition.groups_by_id[deed.group]
        colour = group.colour
        group_name = msg(group.name)
        rent = deed.rent
        lines.append(DeedLine(msg("Rent"), money(rent[0])))
        lines.append(DeedLine(msg("whole colour group"), money(rent[0] * 2), indent=True))
        for n in range(1, state.max_houses + 1):
            lines.append(
                DeedLine(
                    msg("with {houses}", houses=plural(n, "{n} house", "{n} houses")),
                    money(rent[n]),
                    indent=True,
                )
            )
        lines.append(DeedLine(msg("with a hotel"), money(rent[-1]), indent=True))
        lines.append(
            DeedLine(
                msg("Houses and hotel"),
                msg("{amount} each", amount=money(deed.house_cost or 0)),
            )
        )
    elif deed.kind is DeedKind.RAILROAD:
        stations = edition.railroad_word == "station"
        group_name = msg("Station") if stations else msg("Railroad")
        for n, amount in enumerate(edition.railroad_rent, start=1):
            by_count = (
                plural(n, "Rent, 1 station owned", "Rent, {n} stations owned")
                if stations
                else plural(n, "Rent, 1 railroad owned", "Rent, {n} railroads owned")
            )
            lines.append(DeedLine(by_count, money(amount)))
    else:
        group_name = msg("Utility")
        for n, times in enumerate(edition.utility_multipliers, start=1):
            owned = msg("Rent, one utility owned") if n == 1 else msg("Rent, both utilities owned")
            lines.append(DeedLine(owned, msg("{n} × dice", n=times * edition.scale)))
    lines.append(DeedLine(msg("Mortgage value"), money(deed.mortgage)))
    return PrintedDeed(name, group_name, colour, lines)
