-- Each unblock also deletes the tombstones past their 30 days (platform BlocksProjection): by
-- age, so that delete reads the index instead of the whole table.
CREATE INDEX block_tombstones_unblocked_at_idx ON feed.block_tombstones (unblocked_at);
