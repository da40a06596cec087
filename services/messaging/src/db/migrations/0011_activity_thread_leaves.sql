-- Activity thread members kept as of each event's time, as the blocks are (0007): feed's
-- accepted and left events come through two independent consumers, so a leave can be handled
-- before an older acceptance (a backlog, a redelivery) that would otherwise add the person back.
-- A member remembers the time of the acceptance that let them in; a leave removes only an older
-- membership and leaves its time here, so an acceptance not newer than it is not applied (a real
-- re-join is newer, and gets in). Rows from before this migration have no known time:
-- '-infinity', any later leave removes them.
ALTER TABLE messaging.activity_thread_members
  ADD COLUMN accepted_at timestamptz NOT NULL DEFAULT '-infinity';

-- The latest leave of each person from each activity, with or without a thread yet (the leave
-- can come first). Kept 30 days, far longer than any event waits: each leave prunes older ones,
-- by age through the index. The thread's post gone or the person's account erased deletes them.
CREATE TABLE messaging.activity_thread_leaves (
  post_id uuid NOT NULL,
  user_id uuid NOT NULL,
  left_at timestamptz NOT NULL,
  PRIMARY KEY (post_id, user_id)
);
CREATE INDEX activity_thread_leaves_user_idx ON messaging.activity_thread_leaves (user_id);
CREATE INDEX activity_thread_leaves_left_at_idx ON messaging.activity_thread_leaves (left_at);
