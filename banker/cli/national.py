"""`banker national init`, `venue`, `board`, `csv`: a championship over many venues, on
one PostgreSQL database (psycopg, an optional extra, loaded only where a database is
reached)."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from banker.cli.actions import Say, said_in
from banker.core.errors import BadInput
from banker.i18n.arguments import STANDINGS_PAGE, add_listening
from banker.i18n.message import N_, msg
from banker.national.board import TIE_BREAK_KEYS, National
from banker.national.schema import client, init, migrations
from banker.national.venues import add_venue, role_of


def add_national(national: argparse.ArgumentParser, say: Say) -> None:
    t = say.gettext
    national.set_defaults(run=_usage)
    steps = national.add_subparsers(dest="national_action", metavar=t(N_("ACTION")))
    first = steps.add_parser(
        "init", help=t(N_("create or bring up to date the national database's schema"))
    )
    first.add_argument(
        "dsn", metavar="DSN", help=t(N_("the database, e.g. postgresql://host/championship"))
    )
    first.set_defaults(run=_init)
    venue = steps.add_parser(
        "venue", help=t(N_("register a venue and make the role it publishes with"))
    )
    venue.add_argument("dsn", metavar="DSN", help=t(N_("the database, as its owner")))
    venue.add_argument("venue", metavar=t(N_("ID")), help=t(N_("the venue's id, e.g. kl-1")))
    venue.add_argument("name", metavar=t(N_("NAME")), help=t(N_("the venue's name")))
    venue.set_defaults(run=_venue)
    board = steps.add_parser(
        "board", help=t(N_("the national board: every venue live, the national cut, its page"))
    )
    out = steps.add_parser("csv", help=t(N_("the national ranking and its cut, as CSV")))
    for step in (board, out):
        step.add_argument("dsn", metavar="DSN", help=t(N_("the national database's address")))
        step.add_argument(
            "--cut", type=int, default=0, help=t(N_("how many go on from every venue together"))
        )
        step.add_argument(
            "--tie-breaks",
            default="worth,wins",
            metavar="worth,wins",
            help=t(N_("between equal points, in order: worth (money totals), wins, opponents")),
        )
    board.set_defaults(run=_board)
    out.set_defaults(run=_csv)
    board.add_argument("--name", default="", help=t(N_("the championship's name")))
    add_listening(board, t, STANDINGS_PAGE)
    out.add_argument("-o", "--output", metavar=t(N_("FILE")), help=t(N_("a file (default: print)")))
    out.add_argument("--force", action="store_true", help=t(N_("replace the file if there is one")))


def _usage(args: argparse.Namespace) -> int:
    raise BadInput("banker national init DSN: create the national database's schema.")


def _venue(args: argparse.Namespace) -> int:
    password = add_venue(args.dsn, args.venue, args.name)
    said = msg(
        "Venue {venue} added. Its director publishes as the role {role}, password "
        "{password} (shown once: hand it over now).",
        venue=args.venue,
        role=role_of(args.venue),
        password=password,
    )
    print(said.render(said_in(args)))
    return 0


def _init(args: argparse.Namespace) -> int:
    applied = init(args.dsn)
    say = said_in(args)
    if applied:
        said = msg("Applied: {names}.", names=", ".join(applied))
    else:
        said = msg("The national database is up to date.")
    print(said.render(say))
    print(msg("Schema version {n}.", n=len(migrations())).render(say))
    return 0


def _national(args: argparse.Namespace) -> National:
    """The national board the line asks for (its database's client said first, not as an
    empty board)."""
    client()
    breaks = tuple(w.strip() for w in args.tie_breaks.split(",") if w.strip())
    if not breaks or any(b not in TIE_BREAK_KEYS for b in breaks) or len(set(breaks)) < len(breaks):
        raise BadInput("--tie-breaks: worth, wins and opponents, in the order they count.")
    if not 0 <= args.cut <= 100_000:
        raise BadInput("--cut: how many players go on, 0 for none.")
    return National(args.dsn, args.cut, getattr(args, "name", ""), breaks)


def _board(args: argparse.Namespace) -> int:
    from banker.tui.national import run_national_board  # the screens (~0.3 s): the board's only

    return run_national_board(_national(args), args.host, args.port, args.said_in)


def _csv(args: argparse.Namespace) -> int:
    national = _national(args)
    asyncio.run(national.load())
    text = national.cut_csv()
    if not args.output:
        print(text, end="")
        return 0
    path = Path(args.output).expanduser()
    if path.exists() and not args.force:
        raise BadInput("{path} exists: --force replaces it.", path=str(path))
    path.write_text(text, encoding="utf-8")
    return 0
