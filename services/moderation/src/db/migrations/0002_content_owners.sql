-- Whose item is reported is learnt from the owning services' events, never from the reporter:
-- 0001 stored the owner the reporter's request named, so a forged id could point a suspension
-- at the wrong person.

-- Who wrote each post, comment and message (feed.post.created, feed.comment.created,
-- messaging.message.sent). Ids only; a person's rows go with their account.
CREATE TABLE moderation.content_owners (
  target_kind text NOT NULL CHECK (target_kind IN ('post', 'comment', 'message')),
  target_id uuid NOT NULL,
  owner_id uuid NOT NULL,
  PRIMARY KEY (target_kind, target_id)
);
CREATE INDEX content_owners_owner_idx ON moderation.content_owners (owner_id);

-- A case about content whose creation event has not arrived yet (or left the stream before
-- moderation listened) has no owner until it does; it cannot be suspended from meanwhile.
ALTER TABLE moderation.cases ALTER COLUMN owner_id DROP NOT NULL;
ALTER TABLE moderation.audit_log ALTER COLUMN owner_id DROP NOT NULL;

-- The owners 0001 stored came from reporters: forget them. The consumers replay the stream
-- from its start and fill in every owner the stream still holds.
UPDATE moderation.cases SET owner_id = NULL WHERE target_kind <> 'user';
