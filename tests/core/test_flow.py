"""Whose turn and where each token stands, as the command language records them: the
decisions of RULES.md, "Turns, tokens and jail", with the rule book's numbers."""

from __future__ import annotations

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.errors import BadInput, BankerError
from banker.core.game import Game
from banker.core.offers.landing import last_landing
from banker.core.turns import position, whose_turn
from tests.core.conftest import play, refused

US = load_edition("us")
UK = load_edition("uk")


def game(*players: str, edition=US) -> Game:
    return Game(c.Setup(players=list(players or ("Alice", "Bob", "Carol")), edition=edition))


do = play


def cash(g: Game, player: str) -> int:
    return g.state.player(player).cash


# A card that sends the token somewhere leaves it there.


def test_the_nearest_railroad_card_leaves_the_token_on_the_railroad() -> None:
    """From Chance 7 the nearest railroad is Pennsylvania Railroad (15); the next throw of
    10 starts there and ends on Free Parking (25 is B&O: 15 + 10)."""
    g = game()
    do(g, "card alice chance-railroad-1 at 7")
    assert position(g.state, "Alice") == 15
    do(g, "move alice 10")
    assert position(g.state, "Alice") == 25
    assert cash(g, "Alice") == 1500


def test_a_card_past_go_then_a_throw_pays_one_salary() -> None:
    """From Chance 36 the nearest railroad is Reading (5), past GO: $1,700. A throw of 5
    then goes from 5 to Jail, just visiting, with no second salary ($1,900 was wrong)."""
    g = game()
    said = do(g, "card alice chance-railroad-1 at 36")
    assert "$200 salary" in said
    assert position(g.state, "Alice") == 5
    do(g, "move alice 5")
    assert position(g.state, "Alice") == 10
    assert cash(g, "Alice") == 1700


def test_the_nearest_utility_card_leaves_the_token_on_the_utility() -> None:
    g = game()
    do(g, "card bob chance-utility at 22")
    assert position(g.state, "Bob") == 28
    assert cash(g, "Bob") == 1500


# Cards take the square the bank knows.


def _to_chance_36(g: Game, player: str) -> None:
    for total in (12, 12, 12):
        do(g, f"move {player} {total}")
    assert position(g.state, player) == 36
    assert cash(g, player) == 1500


def test_advance_to_st_charles_from_chance_36_pays_the_salary() -> None:
    g = game("Alice", "Bob", "Carol")
    _to_chance_36(g, "Carol")
    said = do(g, "card carol chance-st-charles")
    assert cash(g, "Carol") == 1700
    assert position(g.state, "Carol") == 11
    assert "$200 salary" in said


def test_the_nearest_utility_from_chance_36_passes_go() -> None:
    g = game("Alice", "Bob", "Carol")
    _to_chance_36(g, "Carol")
    do(g, "card carol chance-utility")
    assert cash(g, "Carol") == 1700
    assert position(g.state, "Carol") == 12


def test_london_pall_mall_from_chance_22_pays_the_salary() -> None:
    """`move ann 10`, `move ann 12`, `card ann chance-pall-mall`: Ann collects £200."""
    g = game("Ann", "Ben", edition=UK)
    do(g, "move ann 10")
    do(g, "move ann 12")
    assert position(g.state, "Ann") == 22
    do(g, "card ann chance-pall-mall")
    assert cash(g, "Ann") == 1700
    assert position(g.state, "Ann") == 11


def test_at_overrides_the_known_square() -> None:
    """Bob stands on Chance 7 by the bank's count; the banker says he drew at 22."""
    g = game()
    do(g, "move bob 7")
    do(g, "card bob chance-st-charles at 22")
    assert cash(g, "Bob") == 1700


def test_a_moving_card_off_its_deck_is_refused_with_the_squares() -> None:
    g = game()
    do(g, "move bob 8")
    refused(g, "card bob chance-st-charles", BadInput, "7, 22, 36", "at N")


def test_a_card_that_does_not_move_needs_no_square() -> None:
    """Bob's token is on Vermont Avenue (8): a dividend or a birthday is still paid, and the
    token stays where it is."""
    g = game()
    do(g, "move bob 8")
    do(g, "card bob chance-dividend")
    assert cash(g, "Bob") == 1550
    do(g, "card bob chest-birthday")
    assert cash(g, "Bob") == 1570
    assert position(g.state, "Bob") == 8


def test_advance_to_go_needs_no_square() -> None:
    g = game()
    do(g, "move bob 8")
    do(g, "card bob chance-go")
    assert cash(g, "Bob") == 1700
    assert position(g.state, "Bob") == 0


# "Go back 3 spaces", and the offers of the new square.


def test_back_3_from_chance_7_lands_on_income_tax_and_offers_the_tax() -> None:
    g = game()
    said = do(g, "card alice chance-back-3 at 7")
    assert position(g.state, "Alice") == 4
    assert "Income Tax" in said
    assert cash(g, "Alice") == 1500  # no salary going back
    found = last_landing(g.state)
    assert found is not None
    player, offers = found
    assert player == "Alice"
    assert c.PayTax(player="Alice", kind="income_flat") in [o.command for o in offers.offers]


def test_back_3_onto_an_owned_deed_offers_the_rent() -> None:
    """From Chance 22 back 3 is New York Avenue (19), Bob's: the rent, $16, is offered."""
    g = game()
    do(g, "buy bob new york")
    do(g, "move alice 12")
    do(g, "move alice 10")
    assert position(g.state, "Alice") == 22
    do(g, "card alice chance-back-3")
    assert position(g.state, "Alice") == 19
    found = last_landing(g.state)
    assert found is not None
    _, offers = found
    rent = [o for o in offers.offers if isinstance(o.command, c.PayRent)]
    assert [(o.command.deed, o.amount) for o in rent] == [("New York Avenue", 16)]


def test_back_3_from_chance_36_offers_a_community_chest_card() -> None:
    g = game()
    do(g, "card alice chance-back-3 at 36")
    assert position(g.state, "Alice") == 33
    found = last_landing(g.state)
    assert found is not None
    assert found[1].cards and all(o.card.deck == "chest" for o in found[1].cards)


def test_a_card_to_jail_puts_the_token_in_jail_without_salary() -> None:
    g = game()
    do(g, "move carol 12")
    do(g, "move carol 10")
    do(g, "card carol chance-jail")
    assert position(g.state, "Carol") == 10
    assert "Carol" in g.state.jail
    assert cash(g, "Carol") == 1500


# The turn after a bankruptcy.


def test_a_bankruptcy_on_the_players_own_turn_passes_the_turn_to_their_left() -> None:
    """Carol goes bankrupt to Alice on her turn: the turn is Dave's, not Alice's."""
    g = game("Alice", "Bob", "Carol", "Dave")
    do(g, "buy alice boardwalk")
    do(g, "turn carol")
    do(g, "pay carol 1490")
    do(g, "rent carol boardwalk")
    do(g, "bankrupt carol")
    assert whose_turn(g.state) == "Dave"
    do(g, "turn")
    assert whose_turn(g.state) == "Dave"
    do(g, "turn")
    assert whose_turn(g.state) == "Alice"


def test_a_bankruptcy_off_turn_leaves_the_turn_where_it_is() -> None:
    g = game("Alice", "Bob", "Carol", "Dave")
    do(g, "buy alice boardwalk")
    do(g, "turn bob")
    do(g, "pay carol 1490")
    do(g, "rent carol boardwalk")
    do(g, "bankrupt carol")
    assert whose_turn(g.state) == "Bob"
    do(g, "turn")
    assert whose_turn(g.state) == "Dave"


# A square typed by name moves forward; a correction says so and pays nothing.


def test_a_named_square_behind_the_token_goes_round_and_pays_the_salary() -> None:
    g = game()
    do(g, "move bob 8")
    said = do(g, "move bob baltic")
    assert position(g.state, "Bob") == 3
    assert cash(g, "Bob") == 1700
    assert "passed GO" in said and "$200" in said


def test_a_named_square_ahead_pays_nothing() -> None:
    g = game()
    do(g, "move bob 8")
    do(g, "move bob boardwalk")
    assert position(g.state, "Bob") == 39
    assert cash(g, "Bob") == 1500


def test_a_correction_moves_the_token_pays_nothing_and_says_so() -> None:
    g = game()
    do(g, "move bob 8")
    said = do(g, "move bob baltic fix")
    assert position(g.state, "Bob") == 3
    assert cash(g, "Bob") == 1500
    assert "correction" in said
    assert last_landing(g.state) is None


def test_a_throw_onto_go_pays_the_salary_once() -> None:
    g = game()
    do(g, "move bob 12")
    do(g, "move bob 12")
    do(g, "move bob 12")  # 36
    do(g, "move bob 4")  # onto GO
    assert position(g.state, "Bob") == 0
    assert cash(g, "Bob") == 1700
    assert last_landing(g.state) is None


def test_a_named_square_where_the_token_stands_is_refused() -> None:
    g = game()
    do(g, "move bob 8")
    refused(g, "move bob vermont", BankerError, "already on Vermont Avenue")


def test_a_named_go_to_jail_round_the_board_pays_the_salary_then_jails() -> None:
    """Bob on Short Line (35), the banker names Go to Jail (30): the way passes GO ($200),
    then the token goes to jail, in jail."""
    g = game()
    do(g, "move bob short line")
    said = do(g, "move bob go to jail")
    assert cash(g, "Bob") == 1700
    assert position(g.state, "Bob") == 10 and "Bob" in g.state.jail
    assert "passed GO" in said


def test_an_odd_total_is_never_a_double() -> None:
    g = game()
    refused(g, "move bob 7 doubles", BadInput, "7 cannot be a double")
    do(g, "move bob 8 doubles")
    assert g.state.doubles == 1


# What the card list says before Enter: the move, and what the square asks there.


def preview(g: Game, player: str, card: str) -> str:
    from banker.core.offers.landing import card_offer

    return str(card_offer(g.state, player, US.cards_by_id[card]).effect)


def test_the_preview_of_back_3_onto_income_tax_says_the_tax_follows() -> None:
    """Drawn on Chance 7, back 3 is Income Tax: not "no payment", the tax's dialog opens."""
    g = game()
    do(g, "move alice 7")
    assert preview(g, "Alice", "chance-back-3") == (
        "back 3 spaces to Income Tax: the income tax follows"
    )


def test_the_preview_of_back_3_onto_an_owned_deed_says_the_rent() -> None:
    g = game()
    do(g, "buy bob new york")
    do(g, "move alice 12")
    do(g, "move alice 10")
    assert preview(g, "Alice", "chance-back-3") == "back 3 spaces to New York Avenue: pay Bob $16"
    do(g, "move alice 7")
    do(g, "move alice 7")  # Chance 36: back 3 is Community Chest
    assert preview(g, "Alice", "chance-back-3") == (
        "back 3 spaces to Community Chest: draw a Community Chest card"
    )


def test_the_preview_of_an_advance_onto_an_owned_deed_says_the_rent() -> None:
    """Advance to Boardwalk, Bob's (rent $50), from Chance 7: the rent, not "no salary"."""
    g = game()
    do(g, "buy bob boardwalk")
    do(g, "move alice 7")
    assert preview(g, "Alice", "chance-boardwalk") == "to Boardwalk: pay Bob $50"
    g2 = game()
    do(g2, "move alice 7")
    assert preview(g2, "Alice", "chance-boardwalk") == "to Boardwalk: for sale"
    do(g2, "move alice 12")
    do(g2, "move alice 10")
    do(g2, "move alice 7")  # Chance 36: Illinois is ahead past GO
    assert preview(g2, "Alice", "chance-illinois") == (
        "to Illinois Avenue: for sale; passing GO: collect $200"
    )
