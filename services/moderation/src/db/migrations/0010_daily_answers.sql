-- Answers to the daily question are public text shown to everyone, so they can be reported like
-- comments: a fourth content kind, learnt from feed.daily_answer.created.v1 like the others.
ALTER TABLE moderation.reports DROP CONSTRAINT reports_target_kind_check;
ALTER TABLE moderation.reports ADD CONSTRAINT reports_target_kind_check
  CHECK (target_kind IN ('post', 'comment', 'daily_answer', 'message', 'user'));
ALTER TABLE moderation.content_owners DROP CONSTRAINT content_owners_target_kind_check;
ALTER TABLE moderation.content_owners ADD CONSTRAINT content_owners_target_kind_check
  CHECK (target_kind IN ('post', 'comment', 'daily_answer', 'message'));
