"""Every action of the ledger, declared once: its key, its label in the footer, its name
and help in the palette (ctrl+p), and what it does. The ledger's key bindings, the
palette's entries, the footer and the list of every key (?) are all read from here.

Each action acts on the highlighted player (`LedgerScreen.selected`) and, once the game
is over, is refused before any dialog opens unless it is one of those allowed after the
end (undo, the history, a new game...). What an action opens is imported when it is
first used, not before the ledger's first frame (each import below says "start-up").

To add one: a line in `ACTIONS`, and, when it opens a dialog, its function here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.binding import Binding

from banker.i18n.languages import LANGUAGES
from banker.i18n.message import N_
from banker.tui.speech import _, current_language

if TYPE_CHECKING:
    from banker.tui.screens.ledger import LedgerScreen

Run = Callable[["LedgerScreen"], None | Awaitable[None]]


@dataclass(frozen=True)
class Action:
    """One action of the ledger."""

    name: str
    """Its name: the key binding's action, and `LedgerScreen.action_<name>`."""
    key: str
    label: str
    """Its word in the footer (and the list of every key)."""
    run: Run | None = None
    """What it does; None where the ledger does it itself (the command bar, the seats)."""
    show: bool = True
    """Shown in the footer (the others are in the list of every key, ?)."""
    title: str | None = None
    """Its name in the palette (None: not offered there)."""
    help: str | None = None
    """What the palette says it does."""
    after_the_end: bool = False
    """Allowed once the game is over (the others are refused before a dialog opens)."""
    key_display: str | None = None

    def binding(self) -> Binding:
        return Binding(
            self.key, self.name, self.label, show=self.show, key_display=self.key_display
        )

    def method(self) -> Callable[[LedgerScreen], Any]:
        """`LedgerScreen.action_<name>`: refused after the end unless allowed, then `run`."""
        run = self.run
        assert run is not None
        after_the_end = self.after_the_end

        def act(ledger: LedgerScreen) -> None | Awaitable[None]:
            if not after_the_end and ledger.game_is_over():
                return None
            return run(ledger)

        act.__name__ = f"action_{self.name}"
        act.__doc__ = self.help or self.label
        return act


# -- what the actions do --------------------------------------------------------------


def landed(ledger: LedgerScreen) -> None:
    from banker.tui.screens.landing import LandingRun  # start-up

    LandingRun(ledger, ledger.selected).start()


def pass_go(ledger: LedgerScreen) -> None:
    """Passing GO needs no confirmation: the salary is paid at once (undo is one key)."""
    from banker.core import commands as c  # start-up

    ledger.do(c.PassGo(player=ledger.selected))


def next_turn(ledger: LedgerScreen) -> None:
    """The turn passes to the next player still in the game (journaled: undo takes it
    back). After doubles the banker simply does not press it."""
    from banker.core import commands as c  # start-up

    ledger.do(c.PassTurn())


def pay(ledger: LedgerScreen) -> None:
    from banker.tui.screens.money import MoneyScreen  # start-up

    ledger.app.push_screen(MoneyScreen(ledger.state, payer=ledger.selected, payee=None), ledger.do)


def collect(ledger: LedgerScreen) -> None:
    from banker.tui.screens.money import MoneyScreen  # start-up

    ledger.app.push_screen(MoneyScreen(ledger.state, payer=None, payee=ledger.selected), ledger.do)


def build(ledger: LedgerScreen) -> None:
    from banker.tui.screens.build import BuildScreen  # start-up

    screen = BuildScreen(ledger.state, ledger.selected)
    screen.switch_player = lambda seat: ledger.for_seat(seat, build)
    ledger.app.push_screen(screen, ledger.do)


def mortgage(ledger: LedgerScreen) -> None:
    from banker.tui.screens.mortgage import MortgageScreen  # start-up

    screen = MortgageScreen(ledger.selected)
    screen.switch_player = lambda seat: ledger.for_seat(seat, mortgage)
    ledger.app.push_screen(screen)


def lift(ledger: LedgerScreen) -> None:
    from banker.tui.screens.mortgage import MortgageScreen  # start-up

    screen = MortgageScreen(ledger.selected, lifts_only=True)
    screen.switch_player = lambda seat: ledger.for_seat(seat, lift)
    ledger.app.push_screen(screen)


def trade(ledger: LedgerScreen) -> None:
    """A trade of the highlighted player, with the player whose turn it is if another."""
    from banker.tui.screens.trade import TradeScreen  # start-up

    player, view = ledger.selected, ledger.view
    turn = next((p.name for p in view.players if p.turn), None) if view else None
    partner = turn if turn is not None and turn != player else None
    ledger.app.push_screen(TradeScreen(ledger.state, player, partner), ledger.do)


def draw_card(ledger: LedgerScreen) -> None:
    """The card list of the deck where the highlighted player's token stands, again:
    after an undo, or a card forgotten, without moving the token."""
    from banker.core.offers.arrival import offers_at  # start-up
    from banker.core.offers.landing import deck_here  # start-up
    from banker.core.turns import position, square_name  # start-up
    from banker.tui.screens.landing import LandingRun  # start-up
    from banker.tui.words import landing_at, square_label  # start-up

    player, state = ledger.selected, ledger.state
    if deck_here(state, player) is None:
        where = square_label(square_name(state.edition, position(state, player)))
        ledger.notify(
            _("{p} stands on {square}: no card is drawn there. Record the move first (l).").format(
                p=player, square=where
            ),
            severity="warning",
        )
        return
    here = landing_at(state.edition, position(state, player))
    LandingRun(ledger, player).open(here, offers_at(state, player, here.deed, here.square))


def jail(ledger: LedgerScreen) -> None:
    """The Jail square's dialog for the highlighted player; one in jail is asked the fine,
    a card or the throw first, as a landing is."""
    from banker.core.edition import SquareKind  # start-up
    from banker.core.offers.arrival import asks_jail_first, offers_at  # start-up
    from banker.tui.screens.landing import LandingRun  # start-up
    from banker.tui.words import Landing, square_label  # start-up

    player, state = ledger.selected, ledger.state
    run = LandingRun(ledger, player)
    if asks_jail_first(state, player):
        run.start()
        return
    here = SquareKind.JAIL
    run.open(Landing(square_label("Jail"), square=here), offers_at(state, player, None, here))


def auction(ledger: LedgerScreen) -> None:
    from banker.tui.screens.auction import AuctionScreen  # start-up

    if ledger.state.auction is None:
        ledger.notify(
            _(
                "No auction is open. Send a deed to auction from Landed (l), "
                "or type ': auction DEED'."
            ),
            severity="warning",
        )
        return
    ledger.app.push_screen(AuctionScreen())


def raise_funds(ledger: LedgerScreen) -> None:
    from banker.tui.screens.raise_funds import RaiseFundsScreen  # start-up

    ledger.app.push_screen(RaiseFundsScreen(ledger.selected))


def end_game(ledger: LedgerScreen) -> None:
    """The end: asked first; once ended, the standings again."""
    from banker.core import commands as c  # start-up
    from banker.tui.screens.end_game import EndGameScreen, confirm_end  # start-up

    if ledger.state.winner is not None:
        ledger.app.push_screen(EndGameScreen())
        return

    def ended(yes: bool | None) -> None:
        ledger.do(c.EndGame() if yes else None)

    ledger.app.push_screen(confirm_end(ledger.state), ended)


def phone_yes(ledger: LedgerScreen) -> None:
    """Make the oldest thing the phones asked for, shown whole in the queue."""
    ledger.banker.make_from_phones()


def phone_no(ledger: LedgerScreen) -> None:
    """Decline the oldest thing the phones asked for, with a reason the phones show."""
    from banker.tui.screens.dialog import Decline  # start-up

    queue = ledger.banker.phone_queue()
    if not queue:
        return
    item = queue[0]
    if len(item.parties) == 2:
        a, b = item.parties[0], item.parties[-1]
        title = _("Decline {a} and {b}'s trade?").format(a=a, b=b)
    else:
        title = _("Decline {p}'s request?").format(p=item.parties[0])

    def declined(why: str | None) -> None:
        if why is not None:
            ledger.banker.decline_from_phones(item, why)

    ledger.app.push_screen(Decline(title), declined)


def undo(ledger: LedgerScreen) -> None:
    ledger.banker.undo()


def redo(ledger: LedgerScreen) -> None:
    ledger.banker.redo()


def new_game(ledger: LedgerScreen) -> None:
    ledger.banker.new_game()


async def share(ledger: LedgerScreen) -> None:
    """Show the QR code the players scan (starting the table view if needed)."""
    from banker.tui.screens.share import open_share  # start-up

    await open_share(ledger.banker)


def history(ledger: LedgerScreen) -> None:
    """The whole history, scrollable and searchable."""
    from banker.tui.screens.history import HistoryScreen  # start-up

    ledger.app.push_screen(HistoryScreen())


def next_language(ledger: LedgerScreen) -> None:
    """The language after the one on the screen (the game's, or the one `--lang` asked)."""
    codes = list(LANGUAGES)
    now = current_language()
    ledger.banker.language(codes[(codes.index(now) + 1) % len(codes)] if now in codes else "en")


def keys(ledger: LedgerScreen) -> None:
    """Every key of the ledger and what it does, the ones the footer has no room for too."""
    from banker.tui.screens.keys import KeysScreen  # start-up

    ledger.app.push_screen(KeysScreen(every_key(ledger)))


# -- the registry -----------------------------------------------------------------------

ACTIONS: tuple[Action, ...] = (
    Action(
        "landed",
        "l",
        N_("Landed"),
        landed,
        title=N_("Landed on a square"),
        help=N_("Rent, buy, tax, cards, GO, jail or Free Parking for the selected player"),
    ),
    Action(
        "pass_go",
        "g",
        N_("GO"),
        pass_go,
        title=N_("Pass GO"),
        help=N_("The bank pays the selected player the salary"),
    ),
    Action(
        "pay",
        "p",
        N_("Pay"),
        pay,
        title=N_("Pay"),
        help=N_("A player pays the bank or another player"),
    ),
    Action(
        "next_turn",
        "space",
        N_("Next turn"),
        next_turn,
        key_display="␣",
        title=N_("Next turn"),
        help=N_("The turn passes to the next player still in the game (space)"),
    ),
    Action(
        "collect",
        "c",
        N_("Collect"),
        collect,
        title=N_("Collect from the bank"),
        help=N_("The bank pays the selected player an amount"),
    ),
    Action(
        "build",
        "b",
        N_("Build"),
        build,
        title=N_("Build or sell houses and hotels"),
        help=N_("Per lot, for a whole colour group"),
    ),
    Action(
        "mortgage",
        "m",
        N_("Mortgage"),
        mortgage,
        title=N_("Mortgage or lift a mortgage"),
        help=N_("The selected player's deeds, with the interest"),
    ),
    Action(
        "lift",
        "u",
        N_("Lift"),
        lift,
        show=False,
        title=N_("Lift mortgages"),
        help=N_("The selected player's mortgaged deeds, one after another"),
    ),
    Action(
        "trade",
        "t",
        N_("Trade"),
        trade,
        title=N_("Trade"),
        help=N_("Cash, deeds and jail cards between two players"),
    ),
    Action(
        "jail",
        "j",
        N_("Jail"),
        jail,
        show=False,
        title=N_("Leave jail"),
        help=N_("Pay the fine or use a Get Out of Jail Free card"),
    ),
    Action("draw_card", "d", N_("Card here"), draw_card, show=False),
    Action(
        "auction",
        "a",
        N_("Auction"),
        auction,
        show=False,
        title=N_("Auction"),
        help=N_("The auctioneer's screen for the open auction"),
    ),
    Action(
        "raise_funds",
        "r",
        N_("Raise funds"),
        raise_funds,
        show=False,
        title=N_("Raise funds"),
        help=N_("Sell and mortgage to pay a debt; settle or go bankrupt"),
    ),
    Action(
        "end_game",
        "e",
        N_("End game"),
        end_game,
        show=False,
        after_the_end=True,
        title=N_("End the game"),
        help=N_("Standings by worth, the winner, the final statement"),
    ),
    Action("phone_yes", "y", N_("Make it"), phone_yes, after_the_end=True),
    Action("phone_no", "x", N_("Decline"), phone_no, after_the_end=True),
    Action(
        "command_bar",
        "colon",
        N_("Command"),
        title=N_("Command bar"),
        help=N_("Type a command: rent bob board, build alice park 2"),
    ),
    Action(
        "undo",
        "ctrl+z",
        N_("Undo"),
        undo,
        after_the_end=True,
        title=N_("Undo"),
        help=N_("Take back the last change"),
    ),
    Action(
        "redo",
        "ctrl+y",
        N_("Redo"),
        redo,
        after_the_end=True,
        title=N_("Redo"),
        help=N_("Put back the last undone change"),
    ),
    Action(
        "new_game",
        "n",
        N_("New game"),
        new_game,
        show=False,
        after_the_end=True,
        title=N_("New game"),
        help=N_("Start another game"),
    ),
    Action(
        "share",
        "s",
        N_("Share"),
        share,
        after_the_end=True,
        title=N_("Share the table"),
        help=N_("The QR code the players scan to follow on their phones"),
    ),
    Action(
        "history",
        "h",
        N_("History"),
        history,
        show=False,
        after_the_end=True,
        title=N_("History"),
        help=N_("Every entry of the game, latest first, searchable"),
    ),
    Action("next_language", "L", N_("Language"), next_language, show=False, after_the_end=True),
    Action("app.ask_quit", "q", N_("Quit")),
    Action("keys", "question_mark", N_("All keys"), keys, after_the_end=True, key_display="?"),
)
"""Every action of the ledger, in the footer's order. 1-8 pick the player the actions are
for; L switches the game to the next language; q asks before quitting."""


def bindings() -> list[Binding | tuple[str, str] | tuple[str, str, str]]:
    """The ledger's key bindings: each action's key, then 1-8 for the seats."""
    seats = [Binding(str(n), f"select({n})", N_("Player"), show=False) for n in range(1, 9)]
    return [*(action.binding() for action in ACTIONS), *seats]


def install(screen: type[LedgerScreen]) -> None:
    """Give the ledger an `action_<name>` for each action that says what it does."""
    for action in ACTIONS:
        if action.run is not None:
            setattr(screen, f"action_{action.name}", action.method())


def palette_entries() -> tuple[tuple[str, str, str], ...]:
    """(name, ledger action, help) of each action offered in the palette, in English."""
    return tuple((a.title, a.name, a.help or "") for a in ACTIONS if a.title is not None)


def every_key(ledger: LedgerScreen) -> list[tuple[str, str]]:
    """(key, what it does) for every key of the ledger, the seat keys as one line."""
    keys: list[tuple[str, str]] = []
    for action in ACTIONS:
        keys.append((ledger.app.get_key_display(action.binding()), _(action.label)))
    keys.append(("1-8", _("Player")))
    keys.append(("ctrl+p", _("Every action by name")))
    return keys
