"""A game as a stack of applied commands: apply, undo and redo, with checkpoints.

Like a chess move stack: the state is the setup with every applied command replayed.
Undo pops the last command (history keeps it, marked undone); redo pushes it back.
Changes come in two steps, `prepare` then `commit`, so the journal can write an entry
to disk between them and the game only moves on once it is safe.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal, overload

from banker.core.commands import Command, Setup, command_json, parse_command_json
from banker.core.engine import apply
from banker.core.errors import BadInput, BankerError, JournalError, NothingToUndo
from banker.core.money import Message, msg
from banker.core.phone import Phones, from_phone
from banker.core.record import refusal_of
from banker.core.state import GameState, new_game_state

CHECKPOINT_EVERY = 64
"""Keep the state in memory after every this many applied commands, so undo replays few."""
RECENT = 16
"""Keep the states of the last this many depths too, so a run of undos replays nothing."""

EntryKind = Literal["command", "undo", "redo"]


@dataclass
class Applied:
    """A command in the stack: the journal entry that first applied it.

    The command and its message are read from their JSON only when needed, so opening a
    long game does not parse what it never replays.
    """

    seq: int
    command_json: str
    message_source: Message | str
    _command: Command | None = None

    @property
    def message(self) -> Message:
        if isinstance(self.message_source, str):
            self.message_source = Message.from_json(json.loads(self.message_source))
        return self.message_source

    @property
    def command(self) -> Command:
        if self._command is None:
            self._command = parse_command_json(self.command_json)
        return self._command


class Stack:
    """The applied (or the undone) commands, bottom first, as a list of `Applied`.

    A game opened from a checkpoint knows its older commands only as runs of sequence
    numbers (`base`, from the checkpoint, bottom first); each is read from the file (and
    checked) by `fetch` the first time it is needed, so opening costs the same at 1,000
    entries and at 100,000. Commands pushed since are kept in `_top`."""

    __slots__ = ("_base", "_base_len", "_fetch", "_known", "_starts", "_top")

    def __init__(
        self,
        fetch: Callable[[int], Applied] | None = None,
        base: Iterable[tuple[int, int]] = (),
        top: Iterable[int] = (),
    ):
        self._base: list[tuple[int, int]] = list(base)
        """Runs `(first, last)` of sequence numbers, rising, bottom first."""
        self._starts: list[int] = []
        """The stack position of each run's first entry."""
        position = 0
        for first, last in self._base:
            self._starts.append(position)
            position += last - first + 1
        self._base_len = position
        self._top: list[int] = list(top)
        self._known: dict[int, Applied] = {}
        self._fetch = fetch

    def _get(self, seq: int) -> Applied:
        entry = self._known.get(seq)
        if entry is None:
            if self._fetch is None:
                raise JournalError("Journal entry {seq} is not in the game.", seq=seq)
            entry = self._known[seq] = self._fetch(seq)
        return entry

    def seq_at(self, index: int) -> int:
        """The sequence number at `index` (negative from the top), without reading it."""
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("stack index out of range")
        if index >= self._base_len:
            return self._top[index - self._base_len]
        run = bisect_right(self._starts, index) - 1
        return self._base[run][0] + index - self._starts[run]

    @property
    def seqs(self) -> list[int]:
        """Every sequence number, bottom first (a new list)."""
        out: list[int] = []
        for first, last in self._base:
            out.extend(range(first, last + 1))
        return out + self._top

    def seqs_from_top(self) -> Iterator[int]:
        """The sequence numbers from the top down, read as far as the caller goes."""
        yield from reversed(self._top)
        for first, last in reversed(self._base):
            yield from range(last, first - 1, -1)

    def runs(self) -> list[tuple[int, int]]:
        """The sequence numbers as runs `(first, last)`, bottom first (a rising stack's:
        the applied commands')."""
        return rising_runs(self._top, self._base)

    def __len__(self) -> int:
        return self._base_len + len(self._top)

    def __bool__(self) -> bool:
        return bool(self._top) or self._base_len > 0

    @overload
    def __getitem__(self, index: int) -> Applied: ...
    @overload
    def __getitem__(self, index: slice) -> list[Applied]: ...
    def __getitem__(self, index: int | slice) -> Applied | list[Applied]:
        if isinstance(index, slice):
            return [self._get(self.seq_at(i)) for i in range(*index.indices(len(self)))]
        return self._get(self.seq_at(index))

    def __iter__(self) -> Iterator[Applied]:
        for i in range(len(self)):
            yield self._get(self.seq_at(i))

    def __reversed__(self) -> Iterator[Applied]:
        for seq in self.seqs_from_top():
            yield self._get(seq)

    def append(self, entry: Applied) -> None:
        self._top.append(entry.seq)
        self._known[entry.seq] = entry

    def pop(self) -> Applied:
        entry = self._get(self.seq_at(-1))
        if self._top:
            self._top.pop()
        else:
            first, last = self._base[-1]
            if first == last:
                self._base.pop()
                self._starts.pop()
            else:
                self._base[-1] = (first, last - 1)
            self._base_len -= 1
        del self._known[entry.seq]
        return entry

    def clear(self) -> None:
        self._base.clear()
        self._starts.clear()
        self._base_len = 0
        self._top.clear()
        self._known.clear()


def rising_runs(seqs: Iterable[int], runs: Iterable[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """`runs` followed by `seqs`, as runs `(first, last)` of consecutive numbers."""
    out = [list(run) for run in runs]
    for seq in seqs:
        if out and out[-1][1] + 1 == seq:
            out[-1][1] = seq
        else:
            out.append([seq, seq])
    return [(first, last) for first, last in out]


@dataclass(frozen=True)
class Pending:
    """A change worked out but not yet committed."""

    kind: EntryKind
    seq: int
    message: Message
    state: GameState
    applied: Applied
    """The command entry applied, undone or redone."""
    depth: int
    """How many commands are applied once this is committed."""


@dataclass
class Snapshot:
    """A stored state after `depth` applied commands, the last of them entry `last_seq`."""

    depth: int
    last_seq: int
    ledger: str | GameState


@dataclass
class Game:
    setup: Setup
    seq: int = 1
    """The journal sequence number of the last entry; the setup is entry 1."""
    applied: Stack = field(default_factory=Stack)
    undone: Stack = field(default_factory=Stack)
    """The redo stack: most recently undone last. Cleared by a new command."""
    state: GameState = field(init=False)
    _checkpoints: dict[int, GameState | str | Callable[[], str]] = field(default_factory=dict)
    """States kept along the stack: worked out, a stored ledger, or a reader of one."""
    _stored: Callable[[int], tuple[int, Callable[[], str]] | None] | None = None
    """Finds the newest stored state at or below a depth and its reader: a game opened
    from a checkpoint reads its older snapshots only when an undo reaches them."""
    _recent: dict[int, GameState] = field(default_factory=dict)
    """The states at the latest `RECENT` depths worked out (states are never changed)."""

    def __post_init__(self) -> None:
        self.state = new_game_state(
            self.setup.players, self.setup.edition, self.setup.rules, self.setup.language
        )
        self._checkpoints[0] = self.state

    @property
    def depth(self) -> int:
        return len(self.applied)

    # The two-step changes.

    def prepare(self, command: Command, phone: Phones | None = None) -> Pending:
        """Work out a command. Raises BankerError with the reason when it is refused.

        Args:
            phone: the player whose own phone asked for it: the receipt says so.
        """
        text = command_json(command)
        try:  # as a replay will read it back: a command built in code is checked here
            command = parse_command_json(text)
        except ValueError as exc:
            raise BadInput("This command cannot be recorded: {why}", why=refusal_of(exc)) from None
        new_state, receipt = apply(self.state, command)
        seq = self.seq + 1
        said = receipt.message if phone is None else from_phone(receipt.message, phone)
        entry = Applied(seq, text, said, command)
        return Pending("command", seq, said, new_state, entry, self.depth + 1)

    def prepare_undo(self) -> Pending:
        if not self.applied:
            raise NothingToUndo("There is nothing to undo: no command has been applied yet.")
        last = self.applied[-1]
        before = self.state_at(self.depth - 1)
        message = msg("Undid: {what}", what=last.message)
        return Pending("undo", self.seq + 1, message, before, last, self.depth - 1)

    def prepare_redo(self) -> Pending:
        if not self.undone:
            raise NothingToUndo(
                "There is nothing to redo: no command has been undone since the last one."
            )
        entry = self.undone[-1]
        new_state, _ = apply(self.state, entry.command)
        message = msg("Redid: {what}", what=entry.message)
        return Pending("redo", self.seq + 1, message, new_state, entry, self.depth + 1)

    def commit(self, pending: Pending) -> None:
        if pending.seq != self.seq + 1:
            raise JournalError("This change was worked out on an older state: work it out again.")
        self.seq = pending.seq
        self._remember(self.depth, self.state)
        if pending.kind == "command":
            self.applied.append(pending.applied)
            self.undone.clear()
        elif pending.kind == "undo":
            self.undone.append(self.applied.pop())
            for depth in [d for d in self._checkpoints if d > self.depth]:
                del self._checkpoints[depth]
            for depth in [d for d in self._recent if d > self.depth]:
                del self._recent[depth]
        else:
            self.applied.append(self.undone.pop())
        self.state = pending.state
        self._remember(self.depth, self.state)
        if pending.kind != "undo" and self.depth % CHECKPOINT_EVERY == 0:
            self._checkpoints[self.depth] = self.state

    def do(self, command: Command) -> Message:
        """Prepare and commit at once (for games without a journal)."""
        pending = self.prepare(command)
        self.commit(pending)
        return pending.message

    # States of the past.

    def state_at(self, depth: int) -> GameState:
        """The state after the first `depth` applied commands."""
        if depth in self._recent:
            return self._recent[depth]
        start = max(d for d in self._checkpoints if d <= depth)
        if self._stored is not None and start < depth:
            found = self._stored(depth)
            if found is not None and found[0] > start:
                start = found[0]
                self._checkpoints[start] = found[1]
        state = self._checkpoint(start)
        for at, entry in enumerate(self.applied[start:depth], start + 1):
            state, _ = apply(state, entry.command)
            if at > depth - RECENT:
                self._remember(at, state)  # the undos after this one replay nothing
        return state

    def _remember(self, depth: int, state: GameState) -> None:
        self._recent[depth] = state
        if len(self._recent) > 2 * RECENT:
            for old in sorted(self._recent)[:-RECENT]:
                del self._recent[old]

    def _checkpoint(self, depth: int) -> GameState:
        stored = self._checkpoints[depth]
        if callable(stored):
            stored = stored()
        if isinstance(stored, str):
            stored = GameState.load_ledger(stored, self.setup.edition, self.setup.rules)
            self._checkpoints[depth] = stored
        return stored

    def follow(self, seq: int, kind: EntryKind, payload: str | None, target: int | None) -> None:
        """Apply one more journal entry written by someone else (a read-only follower).

        Raises:
            JournalError: the entry does not follow from this game.
        """
        if seq != self.seq + 1:
            raise JournalError("Journal entry {seq} is out of order.", seq=seq)
        if kind == "command" and payload is not None:
            pending = self.prepare(parse_command_json(payload))
        elif kind == "undo" and self.applied and self.applied[-1].seq == target:
            pending = self.prepare_undo()
        elif kind == "redo" and self.undone and self.undone[-1].seq == target:
            pending = self.prepare_redo()
        else:
            raise JournalError("Journal entry {seq} does not follow from this game.", seq=seq)
        self.commit(pending)

    # Rebuilding from a journal.

    @classmethod
    def restore(
        cls,
        setup: Setup,
        entries: Iterable[tuple[int, EntryKind, str | None, int | None, Message | str]],
        snapshots: Iterable[Snapshot] = (),
        check_receipts: bool = False,
    ) -> Game:
        """Rebuild a game from its journal entries (seq, kind, command, target, message).

        The stacks come from the entries alone; the state from the newest snapshot that
        still matches the stack, and the commands after it replayed.

        `check_receipts`: each replayed command must give the receipt stored with it.

        Raises:
            JournalError: an entry is inconsistent with the ones before it.
        """
        game = cls(setup)
        by_seq: dict[int, Applied] = {}
        for seq, kind, payload, target, message in entries:
            if seq <= game.seq:
                raise JournalError("Journal entry {seq} is out of order.", seq=seq)
            game.seq = seq
            if kind == "command":
                if payload is None:
                    raise JournalError("Journal entry {seq} has no command.", seq=seq)
                entry = Applied(seq, payload, message)
                by_seq[seq] = entry
                game.applied.append(entry)
                game.undone.clear()
            elif kind == "undo":
                if not game.applied or game.applied[-1].seq != target:
                    raise JournalError(
                        "Journal entry {seq} undoes a command that is not last.", seq=seq
                    )
                game.undone.append(game.applied.pop())
            elif kind == "redo":
                if not game.undone or game.undone[-1].seq != target:
                    raise JournalError(
                        "Journal entry {seq} redoes a command that was not undone.", seq=seq
                    )
                game.applied.append(game.undone.pop())
            else:
                raise JournalError(
                    "Journal entry {seq} is of unknown kind {kind!r}.", seq=seq, kind=kind
                )
        start = 0
        for snap in snapshots:
            if (
                0 < snap.depth <= game.depth
                and game.applied.seq_at(snap.depth - 1) == snap.last_seq
            ):
                game._checkpoints[snap.depth] = snap.ledger
                start = max(start, snap.depth)
        state = game._checkpoint(start)
        for depth in range(start, game.depth):
            entry = game.applied[depth]
            try:
                state, receipt = apply(state, entry.command)
                if check_receipts and receipt.message != entry.message:
                    raise JournalError("its receipt is not the one stored")
            except BankerError as exc:
                raise JournalError(
                    "Journal entry {seq} no longer applies ({why}): the file was changed or "
                    "written by another version. 'banker recover' can save what comes before it.",
                    seq=entry.seq,
                    why=exc,
                ) from None
            if (depth + 1) % CHECKPOINT_EVERY == 0:
                game._checkpoints[depth + 1] = state
        game.state = state
        return game
