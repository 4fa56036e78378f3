"""Invariants of a whole game state, checked after every command in the tests.

Each check returns the problems it finds as sentences; an empty list means the state
is sound.
"""

from __future__ import annotations

from collections.abc import Callable

from banker.core.edition import DeedKind, SquareKind
from banker.core.level import Level
from banker.core.state import GameState
from banker.core.turns import square_of, whose_turn


def money_conserved(state: GameState) -> list[str]:
    held = sum(p.cash for p in state.players) + state.bank.free_parking
    if state.estate is not None:
        held += state.estate.pool
    if held != state.bank.issued:
        return [
            f"players, pot and a bankrupt's estate hold {held} "
            f"but the bank issued {state.bank.issued}"
        ]
    return []


def no_negative_cash(state: GameState) -> list[str]:
    problems = [f"{p.name} has negative cash {p.cash}" for p in state.players if p.cash < 0]
    if state.bank.free_parking < 0:
        problems.append(f"the pot is negative: {state.bank.free_parking}")
    return problems


def supply_respected(state: GameState) -> list[str]:
    houses = sum(d.houses for d in state.deeds.values())
    hotels = sum(d.hotel for d in state.deeds.values())
    problems = []
    if state.bank.houses_left < 0 or houses + state.bank.houses_left != state.houses_supply:
        problems.append(
            f"{houses} houses on the board + {state.bank.houses_left} in the bank "
            f"!= supply {state.houses_supply}"
        )
    if state.bank.hotels_left < 0 or hotels + state.bank.hotels_left != state.hotels_supply:
        problems.append(
            f"{hotels} hotels on the board + {state.bank.hotels_left} in the bank "
            f"!= supply {state.hotels_supply}"
        )
    return problems


def owners_exist(state: GameState) -> list[str]:
    names = {p.name for p in state.active_players}
    problems = [
        f"{deed} is owned by {d.owner!r}, who is not in the game"
        for deed, d in state.deeds.items()
        if d.owner is not None and d.owner not in names
    ]
    if set(state.deeds) != set(state.edition.deeds_by_name):
        problems.append("the ledger's deeds differ from the edition's")
    return problems


def buildings_legal(state: GameState) -> list[str]:
    """Every lot a level of this game, buildings only on owned streets, each group built
    evenly, unmortgaged and by one owner. An empty lot and a group with nothing on it
    are looked at no further (checked after every command in the property tests)."""
    problems = []
    most = state.max_houses
    try:
        Level(0, False, most)
        empty_is_a_level = True
    except ValueError:
        empty_is_a_level = False
    for name, d in state.deeds.items():
        if empty_is_a_level and not (d.houses or d.hotel):
            continue
        deed = state.edition.deed(name)
        try:
            Level(d.houses, d.hotel, most)
        except ValueError:
            problems.append(f"{name} has {d.houses} houses and hotel={d.hotel}")
        if (d.houses or d.hotel) and (deed.kind is not DeedKind.STREET or d.owner is None):
            problems.append(f"{name} has buildings but is not an owned street")
    for group, lots in state.edition.group_lots.items():
        held = [state.deeds[lot] for lot in lots]
        built = any(h.houses or h.hotel for h in held)
        if not built and empty_is_a_level:
            continue  # every lot at 0: even, and nothing stands on a mortgage
        try:
            levels = [state.level(lot).buildings for lot in lots]
        except ValueError:
            levels = []  # a lot that is no level at all is reported above
        if levels and max(levels) - min(levels) > 1:
            problems.append(f"{group} is built unevenly: {levels}")
        if built and any(h.mortgaged for h in held):
            problems.append(f"{group} has buildings and a mortgaged lot")
        if built and len({h.owner for h in held}) != 1:
            problems.append(f"{group} has buildings but more than one owner")
    return problems


def jail_cards_unique(state: GameState) -> list[str]:
    held = [deck for p in state.players for deck in p.jail_cards]
    return [f"more than one {deck} jail card is held" for deck in set(held) if held.count(deck) > 1]


def flow_sound(state: GameState) -> list[str]:
    """The turn is a player still in the game; the tokens are on the board; whoever is in
    jail is still in the game, on the Jail square, with fewer than three failed throws."""

    problems: list[str] = []
    active = {p.name for p in state.active_players}
    turn = whose_turn(state)
    if active and turn not in active:
        problems.append(f"the turn is {turn!r}, not a player still in the game")
    size = state.edition.board_size
    problems += [
        f"{p}'s token is off the board ({sq})"
        for p, sq in state.positions.items()
        if not 0 <= sq < size
    ]
    jail = square_of(state.edition, SquareKind.JAIL)
    for name, throws in state.jail.items():
        if name not in active:
            problems.append(f"{name} is in jail but not in the game")
        if not 0 <= throws <= 2:
            problems.append(f"{name} has failed {throws} throws in jail")
        if state.positions.get(name, 0) != jail:
            problems.append(f"{name} is in jail but the token is not on the Jail square")
    return problems


def bankruptcies_kept(state: GameState) -> list[str]:
    """The order of bankruptcies names each bankrupt player at most once, and only them."""
    gone = {p.name for p in state.players if p.bankrupt}
    order = state.bankruptcies
    if len(set(order)) != len(order) or not set(order) <= gone:
        return [f"the order of bankruptcies {order} is not the bankrupt players {sorted(gone)}"]
    return []


VALIDATORS: list[Callable[[GameState], list[str]]] = [
    money_conserved,
    no_negative_cash,
    supply_respected,
    owners_exist,
    buildings_legal,
    jail_cards_unique,
    flow_sound,
    bankruptcies_kept,
]


def validate(state: GameState) -> list[str]:
    """Every problem with the state, from every validator."""
    return [problem for check in VALIDATORS for problem in check(state)]
