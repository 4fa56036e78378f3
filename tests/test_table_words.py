"""The table's words in every corner: cards in Malay and Thai in the log, the phone page
and the command line; counted phrases through the plural function; the London board's
stations; long Thai lines that wrap at a space."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from rich.cells import cell_len

from banker.cli import main
from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.errors import BankerError
from banker.core.game import Game
from banker.core.language import parse
from banker.i18n import translator
from banker.store.journal import Journal
from banker.web.table import source_json
from tools.i18n_extract import LOCALE

BIRTHDAY = {
    "ms": "Hari ini hari jadi anda. Terima {amount} daripada setiap pemain",
    "th": "วันนี้วันเกิดของคุณ รับ {amount} จากผู้เล่นทุกคน",
}


def _game(edition: str, language: str = "en") -> Game:
    setup = c.Setup(players=["Ann", "Ben", "Cat"], edition=load_edition(edition), language=language)
    return Game(setup)


@pytest.mark.parametrize("edition, amount", [("us", "$10"), ("uk", "£10"), ("us100", "$1,000")])
@pytest.mark.parametrize("language", ["ms", "th"])
def test_a_drawn_card_reads_in_the_games_language(edition: str, amount: str, language: str) -> None:
    game = _game(edition, language)
    receipt = game.do(parse("card ann chest-birthday", game.state))
    shown = receipt.render(translator(language))
    assert BIRTHDAY[language].format(amount=amount) in shown
    assert "birthday" not in shown


def test_the_phone_page_shows_cards_and_debts_in_thai(tmp_path: Path) -> None:
    setup = c.Setup(players=["Ann", "Ben", "Cat"], edition=load_edition("uk"), language="th")
    with Journal.create(tmp_path / "th.banker", setup) as journal:
        journal.apply(c.Buy(player="Ann", deed="Mayfair"))
        journal.apply(parse("card ben chest-birthday", journal.game.state))
        journal.apply(parse("pay cat 1490", journal.game.state))
        journal.apply(parse("card cat chance-chairman", journal.game.state))
        table = source_json(journal)
    texts = [entry["text"] for entry in table["history"]]
    assert any(BIRTHDAY["th"].format(amount="£10") in t for t in texts)
    reasons = {debt["reason"] for debt in table["debts"]}
    assert reasons == {"คุณได้รับเลือกเป็นประธานกรรมการ จ่ายผู้เล่นทุกคนคนละ £50"}


@pytest.mark.parametrize(
    "language, words",
    [("ms", ["Nilai Alice", "tunai"]), ("th", ["มีมูลค่ารวม", "เงินสด"])],
)
def test_worth_raise_and_show_answer_in_the_games_language(
    tmp_path: Path, language: str, words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "g.banker")
    assert main(["new", path, "--players", "Alice,Bob", "--lang", language]) == 0
    assert main(["do", path, "buy alice board"]) == 0
    capsys.readouterr()
    assert main(["do", path, "worth alice"]) == 0
    worth = capsys.readouterr().out
    assert main(["do", path, "raise alice"]) == 0
    could = capsys.readouterr().out
    assert main(["show", path]) == 0
    shown = capsys.readouterr().out
    english = ("is worth", "could raise", "Players:", "houses", "mortgage Boardwalk")
    for text in (worth, could, shown):
        assert not [e for e in english if e in text], text
    assert all(w in worth for w in words)
    assert "Boardwalk" in could and "Boardwalk" in shown  # deed names as printed


def test_english_counts_one_thing_as_one() -> None:
    game = _game("us")
    game.do(parse("buy ann medit", game.state))
    game.do(parse("buy ann baltic", game.state))
    game.do(parse("levels ann medit 4,4", game.state))
    receipt = str(game.do(parse("hotel ann medit", game.state)))
    assert "1 hotels" not in receipt
    with pytest.raises(BankerError) as refused:
        c.check_player_names(["Ann"])
    assert "1 was given" in str(refused.value)


def test_english_plurals_in_the_bankruptcy_receipt_and_the_raise_lines() -> None:
    game = _game("us")
    game.do(parse("buy ann board", game.state))
    game.do(parse("mortgage ann board", game.state))
    game.do(parse("pay ann 1300", game.state))
    game.do(parse("tax ann income flat", game.state))
    text = str(game.do(parse("bankrupt ann", game.state)))
    assert "auctions 1 deeds" not in text
    assert "the bank auctions Boardwalk" in text


def test_london_counts_stations_and_its_cards_are_named_after_london() -> None:
    game = _game("uk")
    game.do(parse("buy ann kings", game.state))
    game.do(parse("buy ann liverpool", game.state))
    rent = str(game.do(parse("rent ben kings", game.state)))
    assert "2 stations owned" in rent and "railroad" not in rent
    game.do(parse("card cat chance-mayfair", game.state))  # London's own id
    old = str(game.do(parse("card cat chance-boardwalk", game.state)))  # older journals
    assert "Advance to Mayfair" in old
    refused = ""
    try:
        game.do(parse("card ben chance-station-1 mayfair", game.state))
    except BankerError as exc:
        refused = str(exc)
    assert "to a station; Mayfair is not one" in refused


LONG_RUN = 32
"""The most characters a Thai sentence runs without a space: a terminal wraps at spaces,
and Thai writing allows one at a clause boundary."""


def test_thai_sentences_wrap_at_a_space_in_80_columns() -> None:
    long_runs = []
    for entry in polib.pofile(str(LOCALE / "th.po")):
        if entry.obsolete:
            continue
        for text in [entry.msgstr, *entry.msgstr_plural.values()]:
            plain = re.sub(r"\{[^{}]*\}", "X", text)
            long_runs += [w for w in plain.split() if cell_len(w) > LONG_RUN]
    assert long_runs == [], f"{len(long_runs)} Thai runs longer than {LONG_RUN}: {long_runs[:3]}"


@pytest.mark.parametrize("language", ["ms", "th"])
def test_the_landing_picker_shows_the_squares_in_the_games_language(language: str) -> None:
    """The picker's squares read in the table's words only (it was `ภาษีรายได้ (Income
    Tax)`); typing the board's own name still finds them (tests/tui/test_turns.py)."""
    from banker.tui.speech import speaking_in
    from banker.tui.words import landings

    with speaking_in(language):  # type: ignore[arg-type]
        labels = [place.label for place in landings(load_edition("us"))]
        chance = translator(language)("Chance")
    assert chance in labels and chance != "Chance"
    assert "Chance" not in " ".join(labels)  # nor the cards' deck names


def test_every_thai_sentence_wraps_between_words_at_80_columns() -> None:
    """What the terminal does: a line too long for 80 columns breaks at a space, never
    inside a Thai word."""
    from rich.console import Console
    from rich.text import Text

    console = Console(width=80, color_system=None)
    broken = []
    for entry in polib.pofile(str(LOCALE / "th.po")):
        if entry.obsolete:
            continue
        for text in [entry.msgstr, *entry.msgstr_plural.values()]:
            plain = re.sub(r"\{[^{}]*\}", "Boardwalk", text)
            words = set(plain.split())
            for line in Text(plain).wrap(console, 78):
                if not set(line.plain.split()) <= words:
                    broken.append(plain)
                    break
    assert broken == []


def test_a_custom_edition_brings_its_own_words(tmp_path: Path) -> None:
    from importlib import resources

    from banker.core.edition import load_edition as load
    from banker.core.errors import EditionError

    text = resources.files("banker.editions").joinpath("us.toml").read_text("utf-8")
    text = text.replace(
        'text = "Pay school fees of {amount}"', 'text = "Pay for the trip {amount}"'
    )
    own = text + '\n[words.th]\n"Pay for the trip {amount}" = "จ่ายค่าทัศนศึกษา {amount}"\n'
    path = tmp_path / "mine.toml"
    path.write_text(own, encoding="utf-8")
    edition = load(path)
    card = edition.cards_by_id["chest-school"]
    assert edition.card_words(card).render(translator("th")) == "จ่ายค่าทัศนศึกษา $50"
    assert edition.card_words(card).render(translator("ms")) == "Pay for the trip $50"
    path.write_text(own.replace("ทัศนศึกษา {amount}", "ทัศนศึกษา {fee}"), encoding="utf-8")
    with pytest.raises(EditionError, match="same"):
        load(path)


@pytest.mark.parametrize("language", ["en", "ms", "th"])
def test_the_worth_lines_amounts_line_up_in_every_language(language: str) -> None:
    """Malay's "surat ikatan (tercetak)" is longer than the label column was (20 cells): its
    amount stood 3 cells right of the others."""
    from banker.core.report import worth_lines

    game = _game("us", language)
    game.do(parse("buy ann board", game.state))
    amounts = worth_lines(game.state, "Ann", translator(language))[1:4]
    ends = {cell_len(line) for line in amounts}
    assert len(ends) == 1, amounts
    assert all("$" in line for line in amounts)
