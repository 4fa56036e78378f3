"""The banker command as a script uses it: new, do, show, log."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from banker.cli import main


@pytest.fixture
def game(tmp_path: Path) -> str:
    path = str(tmp_path / "friday.banker")
    assert main(["new", path, "--players", "Alice,Bob,Carol"]) == 0
    return path


def test_do_prints_a_receipt_and_show_prints_the_state(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["do", game, "buy alice board"]) == 0
    assert main(["do", game, "rent bob board"]) == 0
    out = capsys.readouterr().out
    assert "Alice bought Boardwalk for $400" in out
    assert "Bob paid Alice $50 rent for Boardwalk" in out
    assert main(["show", game, "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert [(p["name"], p["cash"], p["jail_cards"], p["bankrupt"]) for p in state["players"]] == [
        ("Alice", 1150, 0, False),
        ("Bob", 1450, 0, False),
        ("Carol", 1500, 0, False),
    ]
    boardwalk = next(d for d in state["deeds"] if d["name"] == "Boardwalk")
    assert boardwalk == boardwalk | {
        "owner": "Alice",
        "mortgaged": False,
        "houses": 0,
        "hotel": False,
    }
    assert next(d for d in state["deeds"] if d["name"] == "Park Place")["owner"] is None
    assert state["bank"] == {"houses": 32, "hotels": 12, "free_parking": 0}


def test_show_json_carries_the_turn_the_squares_and_the_last_landing(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """After `next` and Bob's throw of 8: Bob's turn, Bob on Vermont Avenue (8). Carol's
    card (Reading Railroad, past GO from every Chance square) then moves her token: the
    last landing is hers, by the card."""
    for line in ("next", "move bob 8", "card carol chance-reading"):
        assert main(["do", game, line]) == 0
    capsys.readouterr()
    assert main(["show", game, "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["turn"] == "Bob"  # a throw makes it the thrower's turn; a card does not
    squares = [(p["name"], p["square"], p["square_name"]) for p in state["players"]]
    assert squares == [
        ("Alice", 0, "GO"),
        ("Bob", 8, "Vermont Avenue"),
        ("Carol", 5, "Reading Railroad"),
    ]
    assert state["landing"] == {
        "player": "Carol",
        "square": 5,
        "square_name": "Reading Railroad",
        "by": "card",
        "dice": None,
        "card": "chance-reading",
    }
    assert main(["do", game, "end"]) == 0
    capsys.readouterr()
    main(["show", game, "--json"])
    assert json.loads(capsys.readouterr().out)["turn"] is None  # the game is over


def test_a_refused_command_exits_1_with_the_reason_and_changes_nothing(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["do", game, "buy alice board"])
    capsys.readouterr()
    assert main(["do", game, "buy bob board"]) == 1
    err = capsys.readouterr().err
    assert "Boardwalk is not for sale: Alice owns it" in err
    main(["show", game, "--json"])
    shown = json.loads(capsys.readouterr().out)
    assert [p["cash"] for p in shown["players"][:2]] == [1100, 1500]


def test_a_script_stops_at_the_first_refused_line(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "turns.txt"
    script.write_text("# Friday night\nbuy alice board\n\nbuy bob board   # taken!\ngo carol\n")
    capsys.readouterr()
    assert main(["do", game, "-f", str(script)]) == 1
    captured = capsys.readouterr()
    assert "Alice bought Boardwalk" in captured.out
    assert f"{script}, line 4: Boardwalk is not for sale" in captured.err
    main(["show", game, "--json"])
    assert json.loads(capsys.readouterr().out)["players"][2]["cash"] == 1500


def test_worth_prints_the_breakdown_and_journals_nothing(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["do", game, "buy bob park"])
    capsys.readouterr()
    assert main(["do", game, "worth bob"]) == 0
    out = capsys.readouterr().out
    assert "Bob is worth $1,500" in out
    assert "10% of worth = $150" in out
    main(["log", game])
    assert len(capsys.readouterr().out.strip().splitlines()) == 2


def test_log_marks_undone_entries(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    for line in ("go alice", "undo"):
        main(["do", game, line])
    capsys.readouterr()
    main(["log", game])
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[1].endswith("Alice passed GO and collected $200  (undone)")
    assert lines[2].endswith("Undid: Alice passed GO and collected $200")


@pytest.mark.parametrize(
    ("players", "reason"),
    [
        ("Alice,alice", "would read alike in a command"),
        ("Alice", "2 to 8 players"),
        ("A,B,C,D,E,F,G,H,I", "2 to 8 players"),
        ("Alice, ,Bob", "empty"),
        ("Alice,42", "at least one letter"),
        ("Alice,Give Away", "a word the command language uses"),
        # the review's D5: a player Pot took `pay bob 10 to pot`; a fullwidth Ａlice
        # beside Alice looked the same at the table and took other payments
        ("Pot,Bob,Carol", "'Pot' reads as 'pot', a word of the command language"),
        ("Ａlice,Alice", "'Ａlice' and 'Alice' would read alike in a command"),
        ("Alice,Pot Noodle", "'Pot Noodle' reads as 'pot'"),
        ("Alice,The Bank", "'The Bank' reads as 'the bank'"),
        ("Alice,Bank", "'Bank' reads as 'bank'"),
        ("Alice,ธนาคาร", "reads as 'ธนาคาร'"),
        ("Alice,Free-Parking", "reads as 'free-parking'"),
        ("Alice,Go", "'Go' reads as 'go'"),
        ("Ｂob,Alice,bob", "'Ｂob' and 'bob' would read alike"),
    ],
)
def test_new_refuses_bad_player_names(
    tmp_path: Path, players: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.banker"
    assert main(["new", str(path), "--players", players]) == 1
    assert reason in capsys.readouterr().err
    assert not path.exists()


def test_the_reviews_pot_is_refused_and_names_like_words_are_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The review's D5 word for word: a pot game with a player Pot is refused, nothing is
    made; names holding a command word inside a longer word are still names."""
    rules = tmp_path / "pot.toml"
    rules.write_text("free_parking_pot = true\n")
    path = tmp_path / "potg.banker"
    assert main(["new", str(path), "--players", "Pot,Bob,Carol", "--rules", str(rules)]) == 1
    assert "'Pot' reads as 'pot'" in capsys.readouterr().err and not path.exists()
    names = "Potter,Banks,Gopal,Tobias,Ａnn"  # a fullwidth letter alone is still a name
    assert main(["new", str(path), "--players", names, "--rules", str(rules)]) == 0
    assert main(["do", str(path), "pay bob 10 to pot"]) == 1  # no Bob: a reason, not Pot
    assert main(["do", str(path), "pay potter 10 to pot"]) == 0
    capsys.readouterr()
    assert main(["show", str(path), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["bank"]["free_parking"] == 10


def test_a_game_made_before_the_rule_with_a_player_pot_still_opens(tmp_path: Path) -> None:
    """Names are checked this strictly when a game is made; an older game's setup is read
    as it was written (its players keep their names)."""
    from banker.core.commands import Setup
    from banker.core.edition import load_edition
    from banker.store import Journal

    path = tmp_path / "old.banker"
    Journal.create(path, Setup(players=["Pot", "Bob"], edition=load_edition("us"))).close()
    assert main(["do", str(path), "collect pot 5"]) == 0


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "'Pot' reads as 'pot', a word of the command language"),
        ("ms", "'Pot' dibaca sebagai 'pot'"),
        ("th", "'Pot' อ่านได้เป็น 'pot'"),
    ],
)
def test_a_name_that_is_a_table_word_is_refused_in_the_games_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    path = tmp_path / "g.banker"
    assert main(["new", str(path), "--players", "Pot,Bob", "--lang", lang]) == 1
    err = capsys.readouterr().err
    assert said in err, err
    assert main(["new", str(path), "--players", "Ａlice,Alice", "--lang", lang]) == 1
    assert "'Ａlice'" in capsys.readouterr().err and not path.exists()


def test_the_reviews_unplayable_edition_is_refused_by_check_and_by_new(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The review's D7: `salary = 99999999999999200` was "a good edition", `new` made a
    game of it, and every `go` was refused."""
    from importlib import resources

    us = resources.files("banker.editions").joinpath("us.toml").read_text(encoding="utf-8")
    edition = tmp_path / "e20.toml"
    edition.write_text(us.replace("salary = 200", "salary = 99999999999999200"))
    capsys.readouterr()
    assert main(["edition", "check", str(edition)]) == 1
    said = capsys.readouterr()
    assert "'salary': 99,999,999,999,999,200 is more than the bank moves in one go" in said.err
    path = tmp_path / "big.banker"
    assert main(["new", str(path), "--players", "Ann,Bo", "--edition", str(edition)]) == 1
    assert "no game could be played with it" in capsys.readouterr().err
    assert not path.exists()


def test_new_with_house_rules_and_the_uk_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text("free_parking_pot = true\nfree_parking_seed = 500\nstarting_cash = 2000\n")
    path = str(tmp_path / "london.banker")
    assert (
        main(["new", path, "--players", "Ann,Ben", "--edition", "uk", "--rules", str(rules)]) == 0
    )
    assert main(["do", path, "tax ann super"]) == 0
    assert "Ann paid £100 Super Tax" in capsys.readouterr().out
    main(["show", path, "--json"])
    state = json.loads(capsys.readouterr().out)
    assert state["players"][0]["cash"] == 1900
    assert state["bank"]["free_parking"] == 600


def test_bad_house_rules_are_refused_with_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text("starting_cash = -5\n")
    assert main(["new", str(tmp_path / "g.banker"), "--players", "A,B", "--rules", str(rules)]) == 1
    assert "starting_cash" in capsys.readouterr().err


def test_a_game_named_without_a_path_lives_in_the_games_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BANKER_HOME", str(tmp_path / "home"))
    assert main(["new", "friday", "--players", "Alice,Bob"]) == 0
    assert (tmp_path / "home" / "games" / "friday.banker").is_file()
    assert main(["do", "friday", "go bob"]) == 0


def test_opening_something_that_is_not_a_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello")
    assert main(["show", str(path)]) == 1
    assert "not a Banker game" in capsys.readouterr().err


def test_the_installed_command_runs(game: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "banker.cli", "do", game, "rent bob board"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert (
        done.stderr.strip()
        == "Boardwalk belongs to the bank: nobody collects rent. Buy it or auction it."
    )
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("entry", ["banker.cli", "the installed command"])
def test_a_quick_action_ends_with_every_receipt_written_and_the_game_closed(
    game: str, tmp_path: Path, entry: str
) -> None:
    """`do`, `show`, `log` and `verify` end their process at once (no interpreter teardown):
    what they printed is all there, in a file too, and the game was closed first."""
    from banker.store import Journal

    script = tmp_path / "script.txt"
    script.write_text("".join(f"collect alice {n}\n" for n in range(1, 41)), encoding="utf-8")
    start = (
        [sys.executable, "-m", "banker.cli"]
        if entry == "banker.cli"
        else [sys.executable, "-c", "from banker.cli import run; run()"]
    )
    out = tmp_path / "out.txt"
    with out.open("wb") as file:
        done = subprocess.run([*start, "do", game, "-f", str(script)], stdout=file, timeout=60)
    assert done.returncode == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 40 and lines[-1].endswith("$40 from the bank")
    wal = Path(game + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0  # closed: all in the one file
    with Journal.open(game, read_only=True) as journal:
        assert journal._older is not None  # the close wrote its checkpoint
    refused = subprocess.run([*start, "do", game, "collect zed 1"], capture_output=True, timeout=60)
    assert refused.returncode == 1 and b"No player is called 'zed'" in refused.stderr


@pytest.mark.parametrize(
    ("lang", "players", "standings"),
    [
        ("en", "Hal,Ben,Jon,Max", "1. Hal $3,000; 2. Ben $1,525; 3. Jon $1,500; 4. Max bankrupt"),
        (
            "th",
            "Hal,Ben,Jon,Max,Ivy",
            "1. Hal $3,000; 2. Ben $1,525; 3. Jon $1,500; 4. Ivy $1,500; 5. Max ล้มละลาย",
        ),
    ],
)
def test_the_end_line_names_every_player_as_the_event_records_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, players: str, standings: str
) -> None:
    """A table of 4 and one of 5. Before: "1. Hal $3,000; 2. Ben $1,525; 3. Jon $1,500",
    Max (bankrupt) left out."""
    game = str(tmp_path / "r1t2.banker")
    assert main(["new", game, "--players", players, "--lang", lang]) == 0
    for line in ("pay max 1600 to hal", "bankrupt max", "collect ben 25"):
        assert main(["do", game, line]) == 0
    capsys.readouterr()
    assert main(["do", game, "end"]) == 0
    out = capsys.readouterr().out.strip()
    assert standings in out, out
