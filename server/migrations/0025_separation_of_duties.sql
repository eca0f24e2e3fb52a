-- Issue 33 point 1: separation of duties (docs/decisions/0026-back-office-roles-and-four-eyes.md, amendment
-- 2026-12-01). Nobody decides anything about their own account; deposits above a configured amount, and an
-- operator's direct approvals above a daily total, need a second administrator. Runs unchanged on PGlite and
-- PostgreSQL.

-- The account a four-eyes request decides about (a deposit's or withdrawal's owner, a correction's account; NULL
-- for a catalogue change): neither its requester nor its decider may be that account.
ALTER TABLE four_eyes_requests ADD COLUMN subject_user_id bigint REFERENCES users (id);
ALTER TABLE four_eyes_requests ADD CONSTRAINT four_eyes_not_own_subject
  CHECK (subject_user_id IS NULL OR (subject_user_id <> requested_by AND subject_user_id <> decided_by))
  NOT VALID;

-- Which four-eyes request approved a deposit or withdrawal (NULL: approved directly by reviewed_by). The per-operator
-- daily total counts the direct approvals only.
ALTER TABLE deposits ADD COLUMN four_eyes_request_id bigint REFERENCES four_eyes_requests (id);
ALTER TABLE withdrawals ADD COLUMN four_eyes_request_id bigint REFERENCES four_eyes_requests (id);
CREATE INDEX deposits_direct_approvals_idx ON deposits (reviewed_by, reviewed_at)
  WHERE status = 1 AND four_eyes_request_id IS NULL;
CREATE INDEX withdrawals_direct_approvals_idx ON withdrawals (reviewed_by, reviewed_at)
  WHERE status = 1 AND four_eyes_request_id IS NULL;

-- The reviewer is never the owner, whatever the code does (NOT VALID: rows reviewed before this rule stay as they
-- are, as evidence; every new or changed row is checked).
ALTER TABLE deposits ADD CONSTRAINT deposits_not_own_review CHECK (reviewed_by IS NULL OR reviewed_by <> user_id)
  NOT VALID;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_not_own_review
  CHECK (reviewed_by IS NULL OR reviewed_by <> user_id) NOT VALID;
