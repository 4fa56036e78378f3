"""`banker do` with lines no command has: too long, or starting with a dash. Each gets its
reason and exit 1, and the game is left as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from banker.cli import main
from banker.store import Journal


@pytest.fixture
def game(tmp_path: Path) -> str:
    path = str(tmp_path / "friday.banker")
    assert main(["new", path, "--players", "Alice,Bob"]) == 0
    return path


def entries(game: str) -> int:
    with Journal.open(Path(game), read_only=True) as journal:
        return journal.game.seq


@pytest.mark.parametrize("line", ["-x", "--go", "-5"])
def test_a_command_starting_with_a_dash_gets_the_reason(
    game: str, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse took these for options and stopped with its usage and exit 2."""
    capsys.readouterr()
    assert main(["do", game, line]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{line!r} is not a command: a command starts with its verb")
    assert entries(game) == 1


def test_other_unknown_options_are_still_argparse_errors(game: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["do", game, "go alice", "--loud"])
    assert stopped.value.code == 2


def test_a_script_line_of_a_megabyte_is_refused_by_its_length(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 1 MB line of `go alice alice ...` ran past 120 s holding the write lock."""
    script = tmp_path / "turns.txt"
    script.write_text("go alice\n" + ("go " + "alice " * 200_000)[:1_000_000] + "\ngo bob\n")
    capsys.readouterr()
    assert main(["do", game, "-f", str(script)]) == 1
    out, err = capsys.readouterr()
    assert out == "Alice passed GO and collected $200\n"
    assert err == (
        f"{script}, line 2: That line is 1,000,000 characters long; a command is at most "
        "1,000. Type one command per line.\n"
    )
    assert entries(game) == 2
