"""Plain views of a game for the command line and the table view: JSON and text."""

from __future__ import annotations

import unicodedata
from typing import Any

from banker.core.ledger import debt_reason
from banker.core.state import GameState
from banker.core.turns import position, square_name, whose_turn
from banker.core.worth import (
    income_tax_percent,
    require_worth_shown,
    worth,
    worth_hidden,
)
from banker.i18n.message import ENGLISH, Message, Translator, msg, plural


def state_json(state: GameState) -> dict[str, Any]:
    """The state as `banker show --json` prints it (worth null under strict income tax):
    whose turn it is, each token's square and the last landing with the money."""

    hidden = worth_hidden(state)
    edition = state.edition
    landing = state.landing
    over = state.ended or state.winner is not None
    return {
        "edition": edition.id,
        "currency": edition.currency,
        "turn": None if over else whose_turn(state),
        "players": [
            {
                "name": p.name,
                "cash": p.cash,
                "jail_cards": len(p.jail_cards),
                "bankrupt": p.bankrupt,
                "worth": None if hidden else 0 if p.bankrupt else worth(state, p.name).total,
                "square": position(state, p.name),
                "square_name": square_name(edition, position(state, p.name)),
                "in_jail": p.name in state.jail,
                "jail_throws": state.jail.get(p.name),
            }
            for p in state.players
        ],
        "landing": None
        if landing is None
        else {
            "player": landing.player,
            "square": landing.square,
            "square_name": square_name(edition, landing.square),
            "by": landing.by,
            "dice": landing.dice,
            "card": landing.card,
        },
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
        "estate": None
        if state.estate is None
        else {
            "debtor": state.estate.debtor,
            "pool": state.estate.pool,
            "claims": [
                {"creditor": c.creditor, "to_pot": c.to_pot, "amount": c.amount}
                for c in state.estate.claims
            ],
        },
        "winner": state.winner,
        "ended": state.ended,
    }


def cells(text: str) -> int:
    """How many terminal cells `text` takes: Thai vowel and tone marks take none, wide
    characters two."""
    return sum(
        0
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf")
        else 2
        if unicodedata.east_asian_width(ch) in ("W", "F")
        else 1
        for ch in text
    )


def padded(text: str, width: int) -> str:
    """`text` and spaces up to `width` cells (never cut: a long label pushes the amount)."""
    return text + " " * max(0, width - cells(text))


def worth_lines(state: GameState, player: str, tr: Translator = ENGLISH) -> list[str]:
    """A player's worth, line by line, with both income tax options, in `tr`'s language."""
    require_worth_shown(state)
    w = worth(state, player)
    m = state.money
    lines = [msg("{p} is worth {amount}:", p=player, amount=m(w.total)).render(tr)]
    rows = [
        (msg("cash").render(tr), w.cash),
        (msg("deeds (printed)").render(tr), w.deeds),
        (msg("buildings (cost)").render(tr), w.buildings),
    ]
    column = max(20, *(cells(label) + 2 for label, _ in rows))  # the amounts line up
    lines += [f"  {padded(label, column)}{m(amount):>10}" for label, amount in rows]
    lines.append(
        msg(
            "Income tax: {flat} flat, or {pct}% of worth = {amount}",
            flat=m(state.edition.income_tax),
            pct=state.edition.income_tax_percent,
            amount=m(income_tax_percent(state, player)),
        ).render(tr)
    )
    return lines


def raise_lines(state: GameState, player: str, tr: Translator = ENGLISH) -> list[str]:
    """What a player could raise (`raise NAME`), in `tr`'s language: every building at half
    (the group sold down evenly), every unmortgaged deed's mortgage value."""

    m = state.money
    from banker.core.offers.raising import owing, raise_rows  # start-up: `raise` only

    rows = [(row.label.render(tr), row.amount) for row in raise_rows(state, player)]
    width = max(38, *(cells(label) + 2 for label, _amount in rows))
    lines = [msg("{p} could raise:", p=player).render(tr)]
    lines += [f"  {padded(label, width)}{m(amount):>10}" for label, amount in rows]
    stands = owing(state, player)
    if stands.owed:
        verdict = msg("cannot cover it") if stands.short else msg("can settle")
        owes = msg("Owes {amount}: {verdict}", amount=m(stands.owed), verdict=verdict)
        lines.append(owes.render(tr))
    return lines


def state_text(state: GameState, tr: Translator = ENGLISH) -> list[str]:
    """A short text ledger: players, then deeds by owner, then the bank; in `tr`'s
    language (deed names as printed)."""
    m = state.money
    lines = [msg("Players:").render(tr)]
    for p in state.players:
        status = f" ({msg('bankrupt').render(tr)})" if p.bankrupt else ""
        cards = (
            ", " + plural(len(p.jail_cards), "1 jail card", "{n} jail cards").render(tr)
            if p.jail_cards
            else ""
        )
        lines.append(f"  {padded(p.name, 24)} {m(p.cash):>10}{cards}{status}")
        for name in state.deeds_of(p.name):
            d = state.deeds[name]
            marks = []
            if d.mortgaged:
                marks.append(msg("mortgaged").render(tr))
            if d.hotel:
                marks.append(msg("hotel").render(tr))
            elif d.houses:
                marks.append(plural(d.houses, "1 house", "{n} houses").render(tr))
            lines.append(f"      {name}" + (f" ({', '.join(marks)})" if marks else ""))
    bank = msg(
        "Bank: {houses}, {hotels} left",
        houses=plural(state.bank.houses_left, "1 house", "{n} houses"),
        hotels=plural(state.bank.hotels_left, "1 hotel", "{n} hotels"),
    )
    if state.rules.free_parking_pot:
        pot = m(state.bank.free_parking)
        bank = msg("{bank}; Free Parking pot {amount}", bank=bank, amount=pot)
    lines.append(bank.render(tr))
    if state.debts:
        lines.append(msg("Debts:").render(tr))
        for debt in state.debts:
            lines.append(
                "  "
                + msg(
                    "{debtor} owes {to} {amount} ({why})",
                    debtor=debt.debtor,
                    to=_owed(debt.creditor, debt.to_pot),
                    amount=m(debt.amount),
                    why=debt_reason(debt),
                ).render(tr)
            )
    auction = state.auction
    if auction is not None:
        bid = (
            msg("high bid {amount} by {p}", amount=m(auction.high_bid), p=auction.high_bidder)
            if auction.high_bidder
            else msg("no bid yet")
        )
        lines.append(
            msg(
                "Auction open: {lot}, {bid}; bidding: {players}",
                lot=auction.lot,
                bid=bid,
                players=", ".join(auction.bidders),
            ).render(tr)
        )
        if state.auction_queue:
            queue = ", ".join(state.auction_queue)
            lines.append("  " + msg("then: {lots}", lots=queue).render(tr))
    if state.estate is not None:
        owed = ", ".join(
            f"{_said(_owed(c.creditor, c.to_pot), tr)} {m(c.amount)}" for c in state.estate.claims
        )
        lines.append(
            msg(
                "{p}'s estate: {amount} so far, shared when the last auction closes among: "
                "{owed}",
                p=state.estate.debtor,
                amount=m(state.estate.pool),
                owed=owed,
            ).render(tr)
        )
    if state.winner is not None:
        how = msg("the game was ended") if state.ended else msg("the game is over")
        lines.append(msg("Winner: {p} ({how})", p=state.winner, how=how).render(tr))
    return lines


def _said(words: Message | str, tr: Translator) -> str:
    return words.render(tr) if isinstance(words, Message) else words


def _owed(creditor: str | None, to_pot: bool) -> Message | str:
    """Who a debt or a claim is owed to: a player by name, the pot or the bank."""
    if creditor is not None:
        return creditor
    return msg("the Free Parking pot") if to_pot else msg("the bank")
