"""The phone page speaks the game's language: its own words and the history."""

from __future__ import annotations

from pathlib import Path

import aiohttp

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.store import Journal
from banker.web.server import TableView
from banker.web.table import source_json


def thai_game(path: Path) -> Journal:
    setup = c.Setup(players=["Ann", "Ben"], edition=load_edition("us"), language="th")
    journal = Journal.create(path, setup)
    journal.apply(c.Buy(player="Ann", deed="Boardwalk"))
    journal.apply(c.PayRent(player="Ben", deed="Boardwalk"))
    return journal


def test_the_table_carries_the_words_and_history_in_thai(tmp_path: Path) -> None:
    with thai_game(tmp_path / "th.banker") as journal:
        table = source_json(journal)
    assert table["lang"] == "th"
    assert table["words"]["houses left"] == "บ้านที่เหลือ"
    latest = table["history"][0]["text"]
    assert "Ben" in latest and "Boardwalk" in latest and "$50" in latest
    assert "rent" not in latest  # the sentence itself is Thai
    assert {g["name"] for g in table["groups"]} >= {"สีน้ำเงิน", "สถานีรถไฟ"}


async def test_the_page_itself_is_in_thai(tmp_path: Path) -> None:
    journal = thai_game(tmp_path / "th.banker")
    view = TableView(journal)
    url = await view.start("127.0.0.1", 0)
    try:
        async with aiohttp.ClientSession() as session, session.get(url) as response:
            html = await response.text()
        assert '<html lang="th">' in html
        assert "<title>Banker: โต๊ะเกมเศรษฐี</title>" in html
        assert "กำลังโหลด…" in html  # loading, not opening a bank account
        assert "{{" not in html
    finally:
        await view.stop()
        journal.close()
