"""Plain views of a game for the command line and the table view: JSON and text."""

from __future__ import annotations

from typing import Any

from banker.core.state import GameState
from banker.core.worth import income_tax_percent, worth


def state_json(state: GameState) -> dict[str, Any]:
    """The state as `banker show --json` prints it."""
    return {
        "edition": state.edition.id,
        "currency": state.edition.currency,
        "players": [
            {
                "name": p.name,
                "cash": p.cash,
                "jail_cards": len(p.jail_cards),
                "bankrupt": p.bankrupt,
                "worth": 0 if p.bankrupt else worth(state, p.name).total,
            }
            for p in state.players
        ],
        "deeds": [
            {
                "name": name,
                "owner": d.owner,
                "mortgaged": d.mortgaged,
                "houses": d.houses,
                "hotel": d.hotel,
                "group": state.edition.deed(name).group,
                "kind": state.edition.deed(name).kind.value,
            }
            for name, d in state.deeds.items()
        ],
        "bank": {
            "houses": state.bank.houses_left,
            "hotels": state.bank.hotels_left,
            "free_parking": state.bank.free_parking,
        },
        "debts": [
            {"debtor": d.debtor, "creditor": d.creditor, "amount": d.amount, "reason": d.reason}
            for d in state.debts
        ],
        "auction": None
        if state.auction is None
        else {
            "lot": state.auction.lot,
            "kind": state.auction.kind,
            "high_bid": state.auction.high_bid,
            "high_bidder": state.auction.high_bidder,
            "bidders": list(state.auction.bidders),
            "queue": list(state.auction_queue),
        },
        "winner": state.winner,
        "ended": state.ended,
    }


def worth_lines(state: GameState, player: str) -> list[str]:
    """A player's worth, line by line, with both income tax options."""
    w = worth(state, player)
    m = state.money
    lines = [
        f"{player} is worth {m(w.total)}:",
        f"  cash                {m(w.cash):>10}",
        f"  deeds (printed)     {m(w.deeds):>10}",
        f"  buildings (cost)    {m(w.buildings):>10}",
    ]
    pct = state.edition.income_tax_percent
    lines.append(
        f"Income tax: {m(state.edition.income_tax)} flat, or {pct}% of worth = "
        f"{m(income_tax_percent(state, player))}"
    )
    return lines


def raise_lines(state: GameState, player: str) -> list[str]:
    """What a player could raise, in English (`banker raise NAME`): every building at half
    (the group sold down evenly), every unmortgaged deed's mortgage value."""
    from banker.core.offers.raising import owing, raise_rows

    m = state.money
    lines = [f"{player} could raise:"]
    for row in raise_rows(state, player):
        label = str(row.label)
        gap = max(2, 38 - len(label))
        lines.append(f"  {label}{'':<{gap}}{m(row.amount):>10}")
    stands = owing(state, player)
    if stands.owed:
        verdict = "cannot cover it" if stands.short else "can settle"
        lines.append(f"Owes {m(stands.owed)}: {verdict}")
    return lines


def state_text(state: GameState) -> list[str]:
    """A short text ledger: players, then deeds by owner, then the bank."""
    m = state.money
    lines = ["Players:"]
    for p in state.players:
        status = " (bankrupt)" if p.bankrupt else ""
        cards = f", {len(p.jail_cards)} jail card(s)" if p.jail_cards else ""
        lines.append(f"  {p.name:<24} {m(p.cash):>10}{cards}{status}")
        for name in state.deeds_of(p.name):
            d = state.deeds[name]
            marks = []
            if d.mortgaged:
                marks.append("mortgaged")
            if d.hotel:
                marks.append("hotel")
            elif d.houses:
                marks.append(f"{d.houses} house" + ("s" if d.houses > 1 else ""))
            lines.append(f"      {name}" + (f" ({', '.join(marks)})" if marks else ""))
    lines.append(
        f"Bank: {state.bank.houses_left} houses, {state.bank.hotels_left} hotels left"
        + (
            f"; Free Parking pot {m(state.bank.free_parking)}"
            if state.rules.free_parking_pot
            else ""
        )
    )
    return lines
