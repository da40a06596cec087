-- Blocks kept as of each event's time (platform BlocksProjection): identity's block and unblock
-- events come through two independent consumers, so a quick block → unblock can arrive the other
-- way round. A block remembers its time; an unblock leaves a tombstone with its own, so a block
-- older than the pair's latest unblock is not applied, and an unblock removes only an older block.
-- Rows from before this migration have no known time: '-infinity', any later unblock removes them.
ALTER TABLE notification.blocks ADD COLUMN blocked_at timestamptz NOT NULL DEFAULT '-infinity';

-- The latest unblock of each pair. Account deletion erases these with the blocks (both sides).
CREATE TABLE notification.block_tombstones (
  blocker_id uuid NOT NULL,
  blocked_id uuid NOT NULL,
  unblocked_at timestamptz NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX block_tombstones_blocked_idx ON notification.block_tombstones (blocked_id);
