-- An admin may take one photo off a reported post and keep the post: the audit log names it.
ALTER TABLE moderation.audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE moderation.audit_log
  ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('dismiss', 'remove', 'suspend', 'reinstate', 'remove_photo'));
