"""A role per venue: `banker national venue DSN ID NAME` registers a venue and makes the
PostgreSQL role its director publishes with, which may write only that venue's rows
(row-level security, migration 0002; its summaries and heartbeat through functions that
check the venue, migration 0004, so it can lock no table the others write); everything
else it may only read, and it waits for a lock 5 s at most."""

from __future__ import annotations

import re
import secrets

from banker.core.errors import BadInput, BankerError
from banker.national.schema import connect

VENUE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


def role_of(venue: str) -> str:
    """The PostgreSQL role a venue publishes as."""
    return "banker_venue_" + venue.replace("-", "_")


def add_venue(dsn: str, venue: str, name: str) -> str:
    """Register `venue` (its id and name) and make its role, with a new password; the
    password (said once: the federation hands it to the venue's director).

    Raises:
        BadInput: the id or the name is not one.
        BankerError: the database refused (the venue exists, no right to make roles...).
    """
    import psycopg
    from psycopg import sql

    if not VENUE_ID.fullmatch(venue):
        raise BadInput("A venue's id: lower-case letters, digits and dashes, e.g. kl-1.")
    name = " ".join(name.split())
    if not 1 <= len(name) <= 80:
        raise BadInput("A venue's name: 1 to 80 characters.")
    role = role_of(venue)
    password = secrets.token_urlsafe(18)
    with connect(dsn) as conn:
        try:
            with conn.transaction():
                conn.execute(
                    sql.SQL("CREATE ROLE {} LOGIN PASSWORD {}").format(
                        sql.Identifier(role), sql.Literal(password)
                    )
                )
                database = conn.info.dbname
                for grant in (
                    "GRANT CONNECT ON DATABASE {db} TO {role}",
                    "GRANT USAGE ON SCHEMA public TO {role}",
                    "GRANT SELECT ON venue, banker_schema, table_summary, contact TO {role}",
                    "GRANT SELECT, INSERT ON entry TO {role}",
                    # its summaries and heartbeat through functions that check the venue:
                    # a grant of UPDATE would let it lock the tables (migration 0004)
                    "GRANT EXECUTE ON FUNCTION banker_contact(TEXT) TO {role}",
                    "GRANT EXECUTE ON FUNCTION banker_summary(TEXT, INTEGER, INTEGER, JSONB)"
                    " TO {role}",
                    "ALTER ROLE {role} SET lock_timeout = '5s'",
                    "ALTER ROLE {role} SET idle_in_transaction_session_timeout = '60s'",
                ):
                    conn.execute(
                        sql.SQL(grant).format(
                            db=sql.Identifier(database), role=sql.Identifier(role)
                        )
                    )
                conn.execute(
                    "INSERT INTO venue (id, name, role) VALUES (%s, %s, %s)", (venue, name, role)
                )
        except psycopg.Error as exc:
            raise BankerError(
                "The venue was not added: {why}", why=exc
            ) from None
    return password
