-- Interests on the profile (issue 31): up to 10 of the post hashtags ("#hiking") and a short list
-- of activities ("badminton"), checked against @saathi/contracts' INTERESTS before they are
-- written. On the profile row, so the data export (the whole row) and account deletion (the row
-- goes with the user) cover them with no further code.
ALTER TABLE identity.user_profiles ADD COLUMN interests text[] NOT NULL DEFAULT '{}';
