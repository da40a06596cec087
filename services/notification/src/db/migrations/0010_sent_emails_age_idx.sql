-- The hourly clean-up forgets sent mails by age (see use-cases/prune.ts): by this index, not by
-- reading the whole table.
CREATE INDEX sent_emails_sent_at_idx ON notification.sent_emails (sent_at);
