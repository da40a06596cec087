-- Who blocked whom, as identity's block events tell it (docs/notifications.md#activities): an
-- activity notice never names, or comes from, someone the recipient blocked or was blocked by.
CREATE TABLE notification.blocks (
  blocker_id uuid NOT NULL,
  blocked_id uuid NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_blocked ON notification.blocks (blocked_id, blocker_id);
