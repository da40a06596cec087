-- Refresh-token rotation grace: the hash a session had before its last rotation, and when it
-- rotated, so a second tab presenting the just-rotated token is not taken for a thief.
ALTER TABLE identity.sessions ADD COLUMN previous_refresh_hash text;
ALTER TABLE identity.sessions ADD COLUMN rotated_at timestamptz;

-- Profile images are stored only as our own relative URL or a Google account picture. Earlier
-- saves kept whatever host the client wrote in front of an own upload: keep just the path.
UPDATE identity.user_profiles
   SET profile_image_url = lower(substring(profile_image_url from '/api/upload/profile-image/[0-9a-fA-F-]{36}$'))
 WHERE profile_image_url ~ '^https?://[^/]+/api/upload/profile-image/[0-9a-fA-F-]{36}$';
UPDATE identity.users
   SET profile_image_url = lower(substring(profile_image_url from '/api/upload/profile-image/[0-9a-fA-F-]{36}$'))
 WHERE profile_image_url ~ '^https?://[^/]+/api/upload/profile-image/[0-9a-fA-F-]{36}$';
-- Any other external URL (a look-alike host, a tracking pixel) is dropped; the avatar shows the initial.
UPDATE identity.user_profiles SET profile_image_url = NULL
 WHERE profile_image_url !~ '^/api/upload/profile-image/' AND profile_image_url !~ '^https://lh3\.googleusercontent\.com/';
UPDATE identity.users SET profile_image_url = NULL
 WHERE profile_image_url !~ '^/api/upload/profile-image/' AND profile_image_url !~ '^https://lh3\.googleusercontent\.com/';
