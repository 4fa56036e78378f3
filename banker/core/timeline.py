"""One undo/redo stack over `apply(state, command)`: games, events and the national
board's replay of a venue's event all keep their history on it.

Like a chess move stack: the state is the start with every applied command replayed.
Undo pops the last command (history keeps it, marked undone); redo pushes it back; a
new command clears the redo stack. Changes come in two steps, `prepare` then `commit`,
so a journal can write an entry to disk between them and the state only moves on once
it is safe. Which state and which commands is the user's: the game (`core.game`) and
the event (`tournament`) each give their `step` (apply one command: the new state and
what it said), and how a command is read from and written to its journal text.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Generic, Literal, TypeVar, overload

from banker.core.errors import BankerError, JournalError, NothingToUndo
from banker.i18n.message import Message, msg

CHECKPOINT_EVERY = 64
"""Keep the state in memory after every this many applied commands, so undo replays few."""
RECENT = 16
"""Keep the states of the last this many depths too, so a run of undos replays nothing."""

EntryKind = Literal["command", "undo", "redo"]
KINDS: tuple[EntryKind, ...] = ("command", "undo", "redo")

S = TypeVar("S")
C = TypeVar("C")


@dataclass
class Applied(Generic[C]):
    """A command in the stack: the journal entry that first applied it.

    The command and its message are read from their text only when needed (`read`), so
    opening a long game does not parse what it never replays.
    """

    seq: int
    command_json: str
    message_source: Message | str
    _command: C | None = None
    read: Callable[[str], C] | None = field(default=None, repr=False, compare=False)

    @property
    def message(self) -> Message:
        if isinstance(self.message_source, str):
            self.message_source = Message.from_json(json.loads(self.message_source))
        return self.message_source

    @property
    def command(self) -> C:
        if self._command is None:
            if self.read is None:
                raise JournalError("Journal entry {seq} is not in the game.", seq=self.seq)
            self._command = self.read(self.command_json)
        return self._command


class Stack(Generic[C]):
    """The applied (or the undone) commands, bottom first, as a list of `Applied`.

    A game opened from a checkpoint knows its older commands only as runs of sequence
    numbers (`base`, from the checkpoint, bottom first); each is read from the file (and
    checked) by `fetch` the first time it is needed, so opening costs the same at 1,000
    entries and at 100,000. Commands pushed since are kept in `_top`."""

    __slots__ = ("_base", "_base_len", "_fetch", "_known", "_starts", "_top")

    def __init__(
        self,
        fetch: Callable[[int], Applied[C]] | None = None,
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
        self._known: dict[int, Applied[C]] = {}
        self._fetch = fetch

    def _get(self, seq: int) -> Applied[C]:
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
    def __getitem__(self, index: int) -> Applied[C]: ...
    @overload
    def __getitem__(self, index: slice) -> list[Applied[C]]: ...
    def __getitem__(self, index: int | slice) -> Applied[C] | list[Applied[C]]:
        if isinstance(index, slice):
            return [self._get(self.seq_at(i)) for i in range(*index.indices(len(self)))]
        return self._get(self.seq_at(index))

    def __iter__(self) -> Iterator[Applied[C]]:
        for i in range(len(self)):
            yield self._get(self.seq_at(i))

    def __reversed__(self) -> Iterator[Applied[C]]:
        for seq in self.seqs_from_top():
            yield self._get(seq)

    def append(self, entry: Applied[C]) -> None:
        self._top.append(entry.seq)
        self._known[entry.seq] = entry

    def pop(self) -> Applied[C]:
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
class Pending(Generic[S, C]):
    """A change worked out but not yet committed."""

    kind: EntryKind
    seq: int
    message: Message
    state: S
    applied: Applied[C]
    """The command entry applied, undone or redone."""
    depth: int
    """How many commands are applied once this is committed."""


@dataclass
class Snapshot(Generic[S]):
    """A stored state after `depth` applied commands, the last of them entry `last_seq`."""

    depth: int
    last_seq: int
    ledger: str | S


class NoLongerApplies(BankerError):
    """A command of the history is refused when replayed: the file was changed, or written
    by another version. `seq` is its entry; `why` the refusal."""

    def __init__(self, seq: int, why: BankerError) -> None:
        super().__init__(why.message)
        self.seq = seq
        self.why = why


def entry_kind(kind: object) -> EntryKind:
    """`kind` as one of the journal's entry kinds.

    Raises:
        JournalError: it is none of them.
    """
    if kind in KINDS:
        return kind
    raise JournalError("Unknown journal entry kind {kind!r}.", kind=kind)


class Timeline(Generic[S, C]):
    """The state after a history of commands, with undo and redo.

    Args:
        start: the state before any command.
        step: applies one command: the new state and what it said (raises BankerError
            with the reason when it is refused).
        read: a command from its journal text (raises ValueError or BankerError).
        write: a command's journal text.
        load: a state from its stored text (a snapshot), where states are stored.
    """

    def __init__(
        self,
        start: S,
        step: Callable[[S, C], tuple[S, Message]],
        read: Callable[[str], C],
        write: Callable[[C], str],
        load: Callable[[str], S] | None = None,
    ) -> None:
        self.seq = 1
        """The journal sequence number of the last entry; the setup is entry 1."""
        self.applied: Stack[C] = Stack()
        self.undone: Stack[C] = Stack()
        """The redo stack: most recently undone last. Cleared by a new command."""
        self.state = start
        self.step = step
        self.read = read
        self.write = write
        self._load = load
        self._checkpoints: dict[int, S | str | Callable[[], str]] = {0: start}
        """States kept along the stack: worked out, a stored one, or a reader of one."""
        self.find_stored: Callable[[int], tuple[int, Callable[[], str]] | None] | None = None
        """Finds the newest stored state at or below a depth and its reader: a history
        opened from a checkpoint reads its older snapshots only when an undo reaches them."""
        self._recent: dict[int, S] = {}
        """The states at the latest `RECENT` depths worked out (states are never changed)."""

    @property
    def depth(self) -> int:
        return len(self.applied)

    def entry(
        self, seq: int, text: str, message: Message | str, command: C | None = None
    ) -> Applied[C]:
        """A command entry of this history (its command read from `text` when needed)."""
        return Applied(seq, text, message, command, self.read)

    # The two-step changes.

    def prepare(self, command: C) -> Pending[S, C]:
        """Work out a command. Raises BankerError with the reason when it is refused."""
        new_state, said = self.step(self.state, command)
        return self.pending(command, self.write(command), said, new_state)

    def pending(self, command: C, text: str, said: Message, new_state: S) -> Pending[S, C]:
        """The change a command worked out makes, as its entry `text` says it."""
        seq = self.seq + 1
        return Pending(
            "command", seq, said, new_state, self.entry(seq, text, said, command), self.depth + 1
        )

    def prepare_undo(self) -> Pending[S, C]:
        if not self.applied:
            raise NothingToUndo("There is nothing to undo: no command has been applied yet.")
        last = self.applied[-1]
        before = self.state_at(self.depth - 1)
        message = msg("Undid: {what}", what=last.message)
        return Pending("undo", self.seq + 1, message, before, last, self.depth - 1)

    def prepare_redo(self) -> Pending[S, C]:
        if not self.undone:
            raise NothingToUndo(
                "There is nothing to redo: no command has been undone since the last one."
            )
        entry = self.undone[-1]
        new_state, _ = self.step(self.state, entry.command)
        message = msg("Redid: {what}", what=entry.message)
        return Pending("redo", self.seq + 1, message, new_state, entry, self.depth + 1)

    def commit(self, pending: Pending[S, C]) -> None:
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

    def do(self, command: C) -> Message:
        """Prepare and commit at once (for histories without a journal)."""
        pending = self.prepare(command)
        self.commit(pending)
        return pending.message

    # States of the past.

    def state_at(self, depth: int) -> S:
        """The state after the first `depth` applied commands."""
        if depth in self._recent:
            return self._recent[depth]
        start = max(d for d in self._checkpoints if d <= depth)
        if self.find_stored is not None and start < depth:
            found = self.find_stored(depth)
            if found is not None and found[0] > start:
                start = found[0]
                self._checkpoints[start] = found[1]
        state = self.checkpoint(start)
        for at, entry in enumerate(self.applied[start:depth], start + 1):
            state, _ = self.step(state, entry.command)
            if at > depth - RECENT:
                self._remember(at, state)  # the undos after this one replay nothing
        return state

    def _remember(self, depth: int, state: S) -> None:
        self._recent[depth] = state
        if len(self._recent) > 2 * RECENT:
            for old in sorted(self._recent)[:-RECENT]:
                del self._recent[old]

    def keep(self, depth: int, state: S | str | Callable[[], str]) -> None:
        """Keep a state along the stack (worked out, stored, or a reader of a stored one)."""
        self._checkpoints[depth] = state

    def checkpoint(self, depth: int) -> S:
        """The state kept at `depth` (read from its stored text the first time)."""
        stored = self._checkpoints[depth]
        if callable(stored):
            stored = stored()
        if isinstance(stored, str):
            assert self._load is not None, "states are stored only where they can be read"
            stored = self._load(stored)
            self._checkpoints[depth] = stored
        return stored

    # Following a journal.

    def follows(self, kind: str, target: object) -> bool:
        """Whether an undo or a redo of entry `target` follows from this history (an undo
        takes back the last command in force; a redo puts back the last one undone)."""
        if kind == "undo":
            return bool(self.applied) and self.applied.seq_at(-1) == target
        if kind == "redo":
            return bool(self.undone) and self.undone.seq_at(-1) == target
        return False

    def follow(self, seq: int, kind: str, payload: str | None, target: object) -> None:
        """Apply one more journal entry (written by someone else, or replayed).

        Raises:
            JournalError: the entry does not follow from this history.
            BankerError: its command is refused (nothing changed).
        """
        if seq != self.seq + 1:
            raise JournalError("Journal entry {seq} is out of order.", seq=seq)
        if kind == "command" and payload is not None:
            pending = self.prepare(self.read(payload))
        elif kind == "undo" and self.follows(kind, target):
            pending = self.prepare_undo()
        elif kind == "redo" and self.follows(kind, target):
            pending = self.prepare_redo()
        else:
            raise JournalError("Journal entry {seq} does not follow from this game.", seq=seq)
        self.commit(pending)

    # Rebuilding from a journal.

    def restack(
        self,
        entries: Iterable[tuple[int, EntryKind, str | None, int | None, Message | str]],
        read_now: bool = False,
    ) -> None:
        """The stacks from journal entries (seq, kind, command, target, message) alone,
        nothing replayed yet (`replay`); `read_now`: every command read here (those later
        undone too), not when first needed.

        Raises:
            JournalError: an entry is inconsistent with the ones before it.
        """
        for seq, kind, payload, target, message in entries:
            if seq <= self.seq:
                raise JournalError("Journal entry {seq} is out of order.", seq=seq)
            self.seq = seq
            if kind == "command":
                if payload is None:
                    raise JournalError("Journal entry {seq} has no command.", seq=seq)
                command = self.read(payload) if read_now else None
                self.applied.append(self.entry(seq, payload, message, command))
                self.undone.clear()
            elif kind == "undo":
                if not self.follows(kind, target):
                    raise JournalError(
                        "Journal entry {seq} undoes a command that is not last.", seq=seq
                    )
                self.undone.append(self.applied.pop())
            elif kind == "redo":
                if not self.follows(kind, target):
                    raise JournalError(
                        "Journal entry {seq} redoes a command that was not undone.", seq=seq
                    )
                self.applied.append(self.undone.pop())
            else:
                raise JournalError(
                    "Journal entry {seq} is of unknown kind {kind!r}.", seq=seq, kind=kind
                )

    def same_receipt(self, said: Message, stored: Message | str) -> bool:
        """Whether a replayed command said what its entry stored."""
        return said == stored

    def replay(self, snapshots: Iterable[Snapshot[S]] = (), check_receipts: bool = False) -> None:
        """The state after the commands in force: from the newest snapshot that still
        matches the stack, the commands after it replayed.

        `check_receipts`: each replayed command must say what is stored with it.

        Raises:
            NoLongerApplies: a command is refused, or says something else.
        """
        start = 0
        for snap in snapshots:
            if (
                0 < snap.depth <= self.depth
                and self.applied.seq_at(snap.depth - 1) == snap.last_seq
            ):
                self._checkpoints[snap.depth] = snap.ledger
                start = max(start, snap.depth)
        state = self.checkpoint(start)
        for depth in range(start, self.depth):
            entry = self.applied[depth]
            try:
                state, said = self.step(state, entry.command)
                if check_receipts and not self.same_receipt(said, entry.message):
                    raise JournalError("its receipt is not the one stored")
            except BankerError as exc:
                raise NoLongerApplies(entry.seq, exc) from None
            if (depth + 1) % CHECKPOINT_EVERY == 0:
                self._checkpoints[depth + 1] = state
        self.state = state
