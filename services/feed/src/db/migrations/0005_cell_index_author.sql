-- The cell index also carries the author, so a signed-in feed walk leaves out the viewer's blocked
-- pairs inside the index (no visit to the table, no extra rows read past the page).
DROP INDEX feed.posts_cell_created_idx;
CREATE INDEX posts_cell_created_idx ON feed.posts (geo_cell, created_at DESC, id DESC)
  INCLUDE (latitude, longitude, expires_at, hashtags, author_id);
