"""Debts settled, bankruptcy to a player or to the bank, and the end of the game."""

from __future__ import annotations

from typing import Any

from msgspec import Struct, field

from banker.core.args import Args
from banker.core.auctions import open_auction
from banker.core.command import CommandRecord
from banker.core.errors import BadInput, NotAllowed
from banker.core.estate import creditors_word, pay_estate, share_out
from banker.core.ledger import (
    deed_of,
    interest,
    owing,
    player_of,
    seated_from_left,
    to_bank,
    transfer,
)
from banker.core.money import Money
from banker.core.state import Claim, Debt, Estate, GameState, Player
from banker.core.verb import Verb, Word
from banker.core.worth import holdings, raisable
from banker.i18n.message import N_, Joined, Message, joined, msg, plural


class Settle(CommandRecord, frozen=True, kw_only=True, tag="settle"):
    """The player pays their debts now that their cash covers them."""

    player: str


class DeclareBankrupt(CommandRecord, frozen=True, kw_only=True, tag="bankrupt"):
    """The player owes more than they can raise and leaves the game."""

    player: str
    lift: list[str] = []
    """Mortgaged deeds the creditor lifts at once instead of paying the 10% fee only."""


class EndGame(CommandRecord, frozen=True, kw_only=True, tag="end"):
    """End the game now: the richest player wins."""


def settle(state: GameState, cmd: Settle) -> Message:
    player = player_of(state, cmd.player)
    debts = state.debts_of(player.name)
    if not debts:
        raise NotAllowed("{p} owes nothing.", p=player.name)
    total = sum(d.amount for d in debts)
    if player.cash < total:
        raise NotAllowed(
            "{p} has {cash} and owes {total}: raise {missing} more first (sell buildings, "
            "mortgage, trade), or declare bankruptcy if it cannot be raised.",
            p=player.name,
            cash=state.money(player.cash),
            total=state.money(total),
            missing=state.money(total - player.cash),
        )
    parts: list[Message] = []
    for debt in debts:
        if debt.creditor is None:
            to_bank(state, player, debt.amount, pot=debt.to_pot)
        else:
            transfer(player, player_of(state, debt.creditor), debt.amount)
        parts.append(
            msg(
                "{amount} to {who} ({why})",
                amount=state.money(debt.amount),
                who=debt.creditor
                or (msg("the Free Parking pot") if debt.to_pot else msg("the bank")),
                why=Message.from_json(debt.why) if debt.why else debt.reason,
            )
        )
        state.debts.remove(debt)
    return msg("{p} settled: {parts}", p=player.name, parts=joined(parts, "; "))


class Settlement(Struct, frozen=True):
    """What a bankruptcy hands over, worked out before anything moves."""

    debtor: str
    creditor: str | None
    owed: Money
    cash: Money
    buildings: Money
    """What the bank pays for the buildings, at half their cost."""
    houses: int
    hotels: int
    deeds: list[str]
    mortgaged: list[str]
    fees: Money
    """What the creditor pays the bank for the mortgaged deeds (fee, or lift price)."""
    jail_cards: int
    claims: list[Claim] = field(default_factory=list)
    """Each creditor's claim when there are several (or the pot): shared pro rata."""
    shares: list[Money] = field(default_factory=list)
    """Each claim's share of the cash and the buildings' price, before any auction."""
    to_bank: Money = 0
    """What is left once every claim is paid in full."""
    ends_game: bool = False
    """The short game ends at this bankruptcy: the bank keeps the deeds, no auction."""
    intact: bool = False
    """The short game's bankruptcy to a player: the buildings pass to the creditor standing,
    and `buildings` is 0 (nothing is sold to the bank)."""

    @property
    def pool(self) -> Money:
        """What is shared before any auction: the cash and the buildings' price."""
        return self.cash + self.buildings

    @property
    def shared(self) -> bool:
        """Bankrupt to several creditors (or to the pot): the pool is shared."""
        return bool(self.claims)


def settlement(state: GameState, player: str, lift: list[str] | None = None) -> Settlement:
    """The statement of a bankruptcy, for the banker to check before it is final."""
    lift = lift or []
    debts = state.debts_of(player)
    claims = claims_on(state, player)
    single = len(claims) == 1 and not claims[0].to_pot
    creditor = claims[0].creditor if single else None
    deeds = state.deeds_of(player)
    houses = sum(state.deeds[d].houses for d in deeds)
    hotels = sum(state.deeds[d].hotel for d in deeds)
    intact = single and state.rules.end_after_bankruptcies is not None
    buildings = 0 if intact else holdings(state, player).building_refund
    mortgaged = [d for d in deeds if state.deeds[d].mortgaged]
    fees = 0
    if creditor is not None:
        for d in mortgaged:
            m = state.edition.deed(d).mortgage
            fees += m + interest(state, m) if d in lift else interest(state, m)
    cash = state.player(player).cash
    if single:
        claims, shares, rest = [], list[Money](), 0
    else:
        shares, rest = share_out(cash + buildings, claims)
    return Settlement(
        debtor=player,
        creditor=creditor,
        owed=sum(d.amount for d in debts),
        cash=state.player(player).cash,
        buildings=buildings,
        houses=houses,
        hotels=hotels,
        deeds=deeds,
        mortgaged=mortgaged,
        fees=fees,
        jail_cards=len(state.player(player).jail_cards),
        claims=claims,
        shares=shares,
        to_bank=rest,
        ends_game=_short_end(state, player),
        intact=intact,
    )


def _short_end(state: GameState, player: str) -> bool:
    """Whether the short game ends at `player`'s bankruptcy (more than one player left)."""
    left = [p for p in state.active_players if p.name != player]
    gone = sum(p.bankrupt for p in state.players) + 1
    limit = state.rules.end_after_bankruptcies
    return len(left) > 1 and limit is not None and gone >= limit


def claims_on(state: GameState, player: str) -> list[Claim]:
    """What each creditor is owed by `player`, in the order odd units go: players in seating
    order from the debtor's left, then the pot, then the bank."""
    order: list[tuple[str | None, bool]] = [
        (p.name, False) for p in seated_from_left(state, player)
    ]
    order += [(None, True), (None, False)]
    owed: dict[tuple[str | None, bool], Money] = {}
    for debt in state.debts_of(player):
        key = (debt.creditor, debt.to_pot and debt.creditor is None)
        owed[key] = owed.get(key, 0) + debt.amount
    return [
        Claim(creditor=who, to_pot=pot, amount=owed[(who, pot)])
        for who, pot in order
        if (who, pot) in owed
    ]


def bankrupt(state: GameState, cmd: DeclareBankrupt) -> Message:
    player = player_of(state, cmd.player)
    debts = state.debts_of(player.name)
    if not debts:
        raise NotAllowed(
            "{p} owes nothing, so cannot go bankrupt. A debt comes from rent, a tax, a card "
            "or a fine they cannot pay.",
            p=player.name,
        )
    owed = sum(d.amount for d in debts)
    could = raisable(state, player.name).total
    if owed <= could:
        raise NotAllowed(
            "{p} owes {owed} and could raise {could} (cash, buildings at half, mortgages): "
            "raise the money and settle instead.",
            p=player.name,
            owed=state.money(owed),
            could=state.money(could),
        )
    statement = settlement(state, player.name, cmd.lift)
    for name in cmd.lift:
        deed_of(state, name)
        if name not in statement.mortgaged:
            raise BadInput(
                "{deed} is not one of {p}'s mortgaged deeds: only those can be lifted.",
                deed=name,
                p=player.name,
            )
    if statement.creditor is None and cmd.lift:
        raise BadInput(
            "In a bankruptcy to the bank or to several creditors every deed is unmortgaged "
            "and auctioned: nothing to lift."
        )
    if cmd.lift and statement.creditor is not None:
        creditor = player_of(state, statement.creditor)
        if state.debts_of(creditor.name):
            raise owing(state, creditor.name)
        will_have = creditor.cash + statement.cash + statement.buildings
        if will_have < statement.fees:
            raise NotAllowed(
                "{c} will have {cash} after the settlement and lifting costs {cost} with the "
                "fees: lift fewer mortgages, or none and lift them later.",
                c=creditor.name,
                cash=state.money(will_have),
                cost=state.money(statement.fees),
            )
    # Buildings go back to the bank's supply, except the short game's to a player.
    for name in [] if statement.intact else statement.deeds:
        held = state.deeds[name]
        state.bank.houses_left += held.houses
        state.bank.hotels_left += int(held.hotel)
        held.houses = 0
        held.hotel = False
    state.debts = [d for d in state.debts if d.debtor != player.name]
    left = [p for p in state.active_players if p is not player]
    short_end = statement.ends_game
    # No auction when the game ends at this bankruptcy: the bank keeps the deeds.
    auctions = len(left) > 1 and not short_end
    if statement.shared:
        text = _to_several(state, player, statement, auctions)
    elif statement.creditor is None:
        text = _to_bank(state, player, statement, auctions)
    else:
        text = _to_player(state, player, player_of(state, statement.creditor), statement, cmd.lift)
    player.bankrupt = True
    state.bankruptcies.append(player.name)
    state.jail.pop(player.name, None)  # out of the game, and so out of jail
    state.debts = [d for d in state.debts if d.creditor != player.name]
    if short_end:
        rows = standings(state)
        state.ended = True
        state.winner = rows[0].player
        return msg(
            "{text}. The short game ends at this bankruptcy: {w} wins. Standings: {table}",
            text=text,
            w=state.winner,
            table=_table(state),
        )
    if len(left) == 1:
        state.winner = left[0].name
        return msg(
            "{text}. {w} is the last player left and wins the game", text=text, w=state.winner
        )
    return text


def _to_several(state: GameState, player: Player, s: Settlement, auctions: bool) -> Message:
    """Bankrupt to several creditors (or to the pot): the bank buys the buildings at half and
    auctions the deeds; the cash, the buildings' price and the proceeds are shared."""
    state.bank.issued += s.buildings
    pool = player.cash + s.buildings
    player.cash = 0
    player.jail_cards.clear()
    for name in s.deeds:
        state.deeds[name].owner = None
        state.deeds[name].mortgaged = False
    state.estate = Estate(debtor=player.name, pool=pool, claims=list(s.claims), deeds=list(s.deeds))
    head = (
        msg(
            "{p} is bankrupt to {who}: {cash} cash and {b} for {bn} to share",
            p=player.name,
            who=creditors_word(s.claims),
            cash=state.money(s.cash),
            b=state.money(s.buildings),
            bn=_buildings(s),
        )
        if s.houses or s.hotels
        else msg(
            "{p} is bankrupt to {who}: {cash} cash to share",
            p=player.name,
            who=creditors_word(s.claims),
            cash=state.money(s.cash),
        )
    )
    if s.deeds and auctions:
        open_auction(state, s.deeds[0])
        state.auction.bidders.remove(player.name)  # type: ignore[union-attr]
        state.auction_queue = list(s.deeds[1:])
        return msg(
            "{head}; the bank auctions {deeds}, and shares the proceeds too when the last "
            "auction closes",
            head=head,
            deeds=plural(
                len(s.deeds),
                "1 deed, {first}",
                "{n} deeds, starting with {first}",
                first=s.deeds[0],
            ),
        )
    return msg("{head}; {shared}", head=head, shared=pay_estate(state))


def _to_player(
    state: GameState, player: Player, creditor: Player, s: Settlement, lift: list[str]
) -> Message:
    # The bank pays half the buildings' cost; that and all the cash go to the creditor.
    state.bank.issued += s.buildings
    creditor.cash += player.cash + s.buildings
    player.cash = 0
    creditor.jail_cards.extend(player.jail_cards)
    player.jail_cards.clear()
    for name in s.deeds:
        state.deeds[name].owner = creditor.name
    for name in lift:
        state.deeds[name].mortgaged = False
    parts: list[Message] = [
        msg("{c} receives {cash} cash", c=creditor.name, cash=state.money(s.cash))
        if s.intact
        else msg(
            "{c} receives {cash} cash and {b} for {bn}",
            c=creditor.name,
            cash=state.money(s.cash),
            b=state.money(s.buildings),
            bn=_buildings(s),
        ),
        msg("the deeds {deeds}", deeds=joined(s.deeds) or msg("(none)")),
    ]
    if s.intact and (s.houses or s.hotels):
        parts.append(msg("{bn} handed over standing", bn=_counted(s)))
    if s.jail_cards:
        parts.append(
            plural(s.jail_cards, "1 Get Out of Jail Free card", "{n} Get Out of Jail Free cards")
        )
    if s.fees:
        # A creditor already in debt pays nothing new before the older debts.
        paid_now = creditor.cash >= s.fees and not state.debts_of(creditor.name)
        fees_reason = msg("fees on mortgaged deeds from a bankruptcy")
        if paid_now:
            to_bank(state, creditor, s.fees)
        else:
            state.debts.append(
                Debt(
                    debtor=creditor.name,
                    creditor=None,
                    amount=s.fees,
                    reason=str(fees_reason),
                    why=fees_reason.to_json(),
                )
            )
        parts.append(
            msg(
                "{c} paid the bank {fees} for the mortgaged deeds"
                if paid_now
                else "{c} owes the bank {fees} for the mortgaged deeds",
                c=creditor.name,
                fees=state.money(s.fees),
            )
        )
    return msg(
        "{p} is bankrupt to {c}: {parts}", p=player.name, c=creditor.name, parts=joined(parts, "; ")
    )


def _counted(s: Settlement) -> Message:
    """The buildings, counted: "4 houses", "1 hotel", "2 houses and 1 hotel"."""
    houses = plural(s.houses, "1 house", "{n} houses")
    hotels = plural(s.hotels, "1 hotel", "{n} hotels")
    if not s.hotels:
        return houses
    if not s.houses:
        return hotels
    return msg("{houses} and {hotels}", houses=houses, hotels=hotels)


def _buildings(s: Settlement) -> Message:
    if not (s.houses or s.hotels):
        return msg("no buildings")
    houses = plural(s.houses, "1 house", "{n} houses")
    hotels = plural(s.hotels, "1 hotel", "{n} hotels")
    if not s.hotels:
        return msg("{houses} sold to the bank", houses=houses)
    if not s.houses:
        return msg("{hotels} sold to the bank", hotels=hotels)
    return msg("{houses} and {hotels} sold to the bank", houses=houses, hotels=hotels)


def _to_bank(state: GameState, player: Player, s: Settlement, auctions: bool) -> Message:
    to_bank(state, player, player.cash)
    player.jail_cards.clear()
    for name in s.deeds:
        state.deeds[name].owner = None
        state.deeds[name].mortgaged = False
    if s.deeds and auctions:
        open_auction(state, s.deeds[0])
        state.auction.bidders.remove(player.name)  # type: ignore[union-attr]
        state.auction_queue = list(s.deeds[1:])
        return plural(
            len(s.deeds),
            "{p} is bankrupt to the bank: {cash} cash to the bank, buildings back to the bank; "
            "the bank auctions {first}",
            "{p} is bankrupt to the bank: {cash} cash to the bank, buildings back to the bank; "
            "the bank auctions {n} deeds, starting with {first}",
            p=player.name,
            cash=state.money(s.cash),
            first=s.deeds[0],
        )
    return msg(
        "{p} is bankrupt to the bank: {cash} cash to the bank, buildings back to the bank",
        p=player.name,
        cash=state.money(s.cash),
    )


class Standing(Struct, frozen=True):
    """A player's worth at the end: cash, deeds (half for mortgaged), buildings at cost, and
    open debts (what others owe them, less what they owe)."""

    player: str
    cash: Money
    deeds: Money
    buildings: Money
    debts: Money = 0
    """Signed: what other players owe this one, less what this one owes anyone."""

    @property
    def total(self) -> Money:
        return self.cash + self.deeds + self.buildings + self.debts


def standings(state: GameState) -> list[Standing]:
    """Players still in, richest first. Open debts move worth from the debtor to a player
    creditor (the bank's and the pot's are simply subtracted); a tie goes to more cash, then
    to the earlier seat (RULES.md, "Ties at the end")."""
    rows = []
    for p in state.active_players:
        held = holdings(state, p.name)
        debts = sum(d.amount for d in state.debts if d.creditor == p.name) - sum(
            d.amount for d in state.debts_of(p.name)
        )
        rows.append(Standing(p.name, held.cash, held.standing, held.building_cost, debts))
    return sorted(rows, key=lambda r: (-r.total, -r.cash))


class Final(Struct, frozen=True):
    """A player's place at the end of the game, as the table's own `end` gives it."""

    player: str
    place: int
    worth: Money
    """The end-of-game worth (`Standing.total`); 0 for a bankrupt player."""
    cash: Money
    bankrupt: bool


def final_places(state: GameState) -> list[Final]:
    """Every player's place as the game ends now (RULES.md, "Bankruptcy and the end of the
    game"): the winner first when the game has one, then the players still in by their
    end-of-game worth (ties to more cash, then the earlier seat), then the bankrupt, the
    last to go bankrupt first (one gone before the order was kept: by seat, last). One
    player a place: the table's rule breaks every tie."""
    rows = standings(state)
    if state.winner is not None:
        rows.sort(key=lambda r: r.player != state.winner)  # stable: the rest keep their order
    order = {name: i for i, name in enumerate(state.bankruptcies)}
    gone = [p for p in state.players if p.bankrupt]
    gone.sort(key=lambda p: -order.get(p.name, -1))
    places = [Final(r.player, 0, r.total, r.cash, False) for r in rows]
    places += [Final(p.name, 0, 0, p.cash, True) for p in gone]
    return [
        Final(f.player, place, f.worth, f.cash, f.bankrupt)
        for place, f in enumerate(places, start=1)
    ]


def end(state: GameState, cmd: EndGame) -> Message:
    rows = standings(state)
    state.ended = True
    state.winner = rows[0].player
    state.auction = None
    state.auction_queue = []
    return msg("The game ends. {w} wins. Standings: {table}", w=state.winner, table=_table(state))


def _table(state: GameState) -> Joined:
    """Every player's place as the game ends (`final_places`, as an event records it):
    those still in with their worth, then the bankrupt, the last to go first."""
    return joined(
        (
            msg("{place}. {p} bankrupt", place=f.place, p=f.player)
            if f.bankrupt
            else f"{f.place}. {f.player} {state.money(f.worth)}"
            for f in final_places(state)
        ),
        "; ",
    )


def read_settle(a: Args) -> Settle:
    name, _ = a.split(a.words, a.nothing)
    return Settle(player=name)


def read_bankrupt(a: Args) -> DeclareBankrupt:
    folded = [w.casefold() for w in a.words]
    if "lift" in folded:
        at = folded.index("lift")
        listed = [x.strip() for x in " ".join(a.words[at + 1 :]).split(",") if x.strip()]
        if not listed:
            raise a.usage()
        lift = [a.deed(x.split()) for x in listed]
        return DeclareBankrupt(player=a.player(a.words[:at]), lift=lift)
    name, _ = a.split(a.words, a.nothing)
    return DeclareBankrupt(player=name)


def read_end(a: Args) -> EndGame:
    a.nothing(a.words)
    return EndGame()


DECLARED: tuple[Verb[Any] | Word[Any], ...] = (
    Verb(
        Settle,
        settle,
        Word("settle", N_("settle PLAYER"), read_settle, "raise_funds"),
        example="settle bob",
        while_owing=True,
    ),
    Verb(
        DeclareBankrupt,
        bankrupt,
        Word(
            "bankrupt",
            N_("bankrupt PLAYER [lift DEED,...]"),
            read_bankrupt,
            "raise_funds",
            keywords=("lift",),
        ),
        example="bankrupt bob lift board",
        while_owing=True,
    ),
    Verb(
        EndGame,
        end,
        Word("end", N_("end"), read_end, "end_game"),
        example="end",
    ),
)
"""This family's verbs (help lists every word in `verbs.HELP_ORDER`'s order)."""
