-- A weekly series stops when moderation hides or removes one of its occurrences (the moderation
-- consumer does it in the decision's transaction, docs/activities.md#weekly-repeats). Before that
-- rule the series went on, posting the same text again each week: stop those whose occurrence is
-- still stored hidden or removed. (A suspended host's series only waits; it is left as it is.)
UPDATE feed.activity_series s SET stopped_at = now()
 WHERE s.stopped_at IS NULL
   AND EXISTS (SELECT 1 FROM feed.posts p
                WHERE p.activity_series_id = s.id AND p.moderation IN ('hidden', 'removed'));
