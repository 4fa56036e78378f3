"""A game as a stack of applied commands (`core.timeline`): apply, undo and redo, with
checkpoints, over the rules' `engine.apply`.

What is the game's own: a command built in code is checked as a replay will read it
back, a command a player's phone asked for says so in its receipt, and its states are
stored as ledgers (`GameState.dump_ledger`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from banker.core.commands import Command, Setup, command_json, parse_command_json
from banker.core.engine import apply
from banker.core.errors import BadInput, JournalError
from banker.core.phone import Phones, from_phone
from banker.core.record import refusal_of
from banker.core.state import GameState, new_game_state
from banker.core.timeline import EntryKind, NoLongerApplies, Pending, Snapshot, Timeline
from banker.i18n.message import Message

ENDS_WITH_STANDINGS = frozenset(
    {
        "The game ends. {w} wins. Standings: {table}",
        "{text}. The short game ends at this bankruptcy: {w} wins. Standings: {table}",
    }
)
"""The receipts that list the standings (`endgame.end`, a short game's last bankruptcy)."""


def _step(state: GameState, command: Command) -> tuple[GameState, Message]:
    new_state, receipt = apply(state, command)
    return new_state, receipt.message


class Game(Timeline[GameState, Command]):
    """The game after its setup and every command in force."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        start = new_game_state(setup.players, setup.edition, setup.rules, setup.language)
        load = partial(GameState.load_ledger, edition=setup.edition, rules=setup.rules)
        super().__init__(start, _step, parse_command_json, command_json, load)

    def prepare(self, command: Command, phone: Phones | None = None) -> Pending[GameState, Command]:
        """Work out a command. Raises BankerError with the reason when it is refused.

        Args:
            phone: the player whose own phone asked for it: the receipt says so.
        """
        text = command_json(command)
        try:  # as a replay will read it back: a command built in code is checked here
            command = parse_command_json(text)
        except ValueError as exc:
            raise BadInput("This command cannot be recorded: {why}", why=refusal_of(exc)) from None
        new_state, said = _step(self.state, command)
        return self.pending(
            command, text, said if phone is None else from_phone(said, phone), new_state
        )

    def same_receipt(self, said: Message, stored: Message | str) -> bool:
        """A game's end lists every player since the bankrupt were added to its standings
        (2026-12-07): a file older than the entries' digests, whose receipts are compared
        as it is replayed, said the same end with the bankrupt left out. The standings
        only sum up the state, which is checked on its own."""
        if said == stored:
            return True
        return (
            isinstance(stored, Message)
            and said.template in ENDS_WITH_STANDINGS
            and stored.template == said.template
            and {k: v for k, v in said.params.items() if k != "table"}
            == {k: v for k, v in stored.params.items() if k != "table"}
        )

    @classmethod
    def restore(
        cls,
        setup: Setup,
        entries: Iterable[tuple[int, EntryKind, str | None, int | None, Message | str]],
        snapshots: Iterable[Snapshot[GameState]] = (),
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
        game.restack(entries)
        try:
            game.replay(snapshots, check_receipts)
        except NoLongerApplies as exc:
            raise JournalError(
                "Journal entry {seq} no longer applies ({why}): the file was changed or "
                "written by another version. 'banker recover' can save what comes before it.",
                seq=exc.seq,
                why=exc.why,
            ) from None
        return game
