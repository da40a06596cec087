-- identity schema: users, refresh sessions, password resets, profiles and their images.
-- Runs with search_path set to the service schema by DatabasePort.migrate; names are qualified anyway.
CREATE TABLE identity.users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL,
  email text NOT NULL,
  phone text,
  password_hash text,
  first_name text,
  last_name text,
  profile_image_url text,
  google_id text,
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_lower_key ON identity.users (lower(username));
CREATE UNIQUE INDEX users_email_key ON identity.users (email);
CREATE UNIQUE INDEX users_google_id_key ON identity.users (google_id);

CREATE TABLE identity.sessions (
  sid uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  refresh_hash text NOT NULL,
  expire timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_reason text,
  user_agent text
);
CREATE INDEX sessions_expire_idx ON identity.sessions (expire);
CREATE INDEX sessions_user_id_idx ON identity.sessions (user_id);

CREATE TABLE identity.password_resets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_id_idx ON identity.password_resets (user_id);

CREATE TABLE identity.user_profiles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL UNIQUE REFERENCES identity.users (id) ON DELETE CASCADE,
  display_name varchar(50),
  bio varchar(100),
  profile_image_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE identity.profile_images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  content_type varchar(50) NOT NULL,
  data bytea NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX profile_images_user_id_idx ON identity.profile_images (user_id);
