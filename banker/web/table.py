"""What a phone shows: the game as one JSON document, money already in the edition's currency."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from banker.core.game import Game
from banker.core.report import state_json
from banker.core.state import GameState
from banker.store.journal import LogEntry

HISTORY_LINES = 20
"""How many journal entries a phone shows, newest first."""

RAILROADS = {"id": "railroad", "name": "Railroads", "colour": "#4a4a4a"}
"""The pseudo colour group railroads are listed under."""
UTILITIES = {"id": "utility", "name": "Utilities", "colour": "#8a8f98"}
"""The pseudo colour group utilities are listed under."""


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
    groups = [{"id": g.id, "name": g.name, "colour": g.colour} for g in edition.groups]
    groups += [RAILROADS, UTILITIES]
    deeds = []
    for d in raw["deeds"]:
        deed = edition.deed(d["name"])
        group = d["group"] or (RAILROADS["id"] if d["kind"] == "railroad" else UTILITIES["id"])
        deeds.append({**d, "group": group, "mortgage_text": m(deed.mortgage)})
    players = []
    for p in raw["players"]:
        owed = sum(debt.amount for debt in state.debts_of(p["name"]))
        players.append(
            {
                **p,
                "cash_text": m(p["cash"]),
                "worth_text": m(p["worth"]),
                "owes_text": m(owed) if owed else None,
            }
        )
    auction = raw["auction"]
    if auction is not None:
        auction = {**auction, "high_bid_text": m(auction["high_bid"])}
    return {
        "seq": seq,
        "board": edition.name,
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
            {**d, "amount_text": m(d["amount"]), "creditor": d["creditor"] or "the bank"}
            for d in raw["debts"]
        ],
        "auction": auction,
        "winner": raw["winner"],
        "ended": raw["ended"],
        "history": [
            {"seq": e.seq, "at": e.at, "text": str(e.message), "undone": e.undone}
            for e in reversed(history)
        ],
    }


def source_json(source: GameSource) -> dict[str, Any]:
    """The table as it stands in a journal (the game and its last entries)."""
    return table_json(source.game.state, source.game.seq, source.entries(limit=HISTORY_LINES))
