-- Circles (docs/moderation.md): a circle is reported like a post, its owner (the creator) learnt
-- from feed.circle.created.v1; a message in a circle's thread like an activity thread's, its
-- author and circle from messaging.circle_thread_message.sent.v1, and only the circle's members
-- (from feed.circle.member.joined.v1 / .left.v1) may report it. Ids and times only.
ALTER TABLE moderation.reports DROP CONSTRAINT reports_target_kind_check;
ALTER TABLE moderation.reports ADD CONSTRAINT reports_target_kind_check
  CHECK (target_kind IN ('post', 'comment', 'daily_answer', 'message', 'circle', 'user'));
ALTER TABLE moderation.content_owners DROP CONSTRAINT content_owners_target_kind_check;
ALTER TABLE moderation.content_owners ADD CONSTRAINT content_owners_target_kind_check
  CHECK (target_kind IN ('post', 'comment', 'daily_answer', 'message', 'circle'));

-- The circle whose thread holds the message; null for every other item.
ALTER TABLE moderation.content_owners ADD COLUMN circle_id uuid;

-- The members of each circle, kept as of each event's time as activity thread members are (their
-- 0009): a member remembers the time of the join that let them in; a leave removes only an older
-- membership and leaves its time in circle_leaves, so a join not newer than it is not applied.
CREATE TABLE moderation.circle_members (
  circle_id uuid NOT NULL,
  user_id uuid NOT NULL,
  joined_at timestamptz NOT NULL,
  PRIMARY KEY (circle_id, user_id)
);
-- An account's deletion finds the person's rows by this.
CREATE INDEX circle_members_user_idx ON moderation.circle_members (user_id);

-- The latest leave of each person from each circle, kept 30 days (each leave prunes older ones).
CREATE TABLE moderation.circle_leaves (
  circle_id uuid NOT NULL,
  user_id uuid NOT NULL,
  left_at timestamptz NOT NULL,
  PRIMARY KEY (circle_id, user_id)
);
CREATE INDEX circle_leaves_user_idx ON moderation.circle_leaves (user_id);
CREATE INDEX circle_leaves_left_at_idx ON moderation.circle_leaves (left_at);
