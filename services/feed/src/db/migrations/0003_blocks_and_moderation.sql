-- Trust and safety, as the feed enforces it.

-- Blocked pairs, copied from identity.user.blocked.v1 / unblocked.v1. Looked up both ways for
-- one viewer: by blocker (the primary key) and by blocked person (the second index).
CREATE TABLE feed.blocks (
  blocker_id uuid NOT NULL,
  blocked_id uuid NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_blocked_idx ON feed.blocks (blocked_id, blocker_id);

-- What a person reported: hidden from them at once (moderation.report.filed.v1).
CREATE TABLE feed.hidden_for_viewer (
  viewer_id uuid NOT NULL,
  target_id uuid NOT NULL,
  PRIMARY KEY (viewer_id, target_id)
);

-- Hidden from everyone by moderation: 'hidden' (reported by enough people, until reviewed),
-- 'removed' (an admin removed it), 'suspended' (its author was suspended). Null: shown.
ALTER TABLE feed.posts ADD COLUMN moderation text
  CHECK (moderation IN ('hidden', 'removed', 'suspended'));
ALTER TABLE feed.comments ADD COLUMN moderation text
  CHECK (moderation IN ('hidden', 'removed', 'suspended'));
