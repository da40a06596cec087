-- Moderation no longer hears of every 1:1 message: messaging.message.sent.v1 is now emitted only
-- when notification must act, so it cannot keep a row per message. A report of a 1:1 message
-- names its conversation instead; the conversation's two people (conversation_participants, from
-- messaging.conversation.started.v1) say who may report it and whose it is, and messaging checks
-- the message is in that conversation and not the reporter's (messaging.report.rejected.v1).

-- The conversation each report named, and the case's (from the report that set its owner): a
-- rejection withdraws one report, and the case's owner is found again from the ones left.
ALTER TABLE moderation.reports ADD COLUMN conversation_id uuid;
ALTER TABLE moderation.cases ADD COLUMN conversation_id uuid;

-- The rows kept per 1:1 message (an activity thread's have thread_id) are read no more: a case
-- already opened keeps its owner on the case row. content_owners.conversation_id stays, empty.
DELETE FROM moderation.content_owners WHERE target_kind = 'message' AND thread_id IS NULL;
