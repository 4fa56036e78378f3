"""What a phone is sent: the table as JSON, and which modules sharing loads."""

from __future__ import annotations

import ipaddress
import subprocess
import sys
from pathlib import Path

from banker.core.commands import (
    Buy,
    GoToJail,
    Mortgage,
    MoveToken,
    PassGo,
    PassTurn,
    SetLanguage,
    Setup,
)
from banker.core.edition import load_edition
from banker.core.rules import HouseRules
from banker.store import Journal
from banker.web.net import is_usable, lan_address, url_host
from banker.web.table import source_json


def test_the_table_reads_like_the_ledger(tmp_path: Path) -> None:
    rules = HouseRules(free_parking_pot=True, free_parking_seed=100)
    setup = Setup(players=["Alice", "Bob"], edition=load_edition("uk"), rules=rules)
    with Journal.create(tmp_path / "g.banker", setup) as journal:
        journal.apply(Buy(player="Bob", deed="King's Cross Station"))
        journal.apply(Buy(player="Bob", deed="Mayfair"))
        journal.apply(Mortgage(player="Bob", deed="Mayfair"))
        journal.apply(PassGo(player="Alice"))
        journal.undo()
        table = source_json(journal)
    assert table["currency"] == "£"
    bob = table["players"][1]
    assert bob["cash_text"] == "£1,100"
    assert bob["worth_text"] == f"£{bob['worth']:,}" and bob["worth"] > 1100
    mayfair = next(d for d in table["deeds"] if d["name"] == "Mayfair")
    assert mayfair["mortgaged"] and mayfair["group"] == "dark_blue"
    assert mayfair["mortgage_text"] == "£200"
    station = next(d for d in table["deeds"] if d["name"] == "King's Cross Station")
    assert station["group"] == "railroad"
    assert table["bank"]["pot"] is True and table["bank"]["pot_text"] == "£100"
    newest = table["history"][:2]
    assert newest[0]["text"].startswith("Undid")
    assert newest[1]["text"] == "Alice passed GO and collected £200" and newest[1]["undone"]
    assert table["seq"] == 6 and table["auction"] is None


def test_the_table_carries_the_turn_and_the_squares_in_the_games_language(
    tmp_path: Path,
) -> None:
    """In Malay: Bob's turn, his token on Income Tax by the dice (translated), Alice's on
    GO; the last landing is Bob's."""
    setup = Setup(players=["Alice", "Bob"], edition=load_edition("us"))
    with Journal.create(tmp_path / "g.banker", setup) as journal:
        journal.apply(SetLanguage(language="ms"))
        journal.apply(PassTurn())
        journal.apply(MoveToken(player="Bob", how="dice", dice=4))
        table = source_json(journal)
    assert table["turn"] == "Bob"
    assert [p["square"] for p in table["players"]] == [0, 4]
    assert table["players"][1]["square_name"] == "Income Tax"
    assert table["players"][1]["square_text"] == "Cukai Pendapatan"
    assert table["landing"]["player"] == "Bob" and table["landing"]["by"] == "dice"
    assert table["landing"]["square_text"] == "Cukai Pendapatan"
    assert table["words"]["{name}'s turn"] == "Giliran {name}"


def test_the_history_is_the_last_twenty_newest_first(tmp_path: Path) -> None:
    setup = Setup(players=["Alice", "Bob"], edition=load_edition("us"))
    with Journal.create(tmp_path / "g.banker", setup) as journal:
        for _ in range(30):
            journal.apply(PassGo(player="Alice"))
        history = source_json(journal)["history"]
    assert len(history) == 20
    assert [h["seq"] for h in history] == list(range(31, 11, -1))


def test_the_lan_address_is_an_address_a_phone_can_reach() -> None:
    address = lan_address()
    assert ipaddress.ip_address(address).version == 4
    assert is_usable(address)
    assert not is_usable("0.0.0.0") and not is_usable("169.254.1.1") and not is_usable("x")
    assert url_host("::1") == "[::1]" and url_host("10.0.0.2") == "10.0.0.2"


def test_the_qr_and_table_need_neither_aiohttp_nor_the_app() -> None:
    code = (
        "import sys, banker.web.qr, banker.web.table, banker.web.net\n"
        "light = sorted(m for m in sys.modules if m.split('.')[0] in ('aiohttp', 'textual', 'rich'))\n"
        "import banker.web.server, banker.web.share\n"
        "app = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(light), '|', ','.join(app))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "|"


def test_the_table_says_who_is_in_jail(tmp_path: Path) -> None:
    setup = Setup(players=["Alice", "Bob"], edition=load_edition("us"))
    with Journal.create(tmp_path / "g.banker", setup) as journal:
        journal.apply(GoToJail(player="Bob"))
        table = source_json(journal)
    bob = table["players"][1]
    assert (bob["in_jail"], bob["jail_throws"]) == (True, 0)
    assert table["players"][0]["in_jail"] is False
    assert "in jail, throw {n} of 3" in table["words"]


def test_jail_cards_are_counted_in_the_games_language(tmp_path: Path) -> None:
    """The review's phones showed a literal "{n} kad keluar penjara" for one card and
    English "2 jail cards" for two: the count comes rendered in the game's words."""
    from banker.core.commands import DrawCard

    setup = Setup(players=["Alice", "Bob"], edition=load_edition("us"))
    seen: dict[str, list[object]] = {"en": [], "ms": [], "th": []}
    with Journal.create(tmp_path / "g.banker", setup) as journal:
        for card in ("chance-jail-free", "chest-jail-free"):
            journal.apply(DrawCard(player="Alice", card=card))
            for language in ("ms", "th", "en"):
                journal.apply(SetLanguage(language=language))
                seen[language].append(source_json(journal)["players"][0]["jail_cards_text"])
    assert seen["en"] == ["1 jail card", "2 jail cards"]
    for language in ("ms", "th"):
        one, two = seen[language]
        assert isinstance(one, str) and isinstance(two, str)
        assert "{" not in one + two and "jail" not in one + two, seen[language]
        assert "1" in one and "2" in two
