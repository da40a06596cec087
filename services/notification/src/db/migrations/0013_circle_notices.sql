-- Circle notices (docs/notifications.md#circles): the circle a notice is about, for the bell's
-- link and the push's tag. A circle activity's post stays in post_id, as for any activity.
ALTER TABLE notification.notifications ADD COLUMN circle_id uuid;
