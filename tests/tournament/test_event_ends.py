"""The event says when it is won, and its words are right: a championship of 9 players
(tables of 5 and 4, one preliminary round, semi-finals of the best 8, a final of 4) run
from the command line as a director does, in English and in Thai; then the board at
80x24 and 160x50. Before: "1 tables, 0 byes"; "tables 4 still playing" for one table;
"7 pairs meet again (the fewest the draw could find)" for a seating fixed by rank;
"The event has 3 rounds." after the final, nothing naming the champion anywhere; the
head "Round 2/3 · semi-finals" for the semi-finals of an event of one preliminary."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from banker.cli import main
from banker.i18n import translator
from banker.tournament.journal import EventJournal, resolve_event_path
from banker.tui.board import BoardApp
from tests.tournament.conftest import submit, until
from tests.tournament.test_board_shows_everyone import lines_in

NINE = ["Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]
STRENGTH = {name: 90 - 10 * i for i, name in enumerate(NINE)}
"""Each player's worth at every table above $1,500 (x 1): Ana best, Ivy last."""


def _play(run, round_number: int) -> None:  # type: ignore[no-untyped-def]
    """Start the round, record each table by hand by strength, end the round."""
    run("tournament", "start", "cup")
    with EventJournal.open(resolve_event_path("cup"), read_only=True) as journal:
        tables = journal.state.round(round_number).tables
    for number, names in enumerate(tables, start=1):
        ranked = sorted(names, key=lambda n: -STRENGTH[n])
        figures = ",".join(f"{n}={1500 + STRENGTH[n]}" for n in ranked)
        run("tournament", "record", "cup", str(number), figures)
    run("tournament", "end", "cup")


@pytest.mark.parametrize("language", ["en", "th"])
def test_the_event_names_its_champion_and_says_its_rounds_right(
    language: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("BANKER_HOME", str(tmp_path))
    say = translator(language)
    said: list[str] = []

    def run(*words: str, ok: bool = True) -> str:
        code = main([*words, "--lang", language])
        out = capsys.readouterr()
        assert (code == 0) is ok, (words, out)
        said.append(out.out + out.err)
        return said[-1]

    run("tournament", "new", "cup", "--rounds", "1", "--semi-finals", "8", "--final", "4")
    run("tournament", "players", "cup", ",".join(NINE))
    drawn = run("tournament", "draw", "cup")
    tables, byes = (
        say.ngettext("{n} table", "{n} tables", 2),
        say.ngettext("{n} bye", "{n} byes", 0),
    )
    assert (
        say("Round {n} drawn: {tables}, {byes}").format(
            n=1, tables=tables.format(n=2), byes=byes.format(n=0)
        )
        in drawn
    )
    _play(run, 1)

    semis = run("tournament", "draw", "cup")  # seated by rank: 1,4,5,8 and 2,3,6,7
    fewest = say.ngettext(
        "{n} pair meets again (the fewest the draw could find): {pairs}",
        "{n} pairs meet again (the fewest the draw could find): {pairs}",
        2,
    )
    by_rank = say.ngettext(
        "{n} pair meets again (the seating follows the ranking): {pairs}",
        "{n} pairs meet again (the seating follows the ranking): {pairs}",
        2,
    )
    assert fewest.split("{pairs}")[0].split("{n}")[1] not in semis
    assert by_rank.split("{pairs}")[0].split("{n}")[1] in semis
    _play(run, 2)

    final = run("tournament", "draw", "cup")
    one = say.ngettext("{n} table", "{n} tables", 1).format(n=1)
    assert (
        say("Round {n} drawn: {tables}, {byes}").format(n=3, tables=one, byes=byes.format(n=0))
        in final
    )
    run("tournament", "start", "cup")
    early = run("tournament", "end", "cup", ok=False)  # one table playing, time not up
    assert (
        say.ngettext(
            "Round {r} has {left} left and table {tables} is still playing: 'end now' ends it "
            "early (it is recorded as it stands).",
            "Round {r} has {left} left and tables {tables} are still playing: 'end now' ends it "
            "early (they are recorded as they stand).",
            1,
        )
        .split("{tables}")[1]
        .split("'end now'")[0]
        in early
    )
    with EventJournal.open(resolve_event_path("cup"), read_only=True) as journal:
        finalists = journal.state.round(3).tables[0]
    champion = max(finalists, key=lambda n: STRENGTH[n])
    figures = ",".join(
        f"{n}={1500 + STRENGTH[n]}" for n in sorted(finalists, key=lambda n: -STRENGTH[n])
    )
    run("tournament", "record", "cup", "1", figures)
    complete = say("The event is complete: {name} is the champion.").format(name=champion)
    assert complete in run("tournament", "draw", "cup", ok=False)
    shown = run("tournament", "show", "cup").strip().splitlines()
    assert shown[-1].startswith(
        say("The event is complete: {name} is the champion. Final ranking: {ranking}")
        .split("{ranking}")[0]
        .format(name=champion)
    )
    assert f"1. {champion}, 2. " in shown[-1]
    # each round named as the director knows it: the semi-finals are not "Round 2/3"
    semis_named = say("Round {n}, {words} ({state}):").format(
        n=2, words=say("Semi-finals"), state=say("ended")
    )
    assert semis_named in shown


@pytest.mark.parametrize(("size", "language"), [((80, 24), "en"), ((160, 50), "th")])
async def test_the_board_names_the_round_and_the_champion(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    size: tuple[int, int],
    language: str,
) -> None:
    monkeypatch.setenv("BANKER_HOME", str(tmp_path))
    say = translator(language)

    def run(*words: str) -> None:
        assert main([*words, "--lang", language]) == 0
        capsys.readouterr()

    # a real event's name: the head still says who won at 80 columns, not the clock
    run(
        "tournament", "new", "cup", "--name", "Test Championship", "--rounds", "1",
        "--semi-finals", "8", "--final", "4",
    )  # fmt: skip
    run("tournament", "players", "cup", ",".join(NINE))
    run("tournament", "draw", "cup")
    _play(run, 1)
    run("tournament", "draw", "cup")
    journal = EventJournal.open(resolve_event_path("cup"))
    app = BoardApp(journal, serve=False, language=language)
    async with app.run_test(size=size):
        head = app.screen.query_one("#head", Static)
        semis = say("{words} (round {n})").format(words=say("Semi-finals"), n=2)
        await until(lambda: semis in " ".join(lines_in(app, head)))
        for line in ("start", *_records(journal, 2), "end", "draw", "start"):
            await submit(app, line)
        await until(lambda: journal.state.current is not None and journal.state.current.number == 3)
        await until(lambda: say("Final") in " ".join(lines_in(app, head)))
        for line in _records(journal, 3):
            await submit(app, line)
        finalists = journal.state.round(3).tables[0]
        champion = max(finalists, key=lambda n: STRENGTH[n])
        crowned = say("complete: {name} is the champion").format(name=champion)
        await until(lambda: crowned in " ".join(lines_in(app, head)))
        said = str(app.screen.query_one("#said", Static).render())
        assert say("The event is complete: {name} is the champion. Final ranking: {ranking}").split(
            "{ranking}"
        )[0].format(name=champion) in said.replace("\n", " ")
    journal.close()


def _records(journal: EventJournal, number: int) -> list[str]:
    """The bar's `record` lines for every table of round `number`, by strength."""
    lines = []
    for t, names in enumerate(journal.state.round(number).tables, start=1):
        ranked = sorted(names, key=lambda n: -STRENGTH[n])
        lines.append(f"record {t} " + ",".join(f"{n}={1500 + STRENGTH[n]}" for n in ranked))
    return lines
