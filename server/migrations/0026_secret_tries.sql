-- Issue 33 point 4: a try at a secret is claimed before the secret is checked, in a transaction committed before
-- the (slow) check runs, so a burst of requests, on however many instances, checks at most the allowed number
-- (docs/decisions/0027-second-factors-and-devices.md "Attempts", 0017-block-trades.md). Runs unchanged on PGlite
-- and PostgreSQL.

-- The fund password (5 wrong in 15 minutes, app clock) and the second-factor codes (TOTP and recovery codes, 10 per
-- 15 minutes, wall clock): one row per user and secret, `tried` the instants (epoch milliseconds, a JSON array) of
-- the tries still inside the window. A claim locks the row, drops what left the window and adds one only while
-- fewer than the limit remain.
CREATE TABLE secret_tries (
  user_id bigint NOT NULL REFERENCES users (id),
  secret  text NOT NULL CHECK (secret IN ('fund_password', 'second_factor_code')),
  tried   jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (user_id, secret)
);

-- The channel password's counter now counts claimed tries: a right password hands its try back, down to 0.
ALTER TABLE block_password_failures DROP CONSTRAINT block_password_failures_failures_check;
ALTER TABLE block_password_failures ADD CONSTRAINT block_password_failures_failures_check CHECK (failures >= 0);
