"""The director reads the tournament in the language asked for (`--lang`, the board's):
the command line's every action and refusal, what a table plays differently, the join
answer, a result that cannot be recorded, the new event form's reasons. The check is
`tests.english`: nothing but names, amounts, keys and command words may be in Latin
letters."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest

from banker.i18n import translator
from banker.tournament.director import Director, differences
from banker.tournament.follower import Follower
from banker.tournament.join import JoinDesk
from banker.tournament.journal import EventJournal, resolve_event_path
from banker.tournament.model import AddPlayers, EventSetup
from banker.tournament.seating import next_seating
from tests.english import english_in
from tests.tournament.conftest import Venue, until

LANGUAGES = ["ms", "th"]
NAMES = ["Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_tournament_action_and_refusal_is_said_in_the_language(
    language: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from banker.cli import main

    monkeypatch.setenv("BANKER_HOME", str(tmp_path))
    lang = ["--lang", language]
    table_one: list[str] = []
    said: dict[str, str] = {}

    def run(*words: str, ok: bool = True) -> None:
        code = main([*words, *lang])
        out = capsys.readouterr()
        assert (code == 0) is ok, (words, out)
        said[" ".join(words)] = out.out + out.err

    run("tournament", "new", "cup", "--minutes", "0", ok=False)
    run("tournament", "new", "cup", "--rounds", "2", "--minutes", "30", "--advance", "best:4")
    run("tournament", "players", "cup", ",".join(NAMES))
    run("tournament", "draw", "cup")
    run("tournament", "seating", "cup")
    with EventJournal.open(resolve_event_path("cup"), read_only=True) as journal:
        table_one = list(journal.state.round(1).tables[0])
    run("tournament", "start", "cup")
    result = ",".join(f"{n}={2000 - 100 * i}" for i, n in enumerate(table_one))
    run("tournament", "record", "cup", "1", result)
    run("tournament", "correct", "cup", "1", result, "because", "a slip", ok=True)
    run("tournament", "correct", "cup", "1", result, ok=False)
    run("tournament", "link", "cup", "2", "ftp://x", ok=False)
    run("tournament", "record", "cup", "2", "Zed=1", ok=False)
    run("tournament", "end", "cup", "now")
    run("tournament", "standings", "cup")
    run("tournament", "show", "cup")
    run("tournament", "log", "cup")
    run("tournament", "csv", "cup", "-o", str(tmp_path / "r.csv"))
    run("tournament", "csv", "cup", "-o", str(tmp_path / "no" / "r.csv"), ok=False)
    run("tournament", "undo", "cup")
    run("tournament", "redo", "cup")
    run("tournament", "draw", "nowhere", ok=False)
    leaks = {}
    for line, text in said.items():
        shown = "\n".join(t for t in text.splitlines() if not t.startswith("banker "))
        words = english_in(shown, language, [*NAMES, "cup", "Zed", "a slip", str(tmp_path)])
        if words:
            leaks[line] = (words, shown)
    assert not leaks, leaks
    assert all(said.values()), said
    assert "2000" in said["tournament standings cup"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_what_a_table_plays_differently_is_said_in_the_language(
    language: str, tmp_path: Path
) -> None:
    from banker.core.rules import HouseRules

    journal = EventJournal.create(tmp_path / "e.event", EventSetup(name="E", rounds=1, minutes=9))
    journal.apply(AddPlayers(names=tuple(NAMES[:4])))
    journal.apply(next_seating(journal.state))
    rules = HouseRules(salary=400, free_parking_pot=True).to_data()
    rules["made_up_rule"] = 1  # a table's view is not trusted: an unknown rule is "others"
    table = {
        "board": "United Kingdom (London)",
        "rules": rules,
        "players": [{"name": "Zed"}, {"name": "Ana"}],
    }
    found = differences(journal.state, 1, table)
    journal.close()
    assert len(found) == 3
    say = translator(language)
    text = "; ".join(m.render(say) for m in found)
    assert english_in(text, language, [*NAMES, "Zed"]) == [], text
    english = "; ".join(m.render() for m in found)
    assert "salary" in english and "Free Parking pot" in english and "others" in english


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_join_answer_and_a_refused_result_are_said_in_the_language(
    language: str, tmp_path: Path, venue: Venue
) -> None:
    journal = EventJournal.create(tmp_path / "j.event", EventSetup(name="J", rounds=1, minutes=30))
    journal.apply(AddPlayers(names=tuple(NAMES[:8])))
    journal.apply(next_seating(journal.state))
    one, two = journal.state.round(1).tables
    odd = await venue.open_table("odd", list(two[:3]), edition="uk")
    director = Director(journal, Follower())
    desk = JoinDesk(director, language)
    await director.start()
    join = await desk.start("127.0.0.1", 0)
    answers: list[str] = []
    try:
        async with aiohttp.ClientSession() as session:
            for table, url in (("2", odd.url), ("9", odd.url), ("x", odd.url)):
                async with session.post(join, data={"table": table, "url": url}) as response:
                    answers.append(await response.text())
            async with session.post(
                join, data={"table": "2", "url": odd.url, "lang": "en"}
            ) as response:
                assert "differs" in await response.text()  # the table asked for English
        director.start_round()
        await until(lambda: 2 in director.follower.tables and director.follower.tables[2].table)
        live = director.follower.tables[2]
        assert live.table is not None
        director._record(live, at_time=True)  # three of four seated: cannot be recorded
        assert director.problems
    finally:
        await desk.stop()
        await director.stop()
        journal.close()
    say = translator(language)
    answers += [m.render(say) for m in director.problems]
    leaks = {a: w for a in answers if (w := english_in(a, language, [*NAMES, odd.url]))}
    assert not leaks, leaks


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_new_event_form_says_what_is_wrong_in_the_language(
    language: str, tmp_path: Path
) -> None:
    from textual.widgets import Input, Static

    from banker.tui.board import BoardApp
    from banker.tui.screens.new_event import NewEventScreen

    app = BoardApp(None, serve=False, new_at=tmp_path / "x.event", language=language)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewEventScreen)
        app.screen.query_one("#name", Input).value = ""
        app.screen.query_one("#rounds", Input).value = "99"
        app.screen.query_one("#size", Input).value = "1"
        await pilot.click("#create")
        await pilot.pause()
        why = str(app.screen.query_one("#why", Static).render())
    assert "20" in why and "8" in why, why
    assert english_in(why, language) == [], why
    assert "validation" not in why.lower() and "pydantic" not in why.lower()
