-- Email verification: when the owner of an account's address proved it, and the mailed links
-- that prove it (stored hashed, single use, valid 24 hours). Accounts that existed before this
-- migration start unverified: nobody has proved their address yet.
ALTER TABLE identity.users ADD COLUMN email_verified_at timestamptz;

CREATE TABLE identity.email_verifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_verifications_user_id_idx ON identity.email_verifications (user_id);
