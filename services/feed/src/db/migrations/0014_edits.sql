-- Editing (issue 31): the author may edit a post's text and hashtags, and a comment's text, for
-- 24 hours after posting. `edited_at` is the last edit (null: never edited; the card shows
-- "Edited" otherwise). Each earlier text is kept for moderation, whose reviewer reads it beside
-- the current one; the versions go with their post or comment.
ALTER TABLE feed.posts ADD COLUMN edited_at timestamptz;
ALTER TABLE feed.comments ADD COLUMN edited_at timestamptz;

CREATE TABLE feed.post_versions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  post_id uuid NOT NULL REFERENCES feed.posts(id) ON DELETE CASCADE,
  content text NOT NULL,
  hashtags text[] NOT NULL DEFAULT '{}',
  replaced_at timestamptz NOT NULL
);
CREATE INDEX post_versions_post_idx ON feed.post_versions (post_id);

CREATE TABLE feed.comment_versions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  comment_id uuid NOT NULL REFERENCES feed.comments(id) ON DELETE CASCADE,
  content text NOT NULL,
  replaced_at timestamptz NOT NULL
);
CREATE INDEX comment_versions_comment_idx ON feed.comment_versions (comment_id);
