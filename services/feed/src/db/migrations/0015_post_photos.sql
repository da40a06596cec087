-- Photos on posts (issue 31): up to 4 per post, uploaded one by one before the post is written
-- and attached by the create-post call. Each is kept re-encoded in two sizes (the card's and the
-- full view's), metadata stripped; the original bytes are never stored. A photo goes with its
-- post (cascade), and with its owner's account (AccountErasureRepository).
CREATE TABLE feed.post_photos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL,
  -- Null until a post takes it; an upload never attached is deleted after a day.
  post_id uuid REFERENCES feed.posts(id) ON DELETE CASCADE,
  -- Its place among the post's photos (0-3).
  position smallint NOT NULL DEFAULT 0,
  content_type text NOT NULL,
  card bytea NOT NULL,
  card_width integer NOT NULL,
  card_height integer NOT NULL,
  full_image bytea NOT NULL,
  full_width integer NOT NULL,
  full_height integer NOT NULL,
  created_at timestamptz NOT NULL
);
-- The daily quota counts one person's uploads of the last 24 hours.
CREATE INDEX post_photos_owner_created_idx ON feed.post_photos (owner_id, created_at);
CREATE INDEX post_photos_post_idx ON feed.post_photos (post_id);

-- What the feed shows of a post's photos ({id, width, height} of the full size, in order), on
-- the post row itself so the feed query reads no second table.
ALTER TABLE feed.posts ADD COLUMN photos jsonb NOT NULL DEFAULT '[]';
