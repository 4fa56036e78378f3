"""Whose turn it is and where each token stands, kept from what the banker records.

The physical board stays the truth: the bank follows the tokens from the landings it is
told of (a deed bought or rented, a tax, a card that moves the token, jail), and a move by
the dice total or by a square's name corrects it in one command.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeAlias

from msgspec import Meta

from banker.core.args import Args, dice, is_number
from banker.core.command import CommandRecord
from banker.core.edition import Deed, DeedKind, Edition, SquareKind
from banker.core.errors import BadInput, NotAllowed, UnknownName
from banker.core.ledger import charge, from_bank, player_of
from banker.core.names import match, ranked
from banker.core.state import GameState, Landing
from banker.core.verb import Verb, Word
from banker.i18n.catalogue import translator
from banker.i18n.message import N_, Message, msg


class PassTurn(CommandRecord, frozen=True, kw_only=True, tag="turn"):
    """The turn passes to the next player still in the game, or to the player named."""

    player: str | None = None


MoveHow: TypeAlias = Literal["dice", "forward", "fix", "given"]


class MoveToken(CommandRecord, frozen=True, kw_only=True, tag="move"):
    """The token moved: by a throw of the dice from its square, forward to a square the
    banker names (the salary when the way there passes GO), or a correction of where it
    stands (which pays nothing)."""

    player: str
    square: Annotated[int, Meta(ge=0)] = 0
    """The board index, GO being 0: where a named or corrected move goes."""
    passed_go: bool = False
    """For a move written before the bank followed the tokens (`how` "given"): the move
    passed or landed on GO and the bank paid the salary."""
    how: MoveHow = "given"
    """`dice`: by `dice` from the token's square; `forward`: to `square`, forward;
    `fix`: a correction to `square`; `given`: the square and salary as written (games
    saved before the bank followed the tokens)."""
    dice: Annotated[int, Meta(ge=2, le=12)] | None = None
    """The throw's total, for a move by the dice."""
    doubles: bool = False
    """The throw was a double: the player throws again, or leaves jail."""


def whose_turn(state: GameState) -> str | None:
    """The player whose turn it is: the one recorded, else the first still in the game."""
    active = [p.name for p in state.active_players]
    if state.turn in active and not state.turn_over:
        return state.turn
    if state.turn is not None:  # gone bankrupt or to jail on their turn: the next one in
        return _left_of(state, state.turn)
    return active[0] if active else None


def _left_of(state: GameState, name: str) -> str | None:
    """The next player still in the game to the left of `name` (seated or not)."""
    seats = [p.name for p in state.players]
    active = {p.name for p in state.active_players}
    at = seats.index(name) if name in seats else -1
    for step in range(1, len(seats) + 1):
        seat = seats[(at + step) % len(seats)]
        if seat in active:
            return seat
    return None


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


def deed_at(edition: Edition, square: int) -> Deed | None:
    """The deed at a board index, or None for a square that is not a deed."""
    return next((d for d in edition.deeds if d.square == square), None)


def kind_at(edition: Edition, square: int) -> SquareKind | None:
    """The kind of the square at a board index, or None for a deed."""
    return next((s.kind for s in edition.squares if s.square == square), None)


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


def throw_moves(state: GameState, player: str, doubles: bool) -> bool:
    """Whether a throw moves the token by its total: not from jail without doubles before
    the third throw, and not on a third double in a row (straight to jail)."""
    if player in state.jail:
        return doubles or state.jail[player] >= 2
    in_a_row = state.doubles if state.turn == player and not state.turn_over else 0
    return not (doubles and in_a_row >= 2)


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


def kinds(edition: Edition, language: str = "en") -> dict[str, list[str]]:
    """Deeds by a word for a kind of them: `railroad`, `utility` (a UK `station` too) and
    each colour group's name (`red`, `dark blue`), as printed and as the game's language
    says them (`stesen`, `merah`, `สีแดง`, and a Thai colour without its `สี`: `แดง`)."""
    found: dict[str, list[str]] = {}
    for deed in edition.deeds:
        if deed.kind is not DeedKind.STREET:
            found.setdefault(deed.kind.value, []).append(deed.name)
    if edition.id == "uk" and "railroad" in found:
        found["station"] = found["railroad"]
    names = {group.id: group.name for group in edition.groups}
    for deed in edition.deeds:
        if deed.group is not None and deed.group in names:
            found.setdefault(names[deed.group], []).append(deed.name)
    if language != "en":
        tr = translator(language)
        for word, deeds in list(found.items()):
            said = tr(word)
            if said != word:
                found.setdefault(said, deeds)
                if language == "th" and said.startswith("สี") and len(said) > 2:
                    found.setdefault(said[2:], deeds)
    return found


def find_squares(state: GameState, player: str, query: str) -> list[str]:
    """The square names `query` may mean, likeliest first (`banker.core.names.ranked`)."""
    typed = typed_square_names(state)
    likely = reachable(state, player)
    likely += [words for words, name in typed.items() if name in likely and words != name]
    found = ranked(query, list(typed), likely, kinds(state.edition, state.language))
    return list(dict.fromkeys(typed[name] for name in found))


def typed_square_names(state: GameState) -> dict[str, str]:
    """Every name a square may be typed by, to its name on the board: as printed, and for
    the squares that are not deeds as the game's language says them (`peluang`, `โอกาส`
    for Chance): a banker types the table's words."""
    names = list(dict.fromkeys(squares(state.edition).values()))
    typed = {n: n for n in names}
    if state.language != "en":
        tr = translator(state.language)
        deeds = state.edition.deeds_by_name
        typed |= {tr(n): n for n in names if n not in deeds and tr(n) != n}
    return typed


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
    return min(spots, key=lambda i: (i - start - 1) % size)


def next_player(state: GameState) -> str | None:
    """Who the turn passes to: the next player to the left, still in the game, of the one
    whose turn it was (even if they went bankrupt on it)."""
    if state.turn is not None and state.turn in {p.name for p in state.players}:
        return _left_of(state, state.turn)
    now = whose_turn(state)
    return None if now is None else _left_of(state, now)


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
    state.doubles = 0
    state.turn_over = False
    if to in state.jail:
        return msg("{p}'s turn, in jail (throw {n} of 3 to leave)", p=to, n=state.jail[to] + 1)
    return msg("{p}'s turn", p=to)


def words_of(state: GameState, square: int) -> Message | str:
    """A square's name as the receipts show it (a deed's as printed, others translated)."""
    return state.edition.square_words(square_name(state.edition, square))


def send_to_jail(state: GameState, player: str) -> None:
    """The token goes to the Jail square, in jail (not just visiting): no salary."""
    jail = square_of(state.edition, SquareKind.JAIL)
    if jail is None:
        return
    if whose_turn(state) == player:  # going to jail ends the turn, doubles or not
        state.turn, state.turn_over, state.doubles = player, True, 0
    state.positions[player] = jail
    state.jail[player] = 0
    state.landing = Landing(player=player, square=jail, by="jail")


def arrive(
    state: GameState,
    player: str,
    square: int,
    by: Literal["dice", "square", "card"],
    dice: int | None = None,
    card: str | None = None,
) -> bool:
    """The token arrives on `square`: kept, and the landing recorded for its offers.
    Returns True when the square is Go to Jail, which sends the token on to jail."""
    if square == square_of(state.edition, SquareKind.GO_TO_JAIL):
        send_to_jail(state, player)
        return True
    state.positions[player] = square
    state.landing = Landing(player=player, square=square, by=by, dice=dice, card=card)
    return False


def move(state: GameState, cmd: MoveToken) -> Message:
    player = player_of(state, cmd.player)
    if player.bankrupt:
        raise NotAllowed("{p} is bankrupt and out of the game.", p=player.name)
    if cmd.how == "given":
        return _move_as_given(state, cmd)
    name = player.name
    size = state.edition.board_size
    start = position(state, name)
    if cmd.how == "fix":
        if cmd.square >= size:
            raise BadInput("The board has no square {n}.", n=cmd.square)
        state.positions[name] = cmd.square
        if cmd.square != square_of(state.edition, SquareKind.JAIL):
            state.jail.pop(name, None)
        state.landing = Landing(player=name, square=cmd.square, by="fix")
        return msg(
            "{p}'s token corrected to {square}: a correction, nothing paid",
            p=name,
            square=words_of(state, cmd.square),
        )
    if cmd.how == "forward":
        if cmd.square >= size:
            raise BadInput("The board has no square {n}.", n=cmd.square)
        if name in state.jail and state.rules.follow_tokens:
            raise NotAllowed(
                "{p} is in jail: record the throw ('move {p} DICE', with 'doubles' for a "
                "double), or pay the fine or use a card first.",
                p=name,
            )
        steps = (cmd.square - start) % size
        if steps == 0:
            raise NotAllowed(
                "{p}'s token is already on {square}: name another square, or "
                "correct it with 'move {p} SQUARE fix'.",
                p=name,
                square=words_of(state, start),
            )
        state.jail.pop(name, None)
        return _go_forward(state, name, start, steps, "square", None, None)
    # A throw of the dice: the thrower's turn.
    assert cmd.dice is not None
    if cmd.doubles and cmd.dice % 2:
        raise BadInput(
            "{dice} cannot be a double: two dice showing the same make an even total.",
            dice=cmd.dice,
        )
    if state.turn != name or state.turn_over:
        state.turn, state.turn_over = name, False
        state.doubles = 0
    head: Message | None = None
    if name in state.jail:
        if cmd.doubles:
            del state.jail[name]
            state.doubles = 0
            head = msg("{p} threw a double and left jail without the fine", p=name)
            return _go_forward(state, name, start, cmd.dice, "dice", cmd.dice, head)
        failed = state.jail[name] + 1
        if failed < 3:
            state.jail[name] = failed
            return msg(
                "{p} threw {dice} in jail, not a double: still in jail (throw {n} of 3)",
                p=name,
                dice=cmd.dice,
                n=failed,
            )
        del state.jail[name]
        fine = state.jail_fine
        note = charge(
            state, player, fine, None, msg("the jail fine"), pot=state.rules.free_parking_pot
        )
        head = msg(
            "{p} failed a third throw in jail: paid the {fine} fine"
            if note is None
            else "{p} failed a third throw in jail: owes the {fine} fine; {note}",
            p=name,
            fine=state.money(fine),
            note=note or "",
        )
        return _go_forward(state, name, start, cmd.dice, "dice", cmd.dice, head)
    if cmd.doubles:
        state.doubles += 1
        if state.doubles >= 3:
            send_to_jail(state, name)
            return msg("{p} threw a third double in a row: straight to jail, no move", p=name)
    else:
        state.doubles = 0
    again = cmd.doubles
    said = _go_forward(state, name, start, cmd.dice, "dice", cmd.dice, None)
    if again and name not in state.jail:
        return msg("{text}; {paid}", text=said, paid=msg("a double: {p} throws again", p=name))
    return said


def _go_forward(
    state: GameState,
    name: str,
    start: int,
    steps: int,
    by: Literal["dice", "square"],
    dice: int | None,
    head: Message | None,
) -> Message:
    """Forward `steps` squares from `start`: the salary when the way passes or lands on GO
    (a square named round the board passes GO even on its way to Go to Jail; the trip from
    there to jail pays nothing), the landing recorded; the receipt."""
    size = state.edition.board_size
    square = (start + steps) % size
    player = state.player(name)
    to: Message | str = words_of(state, square)
    if square == square_of(state.edition, SquareKind.JAIL) and name not in state.jail:
        to = msg("{square} (just visiting)", square=to)
    thrown = dice is not None and head is None
    if arrive(state, name, square, by, dice):
        if start + steps >= size:
            from_bank(state, player, state.salary)
            said = msg(
                "{p} passed GO, collected {amount}, landed on {square} and went to jail",
                p=name,
                amount=state.money(state.salary),
                square=to,
            )
        else:
            said = msg(
                "{p} threw {dice} and landed on {square}: straight to jail, no salary"
                if thrown
                else "{p} landed on {square} and went to jail",
                p=name,
                dice=dice,
                square=to,
            )
    elif start + steps >= size:
        from_bank(state, player, state.salary)
        said = msg(
            "{p} threw {dice}, passed GO, collected {amount} and moved to {square}"
            if thrown
            else "{p} passed GO, collected {amount} and moved to {square}",
            p=name,
            dice=dice,
            amount=state.money(state.salary),
            square=to,
        )
    else:
        said = msg(
            "{p} threw {dice} and moved to {square}" if thrown else "{p} moved to {square}",
            p=name,
            dice=dice,
            square=to,
        )
    if head is not None:
        return msg("{text}; {paid}", text=head, paid=said)
    return said


def _move_as_given(state: GameState, cmd: MoveToken) -> Message:
    """A move as games saved before the bank followed the tokens wrote it."""
    player = player_of(state, cmd.player)
    name = words_of(state, cmd.square)
    state.positions[player.name] = cmd.square
    state.jail.pop(player.name, None)
    jail = square_of(state.edition, SquareKind.JAIL)
    if cmd.square == square_of(state.edition, SquareKind.GO_TO_JAIL) and jail is not None:
        send_to_jail(state, player.name)
        return msg("{p} landed on {square} and went to jail", p=player.name, square=name)
    state.landing = Landing(player=player.name, square=cmd.square, by="square")
    if cmd.passed_go:
        from_bank(state, player, state.salary)
        return msg(
            "{p} passed GO, collected {amount} and moved to {square}",
            p=player.name,
            amount=state.money(state.salary),
            square=name,
        )
    return msg("{p} moved to {square}", p=player.name, square=name)


def read_turn(a: Args) -> PassTurn:
    if not a.words:
        return PassTurn()
    name, _ = a.split(a.words, a.nothing)
    return PassTurn(player=name)


def read_move(a: Args) -> MoveToken:
    """`move PLAYER DICE [doubles]`, `move PLAYER SQUARE` (forward to it) or
    `move PLAYER SQUARE fix` (a correction of where the token stands)."""

    words = list(a.words)
    fix = len(words) > 1 and words[-1].casefold() == "fix"
    doubles = len(words) > 1 and words[-1].casefold() in ("doubles", "double", "d")
    if fix or doubles:
        words.pop()

    def where(rest: list[str]) -> int | str:
        """The dice total, or the square's name once something on the board matches it."""
        if not rest:
            raise a.usage()
        if len(rest) == 1 and is_number(rest[0]):
            if fix:
                raise BadInput("A correction names the square: 'move PLAYER SQUARE fix'.")
            return dice(rest[0])
        if doubles:
            raise BadInput("Doubles are a throw: 'move PLAYER DICE doubles'.")
        query = " ".join(rest)
        named = list(typed_square_names(a.state))
        if not ranked(query, named, None, kinds(a.state.edition, a.state.language)):
            match(query, list(squares(a.state.edition).values()), "deed")  # refuses
        return query

    name, to = a.split(words, where)
    if isinstance(to, int):
        return MoveToken(player=name, how="dice", dice=to, doubles=doubles)
    return MoveToken(
        player=name, square=find_square(a.state, name, to), how="fix" if fix else "forward"
    )


DECLARED: tuple[Verb[Any] | Word[Any], ...] = (
    Verb(
        PassTurn,
        pass_turn,
        Word("turn", N_("turn [PLAYER]"), read_turn, "next_turn", aliases=("next",)),
        example="turn",
        while_owing=True,
    ),
    Verb(
        MoveToken,
        move,
        Word(
            "move",
            N_("move PLAYER DICE [doubles], move PLAYER SQUARE, or move PLAYER SQUARE fix"),
            read_move,
            "landed",
            keywords=("doubles", "fix"),
        ),
        example="move bob 7",
        while_owing=True,
    ),
)
"""This family's verbs (help lists every word in `verbs.HELP_ORDER`'s order)."""
