-- Foundation schema: users, sessions, site config, messages, the ledger, and the order tables the
-- six asset calls of spec §7 read. Money is numeric (never float); statuses are the spec's small
-- integers, documented per table. Runs unchanged on PGlite and PostgreSQL.

CREATE TABLE users (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account            text NOT NULL UNIQUE CHECK (account ~ '^[0-9]{10}$'),
  email              text NOT NULL,
  password_hash      text NOT NULL,
  -- The only source of privilege: the is-admin request header grants nothing.
  role               text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  banned             boolean NOT NULL DEFAULT false,
  frozen             boolean NOT NULL DEFAULT false,
  trade_disabled     boolean NOT NULL DEFAULT false,
  fund_password_hash text,
  realname_status    text NOT NULL DEFAULT 'none' CHECK (realname_status IN ('none', 'pending', 'verified', 'failed')),
  -- A random code, not the account number: accounts are phone numbers and must not travel as invite links.
  invite_code        text NOT NULL UNIQUE,
  invited_by         bigint REFERENCES users (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  password_changed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- sha256 of the token: a leaked table cannot be replayed as sessions.
  token_hash   text NOT NULL UNIQUE,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  -- Absolute expiry; the idle limit is checked against last_seen_at.
  expires_at   timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE site_config (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  -- Only public entries are answered by /common/config.
  public     boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO site_config (name, value) VALUES
  ('title', 'Kabu 株'),
  ('logo', '/logo.svg'),
  ('img_base', '/img'),
  ('kefu', '/support.html'),
  ('invite_required', '0'),
  ('deposit_max', '500000'),
  ('withdraw_min_jpy', '30000')
ON CONFLICT (name) DO NOTHING;

CREATE TABLE messages (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title      text NOT NULL,
  body       text NOT NULL,
  read_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_unread_idx ON messages (user_id) WHERE read_at IS NULL;

-- Append-only guard shared by every ledger table that must never change after insert.
CREATE FUNCTION refuse_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger table % is append-only: % refused (post a reversal instead)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;

-- The nine currencies of spec §9.
CREATE DOMAIN currency_code AS text CHECK (VALUE IN ('CNY', 'TWD', 'HKD', 'USD', 'THB', 'JPY', 'VND', 'MYR', 'KRW'));
CREATE DOMAIN market_code AS text CHECK (VALUE IN ('jpy', 'usd', 'cny'));

-- ---------------------------------------------------------------------------------------------
-- Ledger (docs/decisions/0004-money-and-ledger.md). available and held are caches maintained
-- ONLY by the triggers below from journal entries and holds, so for every account
--   available + held = sum(journal_entries.amount)   and   held = sum(pending holds).
-- ---------------------------------------------------------------------------------------------
CREATE TABLE ledger_accounts (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    bigint REFERENCES users (id),
  -- House accounts (user_id NULL) are the counterparties: 'bank' (money outside), 'revenue', 'fx'.
  house_name text,
  currency   currency_code NOT NULL,
  available  numeric(38, 8) NOT NULL DEFAULT 0,
  held       numeric(38, 8) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_owner CHECK ((user_id IS NULL) <> (house_name IS NULL)),
  -- A user's money never goes negative; house accounts mirror the outside world and may.
  CONSTRAINT ledger_accounts_available_nonnegative CHECK (user_id IS NULL OR available >= 0),
  CONSTRAINT ledger_accounts_held_nonnegative CHECK (held >= 0),
  UNIQUE (user_id, currency),
  UNIQUE (house_name, currency),
  UNIQUE (id, currency)
);

CREATE TABLE journal_transactions (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- What moved the money (deposit, withdrawal, trade, fee, exchange, correction, ...): fund records show it.
  kind       text NOT NULL,
  reference  text,
  memo       text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE journal_entries (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES journal_transactions (id),
  account_id     bigint NOT NULL,
  currency       currency_code NOT NULL,
  amount         numeric(38, 8) NOT NULL CHECK (amount <> 0),
  created_at     timestamptz NOT NULL DEFAULT now(),
  -- An entry's currency is its account's currency (no silent cross-currency postings).
  FOREIGN KEY (account_id, currency) REFERENCES ledger_accounts (id, currency)
);
CREATE INDEX journal_entries_account_idx ON journal_entries (account_id, id);
CREATE INDEX journal_entries_transaction_idx ON journal_entries (transaction_id);

CREATE TABLE ledger_holds (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id  bigint NOT NULL REFERENCES ledger_accounts (id),
  amount      numeric(38, 8) NOT NULL CHECK (amount > 0),
  status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'posted', 'voided')),
  reason      text NOT NULL,
  reference   text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  CHECK ((status = 'pending') = (resolved_at IS NULL))
);
CREATE INDEX ledger_holds_pending_idx ON ledger_holds (account_id) WHERE status = 'pending';

CREATE TABLE idempotency_keys (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id),
  key          text NOT NULL,
  endpoint     text NOT NULL,
  -- A reused key with a different payload is refused rather than replayed.
  request_hash text NOT NULL,
  response     jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, key)
);

-- Every entry moves the account's available balance; the CHECK above refuses an overdraft.
CREATE FUNCTION apply_journal_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET available = available + NEW.amount WHERE id = NEW.account_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER journal_entries_apply AFTER INSERT ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION apply_journal_entry();

-- Double entry: at commit, every transaction's entries sum to zero per currency.
CREATE FUNCTION check_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM journal_entries WHERE transaction_id = NEW.transaction_id
             GROUP BY currency HAVING sum(amount) <> 0) THEN
    RAISE EXCEPTION 'journal transaction % is not balanced', NEW.transaction_id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_journal_balanced();

CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();
CREATE TRIGGER journal_transactions_append_only BEFORE UPDATE OR DELETE ON journal_transactions
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
CREATE TRIGGER journal_transactions_no_truncate BEFORE TRUNCATE ON journal_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();

-- A hold moves money from available to held; it resolves exactly once (posted or voided), which
-- returns it to available (a posting then books the matching journal entry in the same transaction).
CREATE FUNCTION apply_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'pending' THEN
      RAISE EXCEPTION 'a hold starts pending' USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    UPDATE ledger_accounts SET available = available - NEW.amount, held = held + NEW.amount WHERE id = NEW.account_id;
    RETURN NULL;
  END IF;
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'hold % is already %', OLD.id, OLD.status USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.amount <> OLD.amount OR NEW.account_id <> OLD.account_id THEN
    RAISE EXCEPTION 'hold % amount and account are fixed', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.status <> 'pending' THEN
    UPDATE ledger_accounts SET available = available + OLD.amount, held = held - OLD.amount WHERE id = OLD.account_id;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ledger_holds_apply AFTER INSERT OR UPDATE ON ledger_holds
  FOR EACH ROW EXECUTE FUNCTION apply_hold();
CREATE TRIGGER ledger_holds_no_delete BEFORE DELETE ON ledger_holds
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();

-- Balances change only through the triggers above (depth > 1), never by a direct UPDATE: no
-- operator or code path can type a balance.
CREATE FUNCTION guard_balance_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 AND (NEW.available <> OLD.available OR NEW.held <> OLD.held) THEN
    RAISE EXCEPTION 'balances change only through journal entries and holds'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION guard_balance_update();
CREATE FUNCTION guard_balance_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.available <> 0 OR NEW.held <> 0 THEN
    RAISE EXCEPTION 'an account opens at zero' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER ledger_accounts_open_at_zero BEFORE INSERT ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION guard_balance_insert();
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();

INSERT INTO ledger_accounts (house_name, currency)
SELECT h.name, c.code
FROM (VALUES ('bank'), ('revenue'), ('fx')) AS h (name),
     (VALUES ('CNY'), ('TWD'), ('HKD'), ('USD'), ('THB'), ('JPY'), ('VND'), ('MYR'), ('KRW')) AS c (code);

-- ---------------------------------------------------------------------------------------------
-- Order tables read by the six asset calls (spec §3, §7). Empty until their slices land; each
-- money-holding row points at the ledger hold that freezes its money.
-- ---------------------------------------------------------------------------------------------

-- status: 0 applied (awaiting payment), 1 subscribed (money frozen; counted in frozen), 2 allotted
-- and paid, 3 not allotted (money returned), 4 failed or abstained.
CREATE TABLE new_share_orders (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users (id),
  order_no           text NOT NULL UNIQUE,
  market             market_code NOT NULL,
  currency           currency_code NOT NULL,
  code               text NOT NULL,
  name               text NOT NULL,
  subscription_price numeric(38, 8) NOT NULL CHECK (subscription_price > 0),
  quantity           numeric(38, 8) NOT NULL CHECK (quantity > 0),
  allotted_quantity  numeric(38, 8) NOT NULL DEFAULT 0 CHECK (allotted_quantity >= 0),
  -- Subscribed amount; NULL before payment (the wire shows '-').
  rjmoney            numeric(38, 8) CHECK (rjmoney >= 0),
  status             smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 4),
  hold_id            bigint REFERENCES ledger_holds (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  drawn_at           timestamptz,
  -- spec §5: a new share can be subscribed only once.
  UNIQUE (user_id, market, code)
);

-- status: 0 pending review (counted in frozen), 1 approved (paid out), 2 rejected (money returned).
CREATE TABLE withdrawals (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users (id),
  order_no           text NOT NULL UNIQUE,
  currency           currency_code NOT NULL,
  money              numeric(38, 8) NOT NULL CHECK (money > 0),
  holder_name        text NOT NULL,
  bank_name          text NOT NULL,
  card_number_masked text NOT NULL,
  status             smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 2),
  reject_reason      text,
  hold_id            bigint REFERENCES ledger_holds (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  reviewed_at        timestamptz
);
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, id DESC);

-- status: 0 active (following; counted in frozen), 1 ended, 2 lock-up.
CREATE TABLE copy_trade_orders (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        bigint NOT NULL REFERENCES users (id),
  order_no       text NOT NULL UNIQUE,
  currency       currency_code NOT NULL,
  product_name   text NOT NULL,
  issuer         text NOT NULL,
  money          numeric(38, 8) NOT NULL CHECK (money > 0),
  min_investment numeric(38, 8) NOT NULL DEFAULT 0,
  lock_days      integer NOT NULL DEFAULT 0 CHECK (lock_days >= 0),
  deadline       timestamptz,
  -- Written only by settlement from the model portfolio's market prices, never typed by an operator.
  daily_profit   numeric(38, 8) NOT NULL DEFAULT 0,
  total_profit   numeric(38, 8) NOT NULL DEFAULT 0,
  status         smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 2),
  hold_id        bigint REFERENCES ledger_holds (id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  ended_at       timestamptz
);
CREATE INDEX copy_trade_orders_user_idx ON copy_trade_orders (user_id, id DESC);

-- Credit-stock (securities lending) orders. status: 0 active (counted in frozen), 1 returned, 2 rejected.
CREATE TABLE credit_orders (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id),
  order_no   text NOT NULL UNIQUE,
  market     market_code NOT NULL,
  currency   currency_code NOT NULL,
  code       text NOT NULL,
  name       text NOT NULL,
  quantity   numeric(38, 8) NOT NULL CHECK (quantity > 0),
  credit     numeric(38, 8) NOT NULL CHECK (credit >= 0),
  status     smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 2),
  hold_id    bigint REFERENCES ledger_holds (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at  timestamptz
);
CREATE INDEX credit_orders_user_idx ON credit_orders (user_id, id DESC);

-- Credit loans. status: 0 under review, 1 approved (outstanding: counted in debt), 2 rejected, 3 repaid.
CREATE TABLE loans (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id),
  order_no    text NOT NULL UNIQUE,
  currency    currency_code NOT NULL,
  amount      numeric(38, 8) NOT NULL CHECK (amount > 0),
  repaid      numeric(38, 8) NOT NULL DEFAULT 0 CHECK (repaid >= 0 AND repaid <= amount),
  status      smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
  created_at  timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz
);
CREATE INDEX loans_user_idx ON loans (user_id, id DESC);

-- Positions (holdings). status: 0 holding (counted in frozen at cost), 1 closing (sell applied),
-- 2 closed (realised_pnl booked; read by /trade/userstocklists), 3 order pending, 4 cancelled.
CREATE TABLE positions (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id),
  order_no     text NOT NULL UNIQUE,
  market       market_code NOT NULL,
  currency     currency_code NOT NULL,
  code         text NOT NULL,
  name         text NOT NULL,
  direction    text NOT NULL CHECK (direction IN ('long', 'short')),
  price_type   text NOT NULL CHECK (price_type IN ('limit', 'market')),
  leverage     integer NOT NULL DEFAULT 1 CHECK (leverage >= 1),
  stock_num    numeric(38, 8) NOT NULL CHECK (stock_num > 0),
  buy_price    numeric(38, 8) NOT NULL CHECK (buy_price > 0),
  -- Money the position holds: initial margin plus fee.
  cost         numeric(38, 8) NOT NULL CHECK (cost >= 0),
  fee          numeric(38, 8) NOT NULL DEFAULT 0 CHECK (fee >= 0),
  sell_price   numeric(38, 8),
  realised_pnl numeric(38, 8),
  status       smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 4),
  hold_id      bigint REFERENCES ledger_holds (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  opened_at    timestamptz,
  closed_at    timestamptz
);
CREATE INDEX positions_user_idx ON positions (user_id, status, id DESC);
