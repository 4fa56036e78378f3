"""A game as a stack of applied commands: apply, undo and redo, with checkpoints.

Like a chess move stack: the state is the setup with every applied command replayed.
Undo pops the last command (history keeps it, marked undone); redo pushes it back.
Changes come in two steps, `prepare` then `commit`, so the journal can write an entry
to disk between them and the game only moves on once it is safe.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from banker.core.commands import Command, Setup, command_json, parse_command_json
from banker.core.engine import apply
from banker.core.errors import BankerError, JournalError, NothingToUndo
from banker.core.money import Message, msg
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
    applied: list[Applied] = field(default_factory=list)
    undone: list[Applied] = field(default_factory=list)
    """The redo stack: most recently undone last. Cleared by a new command."""
    state: GameState = field(init=False)
    _checkpoints: dict[int, GameState | str] = field(default_factory=dict)
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

    def prepare(self, command: Command) -> Pending:
        """Work out a command. Raises BankerError with the reason when it is refused."""
        new_state, receipt = apply(self.state, command)
        seq = self.seq + 1
        entry = Applied(seq, command_json(command), receipt.message, command)
        return Pending("command", seq, receipt.message, new_state, entry, self.depth + 1)

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
            if 0 < snap.depth <= game.depth and game.applied[snap.depth - 1].seq == snap.last_seq:
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
