-- Messages in activity threads (an activity's host and accepted people in one group thread) can
-- be reported like 1:1 messages. Moderation learns each one's author and thread from
-- messaging.activity_thread_message.sent.v1, and who is in each thread from feed's activity
-- events, so only the thread's members can report its messages. Ids only.

-- The activity (its post) whose thread holds the message; null for every other item.
ALTER TABLE moderation.content_owners ADD COLUMN thread_id uuid;

-- The host and the accepted people of each activity (feed.activity.accepted.v1 / .left.v1).
CREATE TABLE moderation.activity_thread_members (
  post_id uuid NOT NULL,
  user_id uuid NOT NULL,
  PRIMARY KEY (post_id, user_id)
);
-- An account's deletion finds the person's rows by this.
CREATE INDEX activity_thread_members_user_idx ON moderation.activity_thread_members (user_id);
