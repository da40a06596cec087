-- Answers to the daily question can be reported like comments (moderation's kind
-- 'daily_answer'). Hidden from everyone by moderation: 'hidden' (reported by enough people, until
-- reviewed) or 'removed' (an admin removed it). Null: shown. No 'suspended' state: the list
-- already leaves out answers whose author is suspended now (feed.authors.suspended_at), so a
-- reinstatement shows them again and a hide or removal decided meanwhile stays.
ALTER TABLE feed.daily_responses ADD COLUMN moderation text
  CHECK (moderation IN ('hidden', 'removed'));
