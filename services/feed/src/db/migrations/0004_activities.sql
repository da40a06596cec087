-- Activities (docs/activities.md): a post with a time window, spots, a level and a meeting
-- area. All null on a plain post, which stays exactly as it was.
ALTER TABLE feed.posts
  ADD COLUMN activity_starts_at timestamptz,
  ADD COLUMN activity_ends_at timestamptz,
  ADD COLUMN activity_spots smallint CHECK (activity_spots BETWEEN 1 AND 20),
  ADD COLUMN activity_level text CHECK (activity_level IN ('any', 'beginner', 'intermediate', 'advanced')),
  ADD COLUMN activity_area text,
  -- The exact meeting point: read only for the host and accepted people, never in a feed page.
  ADD COLUMN activity_meeting_point text,
  ADD COLUMN activity_accepted smallint,
  ADD COLUMN activity_closed_at timestamptz;

-- "Happening today" / "this week": per cell, activities by start time, carrying what the walk
-- checks (point, expiry) and orders by (creation), so the filter stays index-only. Partial: plain
-- posts never enter it.
CREATE INDEX posts_cell_activity_idx ON feed.posts (geo_cell, activity_starts_at)
  INCLUDE (created_at, latitude, longitude, expires_at)
  WHERE activity_starts_at IS NOT NULL;

-- Who asked to join which activity. Rows go with the post.
CREATE TABLE feed.activity_members (
  post_id uuid NOT NULL REFERENCES feed.posts (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  status text NOT NULL CHECK (status IN ('requested', 'accepted', 'waitlisted', 'declined', 'left')),
  note text,
  requested_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (post_id, user_id)
);
-- The waitlist's first (and the host's list) in request order.
CREATE INDEX activity_members_post_status_idx ON feed.activity_members (post_id, status, requested_at);
