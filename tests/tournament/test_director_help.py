"""Each director's action says its syntax and gives an example under `--help`, in the
reader's language: before, `banker tournament record --help` printed only `EVENT WORDS`,
and `because REASON`, `NAME=WORTH`, `ROUND TABLE` and `end now` were only in the README."""

from __future__ import annotations

import pytest

from banker.cli import main
from banker.i18n import translator
from banker.tournament.language import VERBS
from tests.english import english_in

NAMES = "Ana Ben Cai Dee Eve Fay Gus Kim Lea Ned Yan Zed Zoe".split()
"""The names in the examples."""

FORMS = {
    "players": "EVENT NAMES",
    "withdraw": "EVENT NAME because REASON",
    "record": "EVENT TABLE NAME=WORTH,...",
    "correct": "EVENT [ROUND] TABLE NAME=WORTH,... because REASON",
    "alternates": "EVENT NAMES",
    "link": "EVENT TABLE URL",
    "end": "EVENT [now]",
    "swap": "EVENT NAME,NAME because REASON",
}


@pytest.mark.parametrize("language", ["en", "ms", "th"])
def test_every_action_gives_its_syntax_and_an_example(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    say = translator(language)
    for verb in [v for v in VERBS if v != "csv"]:
        with pytest.raises(SystemExit) as done:
            main(["tournament", verb, "--help", "--lang", language])
        assert done.value.code == 0
        shown = capsys.readouterr().out
        usage = shown.splitlines()[0]
        if verb in FORMS:
            assert usage.endswith(f"banker tournament {verb} {FORMS[verb]}"), usage
        assert f"{say('For example:')}\n  banker tournament {verb} cup" in shown, shown
        if language != "en":
            assert not english_in(shown, language, ["cup", *NAMES]), (verb, shown)
