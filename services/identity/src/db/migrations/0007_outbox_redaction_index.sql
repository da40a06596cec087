-- The sweep (every minute, on every replica) redacts the link of each reset and verification
-- event once it is published. These indexes hold only the rows whose link is still there, so the
-- sweep reads those few rows instead of the whole outbox; redacting a row takes it out. Their
-- predicates repeat the sweep's conditions word for word, which is what lets the planner use them.
CREATE INDEX IF NOT EXISTS outbox_token_unredacted_idx ON identity.outbox (dispatched_at)
  WHERE type IN ('identity.password_reset.requested.v1', 'identity.email_verification.requested.v1')
    AND payload #>> '{data,token}' <> '[redacted]';
CREATE INDEX IF NOT EXISTS outbox_sealed_token_unredacted_idx ON identity.outbox (dispatched_at)
  WHERE type IN ('identity.password_reset.requested.v2', 'identity.email_verification.requested.v2')
    AND payload #>> '{data,sealedToken}' <> '[redacted]';
