"""The director's desk: the event's journal, the tables followed, results recorded.

`Director` ties an open `EventJournal` to a `Follower`: it follows every table linked
in the current round, records a table's final standings the moment its table view
shows the game ended (journaled, so nothing recorded is lost if the laptop dies), and
at time records the tables still playing as they stand, flagged. It never writes to a
table. `board_json` is what the board screen and the standings page both draw.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import functools
import io
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from banker.core.edition import BUILTIN_EDITIONS, load_edition
from banker.core.errors import BankerError
from banker.core.rules import RULE_NAMES
from banker.i18n.message import ENGLISH, N_, Message, Translator, joined, msg
from banker.store.sqlfile import now
from banker.tournament.follower import Follower, TableLive
from banker.tournament.journal import EventJournal
from banker.tournament.model import (
    PHASE_WORDS,
    AtTime,
    EndRound,
    EventCommand,
    EventSetup,
    EventState,
    LinkTable,
    Place,
    RecordResult,
    StartRound,
    TableResult,
    places_from_table,
    round_words,
)
from banker.tournament.scoring import champion, standings

REDRAW_EVERY = 0.1
"""Seconds the board waits to gather changes before it is redrawn."""


class Director:
    def __init__(self, journal: EventJournal, follower: Follower | None = None) -> None:
        self.journal = journal
        self.follower = follower or Follower()
        self.follower.on_change = self._table_changed
        self.listeners: list[Callable[[], None]] = []
        self.edition = load_edition(journal.setup.edition)
        self.follower.edition = self.edition  # what each deed of a table's view may count
        self.problems: list[Message] = []
        """What the director must see, newest last: a result that could not be recorded,
        a table lost or refused, a result after time left out (kept on the board until
        seen)."""
        self.told: list[tuple[Message, bool]] = []
        """Everything that happened at the tables, newest last, each with whether it is
        a problem: joined, lost, back, ended and recorded, refused, left out."""
        self._status: dict[int, str] = {}
        """Each followed table's state when last told, to tell each change once."""
        self._lost_at: dict[int, str] = {}
        self._late: set[tuple[int, int]] = set()
        """(round, table) whose game ended after its result was recorded at time (told
        once)."""
        self.relinks: dict[int, str] = {}
        """Tables already linked that asked to be followed at another address."""
        self._redraw: asyncio.TimerHandle | None = None
        self._drawn_at = -REDRAW_EVERY

    @property
    def state(self) -> EventState:
        return self.journal.state

    async def start(self) -> None:
        await self.follower.start()
        self.sync()

    async def stop(self) -> None:
        if self._redraw is not None:
            self._redraw.cancel()
            self._redraw = None
        await self.follower.stop()

    def sync(self) -> None:
        """Follow exactly the current round's linked tables."""
        current = self.state.current
        urls = current.urls if current is not None else {}
        for number in list(self.follower.tables):
            if number not in urls:
                self.follower.drop(number)
        for number, url in urls.items():
            self.follower.follow(number, url)
        self._notify()

    def apply(self, command: EventCommand) -> Message:
        """A director's command, journaled; the board follows the change."""
        message = self.journal.apply(command)
        self.sync()
        self._record_ended()
        return message

    def undo(self) -> Message:
        message = self.journal.undo()
        self.sync()
        return message

    def link(self, table: int, url: str, joined: bool = False) -> Message:
        """Follow table `table` at `url`; `joined`: the table sent it (`tournament join`),
        which the log says (the director's own `link` is answered on the bar)."""
        self.relinks.pop(table, None)
        said = self.apply(LinkTable(table=table, url=url.strip()))
        if joined:
            self._news(msg("Table {n} joined: followed at {url}", n=table, url=url))
            self._notify()
        return said

    def ask_relink(self, table: int, url: str) -> None:
        """A table already linked asks to be followed elsewhere (its share restarted, or
        someone holding the join address): only the director moves it, by typing the
        line the board shows."""
        if self.relinks.get(table) == url:
            return
        self.relinks[table] = url
        self._problem(
            msg(
                "Table {n} asks to be followed at {url}: type 'link {n} {url}' to accept.",
                n=table,
                url=url,
            )
        )
        self._notify()

    def start_round(self) -> Message:
        current = self.state.current
        if current is None:
            raise BankerError("Draw the first round's seating first.")
        return self.apply(StartRound(round=current.number, at=now()))

    def end_round(self) -> Message:
        """Time: tables still playing are recorded as they stand, flagged."""
        current = self.state.current
        if current is None:
            raise BankerError("Draw the first round's seating first.")
        playing: list[int] = []
        stood: list[AtTime] = []
        for number in range(1, len(current.tables) + 1):
            if number in current.results:
                continue
            playing.append(number)
            live = self.follower.tables.get(number)
            if live is None or live.table is None or number not in current.urls:
                continue
            if live.status == "bad data":  # its last sound view may be old: not recorded
                continue
            try:
                places = places_from_table(live.table)
            except BankerError as exc:
                self._problem(msg("Table {n}: {why}", n=number, why=exc.message))
                continue
            if places is not None:  # None: every worth hidden until the table's own end
                stood.append(AtTime(table=number, places=places, seq=live.seq))
        # One entry: undoing this end takes back the results recorded with it.
        command = EndRound(round=current.number, playing=tuple(playing), at_time=tuple(stood))
        return self.apply(command)

    def _table_changed(self, live: TableLive) -> None:
        before = self._status.get(live.number)
        self._status[live.number] = live.status
        n, status = live.number, live.status
        if status == "lost" and before != "lost":
            self._lost_at[n] = (live.lost_since or now())[11:19]
            self._problem(msg("Table {n} lost contact at {time}", n=n, time=self._lost_at[n]))
        elif before == "lost" and status in ("playing", "ended"):
            lost = self._lost_at.pop(n, "")
            self._news(msg("Table {n} is back (contact lost at {time})", n=n, time=lost))
        if status == "bad data" and before != "bad data" and live.problem is not None:
            self._problem(
                msg("Table {n}: its table view is refused: {why}", n=n, why=live.problem)
            )
        if status == "ended":
            self._record(live, at_time=False)
        self._notify()

    def _record_ended(self) -> None:
        for live in list(self.follower.tables.values()):
            if live.status == "ended":
                self._record(live, at_time=False)

    def _record(self, live: TableLive, at_time: bool) -> None:
        current = self.state.current
        if current is None or current.started is None or live.table is None:
            return
        if live.status == "bad data":
            return
        if live.number not in current.urls:
            return
        if live.number in current.results:
            self._after_time(live, current.results[live.number], current.number)
            return
        if current.ended:
            if live.number not in current.flagged:
                return
            # Still playing at time and not recorded then (every worth hidden, or no view):
            # its game's own end, when the table calls it, is the result, at time.
            at_time = True
        try:
            places = places_from_table(live.table)
            if places is None:  # every worth hidden until the table ends its game
                return
            self.journal.apply(
                RecordResult(
                    round=current.number,
                    table=live.number,
                    places=places,
                    seq=live.seq,
                    at_time=at_time,
                )
            )
        except BankerError as exc:
            self._problem(msg("Table {n}: {why}", n=live.number, why=exc.message))
            return
        self._news(
            msg(
                "Table {n} ended its game: {name} first; the result is recorded",
                n=live.number,
                name=places[0].name,
            )
        )

    def _after_time(self, live: TableLive, result: TableResult, round_number: int) -> None:
        """A table recorded at time that ends its own game later: its end is left out
        (the rules count the game as it stood at time), and the log says so once."""
        told = (round_number, live.number)
        if not result.at_time or told in self._late or live.table is None:
            return
        if live.seq <= result.seq:
            return
        self._late.add(told)
        try:
            places = places_from_table(live.table)
        except BankerError:
            places = None
        self._problem(
            msg(
                "Round {r}, table {n} ended its game after time ({name} first there): the "
                "result recorded at time stands ({kept} first)",
                r=round_number,
                n=live.number,
                name=places[0].name if places else "?",
                kept=result.places[0].name,
            )
        )

    def _problem(self, problem: Message) -> None:
        if problem not in self.problems:  # said once, not at every change of the table
            self.problems.append(problem)
            self.told.append((problem, True))

    def _news(self, news: Message) -> None:
        self.told.append((news, False))

    def _notify(self) -> None:
        """Redraw the board: at once after a quiet spell, otherwise at most once every
        `REDRAW_EVERY` seconds, changes arriving meanwhile drawn together (the board is
        drawn whole, for every table)."""
        if self._redraw is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._listeners_now()
            return
        wait = self._drawn_at + REDRAW_EVERY - loop.time()
        if wait <= 0:
            self._listeners_now()
        else:
            self._redraw = loop.call_later(wait, self._listeners_now)

    def _listeners_now(self) -> None:
        self._redraw = None
        with contextlib.suppress(RuntimeError):
            self._drawn_at = asyncio.get_running_loop().time()
        for listener in list(self.listeners):
            listener()


def differences(state: EventState, number: int, table: dict[str, Any] | None) -> list[Message]:
    """What a table plays that the event does not: board, rules, seating."""
    if table is None:
        return []
    setup = state.setup
    found: list[Message] = []
    if table.get("board") != setup.board:
        found.append(
            msg(
                "board {board} (event: {event})",
                board=board_words(str(table.get("board"))[:80]),
                event=board_words(setup.board),
            )
        )
    rules = table.get("rules")
    if isinstance(rules, dict):
        wanted = setup.rules.to_data()
        changed = sorted(k for k in set(rules) | set(wanted) if rules.get(k) != wanted.get(k))
        if changed:
            words = [msg(RULE_NAMES[k]) for k in changed if k in RULE_NAMES]
            if len(words) < len(changed):
                words.append(msg("others"))
            found.append(msg("house rules differ: {rules}", rules=joined(words)))
    current = state.current
    if current is not None and 1 <= number <= len(current.tables):
        seated = sorted(current.tables[number - 1])
        players = table.get("players")
        names = sorted(
            str(p.get("name"))
            for p in (players if isinstance(players, list) else [])
            if isinstance(p, dict)
        )
        if names != seated:
            found.append(
                msg(
                    "players {names} (seated: {seated})",
                    names=", ".join(n[:40] for n in names[:12]),
                    seated=", ".join(seated),
                )
            )
    return found


def board_words(name: str) -> Message | str:
    """A board's name in the reader's language when it is a board that ships."""
    return msg(name) if name in _shipped_boards() else name


@functools.cache
def _shipped_boards() -> frozenset[str]:

    return frozenset(load_edition(e).name for e in BUILTIN_EDITIONS)


def ends_at(state: EventState) -> str | None:
    """When the current round's time is up (ISO 8601, UTC), None before its start."""
    current = state.current
    if current is None or current.started is None or current.ended:
        return None
    ends = datetime.fromisoformat(current.started) + timedelta(
        minutes=state.setup.minutes_of(current.number)
    )
    return ends.isoformat(timespec="seconds")


LAST_TURN_MINUTES = 10
"""At time the judges call the last turn: a table still playing finishes its round of
turns; this many minutes after time, a table still playing is past time."""


def clock_mark(left: int | None) -> str | None:
    """What the clock says of a table still playing: `last turn` from the round's time,
    `past time` from `LAST_TURN_MINUTES` after it; None before time (or no clock)."""
    if left is None or left > 0:
        return None
    return "last turn" if left > -60 * LAST_TURN_MINUTES else "past time"


def time_left(state: EventState, at: datetime | None = None) -> int | None:
    """Seconds left in the current round (negative past time), None before its start."""
    current = state.current
    if current is None or current.started is None or current.ended:
        return None
    ends = datetime.fromisoformat(current.started) + timedelta(
        minutes=state.setup.minutes_of(current.number)
    )
    return int((ends - (at or datetime.now(UTC))).total_seconds())


def board_json(director: Director, say: Translator = ENGLISH) -> dict[str, Any]:
    """The board: every table of the current round live, and the standings; what a table
    plays differently is said through `say`."""
    state = director.state
    current = state.current
    money = director.edition.money
    left = time_left(state)
    tables: list[dict[str, Any]] = []
    if current is not None:
        for number, seated in enumerate(current.tables, start=1):
            live = director.follower.tables.get(number)
            table = live.table if live is not None else None
            players: list[dict[str, Any]] = []
            leader = None
            hidden = False
            if table is not None:
                places = _places(table)
                hidden = places is None
                worths = {p.name: p.worth for p in places or ()}
                for p in table.get("players", []):
                    if not isinstance(p, dict):
                        continue
                    worth = worths.get(str(p.get("name")))  # the rule book's, as `end` counts it
                    players.append(
                        {
                            "name": p.get("name"),
                            "cash_text": p.get("cash_text"),
                            "bankrupt": p.get("bankrupt"),
                            "worth": worth,
                            "worth_text": money(worth) if worth is not None else None,
                        }
                    )
                leader = places[0].name if places else None
            else:
                players = [{"name": n} for n in seated]
            result = current.results.get(number)
            if result is not None:  # one truth: the recorded order and figures
                cash = {p["name"]: p.get("cash_text") for p in players}
                players = [
                    {
                        "name": p.name,
                        "cash_text": cash.get(p.name),
                        "bankrupt": p.bankrupt,
                        "worth": p.worth,
                        "worth_text": money(p.worth),
                    }
                    for p in sorted(result.places, key=lambda p: p.place)
                ]
                leader = players[0]["name"] if players else None
            tables.append(
                {
                    "number": number,
                    "seated": list(seated),
                    "players": players,
                    "leader": leader,
                    "status": live.status if live is not None else "not linked",
                    "lost_since": live.lost_since if live is not None else None,
                    "pickups": live.pickups if live is not None else 0,
                    "problem": (
                        live.problem.render(say)
                        if live is not None and live.problem is not None
                        else None
                    ),
                    "recorded": result is not None,
                    # its figures are the table's as it plays, not a recorded result
                    "live": result is None and any(p.get("worth") is not None for p in players),
                    "at_time": bool(result and result.at_time),
                    "corrected": bool(result and result.corrections),
                    "flagged": number in current.flagged,
                    "hidden": hidden,
                    "over_time": left is not None and left < 0 and result is None,
                    "clock": clock_mark(left) if result is None else None,
                    "differs": [m.render(say) for m in differences(state, number, table)],
                }
            )
    setup = state.setup
    found = setup.phase_of(current.number) if current is not None else None
    ranked = standings(state)
    won = champion(state, ranked)
    return {
        "event": setup.name,
        "round_words": round_words(setup, current.number).render(say) if current else "",
        "champion": won,
        "complete_words": complete_words(state, won, ranked).render(say) if won else "",
        "round": current.number if current is not None else 0,
        "rounds": setup.rounds,
        "phase": PHASE_WORDS[found[1].name] if found is not None else None,
        "columns": standings_columns(setup),
        "started": bool(current and current.started),
        "ended": bool(current and current.ended),
        "time_left": left,
        "clock": clock_mark(left),
        "last_turn_minutes": LAST_TURN_MINUTES,
        "ends_at": ends_at(state),
        "byes": list(current.byes) if current is not None else [],
        "tables": tables,
        "standings": [
            {
                **row,
                "worth_text": money(row["worth"]) if row["place"] else "",
                "money_text": money(row["money"]) if "money" in row else "",
                "place_cell": row["place"] or ("bye" if row["byes"] else ""),
                "stage_words": PHASE_WORDS[row["stage"]] if "stage" in row else "",
            }
            for row in ranked
        ],
    }


def complete_words(
    state: EventState, won: str, ranked: list[dict[str, Any]] | None = None
) -> Message:
    """The event's end: its champion and the final ranking (the best ten); `ranked`: the
    standings, when already worked out."""
    ranked = standings(state) if ranked is None else ranked
    top = ", ".join(f"{r['rank']}. {r['name']}" for r in ranked[:10])
    return msg(
        "The event is complete: {name} is the champion. Final ranking: {ranking}",
        name=won,
        ranking=top + (", …" if len(ranked) > 10 else ""),
    )


def standings_columns(setup: EventSetup) -> list[dict[str, Any]]:
    """The standings' columns on the page and the board: the row's key, the heading (in
    English, said in the page's language there) and whether the cells are words to say."""
    columns: list[dict[str, Any]] = [
        {"key": "rank", "label": "#", "words": False},
        {"key": "name", "label": N_("Player"), "words": False},
    ]
    if not setup.phases:
        return [
            *columns,
            {"key": "round", "label": N_("Round"), "words": False},
            {"key": "place_cell", "label": N_("Place"), "words": True},
            {"key": "worth_text", "label": N_("Worth"), "words": False},
        ]
    columns += [
        {"key": "stage_words", "label": N_("Phase"), "words": True},
        {"key": "points", "label": N_("Points"), "words": False},
    ]
    return columns + tie_break_columns(setup.tie_breaks)


def tie_break_columns(tie_breaks: Iterable[str]) -> list[dict[str, Any]]:
    """The standings' columns of the tie-breaks, in their order (the event's, or the
    national board's)."""
    keys = {"worth": "money_text", "wins": "wins", "opponents": "opponents"}
    return [{"key": keys[t], "label": TIE_BREAK_HEADINGS[t], "words": False} for t in tie_breaks]


TIE_BREAK_HEADINGS = {
    "worth": N_("Money totals"),
    "wins": N_("Tables won"),
    "opponents": N_("Opponents' points"),
}


def _places(table: dict[str, Any]) -> tuple[Place, ...] | None:
    """A table's places as its `end` would give them now, None while hidden or unreadable."""
    try:
        return places_from_table(table)
    except BankerError:
        return None


CSV_COLUMNS = ["round", "table", "place", "player", "worth", "bankrupt", "at_time", "corrected"]


def results_csv(state: EventState) -> str:
    """Every round's results, one row per player per table (corrections applied, with
    their reasons), then the byes."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for rnd in state.rounds:
        for number in sorted(rnd.results):
            result = rnd.results[number]
            for p in result.places:
                writer.writerow(
                    [
                        rnd.number,
                        number,
                        p.place,
                        csv_cell(p.name),
                        p.worth,
                        "yes" if p.bankrupt else "",
                        "yes" if result.at_time else "",
                        csv_cell("; ".join(result.corrections)),
                    ]
                )
        for name in rnd.byes:
            writer.writerow([rnd.number, "bye", "", csv_cell(name), "", "", "", ""])
    return out.getvalue()


def standings_csv(state: EventState) -> str:
    """The event's standings, one row per player, best first: a championship's rank,
    phase reached, points and tie-breaks (in the event's order) there, and the worth over
    every round; an event of rounds' furthest round, place and worth there, and total."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    setup = state.setup
    if setup.phases:
        breaks = list(setup.tie_breaks)
        writer.writerow(["rank", "player", "phase", "points", *breaks, "total_worth", "withdrawn"])
        for row in standings(state):
            values = [row["money" if b == "worth" else b] for b in breaks]
            writer.writerow(
                [
                    row["rank"],
                    csv_cell(row["name"]),
                    row["stage"],
                    row["points"],
                    *values,
                    row["total"],
                    _withdrawn(state, row["name"]),
                ]
            )
    else:
        writer.writerow(["rank", "player", "round", "place", "worth", "total_worth", "withdrawn"])
        for row in standings(state):
            writer.writerow(
                [
                    row["rank"],
                    csv_cell(row["name"]),
                    row["round"],
                    row["place"] or "",
                    row["worth"] if row["place"] else "",
                    row["total"],
                    _withdrawn(state, row["name"]),
                ]
            )
    return out.getvalue()


def _withdrawn(state: EventState, name: str) -> str:
    """The CSV's word for a player who withdrew: the reason (empty for the others)."""
    reason = state.withdrawn.get(name)
    return "" if reason is None else csv_cell(reason)


def csv_cell(text: str) -> str:
    """A spreadsheet never takes a name for a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
