-- moderation schema: reports, the cases they open, and the audit log of admin actions.

-- One row per reporter and item: reporting again changes nothing.
CREATE TABLE moderation.reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reporter_id uuid NOT NULL,
  target_kind text NOT NULL CHECK (target_kind IN ('post', 'comment', 'message', 'user')),
  target_id uuid NOT NULL,
  reason text NOT NULL CHECK (reason IN ('spam', 'harassment', 'unsafe_meetup', 'fake_profile', 'other')),
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT reports_reporter_target_key UNIQUE (target_kind, target_id, reporter_id)
);

-- One row per reported item: what the review queue lists. Reports after a review reopen it.
CREATE TABLE moderation.cases (
  target_kind text NOT NULL,
  target_id uuid NOT NULL,
  -- Whose item it is, as the first reporter's screen showed it (the reviewer sees the excerpt).
  owner_id uuid NOT NULL,
  excerpt text,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'removed', 'suspended')),
  -- Hidden from everyone because enough different people reported it.
  hidden boolean NOT NULL DEFAULT false,
  first_reported_at timestamptz NOT NULL,
  last_reported_at timestamptz NOT NULL,
  -- Reports up to this moment were reviewed; only later ones count toward hiding again.
  reviewed_at timestamptz,
  PRIMARY KEY (target_kind, target_id)
);
CREATE INDEX cases_open_idx ON moderation.cases (first_reported_at) WHERE status = 'open';

-- Who did what, when. Never updated or deleted by the service.
CREATE TABLE moderation.audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  actor_id uuid NOT NULL,
  action text NOT NULL CHECK (action IN ('dismiss', 'remove', 'suspend')),
  target_kind text NOT NULL,
  target_id uuid NOT NULL,
  owner_id uuid NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX audit_log_created_idx ON moderation.audit_log (created_at DESC);
