-- Reminders 2 hours before an activity, and the "Still going?" answers (docs/activities.md).
ALTER TABLE feed.posts ADD COLUMN activity_reminded_at timestamptz;
ALTER TABLE feed.activity_members ADD COLUMN still_going boolean;

-- The reminder sweep: activities not yet reminded, by start time (plain posts never enter it).
CREATE INDEX posts_activity_reminder_idx ON feed.posts (activity_starts_at)
  WHERE activity_starts_at IS NOT NULL AND activity_reminded_at IS NULL;
