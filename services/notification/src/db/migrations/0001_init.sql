CREATE TABLE notification.sent_emails (
  dedupe_key text PRIMARY KEY,
  sent_at timestamptz NOT NULL DEFAULT now()
);
