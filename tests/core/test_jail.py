"""Jail as the rule book has it, through the command language: in jail or just visiting,
Go to Jail from the square, a card or three doubles, the fine and the card only for a
player in jail, throws from jail, and the turn that ends with it."""

from __future__ import annotations

import json

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.errors import BadInput, NotAllowed
from banker.core.game import Game
from banker.core.report import state_json
from banker.core.turns import position, whose_turn
from tests.core.conftest import play, refused

US = load_edition("us")


def game() -> Game:
    return Game(c.Setup(players=["Alice", "Bob", "Carol", "Dave"], edition=US))


do = play


def cash(g: Game, player: str) -> int:
    return g.state.player(player).cash


def test_just_visiting_pays_no_fine() -> None:
    """Bob's throw of 10 lands on Jail: just visiting. `jail bob fine` took $50 before."""
    g = game()
    do(g, "move bob 10")
    assert position(g.state, "Bob") == 10 and "Bob" not in g.state.jail
    refused(g, "jail bob fine", NotAllowed, "Bob is just visiting")
    refused(g, "jail alice fine", NotAllowed, "Alice is not in jail")
    assert cash(g, "Bob") == 1500


def test_the_go_to_jail_square_jails_without_salary_and_ends_the_turn() -> None:
    g = game()
    do(g, "turn bob")
    do(g, "move bob 12")
    do(g, "move bob 12")
    said = do(g, "move bob 6")  # 30: Go to Jail
    assert "straight to jail, no salary" in said
    assert position(g.state, "Bob") == 10 and g.state.jail == {"Bob": 0}
    assert cash(g, "Bob") == 1500
    assert whose_turn(g.state) == "Carol"
    do(g, "next")  # the banker's habit: still Carol, nobody skipped
    assert whose_turn(g.state) == "Carol"


def test_the_card_jails_and_ends_the_turn_even_after_a_double() -> None:
    g = game()
    do(g, "move alice 4 doubles")
    do(g, "move alice 3")  # Chance, 7
    do(g, "card alice chance-jail")
    assert g.state.jail == {"Alice": 0} and position(g.state, "Alice") == 10
    assert whose_turn(g.state) == "Bob"


def test_the_third_double_in_a_row_jails_without_moving() -> None:
    g = game()
    do(g, "move carol 4 doubles")
    said = do(g, "move carol 6 doubles")
    assert "throws again" in said
    assert position(g.state, "Carol") == 10  # just visiting after 4 + 6
    said = do(g, "move carol 8 doubles")
    assert "third double" in said
    assert position(g.state, "Carol") == 10 and "Carol" in g.state.jail
    assert whose_turn(g.state) == "Dave"


def test_doubles_in_a_row_start_again_each_turn() -> None:
    g = game()
    do(g, "move alice 4 doubles")
    do(g, "move alice 6 doubles")
    do(g, "move alice 3")
    do(g, "next")
    do(g, "next")
    do(g, "next")
    do(g, "next")  # Alice again
    do(g, "move alice 2 doubles")
    do(g, "move alice 2 doubles")
    assert "Alice" not in g.state.jail


def test_three_doubles_by_hand_and_not_twice() -> None:
    g = game()
    do(g, "jail dave")
    assert g.state.jail == {"Dave": 0}
    refused(g, "jail dave", NotAllowed, "already in jail")


def test_throws_from_jail_doubles_leave_without_the_fine() -> None:
    g = game()
    do(g, "jail bob")
    said = do(g, "move bob 5")
    assert "still in jail (throw 1 of 3)" in said and position(g.state, "Bob") == 10
    said = do(g, "move bob 6 doubles")
    assert "left jail without the fine" in said
    assert position(g.state, "Bob") == 16 and "Bob" not in g.state.jail
    assert cash(g, "Bob") == 1500


def test_the_third_failed_throw_makes_the_fine_due_and_moves() -> None:
    g = game()
    do(g, "jail bob")
    do(g, "move bob 5")
    do(g, "move bob 7")
    said = do(g, "move bob 9")
    assert "paid the $50 fine" in said
    assert cash(g, "Bob") == 1450
    assert position(g.state, "Bob") == 19 and "Bob" not in g.state.jail


def test_the_third_failed_throw_without_the_cash_is_a_debt_and_still_moves() -> None:
    g = game()
    do(g, "pay bob 1480")
    do(g, "jail bob")
    do(g, "move bob 3")
    do(g, "move bob 3")
    said = do(g, "move bob 3")
    assert "owes the $50 fine" in said
    assert [(d.debtor, d.creditor, d.amount) for d in g.state.debts] == [("Bob", None, 50)]
    assert position(g.state, "Bob") == 13


def test_a_player_in_jail_leaves_by_the_fine_or_the_card_once() -> None:
    g = game()
    do(g, "move alice 2")  # Community Chest
    do(g, "card alice chest-jail-free")
    do(g, "jail alice")
    do(g, "jail alice card")
    assert "Alice" not in g.state.jail and g.state.player("Alice").jail_cards == []
    refused(g, "jail alice card", NotAllowed, "Alice is just visiting")
    do(g, "jail bob")
    do(g, "jail bob fine")
    refused(g, "jail bob fine", NotAllowed, "Bob is just visiting")
    assert cash(g, "Bob") == 1450


def test_in_jail_a_player_collects_rent_and_builds_but_buys_on_no_landing() -> None:
    g = game()
    do(g, "buy bob mediterranean")
    do(g, "buy bob baltic")
    do(g, "jail bob")
    do(g, "rent alice baltic")  # Bob collects from jail: $8, the whole group doubled
    assert cash(g, "Bob") == 1500 - 60 - 60 + 8
    do(g, "build bob baltic")
    refused(g, "buy bob boardwalk", NotAllowed, "Bob is in jail", "needs a landing")
    refused(g, "move bob boardwalk", NotAllowed, "Bob is in jail")
    refused(g, "card bob chance-go", NotAllowed, "Bob is in jail")


def test_an_odd_double_from_jail_is_refused() -> None:
    g = game()
    do(g, "jail bob")
    refused(g, "move bob 9 doubles", BadInput, "cannot be a double")


def test_the_turn_to_a_player_in_jail_says_so_and_the_json_carries_jail() -> None:
    g = game()
    do(g, "jail bob")
    do(g, "move bob 3")
    said = do(g, "turn bob")
    assert "in jail (throw 2 of 3 to leave)" in said
    state = json.loads(json.dumps(state_json(g.state)))
    bob = state["players"][1]
    assert (bob["in_jail"], bob["jail_throws"], bob["square_name"]) == (True, 1, "Jail")
    assert state["players"][0]["in_jail"] is False
    assert state["players"][0]["jail_throws"] is None


# What the screens are told before a throw is recorded.


def test_the_outcome_of_a_throw_from_jail_before_it_is_recorded() -> None:
    """Bob in jail: 7 without doubles stays (throw 1 of 3), 8 as doubles leaves to 18; the
    third throw without doubles moves. Nothing is recorded by asking."""
    from banker.core.offers.landing import throw_outcome

    g = game()
    do(g, "jail bob")
    depth = g.depth
    stay = throw_outcome(g.state, "Bob", 7, False)
    assert (stay.square, stay.moved) == (10, False)
    assert "still in jail (throw 1 of 3)" in str(stay.receipt)
    leave = throw_outcome(g.state, "Bob", 8, True)
    assert (leave.square, leave.moved, leave.passed_go) == (18, True, False)
    odd = throw_outcome(g.state, "Bob", 7, True)
    assert odd.refusal is not None and "cannot be a double" in str(odd.refusal)
    assert g.depth == depth
    do(g, "move bob 5")
    do(g, "move bob 6")
    third = throw_outcome(g.state, "Bob", 4, False)
    assert (third.square, third.moved) == (14, True)
    assert "failed a third throw in jail: paid the $50 fine" in str(third.receipt)


def test_a_third_double_in_a_row_does_not_move_the_token() -> None:
    from banker.core.offers.landing import throw_outcome

    g = game()
    do(g, "move alice 4 doubles")
    do(g, "move alice 6 doubles")
    third = throw_outcome(g.state, "Alice", 8, True)
    assert (third.square, third.moved) == (10, False)
    assert "third double in a row" in str(third.receipt)
    assert throw_outcome(g.state, "Alice", 8, False).moved


def test_the_jail_square_tells_in_jail_from_just_visiting() -> None:
    from banker.core.edition import SquareKind
    from banker.core.offers.landing import land_on_square

    g = game()
    do(g, "jail bob")
    do(g, "move carol 10")
    visiting = land_on_square(g.state, "Carol", SquareKind.JAIL)
    assert [str(line) for line in visiting.says] == ["Carol is just visiting: nothing to pay."]
    assert visiting.offers == []
    jailed = land_on_square(g.state, "Bob", SquareKind.JAIL)
    assert "Bob is in jail: the next throw is 1 of 3" in str(jailed.says[0])
    assert [o.key for o in jailed.offers] == ["f"]  # no card held: none offered
    assert "no Get Out of Jail Free card held" in str(jailed.says[0])
    assert jailed.offers[0].refusal is None
    do(g, "card bob chance-jail-free")
    jailed = land_on_square(g.state, "Bob", SquareKind.JAIL)
    assert [o.key for o in jailed.offers] == ["f", "c"]
    assert "(1 held)" in str(jailed.says[0])


def test_a_move_onto_the_jail_square_says_just_visiting() -> None:
    g = game()
    assert play(g, "move carol 10") == "Carol threw 10 and moved to Jail (just visiting)"
    assert play(g, "move carol 10") == "Carol threw 10 and moved to Free Parking"
