-- Issue 33 point 2: the bootstrap administrator's first TOTP enrolment needs a one-time code printed by
-- `create-admin` (or logged once by the ADMIN_ACCOUNT start-up), not the password alone
-- (docs/decisions/0027-second-factors-and-devices.md, amendment of 2026-12-01). Salted sha256, 24 hours, single
-- use (deleted by the enrolment that spends it); one live code per user. Runs unchanged on PGlite and PostgreSQL.
CREATE TABLE admin_enrol_codes (
  user_id    bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  expires_at timestamptz NOT NULL
);
