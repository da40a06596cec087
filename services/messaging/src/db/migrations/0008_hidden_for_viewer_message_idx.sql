-- The admin review asks whether anyone reported a message (a hide row for it, whoever the
-- viewer); the primary key leads with the viewer, so that probe needs its own index.
CREATE INDEX hidden_for_viewer_message_idx ON messaging.hidden_for_viewer (message_id);
