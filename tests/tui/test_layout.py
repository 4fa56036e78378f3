"""Nothing hidden at any size or language: the ledger's text read off the screen, from
80x24 to 200x60, in English, Malay and Thai, on the tables that push it hardest."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Static

from banker.core import commands as c
from banker.core.view import LedgerView
from banker.store import Journal
from banker.tui.app import make_app
from banker.tui.speech import _, _in, speaking
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
    token = speaking.set(app.voice)
    try:
        heads = [
            (_(label), _in("narrow column", label))  # a narrow panel's head may be shorter
            for key, label in COLUMNS
            if key not in ("seat", "square")
        ]
    finally:
        speaking.reset(token)
    header = max(lines, key=lambda line: sum(any(h in line for h in head) for head in heads))
    for head in heads:
        assert any(h in header for h in head), f"the column head {head[0]!r} is cut:\n{text}"
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


TEXT_SIZES = (*SIZES, (100, 30))
"""The grid's sizes and the review's 100x30, where the Malay header once hid a player."""

SEVEN_DEEDS = (
    "Vermont Avenue",
    "Oriental Avenue",
    "Connecticut Avenue",
    "St. Charles Place",
    "States Avenue",
    "Virginia Avenue",
    "St. James Place",
)
"""The review's game: seven deeds in one hand, the count that once hid a player."""

GRID = [
    (table, language, size)
    for table in ("new", "full", "debt")
    for language in LANGUAGES
    for size in TEXT_SIZES
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
        for deed in SEVEN_DEEDS:
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


# Toasts never cover a field or the high bid.


def toasts(app: App[object]) -> list[Region]:
    return [toast.region for toast in app.screen.query("Toast") if toast.region.area]


async def shown_toasts(pilot: Pilot[None]) -> list[Region]:
    """The notifications once they are drawn: the app is let to work through its queue
    (a number of turns, never a time)."""
    for _turn in range(20):
        await pilot.pause()
        regions = toasts(pilot.app)
        if regions:
            return regions
    return []


def clear_of(regions: list[Region], app: App[object], *selectors: str) -> None:
    """No notification overlaps any widget matched by `selectors`."""
    for selector in selectors:
        for widget in app.screen.query(selector):
            for toast in regions:
                assert not toast.overlaps(widget.region), (
                    f"a notification covers {selector}:\n" + "\n".join(screen_text(app))
                )


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_receipts_stand_over_the_history_never_over_the_ledger(
    size: tuple[int, int], tmp_path: Path
) -> None:
    app = make_app(TABLES["debt"](tmp_path / "table.banker"))
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("space")  # the turn passes: its receipt
        shown = await shown_toasts(pilot)
        assert shown, "the receipt is not shown"
        aside = Region.from_union(
            [app.screen.query_one(s).region for s in ("#bank", "#history-box")]
        )
        assert all(aside.contains_region(toast) for toast in shown)
        clear_of(shown, app, "#players", "#board", "#bank", "KeysFooter")
        await pilot.press("colon", *"rent nobody boardwalk", "enter")  # refused
        shown = await shown_toasts(pilot)
        assert shown, "the refusal is not shown"
        clear_of(shown, app, "#players", "#board", "#bank", "#command-bar", "KeysFooter")
    assert app.journal is not None
    app.journal.close()


async def test_a_bid_receipt_never_covers_the_high_bid_or_the_bid_box(tmp_path: Path) -> None:
    app = make_app(TABLES["auction"](tmp_path / "table.banker", "ms"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("f")  # the highlighted bidder raises by the largest step
        shown = await shown_toasts(pilot)
        assert shown, "the bid's receipt is not shown"
        clear_of(shown, app, "#high-bid-box", "#bidders", "#bid-row", "#amount", "KeysFooter")
        lines = screen_text(app)
        assert any("Bidaan untuk" in line and "▎" in line for line in lines), (
            "the bid field runs off the screen:\n" + "\n".join(lines)
        )
        assert not any(line.strip() == "warna" for line in lines), "the deed card wraps"
    assert app.journal is not None
    app.journal.close()


async def test_a_dialog_warning_stands_beside_the_dialog(tmp_path: Path) -> None:
    app = make_app(TABLES["debt"](tmp_path / "table.banker"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("t")  # a trade with nothing on either side, at 80x24
        await pilot.pause()
        await pilot.press("enter")
        shown = await shown_toasts(pilot)
        assert shown, "the warning is not shown"
        clear_of(shown, app, ".dialog")
    assert app.journal is not None
    app.journal.close()


# Quit is on the footer at every size, and asks first.


@pytest.mark.parametrize(("language", "size"), [(lang, s) for lang in LANGUAGES for s in SIZES])
async def test_quit_is_on_the_footer_at_every_size(
    language: str, size: tuple[int, int], tmp_path: Path
) -> None:
    app = make_app(TABLES["full"](tmp_path / "table.banker", language))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        token = speaking.set(app.voice)
        try:
            quit_label = _("Quit")
        finally:
            speaking.reset(token)
        assert quit_label in app.screen.query_one(KeysFooter).labels
        assert quit_label in "\n".join(screen_text(app))
    assert app.journal is not None
    app.journal.close()


async def test_q_asks_before_quitting_and_escape_stays(tmp_path: Path) -> None:
    from banker.tui.screens.dialog import Confirm

    app = make_app(TABLES["new"](tmp_path / "table.banker"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        said = str(app.screen.query_one(".body", Static).render())
        assert f"banker {tmp_path / 'table.banker'}" in said  # outside the games folder
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, Confirm) and app.is_running
        await pilot.press("q", "y")
        await pilot.pause()
        assert not app.is_running
    assert app.journal is not None
    app.journal.close()


async def test_a_wal_emptied_under_the_app_is_said_and_the_quit_does_not_say_saved(
    tmp_path: Path,
) -> None:
    """A sync tool emptied the -wal under the open game: the next command is refused with
    the reason (before, it was shown as done and lost at the close), and the quit no
    longer says every move is saved."""
    from banker.tui.screens.dialog import Confirm

    path = TABLES["new"](tmp_path / "table.banker")
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.journal is not None
        before = app.journal.game.seq
        first = app.state.players[0].name
        assert app.do(c.Collect(player=first, amount=10))
        Path(f"{path}-wal").write_bytes(b"")
        assert not app.do(c.Collect(player=first, amount=7))
        await pilot.pause()
        assert app.journal.game.seq == before + 1
        assert any("Nothing was changed: the -wal" in n.message for n in app._notifications)
        await pilot.press("escape", "q")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        said = str(app.screen.query_one(".body", Static).render())
        assert "went with the -wal file" in said and "already saved" not in said
        await pilot.press("y")
        await pilot.pause()
    app.journal.close()


# A list's search always shows what Enter will do.


def seven_deeds_and_ventnor(path: Path) -> Path:
    from tools.tables import new_game

    new_game(path)
    with Journal.open(path) as journal:
        for deed in (*SEVEN_DEEDS, "Ventnor Avenue", "Pennsylvania Railroad"):
            journal.apply(c.Buy(player="Alice", deed=deed))
    return path


def typed_fast(app: App[object], keys: str) -> None:
    """Keys as a fast banker types them: all sent before the app has drawn the first."""
    from textual import events

    for key in keys:
        app.post_message(events.Key(key, key))


async def test_a_list_search_typed_fast_scrolls_the_match_into_view(tmp_path: Path) -> None:
    """The review's 80x24 game: `m`, then `ven` at once, showed three other deeds with
    nothing highlighted, and Enter mortgaged Ventnor unseen."""
    from textual.widgets import OptionList

    app = make_app(seven_deeds_and_ventnor(tmp_path / "table.banker"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        typed_fast(app, "mven")
        for _turn in range(5):
            await pilot.pause()
        options = app.screen.focused
        assert isinstance(options, OptionList) and options.highlighted is not None
        prompt = options.get_option_at_index(options.highlighted).prompt
        assert "Ventnor Avenue" in str(prompt)
        text = "\n".join(screen_text(app))
        assert "▊ Ventnor Avenue" in text, f"the match is not in the list's view:\n{text}"
        assert "find: ven" in text, f"what was typed is not shown:\n{text}"
        await pilot.press("enter")
        await pilot.pause()
        assert app.journal is not None
        assert app.journal.game.state.deeds["Ventnor Avenue"].mortgaged
    app.journal.close()


async def test_no_match_highlights_nothing_and_enter_does_nothing(tmp_path: Path) -> None:
    from textual.widgets import OptionList

    app = make_app(seven_deeds_and_ventnor(tmp_path / "table.banker"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("v", "e", "n", "x")
        await pilot.pause()
        options = app.screen.focused
        assert isinstance(options, OptionList) and options.highlighted is None
        assert "no line has “venx”" in "\n".join(screen_text(app))
        assert app.journal is not None
        entries = len(app.journal.entries(limit=1000))
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.journal.entries(limit=1000)) == entries, "Enter acted on no match"
        assert not any(held.mortgaged for held in app.journal.game.state.deeds.values())
        await pilot.press("backspace")  # back to "ven": Ventnor again
        await pilot.pause()
        assert options.highlighted is not None
        assert "Ventnor" in str(options.get_option_at_index(options.highlighted).prompt)
    app.journal.close()


def test_a_middling_group_card_keeps_the_hotel_word_whole_in_thai(tmp_path: Path) -> None:
    """A group card 27 cells wide (the Deeds panel beside a wide Players panel at 120
    columns) writes โรงแรม, six cells, whole: not โรงแร."""
    from banker.core.view import ledger_view
    from banker.store import Journal
    from banker.tui.speech import speaking_in
    from banker.tui.widgets.board import group_lines
    from tools.screenshots import THAI_PLAYERS, demo_in

    path = demo_in("th", THAI_PLAYERS)(tmp_path / "demo.banker")
    with Journal.open(path, read_only=True) as journal:
        view = ledger_view(journal.game.state)
    light_blue = next(g for g in view.groups if any(lot.hotel for lot in g.lots))
    with speaking_in("th"):
        lines = [line.plain for line in group_lines(view, light_blue, 27)]
    assert any(line.rstrip().endswith("โรงแรม") for line in lines), lines
