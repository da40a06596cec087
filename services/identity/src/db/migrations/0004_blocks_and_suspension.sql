-- Blocks: one row per blocker and blocked person. Feed and messaging keep their own copies,
-- fed by identity.user.blocked.v1 / unblocked.v1.
CREATE TABLE identity.blocks (
  blocker_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  blocked_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_blocked_idx ON identity.blocks (blocked_id);

-- Set when moderation suspends the account: sign-in is refused from then on.
ALTER TABLE identity.users ADD COLUMN suspended_at timestamptz;
