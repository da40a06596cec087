-- Notifications about a post go when it is deleted or expires.
CREATE INDEX notifications_post ON notification.notifications (post_id) WHERE post_id IS NOT NULL;
