"""Malay and Thai: every sentence the code can show is in both catalogues, with the
same placeholders, and a game speaks the language it was set up in."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

from banker.cli import main
from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.errors import BankerError
from banker.core.game import Game
from banker.core.language import parse
from banker.i18n import Message, catalogue, default_language, translator
from tools.i18n_extract import LOCALE, extract, missing

PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.mark.parametrize("language", ["ms", "th"])
def test_every_sentence_the_code_uses_is_translated(language: str) -> None:
    gaps = missing(language)
    assert gaps == [], f"{len(gaps)} sentences missing from {language}.po, e.g. {gaps[:3]}"


def test_the_check_notices_a_new_sentence() -> None:
    sentences = dict(extract())
    sentences["A sentence nobody has translated yet"] = ["here"]
    assert "A sentence nobody has translated yet" in missing("ms", sentences)


@pytest.mark.parametrize("language", ["ms", "th"])
def test_translations_keep_every_placeholder(language: str) -> None:
    po = polib.pofile(str(LOCALE / f"{language}.po"))
    wrong = [
        e.msgid
        for e in po
        if e.msgstr
        and sorted(PLACEHOLDER.findall(e.msgid)) != sorted(PLACEHOLDER.findall(e.msgstr))
    ]
    assert wrong == []


def test_the_locale_chooses_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ms_MY.UTF-8")
    assert default_language() == "ms"
    monkeypatch.setenv("LANG", "th_TH.UTF-8")
    assert default_language() == "th"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert default_language() == "en"


def test_english_is_the_template_itself() -> None:
    assert catalogue("en") == {}
    assert translator("en")("{p} bought {deed} for {amount}") == "{p} bought {deed} for {amount}"


@pytest.mark.parametrize("language", ["ms", "th"])
def test_a_game_speaks_its_language(
    tmp_path: Path, language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "g.banker")
    assert main(["new", path, "--players", "Alice,Bob", "--lang", language]) == 0
    capsys.readouterr()
    assert main(["do", path, "buy alice board"]) == 0
    receipt = capsys.readouterr().out.strip()
    english = "Alice bought Boardwalk for $400"
    assert receipt != english
    assert "Alice" in receipt and "Boardwalk" in receipt and "$400" in receipt
    assert main(["do", path, "buy bob board"]) == 1
    refusal = capsys.readouterr().err.strip()
    assert "Boardwalk" in refusal and "is not for sale" not in refusal


def test_switching_language_mid_game_is_journaled() -> None:
    game = Game(c.Setup(players=["Alice", "Bob"], edition=load_edition("us")))
    game.do(parse("language th", game.state))
    assert game.state.language == "th"
    with pytest.raises(BankerError, match="already in"):
        game.do(parse("language th", game.state))
    game.commit(game.prepare_undo())
    assert game.state.language == "en"


def test_a_receipt_renders_in_any_language_later() -> None:
    """The journal keeps templates, so yesterday's history reads in today's language."""
    game = Game(c.Setup(players=["Alice", "Bob"], edition=load_edition("us")))
    game.do(parse("buy alice board", game.state))
    message = game.do(parse("rent bob board", game.state))
    english = message.render()
    thai = message.render(translator("th"))
    assert english == "Bob paid Alice $50 rent for Boardwalk: $50"
    assert thai != english and "$50" in thai


def test_a_debts_reason_reads_in_the_games_language() -> None:
    from banker.i18n.message import Message

    game = Game(c.Setup(players=["Alice", "Bob"], edition=load_edition("us")))
    for line in ("buy alice board", "pay bob 1490", "rent bob board"):
        game.do(parse(line, game.state))
    (debt,) = game.state.debts
    assert debt.reason == "rent for Boardwalk"
    assert debt.why is not None
    thai = Message.from_json(debt.why).render(translator("th"))
    assert "Boardwalk" in thai and thai != debt.reason


def test_a_counted_sentence_keeps_both_forms_and_its_count() -> None:
    """English picks its form when rendered, not when the sentence is made, so a journal
    entry read later in another language is counted by that language's rule."""
    from banker.i18n import plural

    one, three = plural(1, "1 house", "{n} houses"), plural(3, "1 house", "{n} houses")
    assert (str(one), str(three)) == ("1 house", "3 houses")
    assert Message.from_json(three.to_json()) == three
    assert three.to_json()["pl"] == "{n} houses"
    assert one.render(translator("th")) == "บ้าน 1 หลัง"
    assert three.render(translator("th")) == "บ้าน 3 หลัง"


def test_a_stored_message_that_is_not_one_is_refused_with_a_value_error() -> None:
    with pytest.raises(ValueError):
        Message.from_json({"x": 1})
    with pytest.raises(ValueError):
        Message.from_json({"t": "{a}", "p": {"a": {"l": "not a list"}}})


def test_the_language_codes_are_written_once() -> None:
    from typing import get_args

    from banker.i18n import LANGUAGES, Language, is_language, next_language

    assert tuple(LANGUAGES) == get_args(Language) == ("en", "ms", "th")
    assert [next_language(c) for c in LANGUAGES] == ["ms", "th", "en"]
    assert is_language("th") and not is_language("fr") and not is_language(None)


async def test_two_apps_in_one_process_each_speak_their_own_game(tmp_path: Path) -> None:
    """No language is module-wide: an app switched to Thai leaves another in English."""
    from banker.core import commands as c
    from banker.core.edition import load_edition
    from banker.store import Journal
    from banker.tui.app import make_app
    from banker.tui.speech import _

    paths = []
    for name, language in (("thai", "th"), ("english", "en")):
        path = tmp_path / f"{name}.banker"
        setup = c.Setup(players=["Ann", "Bo"], edition=load_edition("us"), language=language)
        Journal.create(path, setup).close()
        paths.append(path)
    thai_app, english_app = make_app(paths[0]), make_app(paths[1])
    async with thai_app.run_test(size=(100, 30)) as thai_pilot:
        await thai_pilot.pause()
        async with english_app.run_test(size=(100, 30)) as english_pilot:
            await english_pilot.pause()
            assert thai_app.voice.language == "th"
            assert english_app.voice.language == "en"
            assert thai_app.screen.query_one("#players").border_title == "ผู้เล่น"
            assert english_app.screen.query_one("#players").border_title == "Players"
    assert _("Players") == "Players"  # and nothing leaked out of either app


@pytest.mark.parametrize(
    ("language", "typed", "square"),
    [
        ("ms", "peluang", 7),
        ("th", "โอกาส", 7),
        ("ms", "cukai pendapatan", 4),
        ("th", "ภาษีรายได้", 4),
        ("ms", "chance", 7),  # the board's own words are understood in every language
        ("en", "red", 21),  # a colour group: its first street ahead (Kentucky Avenue)
        ("ms", "merah", 21),  # red, not merah jambu (pink)
        ("ms", "merah jambu", 11),
        ("th", "สีแดง", 21),
        ("th", "แดง", 21),  # a Thai colour is said without its สี too
        ("th", "น้ำเงิน", 37),  # dark blue
        ("ms", "stesen", 5),  # a railroad
        ("th", "สาธารณูปโภค", 12),  # a utility
    ],
)
def test_a_square_typed_in_the_games_language_is_understood(
    language: str, typed: str, square: int
) -> None:
    """`move dave peluang` was refused: a Malay or Thai banker had to know the English;
    a colour group or a kind of deed is typed in the table's words as in English."""
    game = Game(c.Setup(players=["Ann", "Dave"], edition=load_edition("us"), language=language))
    game.do(parse(f"move dave {typed}", game.state))
    assert game.state.positions["Dave"] == square


def test_words_in_a_context_and_their_fallback() -> None:
    """A narrow column's head may be shorter in one language (Malay's Geran); elsewhere
    and in a context the catalogue does not have, the word as said everywhere."""
    malay = translator("ms")
    assert malay.pgettext("narrow column", "Deeds") == "Geran"
    assert malay("Deeds") == "Surat ikatan"
    assert malay.pgettext("no such context", "Deeds") == "Surat ikatan"
    assert translator("th").pgettext("narrow column", "Deeds") == "โฉนด"
    assert translator("en").pgettext("narrow column", "Deeds") == "Deeds"


def _raised(action: object) -> BaseException:
    try:
        action()  # type: ignore[operator]
    except Exception as exc:
        return exc
    raise AssertionError("nothing was raised")


def test_a_librarys_reason_is_said_by_its_kind(caplog: pytest.LogCaptureFixture) -> None:
    """TOML, JSON and UTF-8 reasons in the table's words, with where they stopped; the
    library's own English goes to the log (shown with --verbose)."""
    import json
    import logging

    import tomli

    from banker.i18n.causes import cause_words

    thai = translator("th")
    cases = {
        "ไม่ใช่ TOML: บรรทัด 2 คอลัมน์ 5": _raised(lambda: tomli.loads("a = 1\nb = \n")),
        "ไม่ใช่ TOML: ไฟล์จบกลางค่า": _raised(lambda: tomli.loads('a = "')),
        "ไม่ใช่ JSON: บรรทัด 1 คอลัมน์ 6": _raised(lambda: json.loads('{"a":')),
        "ไม่ใช่ข้อความ UTF-8 (ไบต์ที่ 3)": _raised(lambda: b"ab\xff".decode("utf-8")),
    }
    with caplog.at_level(logging.INFO, logger="banker.causes"):
        for said, exc in cases.items():
            words = cause_words(exc)
            assert not isinstance(words, str), exc
            assert words.render(thai) == said
    assert "Invalid value" in caplog.text or "Expected" in caplog.text


def test_a_postgresql_reason_is_said_by_its_class() -> None:
    """The server's English ("permission denied for table contact") never reaches the
    table: its SQLSTATE class, or a connection that failed, in the table's words."""
    psycopg = pytest.importorskip("psycopg")
    from banker.i18n.causes import cause_words

    malay = translator("ms")
    refused = cause_words(psycopg.errors.InsufficientPrivilege("permission denied for table x"))
    assert not isinstance(refused, str)
    assert refused.render(malay) == malay("the database refused the request (permission or schema)")
    gone = cause_words(psycopg.OperationalError("connection refused"))
    assert not isinstance(gone, str)
    assert gone.render(malay) == malay("the database cannot be reached")
    assert "permission denied" not in refused.render(malay)


def test_the_causes_tell_an_error_by_its_class_never_by_its_name() -> None:
    """A library's error is matched as an instance of its class (the library loaded), not
    by comparing class or module names as text; and each of them is said."""
    import json as json_module
    import re

    import msgspec
    import pydantic
    import tomli

    from banker.i18n.causes import cause_words

    source = Path(__file__).resolve().parents[1] / "banker"
    by_name = [
        f"{path.name}:{n}"
        for path in source.rglob("*.py")
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if re.search(r"__name__\s*(==|in\b)(?!\s*[\"']__main__)|__module__\b", line)
    ]
    assert by_name == []
    try:
        tomli.loads("a = ")
    except tomli.TOMLDecodeError as exc:
        assert "TOML" in str(cause_words(exc))
    try:
        json_module.loads("{")
    except json_module.JSONDecodeError as exc:
        assert "JSON" in str(cause_words(exc))
    try:
        msgspec.convert("x", int)
    except msgspec.ValidationError as exc:
        assert str(cause_words(exc)) == "its contents are not valid"
    try:
        pydantic.TypeAdapter(int).validate_python("x")
    except pydantic.ValidationError as exc:
        assert str(cause_words(exc)) == "its contents are not valid"


def test_no_new_player_may_be_named_as_the_table_names_the_bank_or_the_pot() -> None:
    """What a Malay or Thai table calls the bank and the pot is refused as a new player's
    name, as the English words are (a player so named reads as the bank on a receipt);
    the list in the core follows the catalogues."""
    from banker.core.commands import TABLE_WORDS, check_new_player_names, name_key
    from banker.core.errors import BadInput

    reserved = {name_key(w) for w in TABLE_WORDS}
    for language in ("ms", "th"):
        po = polib.pofile(str(LOCALE / f"{language}.po"))
        for english in ("the bank", "bank", "Bank", "the Free Parking pot", "Free Parking"):
            said = po.find(english).msgstr
            assert name_key(said) in reserved, (language, said)
            with pytest.raises(BadInput):
                check_new_player_names(["Alice", said])
