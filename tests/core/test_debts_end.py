"""Debts paid the moment the cash covers them, obligations typed by hand, and the end of the
game counting what is owed: the rule book's numbers (RULES.md, "Debts" and "Bankruptcy and
the end of the game"), played through the command language."""

from __future__ import annotations

from banker.core.endgame import Standing, standings
from banker.core.report import state_json
from tests.core.test_money_trust import Play

# A trade's `debt N`: what is left, if the cash covers it, is paid at once.


def test_a_trade_that_writes_part_of_a_debt_off_pays_the_rest_the_cash_covers() -> None:
    """Carol owes Alice $100 rent (Boardwalk with Park Place) and has $60. Alice takes Baltic
    Avenue against $40 of it: the $60 left is what Carol has, so it is paid in the same
    entry, with a receipt, and Carol may buy again."""
    play = Play("Alice,Bob,Carol")
    play("buy alice board", "buy alice park", "buy carol baltic", "pay carol 1380")
    play("rent carol board")
    assert play.debts() == [("Carol", "Alice", 100)]
    depth = play.game.depth
    said = play("trade carol alice give baltic get debt 40")
    assert play.game.depth == depth + 1
    assert "$40 of the debt" in said
    assert "Carol paid Alice the $60 owed (rent for Boardwalk)" in said
    assert play.debts() == []
    assert play.state.deeds["Baltic Avenue"].owner == "Alice"
    assert (play.cash("Carol"), play.cash("Alice")) == (0, 1500 - 400 - 350 + 60)
    play("collect carol 60", "buy carol medit")


def test_a_part_payment_then_a_salary_pay_the_rest() -> None:
    """Carol owes Alice $100 with $60. $20 paid towards it leaves $80 with $40: still open.
    GO brings $240, which pays the $80, and the receipt says so."""
    play = Play("Alice,Bob,Carol")
    play("buy alice board", "buy alice park", "pay carol 1440", "rent carol board")
    assert play.debts() == [("Carol", "Alice", 100)]
    said = play("pay carol 20 to alice")
    assert "$80 still owed" in said
    assert play.debts() == [("Carol", "Alice", 80)]
    said = play("go carol")
    assert "Carol paid Alice the $80 owed (rent for Boardwalk)" in said
    assert play.debts() == []
    assert play.cash("Carol") == 40 + 200 - 80


# Strictly oldest first.


def test_a_newer_debt_waits_while_the_oldest_is_not_covered() -> None:
    """Alice owes Carol $50 rent with $10. Bob goes bankrupt to Alice and hands her Reading
    Railroad mortgaged: its $10 fee is owed to the bank after Carol's debt, though her $10
    would cover it. $5 more pays nothing (Carol's $50 is older); at $50 Carol is paid and the
    bank waits; $10 more pays the bank."""
    play = Play("Alice,Bob,Carol")
    play("buy carol board", "buy bob reading", "mortgage bob reading")
    play("pay alice 1490", "rent alice board")
    play("pay bob 1400", "pay bob 20 to alice", "bankrupt bob")
    assert play.debts() == [("Alice", "Carol", 50), ("Alice", None, 10)]
    assert play.cash("Alice") == 10
    said = play("collect alice 5")
    assert "owed" not in said
    assert play.debts() == [("Alice", "Carol", 50), ("Alice", None, 10)]
    said = play("collect alice 35")
    assert "Alice paid Carol the $50 owed" in said
    assert "the bank the" not in said
    assert play.debts() == [("Alice", None, 10)]
    said = play("collect alice 10")
    assert "Alice paid the bank the $10 owed" in said
    assert play.cash("Alice") == 0


# An obligation typed by hand becomes a debt when the cash falls short.


def test_pay_beyond_the_cash_becomes_a_debt_to_the_bank() -> None:
    """The issue's table: `pay ann 1400` then `pay ann 150` (an older deck's school fees)."""
    play = Play("Ann,Ben")
    play("pay ann 1400")
    said = play("pay ann 150")
    assert "Ann owes the bank $150" in said
    assert "Ann has only $100: the whole $150 is owed as a debt ($50 missing)" in said
    assert play.debts() == [("Ann", None, 150)]
    assert play.cash("Ann") == 100
    assert state_json(play.state)["debts"][0]["reason"] == "a payment"
    said = play("go ann")
    assert "Ann paid the bank the $150 owed (a payment)" in said
    assert play.cash("Ann") == 150


def test_pay_to_a_player_beyond_the_cash_is_owed_to_them() -> None:
    play = Play("Ann,Ben")
    play("pay ann 1450")
    said = play("pay ann 80 to ben")
    assert "Ann owes Ben $80" in said
    assert play.debts() == [("Ann", "Ben", 80)]
    assert (play.cash("Ann"), play.cash("Ben")) == (50, 1500)
    said = play("pay ann 50 to ben")
    assert "Ann paid Ben $50 towards the debt; $30 still owed" in said
    said = play("collect ann 30")
    assert "Ann paid Ben the $30 owed (a payment)" in said
    assert (play.cash("Ann"), play.cash("Ben")) == (0, 1580)


def test_pay_to_the_pot_goes_to_the_pot_or_is_owed_to_it() -> None:
    """A house fine into the Free Parking pot: paid when the cash covers it, owed to the pot
    when not, and the pot gets it when the debt is paid."""
    play = Play("Ann,Ben", free_parking_pot=True)
    play("pay ann 25 to pot")
    assert play.state.bank.free_parking == 25
    play("pay ann 1450")
    said = play("pay ann 100 to pot")
    assert "Ann owes the Free Parking pot $100" in said
    assert play.state.debts[0].to_pot
    play("go ann")
    assert play.state.bank.free_parking == 125
    assert play.debts() == []


def test_pay_to_the_pot_without_the_house_rule_is_refused() -> None:
    play = Play("Ann,Ben")
    play.refused("pay ann 25 to pot", "no Free Parking pot")


def test_a_player_in_debt_pays_only_towards_a_debt() -> None:
    """Ann owes Ben $80 with $50: a new payment to the bank or to Carol is refused until she
    settles, as rent, a tax or a card would be; $50 towards Ben's debt is taken."""
    play = Play("Ann,Ben,Carol")
    play("pay ann 1450", "pay ann 80 to ben")
    play.refused("pay ann 20", "Ann owes $80 and has $50")
    play.refused("pay ann 20 to carol", "Ann owes $80 and has $50")
    play("pay ann 50 to ben")
    assert play.debts() == [("Ann", "Ben", 30)]


def test_a_payment_towards_a_debt_is_still_at_most_the_debt() -> None:
    play = Play("Ann,Ben")
    play("pay ann 1450", "pay ann 80 to ben")
    play.refused("pay ann 90 to ben", "Ann owes Ben $80", "at most")


# The end counts open debts.


def test_open_debts_come_off_the_worth_at_the_end() -> None:
    """Carol holds Boardwalk, Park Place, Pacific
    and North Carolina Avenues ($1,350) and $250, and owes the bank $600 she could not pay.
    Without the debt she counts $1,600 and would win; with it $1,000, last."""
    play = Play("Alice,Bob,Carol")
    play("buy carol board", "buy carol park", "buy carol pacific", "buy carol north car")
    play("pay carol 600", "collect carol 100")
    assert play.debts() == [("Carol", None, 600)]
    rows = {r.player: r for r in standings(play.state)}
    assert rows["Carol"] == Standing("Carol", cash=250, deeds=1350, buildings=0, debts=-600)
    assert rows["Carol"].total == 1000
    said = play("end")
    assert "Alice wins" in said
    assert "1. Alice $1,500; 2. Bob $1,500; 3. Carol $1,000" in said


def test_bob_owing_alice_50_moves_50_of_worth() -> None:
    """RULES.md: Bob owing Alice $50 moves $50 of worth from Bob to Alice in the standings."""
    play = Play("Alice,Bob")
    play("pay bob 1480", "pay bob 50 to alice")
    assert play.debts() == [("Bob", "Alice", 50)]
    rows = {r.player: r for r in standings(play.state)}
    assert rows["Alice"] == Standing("Alice", cash=1500, deeds=0, buildings=0, debts=50)
    assert rows["Bob"] == Standing("Bob", cash=20, deeds=0, buildings=0, debts=-50)
    said = play("end")
    assert "1. Alice $1,550; 2. Bob -$30" in said
    assert state_json(play.state)["winner"] == "Alice"


def test_a_tie_goes_to_more_cash_then_the_earlier_seat() -> None:
    """Alice: $1,300 and Reading Railroad ($200) = $1,500. Bob: $1,500 in cash. Carol:
    $1,500 in cash. Bob and Carol have more cash than Alice; Bob sits before Carol."""
    play = Play("Alice,Bob,Carol")
    play("buy alice reading")
    assert [r.total for r in standings(play.state)] == [1500, 1500, 1500]
    assert [r.player for r in standings(play.state)] == ["Bob", "Carol", "Alice"]
    said = play("end")
    assert "Bob wins" in said


# The short game.


def test_the_short_game_hands_a_players_creditor_the_buildings_intact() -> None:
    """Bob holds the browns with 2 houses each in the short game (a hotel after 3) and owes
    Alice $2,000 he cannot raise. Alice gets the deeds with their
    houses standing (not $50 x 4 / 2 from the bank); the bank's supply is unchanged; the
    game ends and the houses count at cost for Alice."""
    play = Play("Alice,Bob,Carol", end_after_bankruptcies=1, houses_before_hotel=3)
    play("buy bob medit", "buy bob baltic")
    play("build bob medit", "build bob baltic", "build bob medit", "build bob baltic")
    assert play.state.bank.houses_left == 28
    play("pay bob " + str(play.cash("Bob")), "pay bob 2000 to alice")
    said = play("bankrupt bob")
    assert "4 houses handed over standing" in said
    assert "sold" not in said
    assert play.state.deeds["Mediterranean Avenue"].owner == "Alice"
    assert play.state.deeds["Mediterranean Avenue"].houses == 2
    assert play.state.deeds["Baltic Avenue"].houses == 2
    assert play.state.bank.houses_left == 28
    assert play.cash("Alice") == 1500
    assert play.state.ended
    rows = {r.player: r for r in standings(play.state)}
    assert rows["Alice"] == Standing("Alice", cash=1500, deeds=120, buildings=200)
    assert "Alice wins" in said


def test_the_short_game_counts_a_hotel_as_four_houses() -> None:
    """With a hotel after 3 houses, a hotel on Boardwalk costs 3 x $200 + $200: $800."""
    play = Play("Alice,Bob", houses_before_hotel=3)
    play("collect alice 2000", "buy alice board", "buy alice park")
    for _ in range(3):
        play("build alice board", "build alice park")
    play("hotel alice board")
    rows = {r.player: r for r in standings(play.state)}
    assert rows["Alice"].buildings == 800 + 600


def test_the_short_game_to_the_bank_ends_with_no_auction_and_the_bank_keeps_all() -> None:
    play = Play("Alice,Bob,Carol", end_after_bankruptcies=1)
    play("buy bob medit", "buy bob reading")
    play("pay bob " + str(play.cash("Bob")), "pay bob 500")
    said = play("bankrupt bob")
    assert "auction" not in said.casefold()
    assert play.state.auction is None
    assert play.state.deeds["Reading Railroad"].owner is None
    assert play.state.ended and play.state.winner == "Alice"


def test_a_bankruptcy_to_the_pot_alone_gives_it_at_most_its_claim() -> None:
    """Bob owes the pot $250 with $30 and Boardwalk (he could raise $230). The pot gets $30
    at once; Alice buys Boardwalk at auction for $300: $220 more to the pot, the $80 beyond
    its claim to the bank."""
    play = Play("Alice,Bob,Carol", free_parking_pot=True)
    play("buy bob board", "pay bob " + str(1100 - 30), "pay bob 250 to pot")
    assert play.debts() == [("Bob", None, 250)]
    issued = play.state.bank.issued
    play("bankrupt bob", "bid alice 300", "close")
    assert play.state.bank.free_parking == 250
    assert play.state.deeds["Boardwalk"].owner == "Alice"
    assert play.state.bank.issued == issued - 80


def test_the_statement_before_a_short_game_bankruptcy_says_what_will_happen() -> None:
    """The statement the table checks first: buildings standing to a player; to the bank,
    the game ends and nothing is auctioned. The same rules in the ordinary game: neither."""
    from banker.core.endgame import settlement

    play = Play("Alice,Bob,Carol", end_after_bankruptcies=1)
    play("buy bob medit", "buy bob baltic", "build bob medit", "build bob baltic")
    play("pay bob " + str(play.cash("Bob")), "pay bob 2000 to alice")
    to_alice = settlement(play.state, "Bob")
    assert (to_alice.intact, to_alice.ends_game, to_alice.buildings) == (True, True, 0)
    ordinary = Play("Alice,Bob,Carol")
    ordinary("buy bob medit", "buy bob baltic", "build bob medit", "build bob baltic")
    ordinary("pay bob " + str(ordinary.cash("Bob")), "pay bob 2000")
    to_bank = settlement(ordinary.state, "Bob")
    assert (to_bank.intact, to_bank.ends_game, to_bank.buildings) == (False, False, 50)
