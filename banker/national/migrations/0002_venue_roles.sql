-- Version 2: each venue writes only its own rows. A venue's role (made by
-- `banker national venue`) may read everything, add its own entries and keep its own
-- tables' summaries; an entry, once sent, is changed by nobody but the owner.

ALTER TABLE entry ENABLE ROW LEVEL SECURITY;
ALTER TABLE table_summary ENABLE ROW LEVEL SECURITY;

CREATE POLICY entry_read ON entry FOR SELECT USING (true);
CREATE POLICY entry_own ON entry FOR INSERT
    WITH CHECK (venue IN (SELECT id FROM venue WHERE role = current_user));

CREATE POLICY summary_read ON table_summary FOR SELECT USING (true);
CREATE POLICY summary_add ON table_summary FOR INSERT
    WITH CHECK (venue IN (SELECT id FROM venue WHERE role = current_user));
CREATE POLICY summary_keep ON table_summary FOR UPDATE
    USING (venue IN (SELECT id FROM venue WHERE role = current_user))
    WITH CHECK (venue IN (SELECT id FROM venue WHERE role = current_user));
