"""The phone page in Malay and Thai carries no English the catalogue missed: what the
table view sends for the page to show, and (where Chromium is installed) the text a phone
actually shows on the table's page and on each player's own page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from banker.core.commands import StartAuction
from banker.demo import DEMO_PLAYERS
from banker.i18n import translator
from banker.store import Journal
from banker.web.actions import journal_actor
from banker.web.server import TableView
from banker.web.table import source_json
from tests.english import PLACEHOLDER, english_in
from tests.web.chromium import Chromium, find_chromium
from tools.screenshots import THAI_PLAYERS, demo_in

LANGUAGES = ["ms", "th"]

DATA = {
    "board", "square_name", "lang", "currency", "id", "deed", "colour", "kind", "name",
    "group", "rules",
}  # fmt: skip
"""Fields of the table view that are data for the page, not words it shows as they are
(the square's own name beside its `square_text`, ids, a deed's name as printed, the
rules' settings)."""


def shown(value: Any) -> list[str]:
    """Every text of the table view that the page shows (its words without the
    placeholders the page fills)."""
    if isinstance(value, dict):
        return [t for k, v in value.items() if k not in DATA for t in shown(v)]
    if isinstance(value, list):
        return [t for v in value for t in shown(v)]
    return [PLACEHOLDER.sub(" ", value)] if isinstance(value, str) else []


def players_of(language: str) -> tuple[str, ...]:
    return THAI_PLAYERS if language == "th" else DEMO_PLAYERS


@pytest.mark.parametrize("language", LANGUAGES)
def test_what_the_table_view_sends_is_in_the_language(language: str, tmp_path: Path) -> None:
    path = demo_in(language, players_of(language))(tmp_path / "demo.banker")
    with Journal.open(path, read_only=True) as journal:
        table = source_json(journal)
    texts = shown(table)
    assert len(texts) > 50 and table["words"], texts
    leaks = {t: w for t in texts if (w := english_in(t, language, players_of(language)))}
    assert not leaks, leaks
    assert not [t for t in texts if "{" in t], "a placeholder left in the text"


@pytest.mark.skipif(
    find_chromium() is None,
    reason="chromium not found: install Debian's chromium package (.ci/run does)",
)
@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_phone_reads_every_page_in_the_language(language: str, tmp_path: Path) -> None:
    """The table's page and each player's own page, read as the phone shows them (the
    demo's fourth player holds a jail card: the review's literal `{n}`)."""
    players = players_of(language)
    path = demo_in(language, players)(tmp_path / "demo.banker")
    with Journal.open(path, read_only=True) as reader:
        view = TableView(reader, follow=True)
        url = await view.start("127.0.0.1", 0)
        try:
            async with Chromium() as browser:
                pages = {}
                ready = "document.querySelector('.live.ok') !== null"
                for page in ["", *(f"p/{seat}" for seat in range(len(players)))]:
                    await browser.open(url + page)
                    assert await browser.wait_for(ready, 30), page
                    pages[page or "table"] = await browser.evaluate("document.body.innerText")
                # a player's own link where the table only reads says so
                await browser.open(view.player_url(players[0]))
                assert await browser.wait_for(ready, 30)
                pages["own, read-only"] = await browser.evaluate("document.body.innerText")
        finally:
            await view.stop()
    with Journal.open(path) as writer:  # the app's side: an auction, bids from phones
        lot = next(n for n, d in writer.game.state.deeds.items() if d.owner is None)
        writer.apply(StartAuction(lot=lot))
        view = TableView(writer, actor=journal_actor(writer))
        await view.start("127.0.0.1", 0)
        try:
            async with Chromium() as browser:
                await browser.open(view.player_url(players[1]))
                bidding = "!!document.querySelector('#act .raises button')"
                assert await browser.wait_for(bidding, 30)
                await browser.evaluate(  # a bid over the player's cash: the refusal
                    "document.getElementById('bid-amount').value = '999999';"
                    "document.querySelector('#act button.go').click();"
                )
                assert await browser.wait_for("!!document.querySelector('#act .said.bad')", 30)
                pages["own, bidding"] = await browser.evaluate("document.body.innerText")
        finally:
            await view.stop()
    leaks = {p: w for p, text in pages.items() if (w := english_in(text, language, players))}
    assert not leaks, leaks
    assert not [p for p, text in pages.items() if "{" in text], pages
    say = translator(language)
    note = (
        "Read-only here: this page follows the table; bids and answers go through the banker's app."
    )
    assert say(note) in pages["own, read-only"] and say(note) not in pages["own, bidding"]
    assert say("Drop out") in pages["own, bidding"]
