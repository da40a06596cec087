-- Whether an author is suspended now, kept on the author (moderation's user.suspended and
-- user.reinstated set and clear it), beside each post's and comment's own moderation state:
-- a post an admin removed, or hid for review, while its author was suspended keeps that state
-- when the author is reinstated, and a write by an author already suspended is refused (the
-- author's row is locked by both, so one cannot slip past the other).
ALTER TABLE feed.authors ADD COLUMN suspended_at timestamptz;
