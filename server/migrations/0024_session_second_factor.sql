-- Issue 14: whether a session was opened with a second factor (a TOTP or recovery code after the password, or a
-- passkey with user verification). /admin/ calls need such a session, so a user promoted to a back-office role
-- while signed in with a password alone must sign in again with the second factor (docs/decisions/0027). Sessions
-- open when this runs were not proven: false. Runs unchanged on PGlite and PostgreSQL.
ALTER TABLE sessions ADD COLUMN second_factor boolean NOT NULL DEFAULT false;
