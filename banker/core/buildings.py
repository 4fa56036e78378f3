"""Houses and hotels: whole colour groups, even building, the bank's finite supply."""

from __future__ import annotations

from typing import Any

from banker.core.args import Args, is_number
from banker.core.command import CommandRecord
from banker.core.edition import Deed, DeedKind
from banker.core.errors import (
    BadInput,
    HouseShortage,
    MortgagedGroup,
    NotAllowed,
    UnevenBuilding,
)
from banker.core.ledger import deed_of, from_bank, player_of, require_cash, to_bank
from banker.core.level import HOTEL_CODE, MOST_HOUSES, Level
from banker.core.state import GameState
from banker.core.verb import Verb, Word
from banker.core.worth import half
from banker.i18n.message import N_, Joined, Message, joined, msg, plural


class BuildHouses(CommandRecord, frozen=True, kw_only=True, tag="build"):
    """Buy houses for one lot of a whole colour group."""

    player: str
    deed: str
    count: int = 1


class BuildHotel(CommandRecord, frozen=True, kw_only=True, tag="hotel"):
    """Buy a hotel for a lot with 4 houses; the houses go back to the bank."""

    player: str
    deed: str


class SellHouses(CommandRecord, frozen=True, kw_only=True, tag="sell"):
    """Sell houses of one lot back to the bank at half their cost."""

    player: str
    deed: str
    count: int = 1


class SellHotel(CommandRecord, frozen=True, kw_only=True, tag="sell_hotel"):
    """Sell a hotel back at half its cost; the lot gets 4 houses back, or what the bank has."""

    player: str
    deed: str


class SetGroupLevels(CommandRecord, frozen=True, kw_only=True, tag="levels"):
    """Build up or sell down a whole colour group at once, to the given level per lot.

    Levels are in board order, as `Level.code` writes them: 0 to the houses a lot takes
    (4, or 3 in the short game), or `HOTEL_CODE` (5) for a hotel. The final levels must be
    even; going down, a hotel comes back as what the bank can give (the rule book's
    "sold down like five houses"), so a group can always be sold down in a shortage.
    """

    player: str
    deed: str
    """Any lot of the group."""
    levels: list[int]


KIND_NAMES = {
    "street": N_("street"),
    "railroad": N_("railroad"),
    "station": N_("station"),
    "utility": N_("utility"),
}
"""The kinds of deed, as the sentences name them."""


def require_owner(state: GameState, player: str, deed: str, action: Message) -> None:
    owner = state.deeds[deed].owner
    if owner != player:
        whose: Message | str = msg("the bank") if owner is None else owner
        raise NotAllowed(
            "{p} cannot {action} {deed}: it belongs to {whose}.",
            p=player,
            action=action,
            deed=deed,
            whose=whose,
        )


def _kind_word(state: GameState, kind: DeedKind) -> str:
    """A deed kind as the board names it: a railroad is a station on the London board."""
    if kind is DeedKind.RAILROAD:
        return state.edition.railroad_word
    return kind.value


def _street(state: GameState, player: str, deed_name: str, action: Message) -> Deed:
    deed = deed_of(state, deed_name)
    if deed.kind is not DeedKind.STREET:
        raise NotAllowed(
            "{deed} is a {kind}: only streets of a colour group take houses and hotels.",
            deed=deed.name,
            kind=msg(KIND_NAMES[_kind_word(state, deed.kind)]),
        )
    require_owner(state, player, deed.name, action)
    return deed


def _require_buildable(state: GameState, player: str, deed: Deed) -> list[str]:
    lots = state.edition.lots_of(deed.name)
    group = _group_name(state, deed)
    missing = [lot for lot in lots if state.deeds[lot].owner != player]
    if missing:
        raise NotAllowed(
            "{p} does not own the whole {group} group ({missing} missing): "
            "houses need every lot of the colour group.",
            p=player,
            group=group,
            missing=joined(missing),
        )
    mortgaged = [lot for lot in lots if state.deeds[lot].mortgaged]
    if mortgaged:
        raise MortgagedGroup(
            "{lots} is mortgaged: lift the mortgage before building on the {group} group."
            if len(mortgaged) == 1
            else "{lots} are mortgaged: lift the mortgages before building on the {group} group.",
            lots=joined(mortgaged),
            group=group,
        )
    return lots


def _levels(state: GameState, lots: list[str]) -> Joined:
    return _lot_levels(state, lots, [state.level(lot).buildings for lot in lots])


def _lot_levels(state: GameState, lots: list[str], levels: list[int]) -> Joined:
    return joined(
        msg("{lot} {level}", lot=lot, level=_level_name(n, state))
        for lot, n in zip(lots, levels, strict=True)
    )


def _level_name(buildings: int, state: GameState | None = None) -> Message:
    level = Level.counted(buildings, state.max_houses if state else 4)
    if level.hotel:
        return msg("hotel")
    return plural(level.houses, "1 house", "{n} houses")


def build_houses(state: GameState, cmd: BuildHouses) -> Message:
    player = player_of(state, cmd.player)
    deed = _street(state, player.name, cmd.deed, msg("build on"))
    if cmd.count < 1:
        raise BadInput("Build at least one house.")
    lots = _require_buildable(state, player.name, deed)
    held = state.deeds[deed.name]
    if held.hotel:
        raise NotAllowed(
            "{deed} already has a hotel: nothing more can be built there.", deed=deed.name
        )
    if held.houses + cmd.count > state.max_houses:
        raise NotAllowed(
            "{deed} has {n} and a lot takes at most {most} houses; then buy a hotel "
            "with 'hotel {p} {deed}'.",
            deed=deed.name,
            n=_level_name(held.houses),
            most=state.max_houses,
            p=player.name,
        )
    others = [state.level(lot).buildings for lot in lots if lot != deed.name]
    lowest_other = min(others, default=held.houses + cmd.count)
    if held.houses + cmd.count > lowest_other + 1:
        raise UnevenBuilding(
            "Build evenly: {deed} would have {n} while {levels}. "
            "Build on the lots with fewer houses first.",
            deed=deed.name,
            n=_level_name(held.houses + cmd.count),
            levels=_levels(state, [lot for lot in lots if lot != deed.name]),
        )
    if state.bank.houses_left < cmd.count:
        raise HouseShortage(
            "The bank has {left} left and {deed} needs {n}: wait until someone sells houses back.",
            left=plural(state.bank.houses_left, "1 house", "{n} houses"),
            deed=deed.name,
            n=cmd.count,
        )
    cost = deed.house_cost or 0
    total = cost * cmd.count
    require_cash(
        state,
        player,
        total,
        plural(cmd.count, "for 1 house", "for {n} houses"),
        keep=state.edition.lots_of(deed.name),
    )
    to_bank(state, player, total)
    held.houses += cmd.count
    state.bank.houses_left -= cmd.count
    return msg(
        "{p} built {n} on {deed} for {amount}",
        p=player.name,
        n=plural(cmd.count, "1 house", "{n} houses"),
        deed=deed.name,
        amount=state.money(total),
    )


def build_hotel(state: GameState, cmd: BuildHotel) -> Message:
    player = player_of(state, cmd.player)
    deed = _street(state, player.name, cmd.deed, msg("build on"))
    lots = _require_buildable(state, player.name, deed)
    held = state.deeds[deed.name]
    if held.hotel:
        raise NotAllowed("{deed} already has a hotel: one hotel per lot.", deed=deed.name)
    short = [lot for lot in lots if state.level(lot).buildings < state.max_houses]
    if short:
        raise UnevenBuilding(
            "A hotel needs {most} houses on every lot of the group first: {levels}.",
            most=state.max_houses,
            levels=_levels(state, short),
        )
    if state.bank.hotels_left < 1:
        raise HouseShortage("The bank has no hotels left: wait until someone sells a hotel back.")
    cost = deed.house_cost or 0
    require_cash(state, player, cost, msg("for a hotel"), keep=state.edition.lots_of(deed.name))
    to_bank(state, player, cost)
    held.houses = 0
    held.hotel = True
    state.bank.hotels_left -= 1
    state.bank.houses_left += state.max_houses
    return msg(
        "{p} bought a hotel for {deed} for {amount}; its {most} houses went back to the bank",
        most=state.max_houses,
        p=player.name,
        deed=deed.name,
        amount=state.money(cost),
    )


def sell_houses(state: GameState, cmd: SellHouses) -> Message:
    player = player_of(state, cmd.player)
    deed = _street(state, player.name, cmd.deed, msg("sell buildings on"))
    if cmd.count < 1:
        raise BadInput("Sell at least one house.")
    held = state.deeds[deed.name]
    lots = state.edition.lots_of(deed.name)
    if held.hotel:
        raise NotAllowed(
            "{deed} has a hotel: sell the hotel first with 'sell {p} {deed} hotel'.",
            deed=deed.name,
            p=player.name,
        )
    if held.houses < cmd.count:
        raise NotAllowed(
            "{deed} has {n}; it cannot sell {c}.",
            deed=deed.name,
            n=_level_name(held.houses),
            c=cmd.count,
        )
    highest_other = max((state.level(lot).buildings for lot in lots if lot != deed.name), default=0)
    if held.houses - cmd.count < highest_other - 1:
        raise UnevenBuilding(
            "Sell evenly: {deed} would have {n} while {levels}. "
            "Sell from the lots with the most buildings first.",
            deed=deed.name,
            n=_level_name(held.houses - cmd.count),
            levels=_levels(state, [lot for lot in lots if lot != deed.name]),
        )
    held.houses -= cmd.count
    refund = half(deed.house_cost or 0) * cmd.count
    from_bank(state, player, refund)
    state.bank.houses_left += cmd.count
    return msg(
        "{p} sold {n} on {deed} back to the bank for {amount}",
        p=player.name,
        n=plural(cmd.count, "1 house", "{n} houses"),
        deed=deed.name,
        amount=state.money(refund),
    )


def sell_hotel(state: GameState, cmd: SellHotel) -> Message:
    """Sell a hotel: the bank pays half its cost and gives back 4 houses, or what it has.

    With fewer than 4 houses in the bank, the lot comes down to what the bank has and the
    houses it cannot give are sold too (half their cost): legal only if the group stays even.
    """
    player = player_of(state, cmd.player)
    deed = _street(state, player.name, cmd.deed, msg("sell buildings on"))
    held = state.deeds[deed.name]
    if not held.hotel:
        raise NotAllowed("{deed} has no hotel to sell.", deed=deed.name)
    lots = state.edition.lots_of(deed.name)
    comes_back = min(state.max_houses, state.bank.houses_left)
    others = [state.level(lot).buildings for lot in lots if lot != deed.name]
    if others and max(others) - comes_back > 1:
        raise UnevenBuilding(
            "The bank has only {left}, so {deed}'s hotel would come down to {n} while "
            "{levels}. Sell the whole group down at once ('levels {p} {deed} ...' or the build "
            "dialog), or wait until the bank has more houses.",
            left=plural(state.bank.houses_left, "1 house", "{n} houses"),
            deed=deed.name,
            n=_level_name(comes_back),
            levels=_levels(state, [lot for lot in lots if lot != deed.name]),
            p=player.name,
        )
    cost = deed.house_cost or 0
    sold_down = state.max_houses - comes_back
    refund = half(cost) * (1 + sold_down)
    from_bank(state, player, refund)
    held.hotel = False
    held.houses = comes_back
    state.bank.hotels_left += 1
    state.bank.houses_left -= comes_back
    if sold_down:
        return msg(
            "{p} sold the hotel on {deed} for {amount}; the bank had only {n} to give "
            "back, the other {k} were sold too",
            p=player.name,
            deed=deed.name,
            amount=state.money(refund),
            n=_level_name(comes_back),
            k=sold_down,
        )
    return msg(
        "{p} sold the hotel on {deed} back to the bank for {amount} and got {most} houses back",
        most=state.max_houses,
        p=player.name,
        deed=deed.name,
        amount=state.money(refund),
    )


def set_group_levels(state: GameState, cmd: SetGroupLevels) -> Message:
    player = player_of(state, cmd.player)
    deed = _street(state, player.name, cmd.deed, msg("build on"))
    lots = state.edition.lots_of(deed.name)
    most = state.max_houses
    if len(cmd.levels) != len(lots) or any(not Level.is_code(n, most) for n in cmd.levels):
        raise BadInput(
            "Give one level per lot of the group ({lots}), each 0 to {most} houses or 5 (h) "
            "for a hotel, e.g. '{example}'.",
            lots=", ".join(lots),
            most=most,
            example=",".join(["h"] * len(lots)),
        )
    hotel = most + 1
    target = [Level.from_code(n, most).buildings for n in cmd.levels]
    if max(target) - min(target) > 1:
        raise UnevenBuilding(
            "Build evenly: {levels} would leave two lots more than one building apart.",
            levels=_lot_levels(state, lots, target),
        )
    now = [state.level(lot).buildings for lot in lots]
    up = any(n > c for n, c in zip(target, now, strict=True))
    down = any(n < c for n, c in zip(target, now, strict=True))
    if up and down:
        raise BadInput("Build up or sell down, not both at once: do one, then the other.")
    if not up and not down:
        raise BadInput(
            "The {group} group already stands at those levels.", group=_group_name(state, deed)
        )
    # Each lot at its own house cost: a custom group may price its lots differently.
    costs = [state.edition.deed(lot).house_cost or 0 for lot in lots]
    houses_now = sum(n for n in now if n < hotel)
    houses_after = sum(n for n in target if n < hotel)
    hotels_change = sum(n == hotel for n in target) - sum(n == hotel for n in now)
    if up:
        owed = sum(d.amount for d in state.debts_of(player.name))
        if owed:
            raise NotAllowed(
                "{p} owes {owed}: raise the money and settle before building.",
                p=player.name,
                owed=state.money(owed),
            )
        _require_buildable(state, player.name, deed)
        # Houses come first: every lot that ends with a hotel needs its 4 houses on the way.
        peak = sum(max(0, min(n, most) - min(c, most)) for n, c in zip(target, now, strict=True))
        if peak > state.bank.houses_left:
            raise HouseShortage(
                plural(
                    peak,
                    "That needs 1 house from the bank and it has {left}: build less, or "
                    "auction the house if several players want it.",
                    "That needs {n} houses from the bank and it has {left}: build less, or "
                    "auction the houses if several players want them.",
                    left=state.bank.houses_left,
                )
            )
        if hotels_change > state.bank.hotels_left:
            raise HouseShortage(
                plural(
                    hotels_change,
                    "That needs 1 hotel and the bank has {left}.",
                    "That needs {n} hotels and the bank has {left}.",
                    left=state.bank.hotels_left,
                )
            )
        total = sum(cost * (n - c) for cost, n, c in zip(costs, target, now, strict=True))
        require_cash(
            state,
            player,
            total,
            msg("to build on the {group} group", group=_group_name(state, deed)),
            keep=lots,
        )
        to_bank(state, player, total)
        told = N_("{p} built on the {group} group for {amount}: now {levels}")
    else:
        needed = houses_after - houses_now
        if needed > state.bank.houses_left:
            raise HouseShortage(
                plural(
                    needed,
                    "Coming down to those levels needs 1 house back from the bank and it has "
                    "only {left}: sell further down, to {most} per lot or less.",
                    "Coming down to those levels needs {n} houses back from the bank and it has "
                    "only {left}: sell further down, to {most} per lot or less.",
                    left=state.bank.houses_left,
                    most=_level_name(_lowest_reachable(state, now), state),
                )
            )
        total = sum(half(cost) * (c - n) for cost, n, c in zip(costs, target, now, strict=True))
        from_bank(state, player, total)
        told = N_("{p} sold on the {group} group for {amount}: now {levels}")
    for lot, n in zip(lots, target, strict=True):
        held = state.deeds[lot]
        held.hotel = n == hotel
        held.houses = 0 if n == hotel else n
    state.bank.houses_left -= houses_after - houses_now
    state.bank.hotels_left -= hotels_change
    return msg(
        told,
        p=player.name,
        group=_group_name(state, deed),
        amount=state.money(total),
        levels=_lot_levels(state, lots, target),
    )


def _group_name(state: GameState, deed: Deed) -> Message:
    return msg(state.edition.groups_by_id[deed.group or ""].name)


def _lowest_reachable(state: GameState, now: list[int]) -> int:
    """The highest even level the group can come down to with the bank's houses."""
    houses_now = sum(n for n in now if n <= state.max_houses)
    for level in range(state.max_houses, -1, -1):
        if level * len(now) - houses_now <= state.bank.houses_left:
            return level
    return 0


def read_build(a: Args) -> BuildHouses:
    words, n = _count(list(a.words), a.state.max_houses)
    name, deed = a.split(words, a.deed)
    return BuildHouses(player=name, deed=deed, count=n)


def read_hotel(a: Args) -> BuildHotel:
    name, deed = a.split(a.words, a.deed)
    return BuildHotel(player=name, deed=deed)


def _count(words: list[str], most: int) -> tuple[list[str], int]:
    """A number of houses at the end of `words` (1 when none is given), 1 to `most`."""
    if words and is_number(words[-1]):
        n = words[-1]
        if len(n) > 2 or not 1 <= int(n) <= most:
            raise BadInput("{n!r} is not a number of houses: give 1 to {most}.", n=n, most=most)
        return words[:-1], int(n)
    return words, 1


def read_sell(a: Args) -> SellHouses | SellHotel:
    words = list(a.words)
    if words and words[-1].casefold() == "hotel":
        name, deed = a.split(words[:-1], a.deed)
        return SellHotel(player=name, deed=deed)
    words, n = _count(words, a.state.max_houses + 1)  # a hotel sells down as one more
    name, deed = a.split(words, a.deed)
    return SellHouses(player=name, deed=deed, count=n)


def read_levels(a: Args) -> SetGroupLevels:
    if len(a.words) < 3:
        raise a.usage()
    found: list[int] = []
    for item in a.words[-1].split(","):
        item = item.strip().casefold()
        if item in ("h", "hotel"):
            found.append(HOTEL_CODE)
        elif len(item) == 1 and item.isdigit() and int(item) <= MOST_HOUSES:
            found.append(int(item))
        else:
            raise BadInput(
                "{item!r} is not a level: 0 to 4 houses, or h for a hotel, e.g. '4,4,h'.",
                item=item,
            )
    name, deed = a.split(a.words[:-1], a.deed)
    return SetGroupLevels(player=name, deed=deed, levels=found)


SELL = Word("sell", N_("sell PLAYER DEED [N|hotel]"), read_sell, "build", keywords=("hotel",))
"""Houses or a hotel: one word for two commands."""


DECLARED: tuple[Verb[Any] | Word[Any], ...] = (
    Verb(
        BuildHouses,
        build_houses,
        Word("build", N_("build PLAYER DEED [N]"), read_build, "build"),
        example="build alice park 2",
    ),
    Verb(
        BuildHotel,
        build_hotel,
        Word("hotel", N_("hotel PLAYER DEED"), read_hotel, "build"),
        example="hotel alice park",
    ),
    Verb(
        SellHouses,
        sell_houses,
        SELL,
        example="sell alice park 2",
        while_owing=True,
    ),
    Verb(
        SellHotel,
        sell_hotel,
        SELL,
        example="sell alice park hotel",
        while_owing=True,
    ),
    Verb(
        SetGroupLevels,
        set_group_levels,
        Word(
            "levels",
            N_("levels PLAYER DEED L,L[,L] (per lot of the group: 0-4 houses, h for a hotel)"),
            read_levels,
            "build",
        ),
        example="levels alice park 4,h",
        while_owing=True,
    ),
)
"""This family's verbs (help lists every word in `verbs.HELP_ORDER`'s order)."""
