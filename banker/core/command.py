"""What every command of the bank is: a record the journal writes with its verb first,
and the few kinds of value more than one family of verbs reads."""

from __future__ import annotations

from typing import Literal, TypeAlias

from banker.core.record import FrozenRecord


class CommandRecord(FrozenRecord, frozen=True, kw_only=True, tag_field="verb"):
    """A command: checked when it is read back from a journal, and before it is applied
    (`Game.prepare`), so nothing is journaled that a replay would refuse. Each command's
    class names its verb once, as its tag: the journal writes it first (`"verb": "go"`)
    and reads a command back by it (`parse_command_json`)."""

    @classmethod
    def verb_word(cls) -> str:
        """The verb the journal writes for this command."""
        return str(cls.__struct_config__.tag)

    @property
    def verb(self) -> str:
        return self.verb_word()


RentVariant: TypeAlias = Literal["double", "x10"]
