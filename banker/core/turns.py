"""Whose turn it is and where each token stands, kept from what the banker records.

The physical board stays the truth: the bank follows the tokens from the landings it is
told of (a deed bought or rented, a tax, a card that moves the token, jail), and a move by
the dice total or by a square's name corrects it in one command.
"""

from __future__ import annotations

from banker.core.commands import (
    Buy,
    Command,
    DrawCard,
    LeaveJail,
    MoveToken,
    PassTurn,
    PayRent,
    PayTax,
    TakeParking,
)
from banker.core.edition import CardAction, DeedKind, Edition, SquareKind
from banker.core.errors import BadInput, NotAllowed, UnknownName
from banker.core.ledger import from_bank, player_of
from banker.core.money import Message, msg
from banker.core.names import match, ranked
from banker.core.state import GameState


def whose_turn(state: GameState) -> str | None:
    """The player whose turn it is: the one recorded, else the first still in the game."""
    active = [p.name for p in state.active_players]
    if state.turn in active:
        return state.turn
    if state.turn is not None:  # gone bankrupt on their turn: the next one still in
        seats = [p.name for p in state.players]
        at = seats.index(state.turn) if state.turn in seats else -1
        for step in range(1, len(seats) + 1):
            name = seats[(at + step) % len(seats)]
            if name in active:
                return name
    return active[0] if active else None


def next_player(state: GameState) -> str | None:
    """Who the turn passes to: the next player in seating order still in the game."""
    now = whose_turn(state)
    seats = [p.name for p in state.players]
    if now is None:
        return None
    at = seats.index(now)
    for step in range(1, len(seats) + 1):
        player = state.players[(at + step) % len(seats)]
        if not player.bankrupt:
            return player.name
    return now


def position(state: GameState, player: str) -> int:
    """The token's last known square (GO, 0, before it has moved)."""
    return state.positions.get(player, 0)


def square_name(edition: Edition, square: int) -> str:
    """The name of the deed or square at a board index."""
    for deed in edition.deeds:
        if deed.square == square:
            return deed.name
    for other in edition.squares:
        if other.square == square:
            return other.name
    raise BadInput("The board has no square {n}.", n=square)


def square_of(edition: Edition, kind: SquareKind) -> int | None:
    for other in edition.squares:
        if other.kind is kind:
            return other.square
    return None


def ahead(state: GameState, player: str, total: int) -> tuple[int, bool]:
    """The square `total` steps from the token's last known square, and whether the way
    there passes (or lands on) GO."""
    size = state.edition.board_size
    start = position(state, player)
    return (start + total) % size, start + total >= size


def squares(edition: Edition) -> dict[int, str]:
    """Every square's name by board index."""
    board = {d.square: d.name for d in edition.deeds}
    board.update({s.square: s.name for s in edition.squares})
    return dict(sorted(board.items()))


def _chance(total: int) -> int:
    """In how many of the 36 throws of two dice the total comes up."""
    return 6 - abs(total - 7)


def reachable(state: GameState, player: str) -> list[str]:
    """The squares one throw of the dice takes the token to, the likeliest first."""
    board = squares(state.edition)
    seen: dict[str, int] = {}
    for total in range(2, 13):
        name = board[ahead(state, player, total)[0]]
        seen[name] = seen.get(name, 0) + _chance(total)
    return sorted(seen, key=lambda name: -seen[name])


def kinds(edition: Edition) -> dict[str, list[str]]:
    """Deeds by the word for their kind (`railroad`, `utility`; a UK station too)."""
    found: dict[str, list[str]] = {}
    for deed in edition.deeds:
        if deed.kind is not DeedKind.STREET:
            found.setdefault(deed.kind.value, []).append(deed.name)
    if edition.id == "uk" and "railroad" in found:
        found["station"] = found["railroad"]
    return found


def find_squares(state: GameState, player: str, query: str) -> list[str]:
    """The square names `query` may mean, likeliest first (`banker.core.names.ranked`)."""
    names = list(dict.fromkeys(squares(state.edition).values()))
    return ranked(query, names, reachable(state, player), kinds(state.edition))


def find_square(state: GameState, player: str, query: str) -> int:
    """The board index of the likeliest square `query` names, the nearest ahead of the
    token where several squares share the name (Chance).

    Raises:
        UnknownName: nothing on the board matches.
    """
    found = find_squares(state, player, query)
    if not found:
        match(query, list(squares(state.edition).values()), "deed")  # refuses, with near misses
        raise UnknownName("Nothing on the board is called {q!r}.", q=query)
    start = position(state, player)
    size = state.edition.board_size
    spots = [i for i, name in squares(state.edition).items() if name == found[0]]
    return min(spots, key=lambda i: (i - start) % size)


def pass_turn(state: GameState, cmd: PassTurn) -> Message:
    if cmd.player is not None:
        player = player_of(state, cmd.player)
        if player.bankrupt:
            raise NotAllowed("{p} is bankrupt and out of the game.", p=player.name)
        to = player.name
    else:
        found = next_player(state)
        if found is None:
            raise NotAllowed("Nobody is left in the game to take the turn.")
        to = found
    state.turn = to
    return msg("{p}'s turn", p=to)


def move(state: GameState, cmd: MoveToken) -> Message:
    player = player_of(state, cmd.player)
    if player.bankrupt:
        raise NotAllowed("{p} is bankrupt and out of the game.", p=player.name)
    name = square_name(state.edition, cmd.square)
    state.positions[player.name] = cmd.square
    jail = square_of(state.edition, SquareKind.JAIL)
    if cmd.square == square_of(state.edition, SquareKind.GO_TO_JAIL) and jail is not None:
        state.positions[player.name] = jail
        return msg("{p} landed on {square} and went to jail", p=player.name, square=name)
    if cmd.passed_go:
        from_bank(state, player, state.salary)
        return msg(
            "{p} passed GO, collected {amount} and moved to {square}",
            p=player.name,
            amount=state.money(state.salary),
            square=name,
        )
    return msg("{p} moved to {square}", p=player.name, square=name)


def follow(state: GameState, command: Command) -> None:
    """Keep the token where an accepted command says it is (changes `state`)."""
    edition = state.edition
    player = getattr(command, "player", None)
    if not isinstance(player, str) or player not in {p.name for p in state.players}:
        return
    square: int | None = None
    if isinstance(command, Buy | PayRent):
        square = edition.deed(command.deed).square
    elif isinstance(command, PayTax):
        kind = SquareKind.LUXURY_TAX if command.kind == "luxury" else SquareKind.INCOME_TAX
        square = square_of(edition, kind)
    elif isinstance(command, TakeParking):
        square = square_of(edition, SquareKind.FREE_PARKING)
    elif isinstance(command, LeaveJail):
        square = square_of(edition, SquareKind.JAIL)
    elif isinstance(command, DrawCard):
        square = _card_square(state, command)
    if square is not None:
        state.positions[player] = square


def _card_square(state: GameState, command: DrawCard) -> int | None:
    edition = state.edition
    card = edition.cards_by_id[command.card]
    if command.deed is not None:
        return edition.deed(command.deed).square
    if card.action is CardAction.ADVANCE and card.target:
        target = card.target.casefold()
        for deed in edition.deeds:
            if deed.name.casefold() == target:
                return deed.square
        for other in edition.squares:
            if other.name.casefold() == target:
                return other.square
    if card.action is CardAction.GO_TO_JAIL:
        return square_of(edition, SquareKind.JAIL)
    if card.action is CardAction.BACK and card.spaces:
        size = edition.board_size
        return (position(state, command.player) - card.spaces) % size
    return None
