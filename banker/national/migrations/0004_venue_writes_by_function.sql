-- Version 4: a venue can write only its own rows, and never wait the others out.
--
-- A grant of UPDATE on a table lets a role LOCK it in any mode: a venue's role took
-- ACCESS EXCLUSIVE on contact and table_summary and held it, and every other venue's
-- heartbeat and the board's reads waited. Now a venue writes its heartbeat and its
-- tables' summaries through the two functions below, which check that the venue is the
-- caller's own; its roles keep no INSERT or UPDATE on those tables (SELECT alone locks
-- in ACCESS SHARE, which blocks nobody) and INSERT alone on entry (ROW EXCLUSIVE, which
-- blocks no reader and no writer of rows). Its roles also get a lock timeout and a
-- limit on a transaction left idle, and the database bounds what one row may hold.

CREATE FUNCTION banker_check_venue(p_venue TEXT) RETURNS VOID
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN  -- the caller's own venue, or the owner of the schema (the federation)
    IF NOT (EXISTS (SELECT 1 FROM venue WHERE id = p_venue AND role = session_user)
            OR pg_has_role(session_user, (SELECT relowner FROM pg_class
                                          WHERE oid = 'public.venue'::regclass), 'USAGE'))
    THEN
        RAISE EXCEPTION 'venue % is not this role''s', p_venue
            USING ERRCODE = 'insufficient_privilege';
    END IF;
END
$$;

CREATE FUNCTION banker_contact(p_venue TEXT) RETURNS VOID
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
    PERFORM banker_check_venue(p_venue);
    INSERT INTO contact (venue) VALUES (p_venue)
        ON CONFLICT (venue) DO UPDATE SET seen = now();
END
$$;

CREATE FUNCTION banker_summary(p_venue TEXT, p_round INTEGER, p_table INTEGER, p_summary JSONB)
    RETURNS VOID
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
    PERFORM banker_check_venue(p_venue);
    INSERT INTO table_summary (venue, round, table_no, summary)
        VALUES (p_venue, p_round, p_table, p_summary)
        ON CONFLICT (venue, round, table_no)
        DO UPDATE SET summary = EXCLUDED.summary, changed = now();
END
$$;

REVOKE ALL ON FUNCTION banker_check_venue(TEXT) FROM PUBLIC;
REVOKE ALL ON FUNCTION banker_contact(TEXT) FROM PUBLIC;
REVOKE ALL ON FUNCTION banker_summary(TEXT, INTEGER, INTEGER, JSONB) FROM PUBLIC;

-- What one row may hold: a table's summary is a few kilobytes, an entry a command.
ALTER TABLE table_summary
    ADD CONSTRAINT summary_size CHECK (octet_length(summary::text) <= 65536) NOT VALID;
ALTER TABLE entry
    ADD CONSTRAINT entry_size CHECK (octet_length(coalesce(command, '')) <= 65536) NOT VALID;

-- The roles made before this version: their table writes become the functions.
DO $$
DECLARE r TEXT;
BEGIN
    FOR r IN SELECT role FROM venue LOOP
        IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
            EXECUTE format('REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON table_summary, contact FROM %I', r);
            EXECUTE format('GRANT EXECUTE ON FUNCTION banker_contact(TEXT) TO %I', r);
            EXECUTE format('GRANT EXECUTE ON FUNCTION banker_summary(TEXT, INTEGER, INTEGER, JSONB) TO %I', r);
            EXECUTE format('ALTER ROLE %I SET lock_timeout = %L', r, '5s');
            EXECUTE format('ALTER ROLE %I SET idle_in_transaction_session_timeout = %L', r, '60s');
        END IF;
    END LOOP;
END
$$;
