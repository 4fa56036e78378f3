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
            rules=HouseRules.load(rules),
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
    play("card bob chance-utility electric at 7 7")
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
    assert "scale: required, and missing" in _check(tmp_path, US100.replace("scale = 100\n", ""))


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
        ("price = 400\n", "price = 0\n", "deeds.21.price", "must be 1 or more"),
        ("house_cost = 200\nrent = [50,", "house_cost = -200\nrent = [50,", "house_cost", "must be 1 or more"),
        ("railroad_rent = [25,", "railroad_rent = [0,", "railroad_rent.0", "must be 1 or more"),
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


# 7. Nothing but the debt may take a debtor's cash.


def test_a_debtor_pays_no_trade_fee() -> None:
    """Alice owes $200 income tax with $100; Bob offers her his mortgaged Boardwalk for
    nothing, which would take the bank's $20 fee from her cash."""
    play = Play("Alice,Bob")
    play("buy bob board", "mortgage bob board", "pay alice 1400", "tax alice income flat")
    assert play.debts() == [("Alice", None, 200)]
    play.refused("trade bob alice give board get -", "Alice owes $200", "fee")
    assert play.cash("Alice") == 100
    play("trade bob alice give 50 get -")  # a trade may still bring her money...
    assert play.cash("Alice") == 150
    play.refused("buy alice medit", "Alice owes $200")  # ...and may not spend it


# 8. Part payment, in cash and in deeds.


def _alice_owes_bob_50_with_30() -> Play:
    play = Play("Alice,Bob,Carol")
    play("buy alice medit", "pay alice 1410", "buy bob board", "rent alice board")
    assert play.debts() == [("Alice", "Bob", 50)]
    assert play.cash("Alice") == 30
    return play


def test_part_payment_in_cash_reduces_the_debt() -> None:
    play = _alice_owes_bob_50_with_30()
    said = play("pay alice 30 to bob")
    assert "Alice paid Bob $30 towards the debt; $20 still owed" in said
    assert play.debts() == [("Alice", "Bob", 20)]
    assert (play.cash("Alice"), play.cash("Bob")) == (0, 1100 + 30)


def test_part_payment_only_to_the_creditor_and_only_up_to_the_debt() -> None:
    play = _alice_owes_bob_50_with_30()
    play.refused("pay alice 30 to carol", "Alice owes $50")
    play.refused("pay alice 30", "Alice owes $50")
    play.refused("pay alice 60 to bob", "Alice owes Bob $50", "at most")


def test_part_payment_in_deeds_writes_the_debt_off() -> None:
    """Alice pays $30 in cash, then hands Bob Mediterranean Avenue against the $20 left."""
    play = _alice_owes_bob_50_with_30()
    play("pay alice 30 to bob")
    said = play("trade alice bob give medit get debt 20")
    assert "$20 of the debt" in said
    assert play.debts() == []
    assert play.state.deeds["Mediterranean Avenue"].owner == "Bob"
    assert play.cash("Alice") == 0


def test_a_write_off_above_the_debt_is_refused() -> None:
    play = _alice_owes_bob_50_with_30()
    play.refused("trade alice bob give medit get debt 60", "Alice owes Bob $50", "at most")
    play.refused("trade alice carol give medit get debt 10", "Alice owes Carol nothing")


# 9. Debts are paid as soon as the cash covers them, in the same entry.


def test_passing_go_pays_the_debt_it_covers() -> None:
    """Carol owes $200 income tax with $57; GO brings her to $257, which pays it."""
    play = Play("Alice,Bob,Carol")
    play("pay carol 1443", "tax carol income flat")
    assert play.debts() == [("Carol", None, 200)]
    depth = play.game.depth
    said = play("go carol")
    assert "Carol passed GO and collected $200" in said
    assert "Carol paid the bank the $200 owed (income tax)" in said
    assert play.game.depth == depth + 1
    assert play.debts() == []
    assert play.cash("Carol") == 57
    play("collect carol 3", "buy carol medit")
    assert play.cash("Carol") == 0


def test_debts_are_paid_oldest_first_as_far_as_the_cash_goes() -> None:
    """Carol owes Alice $50 rent, then Bob $10 for his birthday, with $5; a $50 collect pays
    Alice (the oldest), and Bob waits."""
    play = Play("Alice,Bob,Carol")
    play("buy alice board", "pay carol 1495", "rent carol board", "card bob chest-birthday at 2")
    assert play.debts() == [("Carol", "Alice", 50), ("Carol", "Bob", 10)]
    said = play("collect carol 50")
    assert "Carol paid Alice the $50 owed (rent for Boardwalk)" in said
    assert "Bob" not in said
    assert play.debts() == [("Carol", "Bob", 10)]
    assert play.cash("Carol") == 5


def test_the_card_that_pays_each_player_pays_none_when_short() -> None:
    """Carol has $100 and draws the chairman card ($50 to each of three): all three parts
    become debts, and the card pays none of them, though $100 would cover two."""
    play = Play("Alice,Bob,Carol,Dave")
    play("pay carol 1400")
    play("card carol chance-chairman at 7")
    assert play.debts() == [("Carol", "Dave", 50), ("Carol", "Alice", 50), ("Carol", "Bob", 50)]
    assert play.cash("Carol") == 100


# 2. Several creditors: bankrupt to them all, shared pro rata.


def test_bankrupt_to_several_shares_the_cash_odd_units_from_the_left() -> None:
    """RULES.md's example: Carol owes Alice, Bob and Dave $50 each and has $100 and nothing
    else: Alice $33, Bob $33, Dave $34 (Dave sits on Carol's left)."""
    from banker.core.endgame import settlement

    play = Play("Alice,Bob,Carol,Dave")
    play("pay carol 1400", "card carol chance-chairman at 7")
    statement = settlement(play.state, "Carol")
    assert [(c.creditor, s) for c, s in zip(statement.claims, statement.shares, strict=True)] == [
        ("Dave", 34),
        ("Alice", 33),
        ("Bob", 33),
    ]
    said = play("bankrupt carol")
    assert "Carol is bankrupt to Dave, Alice and Bob" in said or "Dave, Alice" in said
    assert [play.cash(p) for p in ("Alice", "Bob", "Dave")] == [1533, 1533, 1534]
    assert play.debts() == []


def test_the_issue_table_gives_no_one_more_than_their_share() -> None:
    """Carol has $80 and owes $50 to each of the three: 27, 26 and 27, no one wiped out."""
    play = Play("Alice,Bob,Carol,Dave")
    play("pay carol 1420", "card carol chance-chairman at 7", "bankrupt carol")
    assert [play.cash(p) for p in ("Alice", "Bob", "Dave")] == [1527, 1526, 1527]


def test_bankrupt_to_several_auctions_the_deeds_and_shares_the_proceeds() -> None:
    """Carol has $10, the browns with a house on Mediterranean Avenue and Reading Railroad
    mortgaged, and owes $50 to each of three. The house goes to the bank at $25; the deeds
    are auctioned unmortgaged; the shares wait for the last auction."""
    play = Play("Alice,Bob,Carol,Dave")
    play("buy carol medit", "buy carol baltic", "buy carol reading", "build carol medit")
    play("mortgage carol reading")
    play("pay carol " + str(play.cash("Carol") - 10), "card carol chance-chairman at 7")
    said = play("bankrupt carol")
    assert "$10 cash and $25 for 1 house sold to the bank to share" in said
    assert "auctions 3 deeds, starting with Mediterranean Avenue" in said
    assert play.state.deeds["Reading Railroad"].mortgaged is False
    assert [play.cash(p) for p in ("Alice", "Bob", "Dave")] == [1500, 1500, 1500]
    from banker.core.report import state_json

    assert state_json(play.state)["estate"] == {
        "debtor": "Carol",
        "pool": 35,
        "claims": [
            {"creditor": "Dave", "to_pot": False, "amount": 50},
            {"creditor": "Alice", "to_pot": False, "amount": 50},
            {"creditor": "Bob", "to_pot": False, "amount": 50},
        ],
    }
    play("bid alice 40", "close", "close")
    said = play("bid dave 20", "close")
    # $10 + $25 + $40 + $20 = $95 of $150: 31.67 each, rounded down, the odd two from the left.
    assert "Carol's $95 shared: Dave $32 of $50; Alice $32 of $50; Bob $31 of $50" in said
    assert [play.cash(p) for p in ("Alice", "Bob", "Dave")] == [1492, 1531, 1512]
    assert play.state.deeds["Baltic Avenue"].owner is None
    assert play.state.estate is None


def test_more_than_the_debts_leaves_the_rest_to_the_bank() -> None:
    play = Play("Alice,Bob,Carol,Dave")
    play("buy carol medit", "pay carol 1430", "card carol chance-chairman at 7", "bankrupt carol")
    issued = play.state.bank.issued
    said = play("bid bob 300", "close")
    assert "Dave $50 of $50; Alice $50 of $50; Bob $50 of $50; $160 left over to the bank" in said
    assert [play.cash(p) for p in ("Alice", "Bob", "Dave")] == [1550, 1250, 1550]
    assert play.state.bank.issued == issued - 160


# 3. The pot as creditor.


def test_a_debt_to_the_pot_goes_to_the_pot_on_bankruptcy() -> None:
    play = Play("Alice,Bob,Carol", free_parking_pot=True)
    play("pay bob 1470", "tax bob luxury")
    assert play.debts() == [("Bob", None, 100)]
    said = play("bankrupt bob")
    assert "the Free Parking pot $30 of $100" in said
    assert play.state.bank.free_parking == 30


# 11. The short game's bankruptcy announces no auction it then cancels.


def test_the_short_game_bankruptcy_announces_no_auction() -> None:
    play = Play("Alice,Bob,Carol", end_after_bankruptcies=1)
    play("buy bob medit", "pay bob 1430", "tax bob luxury")
    said = play("bankrupt bob")
    assert "auction" not in said.casefold()
    assert "The short game ends at this bankruptcy" in said
    assert play.state.auction is None
    assert play.state.deeds["Mediterranean Avenue"].owner is None


# 10. Inputs no table could produce are refused.


def test_a_dice_total_on_a_street_is_refused() -> None:
    play = Play("Alice,Bob")
    play("buy alice board")
    play.refused("rent bob board 7", "Boardwalk is not a utility", "takes no dice")
    play("rent bob board")
    assert play.cash("Bob") == 1450


def test_the_nearest_utility_card_needs_the_deed_or_the_square() -> None:
    play = Play("Alice,Bob")
    play("buy alice electric")
    play.refused("card bob chance-utility 7", "not on a Chance square", "at N", "7, 22, 36")
    play("card bob chance-utility at 22 7")  # from 22 the nearest utility is Water Works
    assert play.cash("Bob") == 1500
    play("card bob chance-utility at 7 7")  # from 7: Electric Company, $70
    assert play.cash("Bob") == 1430


def test_short_line_is_never_the_nearest_railroad_from_chance() -> None:
    play = Play("Alice,Bob")
    play("buy alice short")
    text = play.refused("card bob chance-railroad-1 short at 7", "Short Line cannot be where")
    assert "from 7: Pennsylvania Railroad" in text
    play.refused("card bob chance-railroad-1 at 8", "square 8 is not one")


def test_passing_go_follows_from_the_chance_square() -> None:
    play = Play("Alice,Bob")
    play.refused("card alice chance-boardwalk at 7 go", "cannot take the token past GO")
    play("card alice chance-reading at 22")  # from any Chance square Reading is past GO
    assert play.cash("Alice") == 1700
    play("card alice chance-illinois at 22")
    assert play.cash("Alice") == 1700
    play("card alice chance-illinois at 36")
    assert play.cash("Alice") == 1900
    play.refused("card alice chance-illinois at 22 go", "from square 22")
    play("buy bob reading")
    said = play("card alice chance-railroad-1 at 36")  # Reading, past GO: salary and 2 x $25
    assert "collected $200 salary" in said
    assert play.cash("Alice") == 2100 - 50


# 5. Strict income tax: no worth anywhere until the game ends.


def test_strict_income_tax_hides_every_worth_until_the_end(tmp_path: Path) -> None:
    from banker.core.report import state_json, worth_lines
    from banker.core.view import ledger_view

    play = Play("Alice,Bob", strict_income_tax=True)
    play("buy alice board")
    with pytest.raises(BankerError, match="strict income tax"):
        worth_lines(play.state, "Alice")
    assert [p["worth"] for p in state_json(play.state)["players"]] == [None, None]
    assert [p.worth for p in ledger_view(play.state).players] == [None, None]
    from banker.web.table import table_json

    assert [p["worth_text"] for p in table_json(play.state, 1, [])["players"]] == [None, None]
    said = play("tax alice income percent")
    # The breakdown comes with the receipt: $1,100 cash + $400 Boardwalk = $1,500, 10% $150.
    assert "$150 income tax (10% of worth $1,500: cash $1,100 + deeds $400" in said
    play("end")
    assert [p["worth"] for p in state_json(play.state)["players"]] == [1350, 1500]
    assert worth_lines(play.state, "Alice")[0] == "Alice is worth $1,350:"


def test_strict_income_tax_hides_worth_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from banker.cli import main

    rules = tmp_path / "rules.toml"
    rules.write_text("strict_income_tax = true\n", encoding="utf-8")
    game = str(tmp_path / "g.banker")
    assert main(["new", game, "--players", "Alice,Bob", "--rules", str(rules)]) == 0
    assert main(["do", game, "worth alice"]) != 0
    assert "strict income tax" in capsys.readouterr().err
    assert main(["show", game, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [p["worth"] for p in shown["players"]] == [None, None]


# Messages: `banker show` tells the debts, the open auction and the winner.


def test_show_text_tells_debts_auction_and_winner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from banker.cli import main

    game = str(tmp_path / "g.banker")
    assert main(["new", game, "--players", "Alice,Bob,Carol"]) == 0
    for line in ("buy alice board", "pay bob 1470", "rent bob board", "auction park"):
        assert main(["do", game, line]) == 0
    assert main(["do", game, "bid carol 100"]) == 0
    capsys.readouterr()
    assert main(["show", game]) == 0
    out = capsys.readouterr().out
    assert "Bob owes Alice $50 (rent for Boardwalk)" in out
    assert "Auction open: Park Place, high bid $100 by Carol" in out
    for line in ("close", "end"):
        assert main(["do", game, line]) == 0
    capsys.readouterr()
    assert main(["show", game]) == 0
    assert "Winner: Carol (the game was ended)" in capsys.readouterr().out


def test_building_advice_does_not_count_mortgaging_the_group_built_on() -> None:
    """Alice owns the dark blues and Reading Railroad with $100: a $200 house on Boardwalk.
    Mortgaging Park Place would forbid the house, so only Reading's $100 can be raised."""
    play = Play("Alice,Bob")
    play("buy alice board", "buy alice park", "buy alice reading", "pay alice 450")
    assert play.cash("Alice") == 100
    text = play.refused("build alice board", "needs $200")
    assert "up to $100 can be raised" in text
    play("mortgage alice reading")
    text = play.refused("levels alice board 1,1", "needs $400")
    assert "there is nothing left to sell or mortgage" in text


def test_free_without_a_deal_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from banker.cli import main

    game = tmp_path / "g.banker"
    assert main(["new", str(game), "--players", "Alice,Bob", "--free"]) != 0
    assert "--free gives the dealt deeds for nothing, but no deal" in capsys.readouterr().err
    assert not game.exists()


def test_a_name_given_twice_is_named_twice(capsys: pytest.CaptureFixture[str]) -> None:
    from banker.cli import main

    assert main(["new", "twice", "--players", "Alice,Alice"]) != 0
    err = capsys.readouterr().err
    assert "'Alice' is named twice" in err
    assert "case" not in err


def test_a_debtor_pays_no_new_obligation_before_the_older_debt() -> None:
    """Bob owes the pot $100 with $66; Dave's birthday asks $10 of him: owed after the pot,
    not paid from the cash the pot is waiting for."""
    play = Play("Alice,Bob,Carol,Dave", free_parking_pot=True)
    play("pay bob 1434", "tax bob luxury")
    said = play("card dave chest-birthday at 2")
    assert "Bob could not pay and owes it" in said
    assert play.debts() == [("Bob", None, 100), ("Bob", "Dave", 10)]
    assert play.cash("Bob") == 66
    said = play("collect bob 44")
    assert said.index("Bob paid the Free Parking pot the $100 owed (Luxury Tax)") < said.index(
        "Bob paid Dave the $10 owed"
    )
    assert play.state.bank.free_parking == 100
    assert play.debts() == []


def test_auction_go_names_no_deed_at_random() -> None:
    play = Play("Alice,Bob")
    text = play.refused("auction go", "No deed is called 'go'")
    assert "Marvin" not in text


def test_show_text_tells_debts_auction_and_winner_in_the_games_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from banker.cli import main

    game = str(tmp_path / "g.banker")
    assert main(["new", game, "--players", "Alice,Bob,Carol"]) == 0
    for line in ("language th", "buy alice board", "pay bob 1470", "rent bob board"):
        assert main(["do", game, line]) == 0
    assert main(["do", game, "auction park"]) == 0
    assert main(["do", game, "bid carol 100"]) == 0
    capsys.readouterr()
    assert main(["show", game]) == 0
    out = capsys.readouterr().out
    assert "หนี้:" in out and "Bob ติดหนี้ Alice $50" in out
    assert "กำลังประมูล:" in out and "ราคาสูงสุด $100 โดย Carol" in out
    assert "owes" not in out and "Auction open" not in out
