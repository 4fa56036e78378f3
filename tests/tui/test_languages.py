"""The app in Bahasa Melayu and Thai: switching by the command bar, the palette and a key,
the footer following, Thai names through the form and the ledger, Thai columns aligned."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.cells import cell_len
from textual.widgets import Input, Select, Static

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.i18n import translator
from banker.store import Journal
from banker.tui.app import BankerApp, make_app
from banker.tui.screens.ledger import LedgerScreen
from banker.tui.speech import speaking_in
from banker.tui.statement import statement_text
from banker.tui.widgets.footer import KeysFooter
from banker.tui.widgets.history import HistoryView
from banker.tui.widgets.players import PlayersTable
from tests.tui.conftest import SIZE, reopen, type_text


def footer_words(app: BankerApp) -> list[str]:
    """What the keys along the bottom say: the ledger's own footer, or the screen's keys."""
    for footer in app.screen.query(KeysFooter):
        return footer.labels
    return [b.description for _n, b, _e, _t in app.screen.active_bindings.values() if b.show]


def history_text(app: BankerApp) -> str:
    return app.screen.query_one(HistoryView).render().plain  # type: ignore[union-attr]


async def test_the_command_bar_switches_the_whole_ledger_to_malay(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Pay" in footer_words(app)
        await pilot.press("colon")
        await type_text(pilot, "language ms")
        await pilot.press("enter", "escape")
        await pilot.pause()
        ledger = app.screen
        assert isinstance(ledger, LedgerScreen)
        assert ledger.query_one("#players").border_title == "Pemain"
        assert ledger.query_one("#history-box").border_title == "Sejarah, terkini dahulu"
        words = footer_words(app)
        assert "Bayar" in words and "Bina" in words and "Pay" not in words
        assert history_text(app).startswith("Permainan kini dalam bahasa Melayu")
        assert "membeli" in history_text(app)  # yesterday's receipts read in today's language
        assert "Hari ini hari jadi anda. Terima $10 daripada setiap pemain" in history_text(app)
        table = ledger.query_one(PlayersTable)
        assert table.render_line(0).text.split()[1:3] == ["Pemain", "Tunai"]
        await pilot.press("ctrl+z")  # the switch is journaled: undo speaks English again
        await pilot.pause()
        assert "Pay" in footer_words(app)
        assert ledger.query_one("#players").border_title == "Players"
    with reopen(demo_path) as journal:
        assert journal.game.state.language == "en"


async def test_the_palette_and_the_language_key_switch_to_malay_then_thai(
    demo_path: Path,
) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await type_text(pilot, "language bahasa")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
        assert "Bayar" in footer_words(app)
        await pilot.press("L")  # the next language: Thai
        await pilot.pause()
        assert app.screen.query_one("#players").border_title == "ผู้เล่น"
        assert "จ่าย" in footer_words(app) and "สร้าง" in footer_words(app)
        assert history_text(app).startswith("ตอนนี้เกมเป็นภาษาไทย")
        assert "วันเกิดของคุณ รับ $10 จากผู้เล่นทุกคน" in history_text(app)  # the card too
    with reopen(demo_path) as journal:
        assert journal.game.state.language == "th"


async def test_worth_and_raise_answer_in_the_games_language(demo_path: Path) -> None:
    with Journal.open(demo_path) as journal:
        journal.apply(c.SetLanguage(language="ms"))
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        await type_text(pilot, "worth alice")
        await pilot.press("enter")
        await pilot.pause()
        note = list(app._notifications)[-1]
        assert note.title == "Nilai"
        assert note.message.startswith("Nilai Alice ialah $2,510:")
        await pilot.press("colon")
        await type_text(pilot, "raise dave")
        await pilot.press("enter")
        await pilot.pause()
        assert list(app._notifications)[-1].message.startswith("Dave boleh mengumpulkan:")


async def test_a_thai_name_goes_through_the_form_and_onto_the_ledger(banker_home: Path) -> None:
    app = BankerApp(None)
    async with app.run_test(size=SIZE) as pilot:
        form = app.screen
        form.query_one("#language", Select).value = "th"
        await pilot.pause()
        assert form.query_one(".heading", Static).content == "เกมใหม่"  # the form speaks Thai
        # Simulated key presses drop Thai vowel and tone marks: set the value itself.
        form.query_one("#player-1", Input).value = "สมหญิง"
        form.query_one("#player-2", Input).value = "Ann"
        form.query_one("#game-name", Input).value = "thai"
        await pilot.press("ctrl+s")
        await pilot.pause()
        ledger = app.screen
        assert isinstance(ledger, LedgerScreen)
        table = ledger.query_one(PlayersTable)
        assert table.render_line(1).text.split()[1] == "สมหญิง"
        assert ledger.selected == "สมหญิง"
        assert "จ่าย" in footer_words(app)
        # In terminal cells the cash column starts at the same place on every row, though
        # สมหญิง is six characters and five cells.
        rows = [table.render_line(y).text for y in range(1, 3)]
        starts = {cell_len(row[: row.index("$")]) for row in rows}
        assert len(starts) == 1, rows
    with reopen(banker_home / "games" / "thai.banker") as journal:
        assert [p.name for p in journal.game.state.players] == ["สมหญิง", "Ann"]
        assert journal.game.state.language == "th"


async def test_cancelling_a_form_in_thai_goes_back_to_the_games_language(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#language", Select).value = "th"
        await pilot.pause()
        assert "เริ่มเกม" in footer_words(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
        assert "Pay" in footer_words(app)


def test_the_final_statement_lines_up_thai_names(tmp_path: Path) -> None:
    setup = c.Setup(players=["สมหญิง", "วิชัย", "Ann"], edition=load_edition("us"))
    with Journal.create(tmp_path / "t.banker", setup) as journal:
        journal.apply(c.Buy(player="วิชัย", deed="Boardwalk"))
        journal.apply(c.SetLanguage(language="th"))
        journal.apply(c.EndGame())
        state = journal.game.state
    with speaking_in("th"):
        lines = statement_text(state, "t").splitlines()
    rows = [line for line in lines if "$" in line]
    assert len(rows) == 3
    assert len({cell_len(row) for row in rows}) == 1, rows  # right-aligned amounts end together
    assert lines[0] == "รายการสรุปสุดท้าย: t"


def test_every_key_label_is_in_the_catalogues() -> None:
    """A key added without N_() would show in English in the footer: this notices it."""
    from banker.tui.screens import (
        auction,
        build,
        cards,
        dialog,
        end_game,
        ledger,
        new_game,
        picker,
        share,
    )
    from banker.tui.widgets import command_bar

    thai = translator("th")
    classes: list[Callable[..., object]] = [
        auction.AuctionScreen,
        build.BuildScreen,
        cards.CardDetails,
        dialog.Dialog,
        end_game.EndGameScreen,
        ledger.LedgerScreen,
        new_game.NewGameScreen,
        picker.SquarePicker,
        share.ShareScreen,
        command_bar.CommandBar,
        BankerApp,
    ]
    untranslated = [
        (cls.__name__, binding.description)
        for cls in classes
        for binding in cls.__dict__.get("BINDINGS", [])
        if binding.description
        and thai(binding.description) == binding.description
        and binding.description != "GO"
    ]
    assert untranslated == []


async def test_the_language_asked_on_the_command_line_holds_until_the_banker_chooses(
    demo_path: Path,
) -> None:
    """`banker GAME --lang th` on an English game: the app speaks Thai through every move
    (a receipt does not switch it back), the game's own language stays English; `L` then
    moves on from the language on the screen (Thai, to English) and is the banker's choice."""
    app = make_app(demo_path, language="th")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#players").border_title == "ผู้เล่น"
        await pilot.press("colon")
        await type_text(pilot, "collect alice 10")
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert app.screen.query_one("#players").border_title == "ผู้เล่น"
        assert "จ่าย" in footer_words(app)
        assert app.state.language == "en"
        await pilot.press("L")  # after Thai, English: the game's language already
        await pilot.pause()
        assert app.screen.query_one("#players").border_title == "Players"
        await pilot.press("L")
        await pilot.pause()
        assert app.screen.query_one("#players").border_title == "Pemain"
    with reopen(demo_path) as journal:
        assert journal.game.state.language == "ms"  # chosen in the app: journaled
