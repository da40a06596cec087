-- People whose accounts were deleted, remembered for 30 days (platform ErasedPeople, the same
-- period as moderation.erased_people) so that an event about them handled after
-- identity.user.deleted.v1 (published before it but delivered late, or delivered again) writes
-- nothing back: no users row with their names and address, no notification to or naming them,
-- no activity-people row. The id and a time only; pruned by the hourly clean-up.
CREATE TABLE notification.erased_people (
  user_id uuid PRIMARY KEY,
  erased_at timestamptz NOT NULL
);
CREATE INDEX erased_people_erased_at_idx ON notification.erased_people (erased_at);
