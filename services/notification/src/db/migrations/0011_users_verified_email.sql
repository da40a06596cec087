-- The address the owner proved, from identity.user.email_verified.v1. Message and activity mails
-- go only to an account whose address is this one: an address someone merely typed at sign-up may
-- be anyone's, and mail to it would carry the site's name to a stranger, again and again.
ALTER TABLE notification.users ADD COLUMN verified_email text;
