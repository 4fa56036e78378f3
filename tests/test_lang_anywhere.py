"""`--lang` anywhere on the line, for every command: the app, the demo and the command
line's answers speak it; the game keeps its own language (the review found `banker GAME
--lang th` refused in English, `banker demo --lang ms` opening in English, and `do`, `show`
and `log` answering in the game's language whatever was asked)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from banker.cli import main
from banker.i18n import translator
from banker.store import Journal
from tests.english import english_in
from tools import quick_start

SCRIPT = Path(sys.executable).parent / "banker"
OTHER = {"ms": "th", "th": "ms"}
"""A game in one language, asked about in the other."""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BANKER_HOME", str(tmp_path))
    return tmp_path


def _game(language: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["new", "g", "--players", "Bala,Siti", "--lang", OTHER[language]]) == 0
    assert main(["do", "g", "buy bala board"]) == 0
    capsys.readouterr()
    return "g"


@pytest.mark.parametrize("language", ["ms", "th"])
def test_do_show_log_and_verify_answer_in_the_language_asked(
    language: str, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(language, capsys)
    tr = translator(language)
    said: dict[str, str] = {}
    for line in (
        ["do", game, "worth bala", "--lang", language],
        ["--lang", language, "do", game, "raise bala"],
        ["do", game, "collect siti 10", f"--lang={language}"],
        ["show", game, "--lang", language],
        ["log", game, "--lang", language],
        ["verify", game, "--lang", language],
    ):
        assert main(line) == 0, line
        said[" ".join(line)] = capsys.readouterr().out
    assert tr("cash") in said[f"do {game} worth bala --lang {language}"]
    assert tr("Players:") in said[f"show {game} --lang {language}"]
    leaks = {k: w for k, text in said.items() if (w := english_in(text, language, ["Bala", "Siti"]))}
    assert not leaks, leaks
    # a refusal inside the game, and the game's own language untouched
    assert main(["do", game, "pay bala abc", "--lang", language]) == 1
    refused = capsys.readouterr().err
    assert refused and not english_in(refused, language, ["Bala"])
    with Journal.open(home / "games" / "g.banker", read_only=True) as journal:
        assert journal.game.state.language == OTHER[language]
    assert main(["do", game, "worth bala"]) == 0  # without --lang: the game's language
    assert translator(OTHER[language])("cash") in capsys.readouterr().out


def test_a_language_banker_does_not_speak_is_refused(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for line in (["g", "--lang", "xx"], ["do", "g", "worth bala", "--lang"]):
        with pytest.raises(SystemExit) as ended:
            main(line)
        assert "--lang" in str(ended.value)


@pytest.mark.parametrize("language", ["ms", "th"])
def test_the_apps_own_line_speaks_the_language(
    language: str, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`banker GAME --bogus --lang th`: the refusal of a malformed line, and `--help`, in it."""
    with pytest.raises(SystemExit):
        main(["g", "--bogus", "--lang", language])
    refused = capsys.readouterr().err
    assert translator(language)("usage: ") in refused
    assert not english_in(refused, language, ["banker"])
    with pytest.raises(SystemExit):
        main(["g", "--help", "--lang", language])
    helped = capsys.readouterr().out
    assert translator(language)("Open the app on GAME, or on your latest game.") in helped


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    return env | {"BANKER_HOME": str(home), "TERM": "xterm-256color", "LANG": "C.UTF-8"}


@pytest.mark.skipif(not SCRIPT.exists(), reason="the banker command is not installed here")
@pytest.mark.parametrize("language", ["ms", "th"])
def test_the_app_and_the_demo_open_in_the_language_asked(
    language: str, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In a terminal, as typed: the first screen carries the language's own head of the
    Players panel (on an English game, and on the demo)."""
    assert main(["new", "g", "--players", "Bala,Siti", "--lang", "en"]) == 0
    players = translator(language)("Players").encode()
    for typed in (f"{SCRIPT} g --lang {language}", f"{SCRIPT} demo --lang {language}"):
        quick_start.run_in_terminal(
            typed, home, _env(home), size=(120, 40), expect=players, patience=120
        )
    with Journal.open(home / "games" / "g.banker", read_only=True) as journal:
        assert journal.game.state.language == "en"  # opened in Thai; the game's own stays
