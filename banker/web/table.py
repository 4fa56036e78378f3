"""What a phone shows: the game as one JSON document, money already in the edition's currency."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from banker.core.asks import Asks, phone_offers, ways_out
from banker.core.commands import TradeSide
from banker.core.endgame import final_places
from banker.core.game import Game
from banker.core.offers.auction import auction_offers, quick_raises, raised_bid
from banker.core.offers.raising import owing
from banker.core.offers.trading import trade_terms
from banker.core.proposals import Proposals
from banker.core.report import state_json
from banker.core.state import GameState
from banker.core.trades import describe, untradeable
from banker.core.turns import whose_turn, words_of
from banker.core.worth import mortgage_value, owed, worth_hidden
from banker.i18n import Translator, translator
from banker.i18n.message import N_, Message, plural
from banker.store.journal import LogEntry

HISTORY_LINES = 20
"""How many journal entries a phone shows, newest first."""

RAILROADS = {"id": "railroad", "name": N_("Railroads"), "colour": "#4a4a4a"}
"""The pseudo colour group railroads are listed under."""
STATIONS = N_("Stations")
"""Their name on a board that calls them stations."""
UTILITIES = {"id": "utility", "name": N_("Utilities"), "colour": "#8a8f98"}
"""The pseudo colour group utilities are listed under."""

WORDS = [
    N_("The table"),
    N_("Your statement"),
    N_("Auction"),
    N_("Bank"),
    N_("Players"),
    N_("Latest"),
    N_("Game over"),
    N_("The game has ended"),
    N_("{name} wins"),
    N_("winner"),
    N_("bankrupt"),
    N_("their turn"),
    N_("{name}'s turn"),
    N_("on {square}"),
    N_("in jail, throw {n} of 3"),
    N_("mortgaged"),
    N_("hotel"),
    N_("houses left"),
    N_("hotels left"),
    N_("Free Parking pot"),
    N_("worth {amount}"),
    N_("owes {amount}"),
    N_("{amount} to {creditor} ({reason})"),
    N_("{debtor} owes {creditor} {amount} ({reason})"),
    N_("{amount} by {name}"),
    N_("no bid yet"),
    N_("a house"),
    N_("a hotel"),
    N_("Still in: {names}"),
    N_("connecting"),
    N_("live"),
    N_("reconnecting"),
    N_("sharing stopped"),
    N_("this link was replaced: ask the banker for your new code"),
    N_("Bid {amount}"),
    N_("Bid"),
    N_("Drop out"),
    N_("You hold the high bid"),
    N_("You are out of this auction"),
    N_("sending…"),
    N_("Not sent: no connection. Try again."),
    N_("amount"),
    N_("from {amount}"),
    N_(
        "Read-only here: this page follows the table; bids and answers go through the banker's app."
    ),
    N_("Buy or auction?"),
    N_("Buy for {amount}"),
    N_("Trades"),
    N_("New trade"),
    N_("Trade with"),
    N_("You give"),
    N_("You get"),
    N_("cash"),
    N_("Get Out of Jail Free cards"),
    N_("of the debt"),
    N_("Lift now"),
    N_("Propose"),
    N_("Change"),
    N_("Send the change"),
    N_("Accept"),
    N_("Decline"),
    N_("Withdraw"),
    N_("Cancel"),
    N_("Waiting for {name}"),
    N_("Waiting for the banker"),
    N_("{name} asks you"),
    N_("Ask the banker"),
    N_("Asked"),
    N_("Take back"),
    N_("Mortgage, build, sell, jail…"),
    N_("You owe"),
    N_("Cash {cash} · missing {missing} · you could raise {raise}"),
    N_(
        "Even selling and mortgaging everything leaves {amount} unpaid: the banker settles a "
        "bankruptcy."
    ),
    N_("Ways to raise it"),
    N_("buildings on its group"),
]
"""The page's own words, sent translated with every table so the page needs no catalogue."""

PAGE_WORDS = {
    "title": N_("Banker: the table"),
    "heading": N_("The table"),
    "connecting": N_("connecting"),
    "opening": N_("Opening the ledger…"),
    "noscript": N_("This page needs JavaScript to follow the game."),
}
"""The words of the page's first paint, filled in by the server."""


class GameSource(Protocol):
    """What the table view reads a game from: a `Journal`, open for writing or read-only."""

    game: Game

    def entries(self, limit: int | None = None) -> list[LogEntry]: ...


def table_json(state: GameState, seq: int, history: Sequence[LogEntry]) -> dict[str, Any]:
    """The whole table as a phone renders it.

    Args:
        state: the game now.
        seq: the journal sequence number of the last entry, so a phone can tell updates apart.
        history: the latest journal entries, oldest first.

    Returns:
        JSON-ready data; every amount comes with its text in the edition's currency
        (`cash` and `cash_text`), so the page never formats money itself.
    """
    raw = state_json(state)
    m = state.money
    edition = state.edition
    tr = translator(state.language)
    groups = [{"id": g.id, "name": tr(g.name), "colour": g.colour} for g in edition.groups]
    groups += [
        {
            **RAILROADS,
            "name": tr(STATIONS if edition.railroad_word == "station" else RAILROADS["name"]),
        },
        {**UTILITIES, "name": tr(UTILITIES["name"])},
    ]
    deeds = []
    for d in raw["deeds"]:
        group = d["group"] or (RAILROADS["id"] if d["kind"] == "railroad" else UTILITIES["id"])
        houses = plural(d["houses"], "1 house", "{n} houses").render(tr) if d["houses"] else None
        mortgage = m(mortgage_value(state, d["name"]))
        held = untradeable(state, d["name"]) if d["owner"] else None
        deeds.append(
            {
                **d,
                "group": group,
                "mortgage_text": mortgage,
                "houses_text": houses,
                "untradeable": None if held is None else held.render(tr),
            }
        )
    players = []
    turn = whose_turn(state)
    for p in raw["players"]:
        owes = owed(state, p["name"])
        players.append(
            {
                **p,
                "cash_text": m(p["cash"]),
                "worth_text": None if p["worth"] is None else m(p["worth"]),
                "owes_text": m(owes) if owes else None,
                "turn": p["name"] == turn,
                "square_text": _square_text(state, p["square"], tr),
                "jail_cards_text": (
                    plural(p["jail_cards"], "1 jail card", "{n} jail cards").render(tr)
                    if p["jail_cards"]
                    else None
                ),
            }
        )
    landing = raw["landing"]
    if landing is not None:
        landing = {**landing, "square_text": _square_text(state, landing["square"], tr)}
    auction = raw["auction"]
    offers = auction_offers(state)
    if auction is not None and offers is not None:
        auction = {
            **auction,
            "high_bid_text": m(auction["high_bid"]),
            "lowest_bid": offers.lowest_bid,
            "lowest_bid_text": m(offers.lowest_bid),
            "raises": [
                {"amount": bid, "text": m(bid), "step_text": f"+{m(step)}"}
                for step in quick_raises(state)
                if (bid := raised_bid(state, step)) >= offers.lowest_bid
            ],
        }
    return {
        "seq": seq,
        "board": tr(edition.name),
        "rules": state.rules.to_data(),
        "currency": edition.currency,
        "players": players,
        "groups": groups,
        "deeds": deeds,
        "bank": {
            "houses": state.bank.houses_left,
            "hotels": state.bank.hotels_left,
            "pot": state.rules.free_parking_pot,
            "pot_text": m(state.bank.free_parking),
        },
        "debts": [
            {
                **d,
                "amount_text": m(d["amount"]),
                "creditor": d["creditor"] or tr("the bank"),
                "reason": _reason(debt.why, d["reason"], tr),
            }
            for d, debt in zip(raw["debts"], state.debts, strict=True)
        ],
        "auction": auction,
        "turn": raw["turn"],
        "landing": landing,
        "winner": raw["winner"],
        "ended": raw["ended"],
        "final": _final(state),
        "lang": state.language,
        "words": {w: tr(w) for w in WORDS},
        "history": [
            {"seq": e.seq, "at": e.at, "text": e.message.render(tr), "undone": e.undone}
            for e in reversed(history)
        ],
    }


def trades_json(state: GameState, proposals: Proposals) -> dict[str, Any]:
    """The trades worked out on the phones: open ones whole (both sides, the fees on
    mortgaged deeds and each receiver's choice, the cash after), and the notes of those
    that left the table unmade. Every page gets them; each shows its own player's."""
    tr = translator(state.language)
    m = state.money
    trades = []
    for p in proposals:
        trade = p.trade
        terms = trade_terms(state, trade)
        trades.append(
            {
                "number": p.number,
                "version": p.version,
                "player": trade.player,
                "partner": trade.partner,
                "by": p.by,
                "accepted": sorted(p.accepted),
                "waiting_for": p.waiting_for,
                "ready": p.ready,
                "give": _side_json(trade.give),
                "get": _side_json(trade.get),
                "give_text": describe(state, trade.give).render(tr),
                "get_text": describe(state, trade.get).render(tr),
                "lift": list(trade.lift),
                "summary": terms.summary.render(tr),
                "mortgaged": [
                    {
                        "deed": f.deed,
                        "receiver": f.new_owner,
                        "fee_text": m(f.fee),
                        "lift_text": m(f.lift),
                        "lifted": f.lifted,
                        "choice": f.choice(state).render(tr),
                        "said": f.said(state).render(tr),
                    }
                    for f in terms.mortgaged
                ],
                "cash": [line.render(tr) for line in terms.cash],
            }
        )
    notes = [
        {"number": n.number, "parties": list(n.parties), "said": n.said.render(tr)}
        for n in proposals.notes
    ]
    return {"trades": trades, "trade_notes": notes}


def asks_json(state: GameState, asks: Asks, taxing: str | None = None) -> dict[str, Any]:
    """What each player's page may ask for now, each with what it does (the page shows
    its own player's), the requests waiting for the banker, and the notes of those
    declined or gone stale."""
    tr = translator(state.language)
    offers = {
        p.name: [
            {
                "kind": o.kind,
                "key": o.key,
                "label": o.label.render(tr),
                "effect": [line.render(tr) for line in o.effect],
                "refusal": None if o.refusal is None else o.refusal.render(tr),
            }
            for o in phone_offers(state, p.name, tax=p.name == taxing)
        ]
        for p in state.players
        if not p.bankrupt
    }
    waiting = [
        {
            "number": a.number,
            "player": a.player,
            "kind": a.offer.kind,
            "key": a.offer.key,
            "label": a.offer.label.render(tr),
            "effect": [line.render(tr) for line in a.offer.effect],
        }
        for a in asks
    ]
    notes = [
        {"number": n.number, "player": n.player, "said": n.said.render(tr)} for n in asks.notes
    ]
    return {"offers": offers, "asks": waiting, "ask_notes": notes}


def owing_json(state: GameState) -> dict[str, Any]:
    """For each player in debt: what is owed, what is missing, what could be raised, and
    every way to raise it as the raise-funds screen shows it (each a request their phone
    can send); why settling or bankruptcy is refused now."""
    tr = translator(state.language)
    m = state.money
    found: dict[str, Any] = {}
    for p in state.players:
        if p.bankrupt or not state.debts_of(p.name):
            continue
        where = owing(state, p.name)
        found[p.name] = {
            "owed_text": m(where.owed),
            "cash_text": m(where.cash),
            "missing": where.missing,
            "missing_text": m(where.missing),
            "could_raise_text": m(where.could_raise),
            "short": where.short,
            "short_text": m(where.short),
            "ways": [
                {
                    "kind": way.kind,
                    "key": way.key,
                    "label": way.label.render(tr),
                    "brings_text": m(way.brings),
                    "refusal": None if way.refusal is None else way.refusal.render(tr),
                }
                for way in ways_out(state, p.name)
            ],
        }
    return {"owing": found}


def _side_json(side: TradeSide) -> dict[str, Any]:
    return {
        "cash": side.cash,
        "deeds": list(side.deeds),
        "jail_cards": side.jail_cards,
        "debt": side.debt,
    }


def _final(state: GameState) -> list[dict[str, Any]] | None:
    """Every player's place if the game ended now, as the table's own `end` gives it
    (what a tournament records); None while strict income tax hides every worth."""
    if worth_hidden(state):
        return None
    return [
        {
            "name": f.player,
            "place": f.place,
            "worth": f.worth,
            "worth_text": state.money(f.worth),
            "cash": f.cash,
            "bankrupt": f.bankrupt,
        }
        for f in final_places(state)
    ]


def source_json(source: GameSource) -> dict[str, Any]:
    """The table as it stands in a journal (the game and its last entries)."""
    return table_json(source.game.state, source.game.seq, source.entries(limit=HISTORY_LINES))


def _square_text(state: GameState, square: int, tr: Translator) -> str:
    """A square's name in the game's language (a deed's as printed on the board)."""
    words = words_of(state, square)
    return words if isinstance(words, str) else words.render(tr)


def _reason(why: dict[str, Any] | None, reason: str, tr: Translator) -> str:
    """Why a debt is owed, in the game's language when the journal kept the sentence."""
    if why is None:
        return reason
    try:
        return Message.from_json(why).render(tr)
    except ValueError:
        return reason
