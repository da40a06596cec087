-- The time of a conversation's newest message, kept on the conversation's row. A send reads and
-- moves it in the one statement that stores the message (db/send-statement.ts): the row's update
-- serialises sends to one conversation, and its new value is the message's time, at least 1 ms
-- after the one before, so (created_at, id) order is send order without a second statement.
ALTER TABLE messaging.conversations ADD COLUMN last_message_at timestamptz;
UPDATE messaging.conversations c SET last_message_at = m.newest
  FROM (SELECT conversation_id, max(created_at) AS newest FROM messaging.messages GROUP BY conversation_id) m
  WHERE m.conversation_id = c.id;
