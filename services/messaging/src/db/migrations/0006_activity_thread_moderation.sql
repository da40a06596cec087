-- Activity-thread messages can be reported like 1:1 messages (docs/moderation.md): moderation's
-- decisions hide one from every member ('hidden' until reviewed) or remove it. A reporter's own
-- hide goes in messaging.hidden_for_viewer, which holds message ids of either kind.
ALTER TABLE messaging.activity_thread_messages
  ADD COLUMN moderation text CHECK (moderation IN ('hidden', 'removed'));
