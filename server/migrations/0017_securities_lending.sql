-- Securities lending and borrowing (issue 13; docs/decisions/0023-securities-lending.md).
-- Runs unchanged on PGlite and PostgreSQL.

-- Lending (貸株): a holding lent to the house. status 0 lent, 1 recalled (the shares come back on
-- returns_on, the next trading day of the market after the recall), 2 returned. While 0 or 1 the
-- position cannot be closed. The fee accrues per whole day from lent_at until recalled_at (actual/365
-- on `value`, the lent shares at the last price when lent, at `annual_rate_pct` from site config), and
-- the lending job books what is due (house 'lending_fees' → user, journal kind 'lending_fee'):
-- accrued_days and fee_paid say what is booked, moved only by a conditional UPDATE.
CREATE TABLE stock_lendings (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users (id),
  order_no        text NOT NULL UNIQUE,
  position_id     bigint NOT NULL REFERENCES positions (id),
  market          market_code NOT NULL,
  currency        currency_code NOT NULL,
  code            text NOT NULL,
  quantity        numeric(38, 8) NOT NULL CHECK (quantity > 0),
  price           numeric(38, 8) NOT NULL CHECK (price > 0),
  value           numeric(38, 8) NOT NULL CHECK (value > 0),
  annual_rate_pct numeric(10, 4) NOT NULL CHECK (annual_rate_pct >= 0 AND annual_rate_pct < 100),
  status          smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 2),
  lent_at         timestamptz NOT NULL,
  recalled_at     timestamptz,
  returns_on      date,
  returned_at     timestamptz,
  accrued_days    integer NOT NULL DEFAULT 0 CHECK (accrued_days >= 0),
  fee_paid        numeric(38, 8) NOT NULL DEFAULT 0 CHECK (fee_paid >= 0),
  CHECK ((status = 0) = (recalled_at IS NULL)),
  CHECK ((status = 2) = (returned_at IS NOT NULL))
);
-- One live lending per position: a second lend of the same shares is refused by the database.
CREATE UNIQUE INDEX stock_lendings_live_position ON stock_lendings (position_id) WHERE status < 2;
CREATE INDEX stock_lendings_user_idx ON stock_lendings (user_id, id DESC);
CREATE INDEX stock_lendings_live_idx ON stock_lendings (id) WHERE status < 2;

-- Borrowing (credit-stock order, credit_orders of 0001): the borrowed shares are sold at the market
-- price when borrowed, the proceeds held (hold_id, `credit`: frozen "credit orders" of spec §4) until
-- the return buys them back at market. Borrowing fee: actual/365 on `credit` at annual_rate_pct, accrued
-- daily by the lending job (accrued_days, fee_accrued), paid at the return (fee_paid).
ALTER TABLE credit_orders ADD COLUMN price numeric(38, 8) CHECK (price > 0);
ALTER TABLE credit_orders ADD COLUMN annual_rate_pct numeric(10, 4) CHECK (annual_rate_pct >= 0);
ALTER TABLE credit_orders ADD COLUMN term_days integer CHECK (term_days > 0);
ALTER TABLE credit_orders ADD COLUMN return_due timestamptz;
ALTER TABLE credit_orders ADD COLUMN accrued_days integer NOT NULL DEFAULT 0 CHECK (accrued_days >= 0);
ALTER TABLE credit_orders ADD COLUMN fee_accrued numeric(38, 8) NOT NULL DEFAULT 0 CHECK (fee_accrued >= 0);
ALTER TABLE credit_orders ADD COLUMN return_price numeric(38, 8) CHECK (return_price > 0);
ALTER TABLE credit_orders ADD COLUMN fee_paid numeric(38, 8) CHECK (fee_paid >= 0);
CREATE INDEX credit_orders_active_idx ON credit_orders (id) WHERE status = 0;

-- House accounts: 'stock_lending' the lender of borrowed shares (the counterparty of their sale and
-- buy-back), 'lending_fees' the payer of lending fees and the receiver of borrowing fees.
INSERT INTO ledger_accounts (house_name, currency)
SELECT h.name, c.code
FROM (VALUES ('stock_lending'), ('lending_fees')) AS h (name),
     (VALUES ('CNY'), ('TWD'), ('HKD'), ('USD'), ('THB'), ('JPY'), ('VND'), ('MYR'), ('KRW')) AS c (code)
ON CONFLICT DO NOTHING;

-- The prices (site config, never typed per user): the lending rate (default and per-stock overrides,
-- a JSON object {"jpy:7203": "1.5"}), the borrowing rate and the borrowing terms on offer (days).
INSERT INTO site_config (name, value, public) VALUES
  ('lending_annual_rate_pct', '1.0', false),
  ('lending_rate_overrides', '{"jpy:7203": "1.5", "jpy:6758": "2.0"}', false),
  ('borrow_annual_rate_pct', '3.0', false),
  ('borrow_terms_days', '[7, 14, 30]', false)
ON CONFLICT (name) DO NOTHING;
