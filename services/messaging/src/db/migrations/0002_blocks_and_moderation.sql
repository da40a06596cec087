-- Trust and safety, as messaging enforces it.

-- Blocked pairs, copied from identity.user.blocked.v1 / unblocked.v1; checked both ways.
CREATE TABLE messaging.blocks (
  blocker_id uuid NOT NULL,
  blocked_id uuid NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_blocked_idx ON messaging.blocks (blocked_id, blocker_id);

-- Messages a person reported: hidden from them at once (moderation.report.filed.v1).
CREATE TABLE messaging.hidden_for_viewer (
  viewer_id uuid NOT NULL,
  message_id uuid NOT NULL,
  PRIMARY KEY (viewer_id, message_id)
);

-- Hidden from both participants by moderation: 'hidden' (until reviewed) or 'removed'.
ALTER TABLE messaging.messages ADD COLUMN moderation text CHECK (moderation IN ('hidden', 'removed'));
