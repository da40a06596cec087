-- Activity threads (docs/messaging.md#activity-threads): the host and the accepted people of an
-- activity talk in one group thread, keyed by the activity's post. Members follow feed's
-- activity events; a thread takes no new messages from a day after its activity's start.
CREATE TABLE messaging.activity_threads (
  post_id uuid PRIMARY KEY,
  host_id uuid NOT NULL,
  starts_at timestamptz NOT NULL,
  archives_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE messaging.activity_thread_members (
  post_id uuid NOT NULL REFERENCES messaging.activity_threads (post_id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  added_at timestamptz NOT NULL,
  PRIMARY KEY (post_id, user_id)
);
-- "My threads": one index range per viewer.
CREATE INDEX activity_thread_members_user_idx ON messaging.activity_thread_members (user_id, post_id);

CREATE TABLE messaging.activity_thread_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  post_id uuid NOT NULL REFERENCES messaging.activity_threads (post_id) ON DELETE CASCADE,
  sender_id uuid NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX activity_thread_messages_page_idx
  ON messaging.activity_thread_messages (post_id, created_at, id);
