-- Issue 14 (users): the reason an operator gave with the last change of a user's flags (banned, frozen,
-- trade_disabled). The user is shown it: in an inbox message, in /user/getUserinfo and in the login refusal.
-- Runs unchanged on PGlite and PostgreSQL.
ALTER TABLE users ADD COLUMN restriction_reason text CHECK (length(restriction_reason) <= 200);
