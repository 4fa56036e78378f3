"""The ledger saved at close: the next start draws it before the rules load, and trusts
it only while it is still the game's latest state."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from banker.core import commands as c
from banker.core.errors import JournalError
from banker.core.view import VIEW_VERSION, LedgerView, ledger_view
from banker.demo import make_demo
from banker.store import Journal
from banker.store.glance import HISTORY_SHOWN, check_unlocked, glance

REPO = Path(__file__).resolve().parents[2]


def lines_of(entries: object) -> list[tuple[int, str, str, bool]]:
    """History entries as the banker reads them: number, kind, sentence, undone."""
    return [(e.seq, e.kind, str(e.message), e.undone) for e in entries]  # type: ignore[attr-defined]


# What closing saves, and what the next start reads.


def test_closing_saves_the_ledger_and_the_history_the_next_start_draws(
    game_path: Path, setup: c.Setup
) -> None:
    """Alice buys Boardwalk, Bob passes GO, Carol pays $50 and that is undone: the next
    start sees Alice at $1,100, Bob at $1,700, Carol back at $1,500, her payment undone."""
    with Journal.create(game_path, setup) as journal:
        journal.apply(c.Buy(player="Alice", deed="Boardwalk"))
        journal.apply(c.PassGo(player="Bob"))
        journal.apply(c.Pay(player="Carol", amount=50))
        journal.undo()
        expected_view = ledger_view(journal.game.state)
        expected_history = journal.entries(limit=HISTORY_SHOWN)
        started_at = journal.started_at

    seen = glance(game_path)

    assert seen is not None
    assert seen.path == game_path
    assert seen.seq == 5
    assert seen.started_at == started_at
    assert seen.view == expected_view
    assert [(p.name, p.cash) for p in seen.view.players] == [
        ("Alice", 1100),
        ("Bob", 1700),
        ("Carol", 1500),
    ]
    assert lines_of(seen.history) == lines_of(expected_history)
    assert [(e.seq, e.kind, e.undone) for e in seen.history] == [
        (1, "setup", False),
        (2, "command", False),
        (3, "command", False),
        (4, "command", True),
        (5, "undo", False),
    ]


def test_a_redo_clears_the_undone_mark_in_the_saved_history(
    game_path: Path, setup: c.Setup
) -> None:
    with Journal.create(game_path, setup) as journal:
        journal.apply(c.Pay(player="Carol", amount=50))
        journal.undo()
    with Journal.open(game_path) as journal:
        journal.redo()

    seen = glance(game_path)

    assert seen is not None
    assert seen.view.players[2].cash == 1450
    assert [(e.seq, e.kind, e.undone) for e in seen.history] == [
        (1, "setup", False),
        (2, "command", False),
        (3, "undo", False),
        (4, "redo", False),
    ]


def test_a_long_game_keeps_only_the_latest_history_lines_for_the_first_screen(
    game_path: Path, setup: c.Setup
) -> None:
    """70 trips past GO and the last one undone: the first screen gets the latest
    HISTORY_SHOWN entries, the undone one still marked."""
    with Journal.create(game_path, setup) as journal:
        for _ in range(70):
            journal.apply(c.PassGo(player="Alice"))
        journal.undo()
        expected_history = journal.entries(limit=HISTORY_SHOWN)

    seen = glance(game_path)

    assert seen is not None
    assert len(seen.history) == HISTORY_SHOWN
    assert seen.history[-1].seq == 72
    assert seen.history[0].seq == 72 - HISTORY_SHOWN + 1
    assert [e.seq for e in seen.history if e.undone] == [71]
    assert lines_of(seen.history) == lines_of(expected_history)
    assert seen.view.players[0].cash == 1500 + 69 * 200


# The view as plain data, and back.


def test_the_demo_ledger_survives_the_trip_through_json(tmp_path: Path) -> None:
    """Everything the demo's ledger shows (a hotel, a mortgage, a jail card, both utilities,
    the Free Parking pot) comes back the same from the saved text."""
    path = make_demo(tmp_path / "demo.banker")
    with Journal.open(path, read_only=True) as journal:
        view = ledger_view(journal.game.state)

    again = LedgerView.from_json(json.loads(json.dumps(view.to_json())))

    assert again == view
    assert LedgerView.from_json(view.to_json()) == view
    dave = again.players[3]
    assert (dave.name, dave.cash, dave.jail_cards) == ("Dave", 1000, 1)
    assert [mortgaged for _, mortgaged in dave.deeds] == [False, True, False]
    lots = {lot.name: lot for group in again.groups for lot in group.lots}
    assert lots["Connecticut Avenue"].hotel is True
    assert lots["Virginia Avenue"].mortgaged is True
    assert lots["Virginia Avenue"].rent is None
    assert lots["Water Works"].dice == 10
    assert again.bank.pot == 500


def test_an_open_auction_and_a_debt_survive_the_trip_through_json(
    game_path: Path, setup: c.Setup
) -> None:
    """Carol, down to $20, owes Alice $50 rent on Boardwalk; Park Place is at auction,
    Bob bidding $120."""
    with Journal.create(game_path, setup) as journal:
        journal.apply(c.Buy(player="Alice", deed="Boardwalk"))
        journal.apply(c.Pay(player="Carol", amount=1480))
        journal.apply(c.PayRent(player="Carol", deed="Boardwalk"))
        journal.apply(c.StartAuction(lot="Park Place"))
        journal.apply(c.Bid(player="Bob", amount=120))
        view = ledger_view(journal.game.state)

    assert LedgerView.from_json(json.loads(json.dumps(view.to_json()))) == view
    seen = glance(game_path)
    assert seen is not None
    assert seen.view == view
    auction = seen.view.bank.auction
    assert auction is not None
    assert (auction.lot, auction.high_bid, auction.high_bidder) == ("Park Place", 120, "Bob")
    assert [(d.debtor, d.creditor, d.amount) for d in seen.view.bank.debts] == [
        ("Carol", "Alice", 50)
    ]
    assert seen.view.players[2].owes is True


# A view that is not the game's latest state is not trusted.


def test_a_view_from_before_the_last_command_is_not_used(game_path: Path, setup: c.Setup) -> None:
    """The game is open and Alice has bought Boardwalk: until it is closed, the saved
    view (Alice at $1,500) is out of date, as after a crash."""
    Journal.create(game_path, setup).close()
    journal = Journal.open(game_path)
    try:
        journal.apply(c.Buy(player="Alice", deed="Boardwalk"))
        assert glance(game_path) is None
    finally:
        journal.close()

    seen = glance(game_path)

    assert seen is not None
    assert seen.seq == 2
    assert seen.view.players[0].cash == 1100
    assert "Boardwalk" in str(seen.history[-1].message)


def test_a_view_saved_by_another_version_is_not_used(game_path: Path, setup: c.Setup) -> None:
    Journal.create(game_path, setup).close()
    assert glance(game_path) is not None
    with sqlite3.connect(game_path) as conn:
        (text,) = conn.execute("SELECT view FROM views").fetchone()
        saved = json.loads(text)
        saved["version"] = VIEW_VERSION + 1
        conn.execute("UPDATE views SET view = ?", (json.dumps(saved),))
    conn.close()

    assert glance(game_path) is None


def test_a_damaged_view_is_not_used(game_path: Path, setup: c.Setup) -> None:
    Journal.create(game_path, setup).close()
    with sqlite3.connect(game_path) as conn:
        conn.execute("UPDATE views SET view = ?", ('{"version": 1, "ledger": {"players"',))
    conn.close()

    assert glance(game_path) is None


def test_a_file_from_before_views_gets_one_when_next_opened_for_writing(
    game_path: Path, setup: c.Setup
) -> None:
    """A game written by an older Banker has no views table: no glance, until the journal
    has opened it for writing and closed it."""
    with Journal.create(game_path, setup) as journal:
        journal.apply(c.Buy(player="Bob", deed="Reading Railroad"))
    with sqlite3.connect(game_path) as conn:
        conn.execute("DROP TABLE views")
    conn.close()

    assert glance(game_path) is None
    with Journal.open(game_path, read_only=True):
        pass
    assert glance(game_path) is None

    with Journal.open(game_path) as journal:
        expected = ledger_view(journal.game.state)

    seen = glance(game_path)
    assert seen is not None
    assert seen.seq == 2
    assert seen.view == expected
    assert seen.view.players[1].cash == 1300


@pytest.mark.parametrize(
    "contents",
    [
        pytest.param(b"", id="empty file"),
        pytest.param(b"a shopping list, not a game\n" * 40, id="text"),
        pytest.param(bytes(range(256)) * 16, id="garbage bytes"),
        pytest.param(b"SQLite format 3\x00" + b"\xff" * 4080, id="damaged sqlite"),
    ],
)
def test_a_file_that_is_not_a_game_gives_no_glance(tmp_path: Path, contents: bytes) -> None:
    path = tmp_path / "notes.banker"
    path.write_bytes(contents)

    assert glance(path) is None
    assert path.read_bytes() == contents


def test_another_sqlite_database_gives_no_glance(tmp_path: Path) -> None:
    path = tmp_path / "recipes.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE views (seq INTEGER, view TEXT)")
        conn.execute("CREATE TABLE journal (seq INTEGER)")
    conn.close()

    assert glance(path) is None


def test_a_missing_file_gives_no_glance_and_is_not_created(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.banker"

    assert glance(path) is None
    assert not path.exists()


def test_a_folder_gives_no_glance(tmp_path: Path) -> None:
    assert glance(tmp_path) is None


# The write lock, checked before anything is drawn.


def test_a_game_open_for_writing_elsewhere_is_refused_until_closed(
    game_path: Path, setup: c.Setup
) -> None:
    journal = Journal.create(game_path, setup)
    try:
        with pytest.raises(JournalError, match="already open for writing"):
            check_unlocked(game_path)
    finally:
        journal.close()

    check_unlocked(game_path)
    with Journal.open(game_path):
        with pytest.raises(JournalError, match="already open for writing"):
            check_unlocked(game_path)
    check_unlocked(game_path)


def test_a_read_only_reader_does_not_lock_the_game(game_path: Path, setup: c.Setup) -> None:
    Journal.create(game_path, setup).close()
    with Journal.open(game_path, read_only=True):
        check_unlocked(game_path)


# The fast start depends on not importing the rules' models.


def imported_after(code: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    )
    return out.stdout.strip()


def test_the_first_screen_path_does_not_import_pydantic() -> None:
    code = "import banker.tui.app, banker.store.glance, sys; print('pydantic' in sys.modules)"
    assert imported_after(code) == "False"


def test_the_check_would_notice_pydantic() -> None:
    """The event's models are pydantic models: importing them shows up."""
    code = "import banker.tournament.model, sys; print('pydantic' in sys.modules)"
    assert imported_after(code) == "True"


def test_a_games_command_line_does_not_import_pydantic(tmp_path: Path) -> None:
    """`banker do` and `banker show` read, check and write a game with the game's own
    records: pydantic's import and schema building are not on their path."""
    game = tmp_path / "g.banker"
    code = (
        "import sys; from banker.demo import make_demo; from banker.cli import main; "
        f"make_demo({str(game)!r}); "
        f"main(['do', {str(game)!r}, 'collect alice 1']); "
        f"main(['show', {str(game)!r}, '--json']); "
        "print('pydantic' in sys.modules)"
    )
    assert imported_after(code).splitlines()[-1] == "False"
