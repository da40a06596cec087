-- Activity thread members kept as of each event's time, as messaging keeps its own (its 0011):
-- feed's accepted and left events come through two independent consumers, so a leave can be
-- handled before an older acceptance (a backlog, a redelivery) that would otherwise put the
-- person back, free to report the thread's messages again. An accepted member remembers the time
-- of the acceptance that let them in; a leave removes only an older membership and leaves its
-- time below, so an acceptance not newer than it is not applied (a real re-join is newer, and
-- gets in). The host is in by hosting, not by an acceptance: null, which no leave removes.
-- Rows from before this migration have no known time: '-infinity', any later leave removes them
-- (a host's row among them is left alone: no leave names the host).
ALTER TABLE moderation.activity_thread_members ADD COLUMN accepted_at timestamptz DEFAULT '-infinity';

-- The latest leave of each person from each activity (the leave can come before the
-- acceptance). Kept 30 days, far longer than any event waits: each leave prunes older ones, by
-- age through the index. The person's account erased deletes theirs. Ids and a time only.
CREATE TABLE moderation.activity_thread_leaves (
  post_id uuid NOT NULL,
  user_id uuid NOT NULL,
  left_at timestamptz NOT NULL,
  PRIMARY KEY (post_id, user_id)
);
-- An account's deletion finds the person's rows by this.
CREATE INDEX activity_thread_leaves_user_idx ON moderation.activity_thread_leaves (user_id);
CREATE INDEX activity_thread_leaves_left_at_idx ON moderation.activity_thread_leaves (left_at);
