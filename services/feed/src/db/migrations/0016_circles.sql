-- Circles (docs/circles.md): lasting groups of neighbours with a home point, their members, the
-- requests of an "ask to join" circle and the people an organiser removed. A circle is never
-- deleted while anyone may still read it: its creator closes it (closed_at), and moderation hides
-- it (moderation), so its page and activities keep a home.
CREATE TABLE feed.circles (
  id uuid PRIMARY KEY,
  -- The creator is also an organiser in circle_members; handing over moves this.
  creator_id uuid NOT NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 500),
  topic text NOT NULL,
  join_policy text NOT NULL CHECK (join_policy IN ('open', 'ask')),
  -- The creator's point snapped to 3 decimals (~110 m) before it is written; the only point stored.
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  geo_cell integer NOT NULL GENERATED ALWAYS AS (feed.geo_cell(latitude, longitude)) STORED,
  -- Kept in the transaction of every membership change (which locks this row), for the 200 cap.
  member_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  -- Made, a member joined, an activity posted: "Circles near you" sorts by it.
  last_activity_at timestamptz NOT NULL,
  closed_at timestamptz,
  -- Moderation's decision ('hidden' until review, 'removed'); null when shown.
  moderation text CHECK (moderation IN ('hidden', 'removed'))
);
-- "Circles near you" walks the cells around the viewer like the feed, one range per cell, newest
-- activity first; only listed circles are in it, and the point and topic ride along so circles
-- outside the 1 km (or of another topic) are skipped without a heap visit.
CREATE INDEX circles_cell_listed_idx ON feed.circles (geo_cell, last_activity_at DESC, id DESC)
  INCLUDE (latitude, longitude, topic) WHERE closed_at IS NULL AND moderation IS NULL;
-- The creation cap, erasure and "the host's circles" read a person's circles.
CREATE INDEX circles_creator_idx ON feed.circles (creator_id);

CREATE TABLE feed.circle_members (
  circle_id uuid NOT NULL REFERENCES feed.circles (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  role text NOT NULL CHECK (role IN ('organiser', 'member')),
  joined_at timestamptz NOT NULL,
  PRIMARY KEY (circle_id, user_id)
);
CREATE INDEX circle_members_user_idx ON feed.circle_members (user_id, circle_id);

-- Pending requests to an "ask to join" circle; accepting or declining deletes the row.
CREATE TABLE feed.circle_requests (
  circle_id uuid NOT NULL REFERENCES feed.circles (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  note text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (circle_id, user_id)
);
CREATE INDEX circle_requests_user_idx ON feed.circle_requests (user_id, circle_id);

-- People an organiser removed: they may not join or ask again until an organiser re-invites them.
CREATE TABLE feed.circle_removals (
  circle_id uuid NOT NULL REFERENCES feed.circles (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  removed_at timestamptz NOT NULL,
  PRIMARY KEY (circle_id, user_id)
);
CREATE INDEX circle_removals_user_idx ON feed.circle_removals (user_id, circle_id);

-- An activity posted in a circle, and whether its members are accepted at once (while spots
-- last). Null on every other post. A weekly series keeps its circle for each next occurrence.
ALTER TABLE feed.posts ADD COLUMN circle_id uuid REFERENCES feed.circles (id);
ALTER TABLE feed.posts ADD COLUMN circle_members_join_at_once boolean;
ALTER TABLE feed.activity_series ADD COLUMN circle_id uuid REFERENCES feed.circles (id);
ALTER TABLE feed.activity_series ADD COLUMN circle_members_join_at_once boolean;
