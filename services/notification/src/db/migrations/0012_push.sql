-- Web Push (docs/notifications.md#web-push). One row per browser that agreed to pushes: its push
-- service URL and the keys that encrypt for it (RFC 8291). The endpoint is unique: a browser
-- subscribing again under another account moves to that account. `failures` counts failed tries
-- in a row; past PUSH_MAX_FAILURES the row is dropped.
CREATE TABLE notification.push_subscriptions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL,
  last_success_at timestamptz,
  failures integer NOT NULL DEFAULT 0
);
CREATE INDEX push_subscriptions_user_idx ON notification.push_subscriptions (user_id);

-- What reaches a person and when: a channel per kind and quiet hours. No row: the defaults.
CREATE TABLE notification.notice_settings (
  user_id uuid PRIMARY KEY,
  channels jsonb NOT NULL,
  quiet_hours jsonb,
  updated_at timestamptz NOT NULL
);

-- A conversation or an activity thread (its post) muted until a time, or for good (`until` null).
CREATE TABLE notification.mutes (
  user_id uuid NOT NULL,
  kind text NOT NULL,
  target_id uuid NOT NULL,
  until timestamptz,
  PRIMARY KEY (user_id, kind, target_id)
);
CREATE INDEX mutes_until_idx ON notification.mutes (until) WHERE until IS NOT NULL;

-- Per person and grouping key (the push's tag): when the last push went, and the push held back
-- (quiet hours, or more of the same within PUSH_GROUP_MS) with the time it is due.
CREATE TABLE notification.push_threads (
  recipient_id uuid NOT NULL,
  tag text NOT NULL,
  last_pushed_at timestamptz,
  pending jsonb,
  due_at timestamptz,
  PRIMARY KEY (recipient_id, tag)
);
CREATE INDEX push_threads_last_pushed_idx ON notification.push_threads (last_pushed_at);

-- How many things an unread notification groups (messages in a conversation, comments on a
-- post): the push says "Asha sent you 3 messages" from the same row the bell shows.
ALTER TABLE notification.notifications ADD COLUMN item_count integer NOT NULL DEFAULT 1;
