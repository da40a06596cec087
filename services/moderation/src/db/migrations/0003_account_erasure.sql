-- Erasing a deleted account (identity.user.deleted.v1; docs/privacy.md, "Deleting your account"):
-- reports they filed stay, anonymised, so a case's count of reporters stays true; the audit log
-- keeps what was done, with the person's ids removed.
ALTER TABLE moderation.reports ALTER COLUMN reporter_id DROP NOT NULL;
ALTER TABLE moderation.audit_log ALTER COLUMN actor_id DROP NOT NULL;
ALTER TABLE moderation.audit_log ALTER COLUMN target_id DROP NOT NULL;
-- The erasure finds a person's reports and the cases about them without reading every row.
CREATE INDEX reports_reporter_idx ON moderation.reports (reporter_id);
CREATE INDEX cases_owner_idx ON moderation.cases (owner_id);
