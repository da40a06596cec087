-- Whether a report counts toward hiding an item from everyone: only when its reporter's address
-- was verified. Accounts cost only an address, so unverified ones could otherwise hide anything
-- in threes; their reports still reach the admins and still hide the item from the reporter.
-- Reports filed before this migration keep counting, as they did.
ALTER TABLE moderation.reports ADD COLUMN counts_toward_hiding boolean NOT NULL DEFAULT true;
