-- Posts whose activity thread must not open again. Feed's acceptance events and its deletion event
-- travel on different consumers, so an acceptance can be handled after the post's deletion (a
-- redelivery, or a consumer that lagged); it finds the post here and opens nothing. Every deleted
-- or removed post is kept (messaging cannot tell an activity's from any other), for 30 days: far
-- longer than any event waits, and pruned as new rows come.
CREATE TABLE messaging.activity_posts_gone (
  post_id uuid PRIMARY KEY,
  gone_at timestamptz NOT NULL
);
CREATE INDEX activity_posts_gone_at_idx ON messaging.activity_posts_gone (gone_at);
