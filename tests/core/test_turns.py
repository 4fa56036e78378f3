"""Whose turn it is and where each token stands, from what the banker records."""

from __future__ import annotations

from banker.core import commands as c
from banker.core.edition import load_edition
from banker.core.game import Game
from banker.core.language import read_line
from banker.core.names import ranked
from banker.core.turns import find_squares, position, whose_turn

US = load_edition("us")


def game(*players: str) -> Game:
    return Game(c.Setup(players=list(players or ("Alice", "Bob", "Carol")), edition=US))


def do(g: Game, line: str) -> None:
    g.do(read_line(line, g.state))  # type: ignore[arg-type]


def test_the_turn_passes_round_the_table_skipping_the_bankrupt() -> None:
    g = game()
    assert whose_turn(g.state) == "Alice"
    do(g, "turn")
    assert whose_turn(g.state) == "Bob"
    do(g, "next")
    assert whose_turn(g.state) == "Carol"
    do(g, "turn")
    assert whose_turn(g.state) == "Alice"
    do(g, "turn carol")
    assert whose_turn(g.state) == "Carol"
    g.state.player("Alice").bankrupt = True  # as a bankruptcy leaves it
    do(g, "turn")
    assert whose_turn(g.state) == "Bob"


def test_the_dice_total_moves_the_token_and_passing_go_pays_the_salary() -> None:
    g = game()
    do(g, "move bob 8")
    assert position(g.state, "Bob") == 8
    assert g.state.player("Bob").cash == 1500
    do(g, "move bob park")  # a correction by name: no salary
    assert position(g.state, "Bob") == 37
    do(g, "move bob 6")  # 37 + 6 = 43: past GO to Baltic Avenue, square 3
    assert position(g.state, "Bob") == 3
    assert g.state.player("Bob").cash == 1700


def test_landing_on_go_to_jail_puts_the_token_in_jail() -> None:
    g = game()
    g.do(c.MoveToken(player="Bob", square=30))
    assert position(g.state, "Bob") == 10


def test_what_the_banker_records_keeps_the_token_where_it_is() -> None:
    g = game()
    do(g, "buy bob board")
    assert position(g.state, "Bob") == 39
    do(g, "tax bob income flat")
    assert position(g.state, "Bob") == 4
    do(g, "card bob chance-railroad-1 reading at 36")
    assert position(g.state, "Bob") == 5
    do(g, "jail bob")
    do(g, "jail bob fine")
    assert position(g.state, "Bob") == 10


def test_names_rank_by_what_is_likely() -> None:
    names = ["Free Parking", "Park Place", "Boardwalk"]
    assert ranked("park", names) == ["Park Place", "Free Parking"]
    g = game()
    assert find_squares(g.state, "Bob", "park")[:2] == ["Park Place", "Free Parking"]
    railroads = find_squares(g.state, "Bob", "railroad")
    assert set(railroads) == {
        "Reading Railroad",
        "Pennsylvania Railroad",
        "B&O Railroad",
        "Short Line",
    }
    do(g, "move bob go to jail")  # and so to jail, square 10
    assert position(g.state, "Bob") == 10
    assert find_squares(g.state, "Bob", "ave")[0] in {
        "Virginia Avenue",
        "States Avenue",
        "Tennessee Avenue",
        "New York Avenue",
    }


def test_a_name_of_two_words_moves_by_the_dice_or_to_a_square() -> None:
    g = game("Mary Ann", "Bob")
    do(g, "move mary ann 7")
    assert position(g.state, "Mary Ann") == 7
    do(g, "move mary ann park")
    assert position(g.state, "Mary Ann") == 37
