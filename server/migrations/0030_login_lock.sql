-- Issue 33 point 3 (JSDA 2025): an account locks after consecutive failed logins
-- (docs/decisions/0031-login-lock-and-notices.md). `failed_logins` counts the wrong passwords since the last
-- successful sign-in (claimed by one UPDATE … RETURNING, so bursts and several instances count every try);
-- `locked_until` is the end of the current lock (app clock). A successful sign-in, a passkey sign-in and a
-- password reset clear both. Runs unchanged on PGlite and PostgreSQL.
ALTER TABLE users ADD COLUMN failed_logins integer NOT NULL DEFAULT 0 CHECK (failed_logins >= 0);
ALTER TABLE users ADD COLUMN locked_until timestamptz;
