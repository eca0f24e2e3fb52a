-- Hold resolutions move balances once per statement, not once per hold (issue 11: a draw releases the
-- holds of hundreds of thousands of losers in one UPDATE). The guarantees of 0001 are unchanged:
--  - a hold resolves exactly once: an UPDATE of a hold that was not pending is refused;
--  - its amount and account are fixed (a row trigger, fired only when an UPDATE names those columns);
--  - a resolution (posted or voided) moves its amount from held back to available, through a trigger
--    (depth 2 for the guard of 0001), so `held = sum(pending holds)` still holds for every account.
-- The statement trigger reads the statement's transition tables and updates each account once with
-- the sum of its resolved holds. Placing a hold (INSERT) keeps its row trigger. Runs unchanged on
-- PGlite and PostgreSQL.

CREATE OR REPLACE FUNCTION apply_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'pending' THEN
    RAISE EXCEPTION 'a hold starts pending' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  UPDATE ledger_accounts SET available = available - NEW.amount, held = held + NEW.amount WHERE id = NEW.account_id;
  RETURN NULL;
END;
$$;

CREATE FUNCTION refuse_hold_refit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount <> OLD.amount OR NEW.account_id <> OLD.account_id THEN
    RAISE EXCEPTION 'hold % amount and account are fixed', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE FUNCTION resolve_holds() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  resolved record;
BEGIN
  SELECT id, status INTO resolved FROM old_holds WHERE status <> 'pending' LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'hold % is already %', resolved.id, resolved.status
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  UPDATE ledger_accounts a SET available = a.available + r.amount, held = a.held - r.amount
  FROM (SELECT account_id, sum(amount) AS amount FROM new_holds WHERE status <> 'pending' GROUP BY account_id) r
  WHERE a.id = r.account_id;
  RETURN NULL;
END;
$$;

DROP TRIGGER ledger_holds_apply ON ledger_holds;
CREATE TRIGGER ledger_holds_apply AFTER INSERT ON ledger_holds
  FOR EACH ROW EXECUTE FUNCTION apply_hold();
CREATE TRIGGER ledger_holds_fixed BEFORE UPDATE OF amount, account_id ON ledger_holds
  FOR EACH ROW EXECUTE FUNCTION refuse_hold_refit();
CREATE TRIGGER ledger_holds_resolve AFTER UPDATE ON ledger_holds
  REFERENCING OLD TABLE AS old_holds NEW TABLE AS new_holds
  FOR EACH STATEMENT EXECUTE FUNCTION resolve_holds();
