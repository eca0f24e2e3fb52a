-- Issue 33 point 2: factors that cannot be planted (docs/decisions/0027-second-factors-and-devices.md, amendment of
-- 2026-12-01). Runs unchanged on PGlite and PostgreSQL.

-- Which factors a session proved when it was opened, comma-separated (as passkeys.transports): password, totp,
-- recovery, passkey (a passkey registered with a second factor), passkey_basic (one registered without).
-- email_code is proven by step-ups only. Sessions open when this runs proved an unknown set: ''.
ALTER TABLE sessions ADD COLUMN factors text NOT NULL DEFAULT '';

-- second_factor: the session (or step-up) that registered the passkey had proved TOTP or a recovery code, or a
-- passkey that itself counts; only such a passkey opens a back-office session. suspended: set on every passkey
-- of the account by a password reset; a suspended passkey signs in to nothing and confirms nothing until the
-- owner confirms it (/user/passkeyConfirm) or deletes it after a step-up. Existing passkeys: not second factor.
ALTER TABLE passkeys ADD COLUMN second_factor boolean NOT NULL DEFAULT false;
ALTER TABLE passkeys ADD COLUMN suspended boolean NOT NULL DEFAULT false;

-- A step-up: the password plus the second factor (or an e-mail code when none is enrolled) proven again by a
-- signed-in session for one action (passkey_add, passkey_remove, passkey_confirm, totp_enable, totp_disable,
-- recovery_codes, bank_card). The grant token is answered once and stored hashed, bound to the session (dies
-- with it) and to its action, and time-boxed: valid five minutes for that action's calls. lang: the language of
-- the notices the gated change sends.
CREATE TABLE step_up_grants (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash         text NOT NULL UNIQUE,
  session_token_hash text NOT NULL REFERENCES sessions (token_hash) ON DELETE CASCADE,
  action             text NOT NULL,
  factors            text NOT NULL,
  lang               text NOT NULL DEFAULT 'cn',
  created_at         timestamptz NOT NULL DEFAULT now(),
  expires_at         timestamptz NOT NULL
);
CREATE INDEX step_up_grants_session_idx ON step_up_grants (session_token_hash);

-- A passkey assertion may now also answer a step-up challenge (purpose step_up, user_id set).
ALTER TABLE webauthn_challenges DROP CONSTRAINT webauthn_challenges_purpose_check;
ALTER TABLE webauthn_challenges ADD CONSTRAINT webauthn_challenges_purpose_check
  CHECK (purpose IN ('register', 'login', 'withdraw', 'step_up'));

-- The e-mail code of a step-up for an account with no second factor: six digits, salted sha256, ten minutes,
-- five wrong tries, one live code per user (a new request replaces it), single use.
CREATE TABLE step_up_email_codes (
  user_id    bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  attempts   integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);
