-- Who is suspended now, so an admin can reinstate them: a row from suspend until reinstate.
CREATE TABLE moderation.suspensions (
  user_id uuid PRIMARY KEY,
  -- Null once the admin who suspended them deleted their account.
  actor_id uuid,
  suspended_at timestamptz NOT NULL
);
CREATE INDEX suspensions_actor_idx ON moderation.suspensions (actor_id);

-- Suspensions made before this table, from the audit log (none of them was undone: there was no way to).
INSERT INTO moderation.suspensions (user_id, actor_id, suspended_at)
SELECT DISTINCT ON (owner_id) owner_id, actor_id, created_at
  FROM moderation.audit_log
 WHERE action = 'suspend' AND owner_id IS NOT NULL
 ORDER BY owner_id, created_at
ON CONFLICT DO NOTHING;

ALTER TABLE moderation.audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE moderation.audit_log
  ADD CONSTRAINT audit_log_action_check CHECK (action IN ('dismiss', 'remove', 'suspend', 'reinstate'));
