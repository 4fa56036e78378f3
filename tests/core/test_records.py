"""The game's records: checked strictly when read, and every command and setup checked
as a replay would read it back before it counts (a record built in code is not checked
when it is made)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError as PydanticError

from banker.core.commands import (
    Collect,
    MoveToken,
    PassGo,
    Setup,
    command_json,
    parse_command_json,
    parse_setup_json,
)
from banker.core.errors import BadInput
from banker.core.record import ValidationError
from banker.core.rules import HouseRules, Rounding
from banker.core.state import GameState
from banker.store import Journal
from banker.tournament.model import EventSetup

from .conftest import US, Table


@pytest.mark.parametrize(
    "command",
    [
        MoveToken(player="Alice", how="dice", dice=13),
        MoveToken(player="Alice", how="fix", square=-1),
        Collect(player="Alice", amount="5"),  # type: ignore[arg-type]
        Collect(player="Alice", amount=True),
        PassGo(player=None),  # type: ignore[arg-type]
    ],
)
def test_a_command_built_wrong_in_code_is_refused_before_it_counts(
    table: Table, command: object
) -> None:
    before, seq = table.state.to_json(), table.game.seq
    with pytest.raises(BadInput, match="cannot be recorded"):
        table.game.do(command)  # type: ignore[arg-type]
    assert table.state.to_json() == before
    assert (table.game.seq, len(table.game.applied)) == (seq, 0)


def test_a_command_is_applied_as_a_replay_reads_it(table: Table) -> None:
    table.game.do(Collect(player="Alice", amount=5))
    entry = table.game.applied[-1]
    assert (
        parse_command_json(entry.command_json) == entry.command == Collect(player="Alice", amount=5)
    )
    assert table.cash("Alice") == 1505


def test_a_setup_built_wrong_in_code_makes_no_file(tmp_path: Path) -> None:
    path = tmp_path / "g.banker"
    bad = Setup(players=["Ann", "Ben"], edition=US, language="fr")  # type: ignore[arg-type]
    with pytest.raises(BadInput, match="cannot be started"):
        Journal.create(path, bad)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "text",
    [
        '{"verb": "collect", "player": "Alice", "amount": "5"}',  # text for a number
        '{"verb": "collect", "player": "Alice", "amount": 5.0}',  # a decimal number
        '{"verb": "collect", "player": "Alice", "amount": true}',
        '{"verb": "collect", "player": "Alice", "amount": 5, "to": "Bob"}',  # unknown field
        '{"verb": "collect", "player": "Alice"}',  # a field missing
        '{"verb": "collect!", "player": "Alice", "amount": 5}',  # no such verb
        '{"player": "Alice", "amount": 5}',
        '["collect", "Alice", 5]',
        '{"verb": "move", "player": "Alice", "how": "dice", "dice": 13}',
        '{"verb": "move", "player": "Alice", "how": "jump"}',
    ],
)
def test_a_journal_entry_that_is_not_a_command_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_command_json(text)


def test_a_command_reads_back_as_written() -> None:
    move = MoveToken(player="Bob", how="dice", dice=8, doubles=True)
    assert command_json(move).startswith('{"verb":"move","player":"Bob"')
    assert parse_command_json(command_json(move)) == move


@pytest.mark.parametrize(
    "rules",
    [
        {"salary": "200"},
        {"salary": True},
        {"salary": 0},
        {"salary": 200.0},
        {"rounding": "sideways"},
        {"houses_before_hotel": 5},
        {"no_such_rule": 1},
        {"deal_deeds": "some"},
    ],
)
def test_house_rules_are_read_strictly(rules: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        HouseRules.load(rules)


def test_house_rules_read_their_own_words() -> None:
    rules = HouseRules.load({"salary": 400, "rounding": "down", "deal_deeds": "all"})
    assert (rules.salary, rules.rounding, rules.deal_deeds) == (400, Rounding.DOWN, "all")
    assert HouseRules.load(rules.to_data()) == rules


def test_a_ledger_that_is_not_one_is_refused(table: Table) -> None:
    ledger = table.state.dump_ledger()
    assert GameState.load_ledger(ledger, US, HouseRules()) == table.state
    for bad in (
        ledger.replace('"cash":1500', '"cash":"1500"', 1),
        ledger.replace('"cash":1500', '"cash":1500.0', 1),
        ledger.replace('"bankrupt":false', '"bankrupt":0', 1),
        ledger.replace('"ended":false', '"ended":false,"cheat":1', 1),
        "[]",
    ):
        assert bad != ledger
        with pytest.raises(ValueError):
            GameState.load_ledger(bad, US, HouseRules())


def test_a_setup_is_read_with_its_names_checked() -> None:
    setup = Setup(players=["Ann", "Ben"], edition=US)
    assert parse_setup_json(setup.to_json()) == setup
    with pytest.raises(BadInput):
        parse_setup_json(setup.to_json().replace('"Ben"', '"ann"', 1))


def test_an_events_pydantic_model_checks_the_rules_it_holds() -> None:
    event = {"name": "Cup", "rounds": 1, "minutes": 60}
    made = EventSetup.model_validate({**event, "rules": {"salary": 400}})
    assert made.rules == HouseRules(salary=400)
    assert made.model_dump(mode="json")["rules"]["salary"] == 400
    assert EventSetup.model_validate_json(made.model_dump_json()) == made
    with pytest.raises(PydanticError):
        EventSetup.model_validate({**event, "rules": {"salary": "400"}})
    with pytest.raises(PydanticError):
        EventSetup.model_validate({**event, "rules": {"salary": 400, "cheat": True}})
