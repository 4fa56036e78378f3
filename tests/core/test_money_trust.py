"""Money the table can trust in every corner, played through the command language with the
rule book's numbers: scaled boards, several creditors, the pot, debts paid part by part and
as soon as the cash arrives, and the inputs no table could produce."""

from __future__ import annotations

from pathlib import Path

import pytest

from banker.core import Game, HouseRules, Setup, load_edition
from banker.core.errors import BankerError, EditionError
from banker.core.language import parse
from banker.core.validators import validate


class Play:
    """A game driven by lines the banker types, checked after every accepted one."""

    def __init__(self, players: str, edition: str = "us", **rules: object) -> None:
        setup = Setup(
            players=players.split(","),
            edition=load_edition(edition),
            rules=HouseRules.model_validate(rules),
        )
        self.game = Game(setup)

    @property
    def state(self):  # noqa: ANN201
        return self.game.state

    def __call__(self, *lines: str) -> str:
        said = ""
        for line in lines:
            said = str(self.game.do(parse(line, self.state)))
            assert validate(self.state) == [], f"after {line!r}: {validate(self.state)}"
        return said

    def refused(self, line: str, *phrases: str) -> str:
        before = self.state.dump_ledger()
        with pytest.raises(BankerError) as caught:
            self.game.do(parse(line, self.state))
        text = str(caught.value)
        for phrase in phrases:
            assert phrase.casefold() in text.casefold(), f"{phrase!r} not in {text!r}"
        assert self.state.dump_ledger() == before
        return text

    def cash(self, player: str) -> int:
        return self.state.player(player).cash

    def debts(self) -> list[tuple[str, str | None, int]]:
        return [(d.debtor, d.creditor, d.amount) for d in self.state.debts]


# 1. An edition's scale applies to every amount.


def test_utility_rent_on_the_100x_board_is_scaled() -> None:
    play = Play("Alice,Bob,Carol", "us100")
    play("buy carol electric")
    said = play("rent bob electric 7")
    assert play.cash("Bob") == 150_000 - 2_800
    assert "4 x 7 x $100 = $2,800" in said


def test_nearest_utility_card_on_the_100x_board_is_scaled() -> None:
    play = Play("Alice,Bob,Carol", "us100")
    play("buy carol electric")
    play("card bob chance-utility electric 7")
    assert play.cash("Bob") == 150_000 - 7_000
    assert play.cash("Carol") == 150_000 - 15_000 + 7_000


@pytest.mark.parametrize(("edition", "scale"), [("us", 1), ("uk", 1), ("us100", 100)])
def test_every_built_in_edition_states_its_scale(edition: str, scale: int) -> None:
    assert load_edition(edition).scale == scale


US100 = (Path(__file__).parents[2] / "banker" / "editions" / "us100.toml").read_text()


def _check(tmp_path: Path, text: str) -> str:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(EditionError) as caught:
        load_edition(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ")
    return message


def test_an_edition_without_a_scale_is_refused(tmp_path: Path) -> None:
    assert "scale: Field required" in _check(tmp_path, US100.replace("scale = 100\n", ""))


def test_a_100x_edition_at_scale_1_is_refused(tmp_path: Path) -> None:
    message = _check(tmp_path, US100.replace("scale = 100\n", "scale = 1\n"))
    assert "scale: every amount is a multiple of 100 but the scale is 1" in message


def test_an_amount_off_the_scale_is_refused(tmp_path: Path) -> None:
    message = _check(tmp_path, US100.replace("salary = 20000", "salary = 250"))
    assert "salary: 250 is not a multiple of the edition's scale (100)" in message


# 4. `banker edition check` refuses a custom edition that would get money wrong.

US = (Path(__file__).parents[2] / "banker" / "editions" / "us.toml").read_text()


def _edited(old: str, new: str) -> str:
    assert US.count(old) == 1, old
    return US.replace(old, new)


@pytest.mark.parametrize(
    ("old", "new", "field", "reason"),
    [
        (
            "price = 400\nmortgage = 200",
            "price = 400\nmortgage = 500",
            "deeds.21.mortgage",
            "a mortgage value is at most the price",
        ),
        ("price = 400\n", "price = 0\n", "deeds.21.price", "greater than 0"),
        ("house_cost = 200\nrent = [50,", "house_cost = -200\nrent = [50,", "house_cost", "0"),
        ("railroad_rent = [25,", "railroad_rent = [0,", "railroad_rent.0", "greater than 0"),
        (
            'currency = "$"',
            'currency = "\\u001b[2J\\u0007"',
            "currency",
            "control character '\\x1b'",
        ),
        (
            'name = "Boardwalk"',
            'name = "Board\\u009bwalk"',
            "deeds.21.name",
            "control character",
        ),
    ],
)
def test_edition_check_names_file_field_and_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, field: str, reason: str
) -> None:
    from banker.cli import main

    path = tmp_path / "mine.toml"
    path.write_text(_edited(old, new), encoding="utf-8")
    assert main(["edition", "check", str(path)]) != 0
    err = capsys.readouterr().err
    assert err.startswith(f"{path}: ") or f"{path}: " in err
    assert field in err
    assert reason in err
    assert "\x1b" not in err


def test_levels_price_each_lot_at_its_own_house_cost(tmp_path: Path) -> None:
    """A custom board whose Park Place houses cost $100 and Boardwalk's $200."""
    path = tmp_path / "mixed.toml"
    path.write_text(
        _edited("house_cost = 200\nrent = [35,", "house_cost = 100\nrent = [35,"), "utf-8"
    )
    play = Play("Alice,Bob", str(path))
    play("buy alice park", "buy alice board")
    assert play.cash("Alice") == 1500 - 750
    play("levels alice board 2,2")
    assert play.cash("Alice") == 750 - 2 * 100 - 2 * 200
    play("levels alice board 1,1")
    assert play.cash("Alice") == 150 + 50 + 100
    play("levels alice park 0,0")
    assert play.cash("Alice") == 300 + 50 + 100
