-- Passkeys (WebAuthn) as a login method and as the withdrawal confirmation
-- (docs/decisions/0027-second-factors-and-devices.md). Runs unchanged on PGlite and PostgreSQL.

-- A user's registered passkeys. credential_id and public_key (COSE) are base64url; sign_count is the
-- authenticator's counter (0 for synced passkeys, which do not count).
CREATE TABLE passkeys (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key    text NOT NULL,
  sign_count    bigint NOT NULL DEFAULT 0,
  transports    text NOT NULL DEFAULT '',
  name          text NOT NULL DEFAULT '' CHECK (length(name) <= 64),
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz
);
CREATE INDEX passkeys_user_idx ON passkeys (user_id);

-- A WebAuthn challenge handed to a client, used once (deleted by the verification that reads it).
-- purpose: register (user_id set), login (no user: the passkey names its user), withdraw (user_id set, bound to
-- the withdrawal's amount, currency and card in `bound`).
CREATE TABLE webauthn_challenges (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  challenge  text NOT NULL UNIQUE,
  user_id    bigint REFERENCES users (id) ON DELETE CASCADE,
  purpose    text NOT NULL CHECK (purpose IN ('register', 'login', 'withdraw')),
  bound      text NOT NULL DEFAULT '',
  expires_at timestamptz NOT NULL
);
