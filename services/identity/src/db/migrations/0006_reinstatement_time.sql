-- The time of a person's latest reinstatement, beside `suspended_at`: moderation's suspended and
-- reinstated events come through two independent consumers, so a quick suspend → reinstate can
-- be handled the other way round. Each applies as of its event's time: a suspension older than
-- the latest reinstatement is not applied (no sign-in refused, no session ended), and a
-- reinstatement older than the suspension does not lift it.
ALTER TABLE identity.users ADD COLUMN reinstated_at timestamptz;
