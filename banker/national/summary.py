"""A summary row per table of a venue's round: what the national board shows of a table
without following it (its state, its leader and the leader's worth), sent by the venue's
outbox at every change, and read back by the national board as another computer's word
(each value checked and bounded, anything else refused)."""

from __future__ import annotations

import unicodedata
from typing import Any

from banker.core.edition import load_edition
from banker.tournament.model import EventState

STATES = frozenset(
    {
        "waiting",
        "connecting",
        "playing",
        "ended",
        "lost",
        "not linked",
        "bad data",
        "recorded",
    }
)
"""What a table can be doing, as a summary says it (the venue board's words)."""
MAX_TABLES = 200
"""Tables a venue's round may have in the national board's eyes (a venue's board follows
200 at most)."""


def table_summaries(
    state: EventState, board: dict[str, Any] | None = None
) -> dict[tuple[int, int], dict[str, Any]]:
    """Each table of the current round, by (round, table): from the venue's live board
    (`banker.tournament.director.board_json`) where there is one, else from the event
    file alone (a result recorded, or the round's state)."""
    current = state.current
    if current is None:
        return {}
    money = load_edition(state.setup.edition).money
    live = {t["number"]: t for t in (board or {}).get("tables", [])} if board else {}
    found: dict[tuple[int, int], dict[str, Any]] = {}
    for number, seated in enumerate(current.tables, start=1):
        result = current.results.get(number)
        if result is not None:
            top = result.places[0]
            summary = {
                "state": "recorded",
                "leader": top.name,
                "worth_text": money(top.worth),
                "players": len(seated),
                "at_time": result.at_time,
            }
        else:
            table = live.get(number)
            if table is not None:
                leader = table.get("leader")
                worth = next(
                    (p.get("worth_text") for p in table["players"] if p.get("name") == leader),
                    None,
                )
                status = table.get("status", "connecting")
                summary = {
                    "state": status if status in STATES else "connecting",
                    "leader": leader,
                    "worth_text": worth or "",
                    "players": len(seated),
                    "at_time": bool(table.get("flagged")),
                }
            else:
                summary = {
                    "state": "playing" if current.started else "waiting",
                    "leader": None,
                    "worth_text": "",
                    "players": len(seated),
                    "at_time": number in current.flagged,
                }
        found[(current.number, number)] = summary
    return found


def seen_summary(data: object) -> dict[str, Any] | None:
    """A summary as the national board may show it; None when it is not one (a field
    missing or of the wrong type, a text too long or with control characters)."""
    if not isinstance(data, dict):
        return None
    state, leader = data.get("state"), data.get("leader")
    worth, players, at_time = data.get("worth_text"), data.get("players"), data.get("at_time")
    if state not in STATES or not isinstance(worth, str) or not isinstance(at_time, bool):
        return None
    if type(players) is not int or not 0 <= players <= 8:
        return None
    if leader is not None and not (isinstance(leader, str) and _inert(leader, 40)):
        return None
    if not _inert(worth, 32):
        return None
    return {
        "state": state,
        "leader": leader,
        "worth_text": worth,
        "players": players,
        "at_time": at_time,
    }


def _inert(text: str, most: int) -> bool:
    """Short enough, and nothing that would change a terminal (escape codes, overrides)."""
    return len(text) <= most and not any(
        unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in text
    )
