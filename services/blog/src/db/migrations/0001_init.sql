-- blog schema: the stories, and the anonymous weekly activity counts the community digest reads.
-- Runs with search_path set to the service schema; names are qualified anyway.

CREATE TABLE blog.posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  slug text NOT NULL UNIQUE,
  content text NOT NULL,
  excerpt text NOT NULL,
  tags text[] NOT NULL DEFAULT '{}',
  meta_title text,
  meta_description text,
  featured boolean NOT NULL DEFAULT false,
  published boolean NOT NULL DEFAULT true,
  view_count integer NOT NULL DEFAULT 0,
  -- Kept by the database so cards can show a read time without loading the content.
  word_count integer NOT NULL GENERATED ALWAYS AS (
    coalesce(array_length(regexp_split_to_array(btrim(content), '\s+'), 1), 0)
  ) STORED,
  -- The admin who wrote the story; null for the stories the blog writes itself.
  author_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The list and the featured list: published stories, newest first.
CREATE INDEX posts_published_created_idx ON blog.posts (created_at DESC, id DESC) WHERE published;

-- Posts per ISO week and area (a city, never a finer place), from feed.post.created.v1.
-- No user ids, names or coordinates are stored.
CREATE TABLE blog.area_week_posts (
  week text NOT NULL,
  area text NOT NULL,
  posts integer NOT NULL DEFAULT 0,
  PRIMARY KEY (week, area)
);

CREATE TABLE blog.area_week_hashtags (
  week text NOT NULL,
  area text NOT NULL,
  hashtag text NOT NULL,
  posts integer NOT NULL DEFAULT 0,
  PRIMARY KEY (week, area, hashtag)
);
