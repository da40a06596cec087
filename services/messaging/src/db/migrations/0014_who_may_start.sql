-- Who may start a conversation with a person (issue 30): everyone (a stranger's first message
-- is a request, as before), only people they met at an activity, or nobody new. Kept on the
-- participants row, which a start already reads for the recipient.
ALTER TABLE messaging.participants
  ADD COLUMN who_may_start text NOT NULL DEFAULT 'everyone'
  CONSTRAINT participants_who_may_start_check CHECK (who_may_start IN ('everyone', 'met', 'nobody'));

-- Pairs who met at an activity: feed's activity.checked_in (the host and an accepted person).
-- One row per pair, the smaller id first; the first check-in's time. Erased with either account.
CREATE TABLE messaging.met_pairs (
  user_low uuid NOT NULL,
  user_high uuid NOT NULL,
  met_at timestamptz NOT NULL,
  PRIMARY KEY (user_low, user_high),
  CONSTRAINT met_pairs_ordered_check CHECK (user_low < user_high)
);
-- Account erasure finds the rows where the person is the larger id.
CREATE INDEX met_pairs_user_high_idx ON messaging.met_pairs (user_high);
