-- A 1:1 message can be reported only by the two people in its conversation, as an activity
-- thread's message only by the thread's members (0006). Moderation learns each message's
-- conversation from messaging.message.sent.v1 and each conversation's two participants from
-- messaging.conversation.started.v1 (and again from every message.sent, which names both). Ids only.

-- The 1:1 conversation that holds the message; null for every other item, and for messages
-- recorded before this migration (their events carried no conversation moderation kept).
ALTER TABLE moderation.content_owners ADD COLUMN conversation_id uuid;

-- The two people of each 1:1 conversation.
CREATE TABLE moderation.conversation_participants (
  conversation_id uuid NOT NULL,
  user_id uuid NOT NULL,
  PRIMARY KEY (conversation_id, user_id)
);
-- An account's deletion finds the person's rows by this.
CREATE INDEX conversation_participants_user_idx ON moderation.conversation_participants (user_id);
