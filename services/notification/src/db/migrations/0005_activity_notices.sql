-- Who is in which activity, as the feed's activity events tell it (docs/notifications.md): whom
-- to tell when the host closes it, posts the next week's, or when it is over. Each row follows
-- the newest event about that person (source_at), whatever order the consumers see them in.
CREATE TABLE notification.activity_people (
  post_id uuid NOT NULL,
  user_id uuid NOT NULL,
  host_id uuid NOT NULL,
  -- requested | waitlisted | accepted | declined | left
  status text NOT NULL,
  source_at timestamptz NOT NULL,
  -- When the post expired (the activity is over) or was deleted: kept a while for its next occurrence.
  ended_at timestamptz,
  PRIMARY KEY (post_id, user_id)
);
CREATE INDEX activity_people_ended ON notification.activity_people (ended_at) WHERE ended_at IS NOT NULL;
CREATE INDEX activity_people_user ON notification.activity_people (user_id);

-- When an activity last mailed a person: at most one activity mail per person and activity per
-- cool-down. `job_key` lets the check that claimed the slot claim it again when it is retried.
CREATE TABLE notification.activity_mails (
  recipient_id uuid NOT NULL,
  post_id uuid NOT NULL,
  mailed_at timestamptz NOT NULL,
  job_key text NOT NULL,
  PRIMARY KEY (recipient_id, post_id)
);
CREATE INDEX activity_mails_mailed_at ON notification.activity_mails (mailed_at);
