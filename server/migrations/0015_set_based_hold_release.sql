-- Hold resolutions move balances once per statement, not once per hold (issue 11: a draw releases the
-- holds of hundreds of thousands of losers in one UPDATE). The guarantees of 0001 are unchanged:
--  - a hold resolves exactly once: an UPDATE of a hold that was not pending is refused;
--  - its amount and account are fixed (a row trigger, fired only when an UPDATE names those columns);
--  - a resolution (posted or voided) moves its amount from held back to available, through a trigger
--    (the guard of 0001 still refuses any other balance change), so `held = sum(pending holds)` holds.
-- The statement trigger reads the statement's transition tables and updates each account once with
-- the sum of its resolved holds. Placing a hold (INSERT) keeps its row trigger. Balance rows are the
-- most updated rows of the schema: pages keep room for their new versions (fillfactor, HOT updates that
-- skip the four indexes), and the balance guard of 0001 is called only for a statement's own UPDATE
-- (WHEN depth 0: inside a trigger it let the change through anyway). Runs unchanged on PGlite and
-- PostgreSQL.

ALTER TABLE ledger_accounts SET (fillfactor = 80);
DROP TRIGGER ledger_accounts_guard ON ledger_accounts;
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION guard_balance_update();

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
  -- In account order: rows and indexes are visited in order (700,000 accounts in hash order thrashed the
  -- buffer cache: 49 s, 25 s in order), and two releases lock their accounts in the same order.
  UPDATE ledger_accounts a SET available = a.available + r.amount, held = a.held - r.amount
  FROM (SELECT account_id, sum(amount) AS amount FROM new_holds WHERE status <> 'pending'
        GROUP BY account_id ORDER BY account_id) r
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
