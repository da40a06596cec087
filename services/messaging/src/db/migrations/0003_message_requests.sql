-- Message requests: a conversation someone starts with a person they have never talked to waits
-- for that person (participant2, the one who did not start it) to accept it. A reply or an
-- accept makes it 'accepted'; a decline hides it from them for good, and the sender is not told.
-- Conversations from before requests existed were already talked in: they stay accepted.
ALTER TABLE messaging.conversations
  ADD COLUMN status text NOT NULL DEFAULT 'accepted'
    CHECK (status IN ('request', 'accepted', 'declined'));
