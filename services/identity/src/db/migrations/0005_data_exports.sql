-- "Download my data": at most one export per person (a new request replaces the old one). The
-- job fills `data` with the assembled file; it is offered until `expires_at`, then swept. The
-- row goes with the account (ON DELETE CASCADE), so deleting the account erases the export.
CREATE TABLE identity.data_exports (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL UNIQUE REFERENCES identity.users (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('preparing', 'ready', 'failed')),
  data json,
  created_at timestamptz NOT NULL,
  ready_at timestamptz,
  expires_at timestamptz
);
