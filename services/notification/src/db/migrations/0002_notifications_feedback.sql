-- Who people are, as identity's user events tell it: names for notifications, addresses for mail.
CREATE TABLE notification.users (
  user_id uuid PRIMARY KEY,
  username text NOT NULL,
  first_name text,
  last_name text,
  email text,
  source_at timestamptz NOT NULL
);

-- One row per (recipient, type, target) while unread: later actors update it instead of adding rows.
CREATE TABLE notification.notifications (
  id uuid PRIMARY KEY,
  recipient_id uuid NOT NULL,
  type text NOT NULL,
  target_key text NOT NULL,
  actor_id uuid NOT NULL,
  actor_name text NOT NULL,
  others_count integer NOT NULL DEFAULT 0,
  post_id uuid,
  comment_id uuid,
  conversation_id uuid,
  emoji text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  read_at timestamptz
);
CREATE UNIQUE INDEX notifications_unread_target
  ON notification.notifications (recipient_id, type, target_key) WHERE read_at IS NULL;
CREATE INDEX notifications_recipient_updated
  ON notification.notifications (recipient_id, updated_at DESC, id DESC);
CREATE INDEX notifications_read_at ON notification.notifications (read_at) WHERE read_at IS NOT NULL;

-- Everyone who acted on a notification's target: others_count counts people, not clicks.
CREATE TABLE notification.notification_actors (
  notification_id uuid NOT NULL REFERENCES notification.notifications (id) ON DELETE CASCADE,
  actor_id uuid NOT NULL,
  PRIMARY KEY (notification_id, actor_id)
);

-- When a conversation last caused a mail to its recipient: at most one per cool-down.
CREATE TABLE notification.message_mails (
  recipient_id uuid NOT NULL,
  conversation_id uuid NOT NULL,
  mailed_at timestamptz NOT NULL,
  PRIMARY KEY (recipient_id, conversation_id)
);

CREATE TABLE notification.feedback (
  id uuid PRIMARY KEY,
  type text NOT NULL,
  content text NOT NULL,
  user_id uuid,
  user_info jsonb,
  status text NOT NULL DEFAULT 'open',
  created_at timestamptz NOT NULL
);
CREATE INDEX feedback_created ON notification.feedback (created_at DESC, id DESC);
