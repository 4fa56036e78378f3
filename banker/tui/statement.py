"""The end of a game on paper: each player's worth over the game, read from the journal, and
the final statement written as text and CSV beside the game file."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from rich.cells import cell_len

from banker.core.endgame import Standing, standings
from banker.core.engine import apply
from banker.core.game import Game
from banker.core.money import Money
from banker.core.state import GameState
from banker.tui.speech import _, pad

POINTS = 100
"""At most this many moments of a long game are sampled for the chart."""


def final_worth(state: GameState) -> dict[str, Money]:
    """Each player's worth as the end counts it; 0 for a player who went bankrupt."""
    by_player = {row.player: row.total for row in standings(state)}
    return {p.name: by_player.get(p.name, 0) for p in state.players}


def sample_depths(depth: int, points: int = POINTS) -> list[int]:
    """Which moments to sample: every one of a short game, `points` evenly spread otherwise,
    always the first and the last."""
    if depth + 1 <= points:
        return list(range(depth + 1))
    return sorted({round(i * depth / (points - 1)) for i in range(points)})


def worth_history(game: Game, points: int = POINTS) -> dict[str, list[Money]]:
    """Each player's worth after every sampled command, from the setup to now."""
    depths = sample_depths(game.depth, points)
    history: dict[str, list[Money]] = {name: [] for name in game.setup.players}

    def sample(state: GameState) -> None:
        for name, value in final_worth(state).items():
            history[name].append(value)

    if game.depth <= points * 64:
        wanted = set(depths)
        state = game.state_at(0)
        if 0 in wanted:
            sample(state)
        for n, entry in enumerate(game.applied, start=1):
            state, _receipt = apply(state, entry.command)
            if n in wanted:
                sample(state)
    else:
        for depth in depths:
            sample(game.state_at(depth))
    return history


class Row(Standing, frozen=True):
    """One line of the final statement: a standing and its place."""

    rank: int | None = None
    """None for a player who went bankrupt."""


def statement_rows(state: GameState) -> list[Row]:
    """The standings, richest first, then the players who went bankrupt."""
    rows = [
        Row(s.player, s.cash, s.deeds, s.buildings, s.debts, rank=n)
        for n, s in enumerate(standings(state), start=1)
    ]
    rows += [Row(p.name, 0, 0, 0) for p in state.players if p.bankrupt]
    return rows


def has_debts(rows: list[Row]) -> bool:
    """Whether any standing counts an open debt: only then is the Debts column shown."""
    return any(row.debts for row in rows)


def statement_text(state: GameState, title: str) -> str:
    """The final statement as the table would read it out, in the game's language; the
    columns line up in terminal cells, so Thai names keep them straight."""
    money = state.money
    rows = statement_rows(state)
    lines = [
        _("Final statement: {game}").format(game=title),
        _("Board: {name}").format(name=_(state.edition.name)),
    ]
    if state.winner:
        lines.append(_("Winner: {p}").format(p=state.winner))
    lines.append("")

    def line(rank: str, player: str, *amounts: str) -> str:
        return " ".join(
            [pad(rank, 2, right=True) + " ", pad(player, 24), *(pad(a, 12, True) for a in amounts)]
        ).rstrip()

    owing = has_debts(rows)
    heads = (_("Cash"), _("Deeds"), _("Buildings"), *([_("Debts")] if owing else []), _("Total"))
    header = line("#", _("Player"), *heads)
    lines += [header, "-" * cell_len(header)]
    for row in rows:
        if row.rank is None:
            lines.append(line("-", row.player, _("bankrupt")))
            continue
        amounts = (row.cash, row.deeds, row.buildings, *([row.debts] if owing else []), row.total)
        lines.append(line(str(row.rank), row.player, *(money(a) for a in amounts)))
    lines += [
        "",
        _(
            "Worth: cash + printed price of unmortgaged deeds + half the printed price of "
            "mortgaged deeds + buildings at cost."
        ),
    ]
    return "\n".join(lines) + "\n"


def statement_csv(state: GameState) -> str:
    """The final statement as CSV: one row per player, amounts in whole units."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["rank", "player", "cash", "deeds", "buildings", "debts", "total", "status"]
    )
    for row in statement_rows(state):
        status = "winner" if row.player == state.winner else ""
        if row.rank is None:
            status = "bankrupt"
        writer.writerow(
            [
                row.rank or "",
                row.player,
                row.cash,
                row.deeds,
                row.buildings,
                row.debts,
                row.total,
                status,
            ]
        )
    return out.getvalue()


def export_statement(state: GameState, game_path: Path) -> tuple[Path, Path]:
    """Write the final statement beside the game file as `<game>-final.txt` and `.csv`.

    Returns:
        The text file's path and the CSV file's path.

    Raises:
        OSError: the folder cannot be written.
    """
    text_path = game_path.with_name(f"{game_path.stem}-final.txt")
    csv_path = game_path.with_name(f"{game_path.stem}-final.csv")
    text_path.write_text(statement_text(state, game_path.stem), encoding="utf-8")
    csv_path.write_text(statement_csv(state), encoding="utf-8", newline="")
    return text_path, csv_path
