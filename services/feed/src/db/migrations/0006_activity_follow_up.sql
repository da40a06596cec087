-- After the activity (docs/activities.md): check-in, feedback, reliability and weekly repeats.

-- Each activity's own random key: a person's check-in code is an HMAC of their id under it, so a
-- code works at one activity only and cannot be worked out from ids. Never leaves the service.
ALTER TABLE feed.posts
  ADD COLUMN activity_checkin_key uuid,
  ADD COLUMN activity_series_id uuid;
UPDATE feed.posts SET activity_checkin_key = gen_random_uuid() WHERE activity_starts_at IS NOT NULL;

-- When the host and this accepted person checked each other in.
ALTER TABLE feed.activity_members ADD COLUMN met_at timestamptz;

-- A done activity outlives its post: the expiry sweep copies it here (with the people accepted at
-- the end) in the transaction that deletes the post, and it is kept until `kept_until` (180 days
-- after the end). Account deletion erases a person's rows here too.
CREATE TABLE feed.activity_history (
  post_id uuid PRIMARY KEY,
  host_id uuid NOT NULL,
  content text NOT NULL,
  area text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  series_id uuid,
  kept_until timestamptz NOT NULL
);
CREATE INDEX activity_history_host_idx ON feed.activity_history (host_id, starts_at);
CREATE INDEX activity_history_kept_until_idx ON feed.activity_history (kept_until);

CREATE TABLE feed.activity_history_members (
  post_id uuid NOT NULL REFERENCES feed.activity_history (post_id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  met_at timestamptz,
  PRIMARY KEY (post_id, user_id)
);
CREATE INDEX activity_history_members_user_idx ON feed.activity_history_members (user_id);

-- One verdict per rater about each other person of a done activity (a later tap replaces it).
CREATE TABLE feed.activity_feedback (
  post_id uuid NOT NULL REFERENCES feed.activity_history (post_id) ON DELETE CASCADE,
  rater_id uuid NOT NULL,
  subject_id uuid NOT NULL,
  verdict text NOT NULL CHECK (verdict IN ('showed_up', 'no_show', 'unsafe')),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (post_id, subject_id, rater_id)
);
CREATE INDEX activity_feedback_subject_idx ON feed.activity_feedback (subject_id);
CREATE INDEX activity_feedback_rater_idx ON feed.activity_feedback (rater_id);

-- "Repeat weekly": what each next occurrence is written from, and the latest one. The repeat
-- sweep creates the next when the latest has ended, until the host stops the series.
CREATE TABLE feed.activity_series (
  id uuid PRIMARY KEY,
  host_id uuid NOT NULL,
  content text NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  location_name text,
  hashtags text[] NOT NULL DEFAULT '{}',
  start_time text NOT NULL,
  end_time text NOT NULL,
  utc_offset_minutes integer NOT NULL,
  spots smallint NOT NULL,
  level text NOT NULL,
  area text NOT NULL,
  meeting_point text,
  last_post_id uuid NOT NULL,
  last_starts_at timestamptz NOT NULL,
  last_ends_at timestamptz NOT NULL,
  stopped_at timestamptz
);
CREATE INDEX activity_series_due_idx ON feed.activity_series (last_ends_at) WHERE stopped_at IS NULL;
CREATE INDEX activity_series_host_idx ON feed.activity_series (host_id);
