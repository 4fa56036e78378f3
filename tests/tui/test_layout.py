"""Nothing hidden at any size or language: the ledger's text read off the screen, from
80x24 to 200x60, in English, Malay and Thai, on the tables that push it hardest."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.app import App

from banker.core import commands as c
from banker.core.view import LedgerView
from banker.store import Journal
from banker.tui.app import make_app
from banker.tui.speech import _, speaking
from banker.tui.widgets.board import BoardView
from banker.tui.widgets.footer import KeysFooter
from banker.tui.widgets.players import COLUMNS
from tools.tables import LANGUAGES, SIZES, TABLES


def screen_text(app: App[object]) -> list[str]:
    """The screen as the banker sees it, line by line (the compositor's own lines: what
    a terminal would be sent, toasts and all)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def assert_nothing_hidden(app: App[object], view: LedgerView) -> None:
    lines = screen_text(app)
    text = "\n".join(lines)
    for player in view.players:
        row = [line for line in lines if player.name in line]
        assert row, f"{player.name} is not on the screen:\n{text}"
        assert any(view.money(player.cash) in line for line in row), (
            f"{player.name}'s cash {view.money(player.cash)} is not on their row:\n{text}"
        )
        if player.turn:
            assert any(f">{player.seat}" in line for line in row), f"no turn marker:\n{text}"
    token = speaking.set(app.voice)  # type: ignore[attr-defined]
    try:
        heads = [_(label) for key, label in COLUMNS if key not in ("seat", "square")]
    finally:
        speaking.reset(token)
    header = max(lines, key=lambda line: sum(head in line for head in heads))
    for head in heads:
        assert head in header, f"the column head {head!r} is cut:\n{text}"
    footer = app.screen.query_one(KeysFooter)
    assert footer.labels, "no keys on the footer"
    for label in footer.labels:
        assert label in text, f"the key label {label!r} is cut:\n{text}"
    board = app.screen.query_one(BoardView)
    drawn = board.render().plain.split("\n")  # type: ignore[union-attr]
    assert len(drawn) <= board.size.height, f"deeds below the Deeds panel:\n{text}"
    assert max(cell_len(line) for line in drawn) <= board.size.width, text
    for debt in view.bank.debts:
        assert any(debt.debtor in line and (debt.creditor or "") in line for line in lines), (
            f"who is owed is cut:\n{text}"
        )


GRID = [
    (table, language, size)
    for table in ("new", "full", "debt")
    for language in LANGUAGES
    for size in SIZES
]


@pytest.mark.parametrize(
    ("table", "language", "size"), GRID, ids=[f"{t}-{lang}-{w}x{h}" for t, lang, (w, h) in GRID]
)
async def test_every_player_name_cash_and_key_is_on_the_screen(
    table: str, language: str, size: tuple[int, int], tmp_path: Path
) -> None:
    app = make_app(TABLES[table](tmp_path / "table.banker", language))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert app.journal is not None
        from banker.core.view import ledger_view

        assert_nothing_hidden(app, ledger_view(app.journal.game.state))
    assert app.journal is not None
    app.journal.close()


async def test_seven_deeds_hide_no_player_at_80x24(tmp_path: Path) -> None:
    """The review's game: Ann holds seven deeds; Dan's row and the Cards head stay."""
    from tools.tables import new_game

    path = new_game(tmp_path / "wrap.banker")
    with Journal.open(path) as journal:
        for deed in (
            "Vermont Avenue",
            "Oriental Avenue",
            "Connecticut Avenue",
            "St. Charles Place",
            "States Avenue",
            "Virginia Avenue",
            "St. James Place",
        ):
            journal.apply(c.Buy(player="Alice", deed=deed))
        journal.apply(c.DrawCard(player="Dave", card="chance-jail-free"))
        for _turn in range(3):
            journal.apply(c.PassTurn())
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = screen_text(app)
        dave = next(line for line in lines if "Dave" in line)
        assert ">4" in dave and "$1,500" in dave and dave.split("│")[1].rstrip().endswith("1")
        assert any("Cards" in line for line in lines)
    assert app.journal is not None
    app.journal.close()


async def test_a_long_named_table_stacks_its_panels_at_80_columns(tmp_path: Path) -> None:
    """Names of 24 letters do not fit beside the deeds at 80 columns: the panels stack,
    and every name and cash is still there."""
    from banker.core.edition import load_edition

    names = ["Alexandria Montgomery-Sm", "Bartholomew Fitzwilliam", "Constantine Papadopoulo"]
    path = tmp_path / "long.banker"
    setup = c.Setup(players=names, edition=load_edition("us"))
    with Journal.create(path, setup) as journal:
        journal.apply(c.Buy(player=names[0], deed="Boardwalk"))
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.has_class("-stacked")
        assert app.journal is not None
        from banker.core.view import ledger_view

        assert_nothing_hidden(app, ledger_view(app.journal.game.state))
    assert app.journal is not None
    app.journal.close()
