-- People whose accounts were deleted, remembered for a while so that a creation event arriving
-- after identity.user.deleted.v1 (published before the deletion but delivered late, or
-- redelivered) records no owner and no case for them again. An id only: every other row naming
-- the person is gone (docs/privacy.md). Pruned by the hourly retention task.
CREATE TABLE moderation.erased_people (
  user_id uuid PRIMARY KEY,
  erased_at timestamptz NOT NULL
);
CREATE INDEX erased_people_erased_at_idx ON moderation.erased_people (erased_at);
