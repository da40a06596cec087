-- People whose accounts were deleted, remembered for 30 days (platform ErasedPeople, the same
-- period as moderation.erased_people) so that an event about them handled after
-- identity.user.deleted.v1 (published before it but delivered late, or delivered again) writes
-- nothing back: no author row with their names or a suspension, no block or unblock tombstone,
-- no hide of theirs. The id and a time only; pruned by the hourly periodic task, by age through
-- the index.
CREATE TABLE feed.erased_people (
  user_id uuid PRIMARY KEY,
  erased_at timestamptz NOT NULL
);
CREATE INDEX erased_people_erased_at_idx ON feed.erased_people (erased_at);
