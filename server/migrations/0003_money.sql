-- Money: deposits, withdrawals under review, exchange rates and exchanges, credit loans, labelled
-- corrections (docs/decisions/0004-money-and-ledger.md, 0006-credit-score.md). Every balance still
-- changes only through journal entries and holds; these tables record the business side and point
-- at the journal transaction or hold that moved the money. Runs unchanged on PGlite and PostgreSQL.

-- House accounts: 'loans' lends the principal of credit loans (its balance is minus the loans
-- outstanding); 'corrections' is the counterparty of operators' labelled corrections.
INSERT INTO ledger_accounts (house_name, currency)
SELECT h.name, c.code
FROM (VALUES ('loans'), ('corrections')) AS h (name),
     (VALUES ('CNY'), ('TWD'), ('HKD'), ('USD'), ('THB'), ('JPY'), ('VND'), ('MYR'), ('KRW')) AS c (code)
ON CONFLICT DO NOTHING;

-- Fund records read journal entries of one account newest first, and holds of one account.
CREATE INDEX IF NOT EXISTS ledger_holds_account_idx ON ledger_holds (account_id, id);

-- Deposits. status: 0 pending review, 1 approved (credited: journal_transaction_id), 2 rejected.
CREATE TABLE deposits (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id                bigint NOT NULL REFERENCES users (id),
  order_no               text NOT NULL UNIQUE,
  currency               currency_code NOT NULL,
  amount                 numeric(38, 8) NOT NULL CHECK (amount > 0),
  channel_id             text NOT NULL,
  proof_upload_id        text NOT NULL,
  status                 smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 2),
  reject_reason          text,
  journal_transaction_id bigint REFERENCES journal_transactions (id),
  reviewed_by            bigint REFERENCES users (id),
  created_at             timestamptz NOT NULL DEFAULT now(),
  reviewed_at            timestamptz,
  CHECK ((status = 1) = (journal_transaction_id IS NOT NULL))
);
-- spec §8 "Deposit already pending": one pending deposit per user, guarded by the database itself.
CREATE UNIQUE INDEX deposits_one_pending ON deposits (user_id) WHERE status = 0;
CREATE INDEX deposits_user_idx ON deposits (user_id, id DESC);
CREATE INDEX deposits_status_idx ON deposits (status, id);

-- Withdrawals (table from 0001): the card paid to, who reviewed. The rule "no withdrawal while
-- one is under review" is read under the user's account lock; this index backs it per currency.
ALTER TABLE withdrawals ADD COLUMN card_id bigint;
ALTER TABLE withdrawals ADD COLUMN reviewed_by bigint REFERENCES users (id);
CREATE UNIQUE INDEX withdrawals_one_pending ON withdrawals (user_id, currency) WHERE status = 0;
CREATE INDEX withdrawals_status_idx ON withdrawals (status, id);

-- Credit loans (table from 0001; status 0 under review, 1 approved and outstanding, 2 rejected,
-- 3 repaid). The due date is set at approval from term_days (a loan without one is never overdue);
-- overdue is computed from the app's clock, never stored.
ALTER TABLE loans ADD COLUMN term_days integer NOT NULL DEFAULT 30 CHECK (term_days > 0);
ALTER TABLE loans ADD COLUMN due_at timestamptz;
ALTER TABLE loans ADD COLUMN repaid_at timestamptz;
ALTER TABLE loans ADD COLUMN reject_reason text;
ALTER TABLE loans ADD COLUMN reviewed_by bigint REFERENCES users (id);
ALTER TABLE loans ADD CONSTRAINT loans_repaid_in_full CHECK ((status = 3) = (repaid_at IS NOT NULL) AND (status <> 3 OR repaid = amount));
CREATE UNIQUE INDEX loans_one_pending ON loans (user_id) WHERE status = 0;
CREATE INDEX loans_status_idx ON loans (status, id);

-- Exchange rates: units of `to` per one unit of `from` (the mid rate), and the spread charged on
-- top as a fraction (0.005 = 0.5 %), booked to the house `revenue` account. Edited only through
-- /admin/rate, which writes the audit log.
CREATE TABLE exchange_rates (
  from_currency currency_code NOT NULL,
  to_currency   currency_code NOT NULL,
  rate          numeric(30, 12) NOT NULL CHECK (rate > 0),
  spread        numeric(8, 6) NOT NULL CHECK (spread >= 0 AND spread < 1),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  updated_by    bigint REFERENCES users (id),
  PRIMARY KEY (from_currency, to_currency),
  CHECK (from_currency <> to_currency)
);

-- Plausible mid rates for every pair of the nine currencies, through one base (units per USD).
INSERT INTO exchange_rates (from_currency, to_currency, rate, spread)
SELECT f.code, t.code, round(t.per_usd / f.per_usd, 12), 0.005
FROM (VALUES ('USD', 1::numeric), ('JPY', 150.00), ('CNY', 7.20), ('TWD', 32.00), ('HKD', 7.80),
             ('THB', 35.50), ('VND', 25400), ('MYR', 4.45), ('KRW', 1380)) AS f (code, per_usd),
     (VALUES ('USD', 1::numeric), ('JPY', 150.00), ('CNY', 7.20), ('TWD', 32.00), ('HKD', 7.80),
             ('THB', 35.50), ('VND', 25400), ('MYR', 4.45), ('KRW', 1380)) AS t (code, per_usd)
WHERE f.code <> t.code;

-- One row per exchange: both legs are one journal transaction through the `fx` house accounts.
CREATE TABLE exchanges (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id                bigint NOT NULL REFERENCES users (id),
  order_no               text NOT NULL UNIQUE,
  from_currency          currency_code NOT NULL,
  to_currency            currency_code NOT NULL,
  debited                numeric(38, 8) NOT NULL CHECK (debited > 0),
  credited               numeric(38, 8) NOT NULL CHECK (credited > 0),
  fee                    numeric(38, 8) NOT NULL CHECK (fee >= 0),
  rate                   numeric(30, 12) NOT NULL,
  spread                 numeric(8, 6) NOT NULL,
  journal_transaction_id bigint NOT NULL REFERENCES journal_transactions (id),
  created_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX exchanges_user_idx ON exchanges (user_id, id DESC);

-- Labelled corrections by an operator: the only way an operator touches a balance. A correction of
-- a correction reverses it, at most once (UNIQUE reverses_id).
CREATE TABLE corrections (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id                bigint NOT NULL REFERENCES users (id),
  order_no               text NOT NULL UNIQUE,
  currency               currency_code NOT NULL,
  amount                 numeric(38, 8) NOT NULL CHECK (amount <> 0),
  reason                 text NOT NULL CHECK (length(reason) > 0),
  actor_id               bigint NOT NULL REFERENCES users (id),
  reverses_id            bigint UNIQUE REFERENCES corrections (id),
  journal_transaction_id bigint NOT NULL REFERENCES journal_transactions (id),
  created_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX corrections_user_idx ON corrections (user_id, id DESC);
CREATE TRIGGER corrections_append_only BEFORE UPDATE OR DELETE ON corrections
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
CREATE TRIGGER exchanges_append_only BEFORE UPDATE OR DELETE ON exchanges
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();

-- Site config of the money rules. Deposit channels are bank transfer details shown to the user;
-- withdrawal minimums are per currency (a currency without one cannot be withdrawn); the hours are
-- Japan time (UTC+9, no daylight saving) on business days, the holidays a JSON list of dates.
INSERT INTO site_config (name, value) VALUES
  ('deposit_channels', '[
    {"id":"jp-mufg","currency":"JPY","account_name":"カブショウケン（カ","account_number":"普通 1234567","bank":"三菱UFJ銀行 (0005)","branch":"本店 (001)"},
    {"id":"jp-smbc","currency":"JPY","account_name":"カブショウケン（カ","account_number":"普通 7654321","bank":"三井住友銀行 (0009)","branch":"東京営業部 (015)"},
    {"id":"us-chase","currency":"USD","account_name":"Kabu Securities Co., Ltd.","account_number":"000123456789","bank":"JPMorgan Chase Bank, N.A. (SWIFT CHASUS33)","branch":"New York, 383 Madison Ave"},
    {"id":"cn-boc","currency":"CNY","account_name":"卡布证券有限公司","account_number":"6217 0000 1234 5678 901","bank":"中国银行","branch":"上海分行营业部"}
  ]'),
  ('deposit_hours', '00:00-23:59'),
  ('withdraw_min_usd', '200'),
  ('withdraw_min_cny', '1500'),
  ('withdraw_hours', '09:00-15:30'),
  ('withdraw_arrival', '24h'),
  ('withdraw_holidays', '["2026-01-01","2026-01-02","2026-01-12","2026-02-11","2026-02-23","2026-03-20","2026-04-29","2026-05-04","2026-05-05","2026-05-06","2026-07-20","2026-08-11","2026-09-21","2026-09-22","2026-09-23","2026-10-12","2026-11-03","2026-11-23","2026-12-31","2027-01-01","2027-01-11","2027-02-11","2027-02-23","2027-03-22","2027-04-29","2027-05-03","2027-05-04","2027-05-05","2027-07-19","2027-08-11","2027-09-20","2027-09-23","2027-10-11","2027-11-03","2027-11-23","2027-12-31"]')
ON CONFLICT (name) DO NOTHING;
