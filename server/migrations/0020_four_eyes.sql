-- Four-eyes approvals (issue 14; docs/decisions/0026-back-office-roles-and-four-eyes.md). The first administrator's
-- call is recorded here instead of running (who, when, which endpoint, the validated request); a second, different
-- administrator approves it, which runs the real action once, or rejects it. Exactly one decision wins:
-- UPDATE ... WHERE status = 'pending' AND requested_by <> $me RETURNING. The CHECKs make "approved by the
-- requester" and "decided without a decider" impossible whatever the code does.
CREATE TABLE four_eyes_requests (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The ENDPOINTS name of the action, e.g. adminCorrection, adminWithdrawalReview.
  endpoint        text NOT NULL CHECK (endpoint ~ '^admin[A-Za-z]+$'),
  -- What it acts on (one pending request per endpoint and target), e.g. withdrawal:12, user:0901234567.
  target          text NOT NULL,
  payload         jsonb NOT NULL,
  requested_by    bigint NOT NULL REFERENCES users (id),
  requested_roles jsonb NOT NULL DEFAULT '[]'::jsonb,
  requested_at    timestamptz NOT NULL DEFAULT now(),
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  decided_by      bigint REFERENCES users (id),
  decided_at      timestamptz,
  reason          text NOT NULL DEFAULT '',
  -- After an approval: the action's answer ({msg, data}) or the rule that refused it ({refused: key}).
  outcome         jsonb,
  CHECK (decided_by IS NULL OR decided_by <> requested_by),
  CHECK ((status = 'pending') = (decided_by IS NULL)),
  CHECK ((status = 'pending') = (decided_at IS NULL))
);
CREATE UNIQUE INDEX four_eyes_one_pending ON four_eyes_requests (endpoint, target) WHERE status = 'pending';
CREATE INDEX four_eyes_status_idx ON four_eyes_requests (status, id DESC);

-- A decided request is history: only its outcome may still be written (once, right after the approval).
CREATE FUNCTION guard_four_eyes_decision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'four_eyes_requests: DELETE refused' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.status <> 'pending' AND (NEW.status, NEW.decided_by, NEW.decided_at, NEW.payload, NEW.endpoint, NEW.target)
     IS DISTINCT FROM (OLD.status, OLD.decided_by, OLD.decided_at, OLD.payload, OLD.endpoint, OLD.target) THEN
    RAISE EXCEPTION 'four_eyes_requests: a decided request cannot change' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.status <> 'pending' AND OLD.outcome IS NOT NULL AND NEW.outcome IS DISTINCT FROM OLD.outcome THEN
    RAISE EXCEPTION 'four_eyes_requests: the outcome is written once' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER four_eyes_requests_guard BEFORE UPDATE OR DELETE ON four_eyes_requests
  FOR EACH ROW EXECUTE FUNCTION guard_four_eyes_decision();
