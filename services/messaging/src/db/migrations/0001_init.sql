-- messaging schema: conversations between two people, their messages, read markers and the
-- participants projection (names from identity's user events).

CREATE TABLE messaging.participants (
  user_id uuid PRIMARY KEY,
  username text NOT NULL,
  first_name text,
  last_name text,
  display_name text,
  profile_image_url text,
  -- When identity's data was true (the event's occurredAt); the epoch for a token fallback, so a
  -- late, older event never overwrites a newer one.
  source_at timestamptz NOT NULL
);

CREATE TABLE messaging.conversations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  participant1_id uuid NOT NULL,
  participant2_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  CHECK (participant1_id <> participant2_id)
);
-- One conversation per unordered pair: two concurrent starts meet on this index, and the
-- loser reads the winner's row.
CREATE UNIQUE INDEX conversations_pair_idx ON messaging.conversations (
  least(participant1_id, participant2_id),
  greatest(participant1_id, participant2_id)
);
CREATE INDEX conversations_participant2_idx ON messaging.conversations (participant2_id);
CREATE INDEX conversations_participant1_idx ON messaging.conversations (participant1_id);

CREATE TABLE messaging.messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  conversation_id uuid NOT NULL REFERENCES messaging.conversations (id) ON DELETE CASCADE,
  sender_id uuid NOT NULL,
  content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL
);
-- Every page of a thread (newest, before, after) and the last message of each conversation is
-- one range of this index; (created_at, id) is the cursor order.
CREATE INDEX messages_conversation_created_idx ON messaging.messages (conversation_id, created_at, id);

-- How far each participant has read: messages after (last_read_at, last_read_message_id) from
-- the other person are unread.
CREATE TABLE messaging.read_markers (
  conversation_id uuid NOT NULL REFERENCES messaging.conversations (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  last_read_message_id uuid,
  last_read_at timestamptz,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (conversation_id, user_id)
);
