-- Day trading (docs/decisions/0019-day-trading.md): an application puts up a participation (a ledger
-- hold, reason 'day_trade') for one market's trading day; once approved it gives an intraday allowance
-- of participation × multiple drawn on by ordinary orders of the trade engine (positions.day_trade_id).
-- At the session's close the open day-trade positions are closed at market and the day's P&L (the sum
-- of its positions' realised P&L minus fees) is written from the positions: no column is typed by an
-- operator. Runs unchanged on PGlite and PostgreSQL.

-- status: submitted (pending review) → applied (approved) → in_trade (first order) → filled (settled);
-- or failed (rejected, or the trade date passed unused). hold_id: the participation hold still pending
-- (the part of the participation not at work in open orders; null once nothing of it is held).
-- closes_at: the end of the last session of trade_date (when settlement is due).
CREATE TABLE day_trades (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users (id),
  order_no      text NOT NULL UNIQUE,
  market        market_code NOT NULL,
  currency      currency_code NOT NULL,
  trade_date    date NOT NULL,
  closes_at     timestamptz NOT NULL,
  participation numeric(38, 8) NOT NULL CHECK (participation > 0),
  multiple      integer NOT NULL CHECK (multiple >= 1),
  status        text NOT NULL DEFAULT 'submitted'
                CHECK (status IN ('submitted', 'applied', 'in_trade', 'filled', 'failed')),
  hold_id       bigint REFERENCES ledger_holds (id),
  realised_pnl  numeric(38, 8),
  fees          numeric(38, 8),
  pnl           numeric(38, 8),
  protection    numeric(38, 8),
  failed_reason text CHECK (failed_reason IN ('rejected', 'expired')),
  review_note   text,
  reviewed_by   bigint REFERENCES users (id),
  reviewed_at   timestamptz,
  settled_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'failed') = (failed_reason IS NOT NULL)),
  CHECK ((status = 'filled') = (settled_at IS NOT NULL AND pnl IS NOT NULL))
);
-- One live application per user, market and trade date (a failed one does not count).
CREATE UNIQUE INDEX day_trades_one_per_day_idx ON day_trades (user_id, market, trade_date) WHERE status <> 'failed';
CREATE INDEX day_trades_user_idx ON day_trades (user_id, id DESC);
CREATE INDEX day_trades_due_idx ON day_trades (closes_at) WHERE status IN ('submitted', 'applied', 'in_trade');

-- A day-trade order is an ordinary order of the trade engine tagged with its application.
ALTER TABLE positions ADD COLUMN day_trade_id bigint REFERENCES day_trades (id);
CREATE INDEX positions_day_trade_idx ON positions (day_trade_id) WHERE day_trade_id IS NOT NULL;

-- The rules: allowance multiple (an integer, one of trade_leverages) and minimum participation per
-- currency of the markets where day trading is possible (not China: A-shares are T+1).
INSERT INTO site_config (name, value, public) VALUES
  ('day_trade_multiple', '5', false),
  ('day_trade_min_jpy', '100000', false),
  ('day_trade_min_usd', '1000', false)
ON CONFLICT (name) DO NOTHING;
