-- Issue 33 point 2: an administrator's first TOTP enrolment at login (an `enrol` challenge) needs a one-time code
-- printed by the CLI (`create-admin`, `grant-role`), not the password alone (docs/decisions/0027-second-factors-
-- and-devices.md, amendment "The enrolment code"). Ten base32 characters, salted sha256 (security/tokens.ts
-- hashMailedCode), 24 hours on the app clock, five tries claimed before the check, single use (deleted by the
-- enrolment that spends it); one live code per user (a new one replaces it). Runs unchanged on PGlite and PostgreSQL.
CREATE TABLE admin_enrol_codes (
  user_id    bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  attempts   integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);

-- The `enrol` challenge that spent a code may start (and restart) the enrolment and complete it; no other may.
ALTER TABLE login_challenges ADD COLUMN enrol_code_ok boolean NOT NULL DEFAULT false;
