-- Second factors and signed-in devices (docs/decisions/0027-second-factors-and-devices.md). Runs unchanged on PGlite
-- and PostgreSQL.

-- One TOTP authenticator per user. secret: the RFC 6238 key, sealed by the server (AES-256-GCM when
-- SECOND_FACTOR_KEY is set, else stored as is: the ADR says why). confirmed_at NULL: enrolment started, not
-- proven with a code yet (the factor is not required until it is). last_step: the highest time step used, so a
-- code is accepted once (UPDATE ... WHERE last_step < $step RETURNING: two racing uses, one winner).
CREATE TABLE totp_factors (
  user_id      bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret       text NOT NULL,
  confirmed_at timestamptz,
  last_step    bigint NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- Single-use recovery codes, stored as sha256(user id, code): used_at is set once (conditional UPDATE).
CREATE TABLE recovery_codes (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id   bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at   timestamptz,
  UNIQUE (user_id, code_hash)
);

-- A password accepted, a second factor owed: the short-lived challenge /user/login answers instead of a session.
-- purpose: verify (prove the enrolled factor) or enrol (an administrator without one may only enrol). attempts
-- counts wrong codes; the row is deleted when used, and refused once expired or out of attempts.
CREATE TABLE login_challenges (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose    text NOT NULL CHECK (purpose IN ('verify', 'enrol')),
  attempts   integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX login_challenges_user_idx ON login_challenges (user_id);

-- Signed-in devices: what a session was opened from, for the user's device list.
ALTER TABLE sessions ADD COLUMN user_agent text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN ip text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN device_hash text NOT NULL DEFAULT '';

-- Devices a user has signed in from (sha256 of the device identifier): a login from any other raises the
-- new_device_login inbox message.
CREATE TABLE known_devices (
  user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_hash   text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_hash)
);
