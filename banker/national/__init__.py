"""The national level: every venue's director publishes to one PostgreSQL server, one
national board follows them all. Needs the `national` extra (psycopg)."""
