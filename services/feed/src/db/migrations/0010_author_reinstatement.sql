-- The time of an author's latest reinstatement, beside `suspended_at`: moderation's suspended and
-- reinstated events come through two independent consumers, so a quick suspend → reinstate can be
-- handled the other way round. Each applies as of its event's time: a suspension older than the
-- latest reinstatement changes nothing, and a reinstatement older than the suspension neither.
ALTER TABLE feed.authors ADD COLUMN reinstated_at timestamptz;
