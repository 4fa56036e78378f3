"""Numbers in files are whole numbers, bounded, and said so (RULES.md, "Numbers in
files"); a command is journaled only if the game it leaves can be kept (the review's F15:
a house rule of 4,300 digits journaled `go alice`, then every reader crashed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from banker.cli import main
from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.errors import NotAllowed
from banker.core.game import Game
from banker.core.limits import MAX_HOLDING
from banker.store import Journal
from tests.english import english_in

RULES = {
    "a boolean for an amount": "salary = true\n",
    "a string for an amount": 'salary = "200"\n',
    "a float for an amount": "salary = 1e3\n",
    "an amount past the ceiling": f"starting_cash = {9 * 10**4299}\nsalary = {9 * 10**4299}\n",
    "a string for a switch": 'free_parking_pot = "yes"\n',
    "a setting that does not exist": "bogus = 1\n",
    "a choice that does not exist": 'income_tax = "lots"\n',
}


@pytest.mark.parametrize("case", list(RULES))
def test_a_house_rules_file_takes_whole_bounded_numbers_only(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text(RULES[case], encoding="utf-8")
    game = tmp_path / "g.banker"
    assert main(["new", str(game), "--players", "Ann,Ben", "--rules", str(rules)]) == 1
    said = capsys.readouterr().err
    assert not game.exists(), said
    assert "Input should" not in said and "pydantic" not in said, said  # never pydantic's words
    if "amount" in case:
        assert "1,000,000,000" in said, said  # the ceiling is stated
    assert (
        main(["new", str(game), "--players", "Ann,Ben", "--rules", str(rules), "--lang", "th"]) == 1
    )
    thai = capsys.readouterr().err
    assert english_in(thai, "th", ["Ann", "Ben", str(rules)]) == [], thai


def test_the_largest_amounts_a_rule_may_set_are_taken(tmp_path: Path) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text("starting_cash = 1_000_000_000\nsalary = 1_000_000_000\n", encoding="utf-8")
    assert (
        main(["new", str(tmp_path / "g.banker"), "--players", "Ann,Ben", "--rules", str(rules)])
        == 0
    )


def test_a_command_that_would_leave_a_holding_past_the_ceiling_is_refused() -> None:
    game = Game(c.Setup(players=["Ann", "Ben"], edition=load_edition("us")))
    game.do(c.Collect(player="Ann", amount=1))
    game.state.player("Ann").cash = MAX_HOLDING - 10  # a game run away by its house rules
    before = game.state.player("Ann").cash
    with pytest.raises(NotAllowed, match="more than the bank keeps"):
        game.do(c.PassGo(player="Ann"))
    assert game.state.player("Ann").cash == before


def test_a_refused_command_is_not_journaled_and_every_reader_still_works(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The review: `go alice` printed its receipt, then "Unexpected error", yet was kept,
    and `show` exited 2 until `undo`."""
    path = tmp_path / "g.banker"
    setup = c.Setup(players=["Ann", "Ben"], edition=load_edition("us"))
    with Journal.create(path, setup) as journal:
        journal.game.state.player("Ann").cash = MAX_HOLDING - 10
        seq = journal.game.seq
        with pytest.raises(NotAllowed):
            journal.apply(c.PassGo(player="Ann"))
        assert journal.game.seq == seq
    with Journal.open(path, read_only=True) as journal:
        assert journal.game.seq == seq  # nothing was written
    assert main(["show", str(path)]) == 0
    capsys.readouterr()


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="a POSIX device")
def test_a_rules_file_or_script_that_is_no_regular_file_is_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--rules /dev/zero` grew to 1.3 GB, a FIFO hung, a folder was "Unexpected error"."""
    import os

    monkeypatch.setenv("BANKER_HOME", str(tmp_path))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for odd in ("/dev/zero", str(fifo), str(tmp_path)):
        assert main(["new", "g", "--players", "Ann,Ben", "--rules", odd]) == 1, odd
        assert "is not a file" in capsys.readouterr().err
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * (70 << 10) + "\n", encoding="utf-8")
    assert main(["new", "g", "--players", "Ann,Ben", "--rules", str(big)]) == 1
    assert "too big" in capsys.readouterr().err
    assert main(["new", "g", "--players", "Ann,Ben"]) == 0
    for odd in ("/dev/zero", str(fifo)):
        assert main(["do", "g", "-f", odd]) == 1, odd
        assert "is not a file" in capsys.readouterr().err


def test_a_comment_in_a_script_runs_to_the_newline_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A NEL or U+2028 inside a comment ran the text after it as a command."""
    monkeypatch.setenv("BANKER_HOME", str(tmp_path))
    assert main(["new", "g", "--players", "Ann,Ben"]) == 0
    script = tmp_path / "s.txt"
    script.write_text(
        "collect ann 5   # note: \x85collect ben 999\r\n"
        "collect ann 1 # \u2028collect ben 7\n"
        "collect ann 2 # \x0ccollect ben 3\n",
        encoding="utf-8",
    )
    capsys.readouterr()
    assert main(["do", "g", "-f", str(script)]) == 0
    said = capsys.readouterr().out
    assert said.count("collected") == 3 and "Ben" not in said, said
