"""Debts settled, bankruptcy to a player or to the bank, and the end of the game."""

from __future__ import annotations

from dataclasses import dataclass

from banker.core.auctions import open_auction
from banker.core.commands import DeclareBankrupt, EndGame, Settle
from banker.core.errors import BadInput, NotAllowed
from banker.core.ledger import deed_of, interest, player_of, to_bank, transfer
from banker.core.money import Message, Money, joined, msg, plural
from banker.core.state import Debt, GameState, Player
from banker.core.worth import holdings, raisable


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
                who=debt.creditor or msg("the bank"),
                why=Message.from_json(debt.why) if debt.why else debt.reason,
            )
        )
        state.debts.remove(debt)
    return msg("{p} settled: {parts}", p=player.name, parts=joined(parts, "; "))


@dataclass(frozen=True)
class Settlement:
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


def settlement(state: GameState, player: str, lift: list[str] | None = None) -> Settlement:
    """The statement of a bankruptcy, for the banker to check before it is final."""
    lift = lift or []
    debts = state.debts_of(player)
    creditor = debts[0].creditor if debts else None
    deeds = state.deeds_of(player)
    houses = sum(state.deeds[d].houses for d in deeds)
    hotels = sum(state.deeds[d].hotel for d in deeds)
    buildings = holdings(state, player).building_refund
    mortgaged = [d for d in deeds if state.deeds[d].mortgaged]
    fees = 0
    if creditor is not None:
        for d in mortgaged:
            m = state.edition.deed(d).mortgage
            fees += m + interest(state, m) if d in lift else interest(state, m)
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
    )


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
        raise BadInput("In a bankruptcy to the bank every deed is unmortgaged and auctioned.")
    if cmd.lift and statement.creditor is not None:
        creditor = player_of(state, statement.creditor)
        will_have = creditor.cash + statement.cash + statement.buildings
        if will_have < statement.fees:
            raise NotAllowed(
                "{c} will have {cash} after the settlement and lifting costs {cost} with the "
                "fees: lift fewer mortgages, or none and lift them later.",
                c=creditor.name,
                cash=state.money(will_have),
                cost=state.money(statement.fees),
            )
    # Buildings go back to the bank's supply either way.
    for name in statement.deeds:
        held = state.deeds[name]
        state.bank.houses_left += held.houses
        state.bank.hotels_left += int(held.hotel)
        held.houses = 0
        held.hotel = False
    state.debts = [d for d in state.debts if d.debtor != player.name]
    if statement.creditor is None:
        text = _to_bank(state, player, statement)
    else:
        text = _to_player(state, player, player_of(state, statement.creditor), statement, cmd.lift)
    player.bankrupt = True
    state.debts = [d for d in state.debts if d.creditor != player.name]
    left = state.active_players
    gone = sum(p.bankrupt for p in state.players)
    limit = state.rules.end_after_bankruptcies
    if len(left) > 1 and limit is not None and gone >= limit:
        rows = standings(state)
        state.ended = True
        state.winner = rows[0].player
        state.auction = None
        state.auction_queue = []
        return msg(
            "{text}. The short game ends at this bankruptcy: {w} wins. Standings: {table}",
            text=text,
            w=state.winner,
            table=_table(state, rows),
        )
    if len(left) == 1:
        state.winner = left[0].name
        state.auction = None
        state.auction_queue = []
        return msg(
            "{text}. {w} is the last player left and wins the game", text=text, w=state.winner
        )
    return text


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
        msg(
            "{c} receives {cash} cash and {b} for {bn}",
            c=creditor.name,
            cash=state.money(s.cash),
            b=state.money(s.buildings),
            bn=_buildings(s),
        ),
        msg("the deeds {deeds}", deeds=joined(s.deeds) or msg("(none)")),
    ]
    if s.jail_cards:
        parts.append(
            plural(s.jail_cards, "1 Get Out of Jail Free card", "{n} Get Out of Jail Free cards")
        )
    if s.fees:
        paid_now = creditor.cash >= s.fees
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


def _to_bank(state: GameState, player: Player, s: Settlement) -> Message:
    to_bank(state, player, player.cash)
    player.jail_cards.clear()
    for name in s.deeds:
        state.deeds[name].owner = None
        state.deeds[name].mortgaged = False
    remaining = len(state.active_players) - 1
    if s.deeds and remaining > 1:
        open_auction(state, s.deeds[0])
        state.auction.bidders.remove(player.name)  # type: ignore[union-attr]
        state.auction_queue = list(s.deeds[1:])
        return msg(
            "{p} is bankrupt to the bank: {cash} cash to the bank, buildings back to the bank; "
            "the bank auctions {n} deeds, starting with {first}",
            p=player.name,
            cash=state.money(s.cash),
            n=len(s.deeds),
            first=s.deeds[0],
        )
    return msg(
        "{p} is bankrupt to the bank: {cash} cash to the bank, buildings back to the bank",
        p=player.name,
        cash=state.money(s.cash),
    )


@dataclass(frozen=True)
class Standing:
    """A player's worth at the end: cash, deeds (half for mortgaged), buildings at cost."""

    player: str
    cash: Money
    deeds: Money
    buildings: Money

    @property
    def total(self) -> Money:
        return self.cash + self.deeds + self.buildings


def standings(state: GameState) -> list[Standing]:
    """Players still in, richest first (seating order breaks a tie)."""
    rows = []
    for p in state.active_players:
        held = holdings(state, p.name)
        rows.append(Standing(p.name, held.cash, held.standing, held.building_cost))
    return sorted(rows, key=lambda r: -r.total)


def end(state: GameState, cmd: EndGame) -> Message:
    rows = standings(state)
    state.ended = True
    state.winner = rows[0].player
    state.auction = None
    state.auction_queue = []
    return msg(
        "The game ends. {w} wins. Standings: {table}", w=state.winner, table=_table(state, rows)
    )


def _table(state: GameState, rows: list[Standing]) -> str:
    return "; ".join(f"{i}. {r.player} {state.money(r.total)}" for i, r in enumerate(rows, 1))
