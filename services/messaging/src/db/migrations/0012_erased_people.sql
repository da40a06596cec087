-- People whose accounts were deleted, remembered for 30 days (platform ErasedPeople, the same
-- period as moderation.erased_people) so that an event about them handled after
-- identity.user.deleted.v1 (published before it but delivered late, or delivered again) writes
-- nothing back: no participant row with their names, no activity-thread membership, no leave.
-- The id and a time only; pruned by the hourly periodic task, by age through the index.
CREATE TABLE messaging.erased_people (
  user_id uuid PRIMARY KEY,
  erased_at timestamptz NOT NULL
);
CREATE INDEX erased_people_erased_at_idx ON messaging.erased_people (erased_at);
