-- Version 1: the venues, each venue's event entries (exactly once, by entry number) and
-- a summary row per table of the round being played.

CREATE TABLE venue (
    id TEXT PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    role TEXT NOT NULL UNIQUE
);

-- A venue's event journal, entry by entry, as its director recorded it: the national
-- board replays them with the same code as the venue (the same points, the same cut).
CREATE TABLE entry (
    venue TEXT NOT NULL REFERENCES venue (id),
    seq INTEGER NOT NULL CHECK (seq >= 1),
    kind TEXT NOT NULL CHECK (kind IN ('setup', 'command', 'undo', 'redo')),
    command TEXT,
    target INTEGER,
    at TIMESTAMPTZ NOT NULL,
    received TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (venue, seq)
);

-- What each table of a venue's current round shows, replaced at every change.
CREATE TABLE table_summary (
    venue TEXT NOT NULL REFERENCES venue (id),
    round INTEGER NOT NULL CHECK (round >= 1),
    table_no INTEGER NOT NULL CHECK (table_no >= 1),
    summary JSONB NOT NULL,
    changed TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (venue, round, table_no)
);
