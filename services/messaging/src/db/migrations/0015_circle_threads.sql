-- Circle threads (docs/messaging.md#circle-threads): one group thread per circle, for its members.
-- Circles live in feed; messaging keeps each thread from feed's circle events (joined, left,
-- renamed, closed), each applied as of its `occurredAt`. A closed circle's thread stays readable
-- and takes no new messages. `name_at` is the time of the event the name came from, so an older
-- join's name handled after a rename does not put the old name back. `last_message_at` is the
-- newest message's time: a send moves it (the send's lock and clock, as conversations have).
CREATE TABLE messaging.circle_threads (
  circle_id uuid PRIMARY KEY,
  name text NOT NULL,
  name_at timestamptz NOT NULL,
  closed_at timestamptz,
  created_at timestamptz NOT NULL,
  last_message_at timestamptz
);

-- Members as of feed's events: `joined_at` is the time of the join that let them in (a leave
-- removes only an older membership), `added_at` messaging's time when it did (messages before it
-- are not counted unread for them).
CREATE TABLE messaging.circle_thread_members (
  circle_id uuid NOT NULL REFERENCES messaging.circle_threads (circle_id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  joined_at timestamptz NOT NULL,
  added_at timestamptz NOT NULL,
  PRIMARY KEY (circle_id, user_id)
);
-- "My circle threads": one index range per viewer.
CREATE INDEX circle_thread_members_user_idx ON messaging.circle_thread_members (user_id, circle_id);

-- Each member's own read marker (a group has no read receipts): the newest message they read.
-- Unread is what others wrote after it. Goes when they leave.
CREATE TABLE messaging.circle_thread_read_markers (
  circle_id uuid NOT NULL REFERENCES messaging.circle_threads (circle_id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  last_read_message_id uuid NOT NULL,
  last_read_at timestamptz NOT NULL,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (circle_id, user_id)
);

-- Messages, reportable like the others (moderation column as in 0006; a reporter's own hide is in
-- hidden_for_viewer). The unique (sender_id, client_message_id) makes a retried send store
-- nothing (NULLs are distinct, so messages without a client id never collide), and serves the
-- erasure's and the export's reads by sender.
CREATE TABLE messaging.circle_thread_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  circle_id uuid NOT NULL REFERENCES messaging.circle_threads (circle_id) ON DELETE CASCADE,
  sender_id uuid NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL,
  client_message_id uuid,
  moderation text CHECK (moderation IN ('hidden', 'removed'))
);
CREATE INDEX circle_thread_messages_page_idx
  ON messaging.circle_thread_messages (circle_id, created_at, id);
CREATE UNIQUE INDEX circle_thread_messages_sender_client_idx
  ON messaging.circle_thread_messages (sender_id, client_message_id);

-- Each person's latest leave of each circle (as 0011 for activities): a join not newer than it,
-- handled late on its own consumer, adds nobody. Kept 30 days, pruned as new leaves come.
CREATE TABLE messaging.circle_thread_leaves (
  circle_id uuid NOT NULL,
  user_id uuid NOT NULL,
  left_at timestamptz NOT NULL,
  PRIMARY KEY (circle_id, user_id)
);
CREATE INDEX circle_thread_leaves_user_idx ON messaging.circle_thread_leaves (user_id);
CREATE INDEX circle_thread_leaves_left_at_idx ON messaging.circle_thread_leaves (left_at);
