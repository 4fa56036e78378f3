"""What a Malay or Thai table reads carries no English the catalogue missed (the check is
`tests.english`: only names, amounts, keys, command words and listed exceptions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.game import Game
from banker.core.language import parse
from banker.i18n import translator
from banker.store import Journal
from tests.english import english_in

LANGUAGES = ["ms", "th"]


def test_the_check_finds_english_and_lets_names_through() -> None:
    assert (
        english_in("Alice membayar sewa $50 kepada Bob untuk Boardwalk", "ms", ["Alice", "Bob"])
        == []
    )
    paid = english_in("Alice paid Bob $50 rent for Boardwalk", "ms", ["Alice", "Bob"])
    assert "paid" in paid and "Boardwalk" not in paid
    assert english_in("Alice จ่ายค่าเช่า $50 ให้ Bob (Enter, ctrl+z)", "th", ["Alice", "Bob"]) == []
    assert english_in("Alice เดินไปที่ Income Tax", "th", ["Alice"]) == ["Income", "Tax"]
    # a column cut at its pane's edge passes when it begins a word of the language; English
    # cut there is still English
    assert english_in("Meja  Pemain: nilai  Pe│", "ms") == []
    assert english_in("Meja  Pemain: nilai  Lead│", "ms") == ["Lead"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_receipt_of_the_demo_game_reads_in_the_language(language: str) -> None:
    from banker.demo import make_demo

    with Journal.open(make_demo(), read_only=True) as journal:
        names = [p.name for p in journal.game.state.players]
        tr = translator(language)
        leaks = {
            text: words
            for e in journal.entries()
            if (words := english_in(text := e.message.render(tr), language, names))
        }
    assert not leaks, leaks


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_rent_moves_and_the_board_read_in_the_language(language: str) -> None:
    """The review's leaks: a nearest-railroad card onto an owned railroad ("paid Carol $100
    rent for"), a move written as given ("moved to Income Tax", "Go To Jail"), the board's
    name ("on the United States board")."""
    setup = c.Setup(players=["Alice", "Bob", "Carol"], edition=load_edition("us"))
    game = Game(setup)
    said = [game.do(parse(line, game.state)) for line in ("buy carol reading", "buy carol b&o")]
    said.append(game.do(c.MoveToken(player="Alice", how="forward", square=22)))
    said.append(game.do(c.DrawCard(player="Alice", card="chance-railroad-1")))
    said.append(game.do(c.MoveToken(player="Bob", square=4, how="given")))
    said.append(game.do(c.MoveToken(player="Bob", square=30, how="given")))
    tr = translator(language)
    from banker.store.journal import _setup_message

    texts = [m.render(tr) for m in said] + [_setup_message(setup).render(tr)]
    leaks = {t: w for t in texts if (w := english_in(t, language, ["Alice", "Bob", "Carol"]))}
    assert not leaks, leaks


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_command_lines_refusals_are_said_in_the_language(
    language: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Outside an open game the command line printed its refusals in English even with
    `--lang`; a script's refusal said "line 3". `--lang` anywhere on the line, else the
    named game's language."""
    from banker.cli import main

    monkeypatch.setenv("BANKER_HOME", str(tmp_path))
    assert main(["new", "g", "--players", "Ann,Ben", "--lang", language]) == 0
    script = tmp_path / "s.txt"
    script.write_text("buy ann board\nbuy nobody board\n", encoding="utf-8")
    capsys.readouterr()
    said: list[str] = []
    for line in (
        ["new", "x", "--players", "Ann", "--lang", language],
        ["show", "nowhere", "--lang", language],
        ["--lang", language, "log", "nowhere"],
        ["tournament", "show", "nowhere", "--lang", language],
        ["do", "g", "-f", str(script)],  # the game's language
        ["do", "g", "rent ben nowhere"],
    ):
        assert main(line) != 0, line
        said.append(capsys.readouterr().err)
    leaks = {t: w for t in said if (w := english_in(t, language, ["Ann", "Ben"]))}
    assert not leaks, leaks
    assert all(said), said


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_directors_board_footer_is_in_the_language(
    language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The review's board footer: "f2 Standings page code", "^p palette" in English."""
    from banker.tournament.journal import EventJournal
    from banker.tournament.model import EventSetup
    from banker.tui.board import BoardApp
    from banker.tui.widgets.footer import KeysFooter

    monkeypatch.setenv("LC_ALL", f"{language}_MY.UTF-8" if language == "ms" else "th_TH.UTF-8")
    journal = EventJournal.create(
        tmp_path / "e.event", EventSetup(name="Cup", rounds=1, minutes=90)
    )
    app = BoardApp(journal, serve=False)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        text = " ".join(line.text for line in footer.render_lines(footer.region.reset_offset))
    journal.close()
    assert text.strip()
    assert english_in(text, language) == [], text


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_palette_says_no_match_in_the_language(language: str, tmp_path: Path) -> None:
    from textual.command import CommandList, CommandPalette
    from textual.widgets import Input

    from banker.tui.app import make_app

    path = tmp_path / "g.banker"
    setup = c.Setup(players=["Ann", "Ben"], edition=load_edition("us"), language=language)
    Journal.create(path, setup).close()
    app = make_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        app.screen.query_one(Input).value = "zzqqxx"
        listed = app.screen.query_one(CommandList)
        shown = ""
        for _ in range(200):  # bounded looks until the palette's own timer has drawn it
            await pilot.pause(0.05)
            if listed.option_count == 1 and listed.get_option_at_index(0).disabled:
                prompt = listed.get_option_at_index(0).prompt
                inner = getattr(prompt, "renderable", prompt)  # the line, centred
                shown = getattr(inner, "plain", str(inner))
                if shown != "No matches found":
                    break  # translated (the palette's English comes first, then is replaced)
        assert shown and english_in(shown, language) == [], shown
    app.journal.close()  # type: ignore[union-attr]


@pytest.mark.parametrize("language", LANGUAGES)
async def test_banker_share_speaks_the_games_language(language: str, tmp_path: Path) -> None:
    """The review's `banker share` lines: "Each player's own page…", "Read-only: nobody
    can change the game from a phone.", "Ctrl+C stops sharing.", "Sharing stopped."."""
    import asyncio
    import io

    from banker.web.share import serve

    path = tmp_path / "g.banker"
    setup = c.Setup(players=["Ann", "Ben"], edition=load_edition("us"), language=language)
    Journal.create(path, setup).close()
    out = io.StringIO()
    stop = asyncio.Event()
    task = asyncio.create_task(serve(path, "127.0.0.1", 0, out=out, stop=stop))
    for _ in range(400):  # bounded looks until the lines are printed
        if out.getvalue() or task.done():
            break
        await asyncio.sleep(0.05)
    stop.set()
    await task
    said = out.getvalue()
    assert "Ann: http" in said
    assert english_in(said, language, ["Ann", "Ben"]) == [], said


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_seating_after_draw_is_in_the_language(
    language: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The review's "Round 1 of kejohanan:", "Table 1: Fay, Gus…", "Bye: Cai"."""
    from banker.cli import main

    monkeypatch.setenv("BANKER_HOME", str(tmp_path))
    names = ["Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]
    assert main(["tournament", "new", "cup", "--rounds", "1", "--minutes", "30"]) == 0
    assert main(["tournament", "players", "cup", ",".join(names)]) == 0
    capsys.readouterr()
    assert main(["tournament", "draw", "cup", "--lang", language]) == 0
    said = capsys.readouterr().out
    seating = [line for line in said.splitlines() if not line.startswith("banker new")]
    text = "\n".join(seating)
    assert "1" in text and english_in(text, language, names + ["cup"]) == [], text


@pytest.mark.parametrize("language", LANGUAGES)
def test_recover_backup_and_log_speak_the_games_language(
    language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`banker recover` said "Saved 3 entries of", "lost entry 4: the undo of entry 3, which
    was lost, was dropped" and SQLite's own English; `backup` and `log` their lines."""
    import sqlite3

    from banker.cli import main

    path = tmp_path / "g.banker"
    setup = c.Setup(players=["Ann", "Ben"], edition=load_edition("us"), language=language)
    with Journal.create(path, setup) as j:
        j.apply(c.Collect(player="Ann", amount=10))
        j.apply(c.Collect(player="Ann", amount=20))
        j.undo()  # undoes entry 3, which is then lost
        j.apply(c.Collect(player="Ben", amount=5))
    said: list[str] = []
    assert main(["log", str(path)]) == 0  # with an undone entry
    said.append(capsys.readouterr().out)
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM journal WHERE seq = 3")
        db.execute("UPDATE journal SET command = 'not json' WHERE seq = 5")
    assert main(["recover", str(path)]) == 1  # something was lost: it says so
    said.append(capsys.readouterr().out)
    assert (
        main(["backup", str(tmp_path / "g-recovered.banker"), str(tmp_path / "copy.banker")]) == 0
    )
    said.append(capsys.readouterr().out)
    assert said[1].count("\n") >= 3, said[1]  # saved, and two entries lost
    leaks = {t: w for t in said if (w := english_in(t, language, ["Ann", "Ben", str(tmp_path)]))}
    assert not leaks, leaks


def _said(argv: list[str]) -> tuple[int, str]:
    """What `banker ARGV` prints (both streams) and its exit status, `--help` included."""
    import contextlib
    import io

    from banker.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse's --help and its refusals
            status = exc.code if isinstance(exc.code, int) else 2
    return status, out.getvalue()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_verb_and_its_refusals_read_in_the_language(
    language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The review's tour of the command line: each verb's example, the verb alone, with a
    name nobody has and with a word too many, on a new game and on the demo game in full
    swing; then the questions and history moves. A refusal's form (`Write it as: jail
    PLAYER fine|card to leave, or ...`) was English."""
    from banker.core.verbs import DECLARED
    from banker.demo import DEMO_PLAYERS, make_demo

    monkeypatch.setenv("BANKER_HOME", str(tmp_path))
    assert _said(["new", "g", "--players", "Alice,Bob,Carol", "--lang", language])[0] == 0
    demo = make_demo(tmp_path / "demo.banker")
    assert _said(["do", str(demo), f"language {language}"])[0] == 0
    names = ["Alice", "Bob", "Carol", *DEMO_PLAYERS]
    examples = [v.example for v in DECLARED if getattr(v, "example", None)]
    leaks: dict[str, list[str]] = {}
    refused = 0
    for game in ("g", str(demo)):
        for example in examples:
            verb = example.split()[0]
            if verb == "language":  # stays in the language under test
                lines = [f"language {language}", "language", "language xx"]
            else:
                lines = [example, verb, f"{verb} nobody", f"{example} extra"]
            for line in lines:
                status, text = _said(["do", game, line])
                refused += status != 0
                if words := english_in(text, language, names):
                    leaks[line] = words
        asked = [["do", game, q] for q in ("worth alice", "raise bob", "undo", "redo")]
        for argv in [*asked, ["show", game], ["log", game]]:
            if words := english_in(_said(argv)[1], language, names):
                leaks[" ".join(argv)] = words
    assert refused > len(examples) * 2  # the refusals were said, not skipped
    assert not leaks, leaks


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_directors_commands_read_in_the_language(
    language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every director's command from the shell, a refused form of each, and argparse's own
    refusal of an unknown action."""
    monkeypatch.setenv("BANKER_HOME", str(tmp_path))
    t = ["tournament"]
    players = "Ana,Ben,Cai,Dan,Eve,Fay,Gus,Hal"
    tour = [
        [*t, "new", "cup", "--rounds", "2"],
        [*t, "players", "cup", players],
        [*t, "players", "cup"],
        [*t, "start", "cup"],
        [*t, "draw", "cup"],
        [*t, "seating", "cup"],
        [*t, "seating", "cup", "9"],
        [*t, "link", "cup"],
        [*t, "link", "cup", "1", "ftp://x"],
        [*t, "link", "cup", "1", "http://127.0.0.1:9/t/x"],
        [*t, "start", "cup"],
        [*t, "record", "cup"],
        [*t, "record", "cup", "1", "Ana=x"],
        [*t, "standings", "cup"],
        [*t, "end", "cup"],
        [*t, "record", "cup", "1", "Ana=2400,Ben=1800,Cai=1500,Dan=900"],
        [*t, "record", "cup", "2", "Eve=2400,Fay=1800,Gus=1500,Hal=900"],
        [*t, "correct", "cup", "1", "Ana=2400,Ben=1800,Cai=1500,Dan=900"],
        [*t, "correct", "cup", "1", "Ana=2500,Ben=1800,Cai=1500,Dan=900", "because", "typo"],
        [*t, "undo", "cup"],
        [*t, "redo", "cup"],
        [*t, "draw", "cup"],
        [*t, "show", "cup"],
        [*t, "log", "cup"],
        [*t, "standings", "cup"],
        [*t, "csv", "cup", "-o", str(tmp_path / "missing" / "x.csv")],
        [*t, "csv", "cup", "-o", str(tmp_path / "x.csv")],
        [*t, "bogus", "cup"],
        [*t, "show", "nowhere"],
        [*t],
    ]
    leaks = {}
    for argv in tour:
        status, text = _said([*argv, "--lang", language])
        assert text.strip(), argv
        if words := english_in(text, language, ["cup", *players.split(",")]):
            leaks[" ".join(argv[1:4])] = words
    assert not leaks, leaks


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_and_a_malformed_line_are_in_the_language(language: str) -> None:
    """`--help` of every action, and argparse's own refusals ("usage:", "error:", "the
    following arguments are required"), in the language asked for."""
    from banker.cli import _parser

    actions = [[a] for a in _parser()._subparsers._group_actions[0].choices]  # type: ignore[union-attr]
    tour = [[], *actions, ["tournament", "board"], ["tournament", "join"], ["edition", "check"]]
    leaks = {}
    for argv in tour:
        for line in ([*argv, "--help"], [*argv, "--no-such-flag"]):
            status, text = _said(["--lang", language, *line])
            assert status != 0 or line[-1] == "--help", line
            if words := english_in(text, language, ["Alice", "Bob", "Carol", "Ana", "Ben"]):
                leaks[" ".join(line)] = words
    status, text = _said(["new", "x", "--lang", language])  # no --players
    assert status == 2 and english_in(text, language) == [], text
    assert not leaks, leaks


LIBRARY_ENGLISH = (
    "Invalid",
    "codec",
    "decode",
    "malformed",
    "database disk",
    "no setup entry",
    "United Kingdom",
    "United States",
    "a good edition",
    "whole number",
    "required, and missing",
)
"""What the review found inside translated sentences: TOML's, Python's decoding's and
SQLite's reasons, the board names, and the whole of `edition check` and `edition list`."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_librarys_reason_and_the_editions_are_said_in_the_language(
    language: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A file that is not TOML (at its line), not UTF-8 text, a damaged game file, a game
    file with no setup, a bad edition and a good one, the editions' list and a game on the
    London board: every line in the language, the library's own words nowhere."""
    import sqlite3

    from banker.cli import main

    monkeypatch.setenv("BANKER_HOME", str(tmp_path))
    files = tmp_path / "files"
    files.mkdir()
    (files / "bad.toml").write_text("free_parking_pot = \n", encoding="utf-8")
    (files / "latin.toml").write_bytes(b'name = "\xff\xfe"\n')
    (files / "s.txt").write_bytes(b"buy \xff board\n")
    (files / "e1.toml").write_text('name = "X"\n', encoding="utf-8")
    (files / "e2.toml").write_text('id = "x"\nname = 3\n', encoding="utf-8")
    edition = Path(__file__).parent.parent / "banker" / "editions" / "uk.toml"
    big = edition.read_text(encoding="utf-8").replace("salary = 200", "salary = 10000000000")
    (files / "e3.toml").write_text(big, encoding="utf-8")  # more than a movement may be
    assert main(["new", "g", "--players", "Ann,Ben", "--lang", language]) == 0
    for _ in range(12):
        assert main(["do", "g", "collect ann 10"]) == 0
    games = tmp_path / "games"
    damaged = games / "damaged.banker"
    damaged.write_bytes((games / "g.banker").read_bytes())
    with damaged.open("r+b") as f:  # a page in the middle written over
        f.seek(4096 * 2)
        f.write(b"\xde\xad" * 2048)
    empty = games / "empty.banker"  # a game file whose setup entry is gone
    empty.write_bytes((games / "g.banker").read_bytes())
    with sqlite3.connect(empty) as conn:
        conn.execute("DELETE FROM journal WHERE seq = 1")
    capsys.readouterr()
    said: dict[str, str] = {}
    for line in (
        ["new", "x", "--players", "Ann,Ben", "--rules", str(files / "bad.toml")],
        ["new", "y", "--players", "Ann,Ben", "--rules", str(files / "latin.toml")],
        ["do", "g", "-f", str(files / "s.txt")],
        ["verify", "damaged"],
        ["show", "damaged"],
        ["recover", "empty"],
        ["edition", "check", str(files / "bad.toml")],
        ["edition", "check", str(files / "latin.toml")],
        ["edition", "check", str(files / "e1.toml")],
        ["edition", "check", str(files / "e2.toml")],
        ["edition", "check", str(files / "e3.toml")],
        ["edition", "check", str(edition)],
        ["edition", "list"],
        ["new", "london", "--players", "Ann,Ben", "--edition", "uk"],
    ):
        main([*line, "--lang", language])
        out = capsys.readouterr()
        said[" ".join(line)] = out.out + out.err
    assert all(said.values()), said
    names = ["Ann", "Ben", "london"]  # the game named london
    leaks = {k: w for k, text in said.items() if (w := english_in(text, language, names))}
    assert not leaks, leaks
    library = {k: [e for e in LIBRARY_ENGLISH if e in text] for k, text in said.items()}
    assert not any(library.values()), library
    assert translator(language)("United Kingdom (London)") in said["edition list"]
