"""The first screen: drawn from the ledger saved at close, then the journal opens right
after, with nothing on screen changing and no key lost."""

from __future__ import annotations

import gc
import sqlite3
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widget import Widget

from banker.core.errors import JournalError
from banker.store import Journal
from banker.tui.app import BankerApp, make_app
from banker.tui.screens.ledger import LedgerScreen
from banker.tui.screens.picker import SquarePicker
from banker.tui.widgets.bank import BankGauge
from banker.tui.widgets.board import BoardView
from banker.tui.widgets.footer import KeysFooter
from banker.tui.widgets.history import HistoryView
from banker.tui.widgets.players import PlayersTable
from tests.conftest import settle_heap_of_the_app
from tests.tui.conftest import SIZE, reopen

LEDGER_WIDGETS: tuple[type[Widget], ...] = (PlayersTable, BoardView, BankGauge, HistoryView)


def drawn(app: BankerApp) -> dict[str, list[str]]:
    """The text of every line the ledger's widgets draw now."""
    lines = {}
    for kind in LEDGER_WIDGETS:
        widget = app.screen.query_one(kind)
        lines[kind.__name__] = [widget.render_line(y).text for y in range(widget.size.height)]
    return lines


async def journal_opens(app: BankerApp, pilot: Pilot[None]) -> bool:
    """Wait, pressing nothing, for the app to open the glanced game's journal itself."""
    for _ in range(250):
        if app._journal is not None:
            await pilot.pause()  # and to draw the ledger from it
            return True
        await pilot.pause(0.02)
    return False


def ledger_of(app: BankerApp) -> LedgerScreen:
    screen = app.screen
    assert isinstance(screen, LedgerScreen)
    return screen


async def test_the_saved_ledger_is_drawn_first_and_the_journal_draws_the_same(
    demo_path: Path,
) -> None:
    """The demo's ledger from the saved view, before the journal is open, reads line for
    line as it does once the journal is open, and as the journal-first app draws it."""
    app = make_app(demo_path)
    assert app._journal is None
    assert app._glance is not None
    async with app.run_test(size=SIZE) as pilot:
        assert app._journal is None
        from_glance = drawn(app)
        assert await journal_opens(app, pilot)
        from_journal = drawn(app)

    journal_first = make_app(journal=Journal.open(demo_path))
    assert journal_first._journal is not None
    async with journal_first.run_test(size=SIZE) as pilot:
        await pilot.pause()
        the_old_way = drawn(journal_first)

    players = from_glance["PlayersTable"]
    assert players[1].split() == [">1", "Alice", "$740", "$2,510", "3", "■■■", "Oriental", "Ave"]
    assert players[4].split() == ["4", "Dave", "$1,000", "$1,580", "3", "■▪■", "1", "Luxury", "Tax"]
    assert "Connecticut" in "\n".join(from_glance["BoardView"])
    assert "Free Parking" in "\n".join(from_glance["BankGauge"])
    assert from_glance["HistoryView"][0].startswith("Dave drew Community Chest")
    assert from_journal == from_glance
    assert the_old_way == from_glance


async def test_a_key_pressed_straight_away_acts_on_the_journaled_game(
    demo_path: Path,
) -> None:
    """Undo before the journal has opened: Dave's birthday card is undone, on disk and on
    screen (Alice back to $750)."""
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        assert app._journal is None
        await pilot.press("ctrl+z")
        await pilot.pause()
        journal = app.journal
        assert journal is not None
        last_two = journal.entries(limit=2)
        assert [(e.kind, e.undone) for e in last_two] == [("command", True), ("undo", False)]
        assert "birthday" in str(last_two[0].message)
        players = drawn(app)["PlayersTable"]
        assert players[1].split()[:3] == [">1", "Alice", "$750"]
        assert drawn(app)["HistoryView"][0].startswith("Dave drew")  # struck through
    with reopen(demo_path) as journal:
        assert journal.entries(limit=1)[0].kind == "undo"
        assert journal.game.state.player("Alice").cash == 750
        assert journal.game.state.player("Dave").cash == 970


async def test_a_game_open_for_writing_elsewhere_is_refused_before_drawing(
    demo_path: Path,
) -> None:
    with Journal.open(demo_path):
        with pytest.raises(JournalError, match="already open for writing"):
            make_app(demo_path)
    app = make_app(demo_path)
    assert app._glance is not None


async def test_a_busy_game_without_a_view_to_trust_is_refused_too(demo_path: Path) -> None:
    """The other window has already bought a deed: its view is stale, and the journal
    itself refuses the second writer."""
    from banker.core import commands as c

    with Journal.open(demo_path) as elsewhere:
        elsewhere.apply(c.Buy(player="Carol", deed="Illinois Avenue"))
        with pytest.raises(JournalError, match="already open for writing"):
            make_app(demo_path)


async def test_a_stale_view_means_the_journal_opens_first(demo_path: Path) -> None:
    """A view saved one entry before the last (as after a crash) is not drawn: the app
    opens the journal before anything, and shows the journaled game."""
    with sqlite3.connect(demo_path) as conn:
        conn.execute("UPDATE views SET seq = seq - 1")
    conn.close()

    app = make_app(demo_path)
    assert app._glance is None
    assert app._journal is not None
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert drawn(app)["PlayersTable"][1].split()[:3] == [">1", "Alice", "$740"]


# The players panel.


async def test_arrows_and_seat_numbers_move_the_highlighted_player(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        ledger = ledger_of(app)
        assert ledger.selected == "Alice"
        await pilot.press("down")
        assert ledger.selected == "Bob"
        await pilot.press("down", "down")
        assert ledger.selected == "Dave"
        await pilot.press("down")
        assert ledger.selected == "Dave"  # no one below the last seat
        await pilot.press("2")
        assert ledger.selected == "Bob"
        await pilot.press("up")
        assert ledger.selected == "Alice"
        await pilot.press("3")
        assert ledger.selected == "Carol"
        await pilot.press("5")  # four at this table
        assert ledger.selected == "Carol"


async def test_enter_opens_landed_for_the_highlighted_player(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SquarePicker)
        assert app.screen.player == "Bob"


async def test_clicking_the_highlighted_players_line_opens_landed(demo_path: Path) -> None:
    """Inside the panel: the border, the column heads, then Alice's line at y=2."""
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen.query_one(PlayersTable)
        assert table.render_line(1).text.split()[1] == "Alice"  # content line 1 is y=2
        await pilot.click(PlayersTable, offset=(5, 2))
        await pilot.pause()
        assert isinstance(app.screen, SquarePicker)
        assert app.screen.player == "Alice"


async def test_clicking_another_players_line_highlights_them(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ledger = ledger_of(app)
        await pilot.click(PlayersTable, offset=(5, 3))
        await pilot.pause()
        assert app.screen is ledger
        assert ledger.selected == "Bob"
        await pilot.click(PlayersTable, offset=(5, 5))
        await pilot.pause()
        assert ledger.selected == "Dave"


async def test_the_keys_are_in_the_footer_from_the_first_frame(demo_path: Path) -> None:
    """The banker sees what each key does as soon as the ledger is up, not a frame later
    (Textual's own footer fills in after the first frame)."""
    app = make_app(demo_path)
    async with app.run_test(size=SIZE):
        footer = app.screen.query_one(KeysFooter)
        assert footer.labels[:3] == ["Landed", "GO", "Pay"]
        assert footer.render().plain.startswith(" l Landed  g GO  p Pay ")


async def test_a_click_on_a_key_in_the_footer_runs_its_action(demo_path: Path) -> None:
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ledger = app.screen
        await pilot.click(KeysFooter, offset=(4, 0))  # on "Landed"
        await pilot.pause()
        assert app.screen is not ledger
        assert type(app.screen).__name__ == "SquarePicker"


async def test_quitting_while_the_journal_opens_leaves_nothing_in_the_log(
    demo_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The journal opening behind the first screen never reaches for the ledger's widgets
    once they are gone (it used to log `NoMatches: ... PlayersTable` at a quick quit), and
    the game file is closed and free again whatever the moment of the quit."""
    for pauses in range(4):
        app = make_app(demo_path)
        assert app.journal_is_opening
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(pauses):
                await pilot.pause()
        journal = Journal.open(demo_path)  # not locked: the app closed its journal
        journal.close()
    assert [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")] == []


async def test_a_journal_taken_before_the_ledger_is_mounted_draws_the_ledger(
    demo_path: Path,
) -> None:
    """Anything that needs the game before the first screen is up opens the journal at
    once; the ledger then draws from the journal, not from the saved view."""
    app = make_app(demo_path)
    assert app.journal is not None  # taken now, before the app runs
    assert not app.journal_is_opening
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ledger = ledger_of(app)
        assert ledger.view is not None
        assert [p.name for p in ledger.view.players] == [p.name for p in app.state.players]


async def test_the_ledger_redraws_from_the_game_changed_signal(demo_path: Path) -> None:
    """A change made through the app reaches every screen subscribed to `game_changed`,
    with the state before and after."""
    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ledger = ledger_of(app)
        seen = []
        app.game_changed.subscribe(ledger, seen.append, immediate=True)
        from banker.core import commands as c

        name = app.state.players[0].name
        assert app.do(c.Collect(player=name, amount=7))
        assert len(seen) == 1
        assert seen[0].after.player(name).cash == seen[0].before.player(name).cash + 7
        assert seen[0].new_command
        assert ledger.view is not None
        assert next(p for p in ledger.view.players if p.name == name).cash == (
            seen[0].after.player(name).cash
        )


async def test_a_game_whose_last_write_a_full_disk_cut_opens_and_says_so(tmp_path: Path) -> None:
    """The -wal ends inside the frame a full disk refused (after every committed one):
    the app opens the game with every command and tells the banker what happened."""
    import os

    from banker.store.wal import FRAME_HEADER
    from tests.store.test_wal import COMMANDS, crashed_game, page_size

    game = crashed_game(tmp_path)
    with Path(f"{game}-wal").open("ab") as handle:
        handle.write(os.urandom(FRAME_HEADER + page_size(game) // 2))
    app = make_app(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.state.player("Ann").cash == 1500 + COMMANDS
        said = [n.message for n in app._notifications]
        assert any("the last write before this opening was cut short" in m for m in said), said
    assert app.journal is not None
    app.journal.close()


async def test_the_game_asked_for_before_the_opening_thread_begins_opens_at_once(
    demo_path: Path,
) -> None:
    """A key typed in the same turn of the loop as the opening's worker was made (its
    thread starts from that loop, later) opens the game there and then; waiting for the
    worker would hold the very loop that starts it (the app froze, the suite hung)."""
    from banker.store.glance import glance

    app = make_app(demo_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.journal is not None
        app.journal.close()  # back to the moment before the opening, with its saved ledger
        app._journal, app._opening, app._glance = None, None, glance(demo_path)
        app._start_opening()  # the worker is made; its thread has not begun
        journal = app.journal  # asked for in the same turn: no wait on the loop
        with reopen(demo_path) as saved:
            assert journal is not None and journal.game.state == saved.game.state
        await pilot.pause()  # the worker, cancelled, opened nothing
        assert app.journal is journal
    journal.close()


async def test_once_the_game_is_open_what_it_holds_is_kept_out_of_the_collectors_way(
    demo_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once the journal is open and the ledger drawn, the app collects the garbage and
    freezes what is left (a full collection walking a long game's objects paused a key
    for 20-60 ms). The other tests leave it out (`tests/conftest.py`): here it is the
    app's own."""
    monkeypatch.setattr(BankerApp, "_settle_heap", settle_heap_of_the_app)
    gc.unfreeze()
    try:
        assert gc.get_freeze_count() == 0
        app = make_app(demo_path)
        async with app.run_test(size=SIZE) as pilot:
            assert await journal_opens(app, pilot)
            for _ in range(50):
                if gc.get_freeze_count():
                    break
                await pilot.pause(0.02)
            assert gc.get_freeze_count() > 0
            assert app.journal is not None
            # the journal and its game are among what a collection no longer walks
            walked = gc.get_objects()
            assert not any(o is app.journal or o is app.journal.game for o in walked)
            del walked
        app.journal.close()
    finally:
        gc.collect()
        gc.freeze()  # as the suite's conftest left it
