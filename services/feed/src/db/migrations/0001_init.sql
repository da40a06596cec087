-- feed schema: posts, comments, likes, reactions, daily-question answers and the authors projection.
-- Runs with search_path set to the service schema by DatabasePort.migrate; names are qualified anyway.

-- The ~1 km grid cell of a point (see services/feed/src/domain/geo-cells.ts, which must agree).
-- Rows are 0.01° of latitude (1.11 km). Each row's columns are 0.01° / cos(poleward edge of the
-- row) wide, so a column is at least 1.11 km wide everywhere in its row, and the circle of 1 km
-- around any point touches at most 3 rows × 3 columns. Encoded as (row + 9000) * 65536 + column.
CREATE FUNCTION feed.geo_cell(lat double precision, lon double precision) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT ((r + 9000) * 65536 + floor(
           (CASE WHEN lon >= 180 THEN lon - 360 ELSE lon END + 180) / w
         ))::integer
  FROM (SELECT floor(lat / 0.01) AS r) AS rr,
       LATERAL (
         SELECT CASE
                  WHEN c <= 0.01 / 360 THEN 360::double precision
                  ELSE least(360, 0.01 / c)
                END AS w
         FROM (SELECT cos(radians(least(90, greatest(abs(r * 0.01), abs((r + 1) * 0.01))))) AS c) AS cc
       ) AS ww
$$;

-- Great-circle distance in km on a sphere of radius 6371 km (haversine); inlined by the planner.
CREATE FUNCTION feed.distance_km(
  lat1 double precision, lon1 double precision, lat2 double precision, lon2 double precision
) RETURNS double precision
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT 2 * 6371 * asin(least(1, sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2)
    + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lon2 - lon1) / 2), 2)
  )))
$$;

-- Who wrote what, as far as the feed knows: filled from identity's user events, from the access
-- token's username when a post arrives before the registration event, and by the bot accounts.
CREATE TABLE feed.authors (
  user_id uuid PRIMARY KEY,
  username text NOT NULL,
  first_name text,
  last_name text,
  is_bot boolean NOT NULL DEFAULT false,
  -- When identity's data was true (the event's occurredAt); the epoch for a token fallback, so
  -- any event replaces it, and an older event arriving late never overwrites a newer one.
  source_at timestamptz NOT NULL,
  posts_created integer NOT NULL DEFAULT 0,
  likes_received integer NOT NULL DEFAULT 0
);

CREATE TABLE feed.posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  author_id uuid NOT NULL,
  content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 500),
  -- Snapped to 3 decimals (~110 m) before they are written; the only point stored.
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  geo_cell integer NOT NULL GENERATED ALWAYS AS (feed.geo_cell(latitude, longitude)) STORED,
  location_name text,
  hashtags text[] NOT NULL DEFAULT '{}',
  likes integer NOT NULL DEFAULT 0,
  -- emoji → count; an emoji whose count reaches zero is removed.
  reactions jsonb NOT NULL DEFAULT '{}',
  comment_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
-- The feed walks the cells around the viewer newest first, one ordered range per cell. The point
-- and expiry ride along in the index, so rows outside the circle are skipped without a heap visit.
CREATE INDEX posts_cell_created_idx ON feed.posts (geo_cell, created_at DESC, id DESC)
  INCLUDE (latitude, longitude, expires_at);
CREATE INDEX posts_hashtags_idx ON feed.posts USING gin (hashtags);
CREATE INDEX posts_expires_at_idx ON feed.posts (expires_at);
CREATE INDEX posts_author_id_idx ON feed.posts (author_id);

-- Text search: a trigram index when pg_trgm is available (PostgreSQL; PGlite when loaded).
-- Without it the search still works, filtering the posts of the cells around the viewer.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
    CREATE INDEX posts_content_trgm_idx ON feed.posts USING gin (content public.gin_trgm_ops);
  END IF;
END
$$;

CREATE TABLE feed.post_likes (
  post_id uuid NOT NULL REFERENCES feed.posts (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (post_id, user_id)
);
CREATE INDEX post_likes_user_id_idx ON feed.post_likes (user_id, post_id);

CREATE TABLE feed.post_reactions (
  post_id uuid NOT NULL REFERENCES feed.posts (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  emoji text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (post_id, user_id, emoji)
);
CREATE INDEX post_reactions_user_id_idx ON feed.post_reactions (user_id, post_id);

CREATE TABLE feed.comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  post_id uuid NOT NULL REFERENCES feed.posts (id) ON DELETE CASCADE,
  author_id uuid NOT NULL,
  content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 500),
  likes integer NOT NULL DEFAULT 0,
  reactions jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL
);
CREATE INDEX comments_post_id_idx ON feed.comments (post_id, created_at, id);

CREATE TABLE feed.comment_likes (
  comment_id uuid NOT NULL REFERENCES feed.comments (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (comment_id, user_id)
);
CREATE INDEX comment_likes_user_id_idx ON feed.comment_likes (user_id, comment_id);

CREATE TABLE feed.comment_reactions (
  comment_id uuid NOT NULL REFERENCES feed.comments (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  emoji text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (comment_id, user_id, emoji)
);
CREATE INDEX comment_reactions_user_id_idx ON feed.comment_reactions (user_id, comment_id);

CREATE TABLE feed.daily_responses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  question text NOT NULL,
  response text NOT NULL CHECK (char_length(response) BETWEEN 1 AND 500),
  author_id uuid NOT NULL,
  location text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX daily_responses_question_idx ON feed.daily_responses (question, created_at DESC);
