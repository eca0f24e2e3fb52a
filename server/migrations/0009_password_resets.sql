-- One-time password-reset codes (/user/passwordResetRequest, /user/passwordReset). One live code
-- per user (a new request replaces it); the six digits are stored hashed; expires_at is set on the
-- app clock (15 minutes); five wrong tries delete the row.
CREATE TABLE password_reset_codes (
  user_id    bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  attempts   integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
