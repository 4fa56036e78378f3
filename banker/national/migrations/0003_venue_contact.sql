-- Version 3: when each venue's outbox last reached the database (its heartbeat, sent at
-- every try even with nothing new), so the national board tells a quiet venue from one
-- that lost contact. Each venue keeps only its own row.

CREATE TABLE contact (
    venue TEXT PRIMARY KEY REFERENCES venue (id),
    seen TIMESTAMPTZ NOT NULL DEFAULT now()
);

ALTER TABLE contact ENABLE ROW LEVEL SECURITY;

CREATE POLICY contact_read ON contact FOR SELECT USING (true);
CREATE POLICY contact_add ON contact FOR INSERT
    WITH CHECK (venue IN (SELECT id FROM venue WHERE role = current_user));
CREATE POLICY contact_keep ON contact FOR UPDATE
    USING (venue IN (SELECT id FROM venue WHERE role = current_user))
    WITH CHECK (venue IN (SELECT id FROM venue WHERE role = current_user));

-- The roles made before this version may keep their own contact row.
DO $$
DECLARE r TEXT;
BEGIN
    FOR r IN SELECT role FROM venue LOOP
        EXECUTE format('GRANT SELECT, INSERT, UPDATE ON contact TO %I', r);
    END LOOP;
END
$$;
