-- A send may carry the id its client gave the message (a uuid chosen before the POST), so the
-- client can match its pending bubble to the stored message, and a retry after a lost answer
-- stores nothing new: one message per (sender, client id).
ALTER TABLE messaging.messages ADD COLUMN client_message_id uuid;
CREATE UNIQUE INDEX messages_sender_client_id_idx ON messaging.messages (sender_id, client_message_id)
  WHERE client_message_id IS NOT NULL;
