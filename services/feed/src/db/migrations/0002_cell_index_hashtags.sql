-- The cell index also carries the hashtags, so a hashtag-filtered walk of the cells stays
-- index-only (the feed query checks the tag inside the index instead of visiting each post).
DROP INDEX feed.posts_cell_created_idx;
CREATE INDEX posts_cell_created_idx ON feed.posts (geo_cell, created_at DESC, id DESC)
  INCLUDE (latitude, longitude, expires_at, hashtags);
