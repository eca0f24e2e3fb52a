-- Advanced orders (issue 13 "Trade as at a real broker"; docs/decisions/0024-orders-outside-hours.md).
-- An order placed outside hours or at lunch waits (status 3) until `valid_until` (a local trade date of its
-- market; NULL = no expiry: every order placed before this migration keeps it so). Stop orders carry a
-- `trigger_price` (and `triggered_at` once a stop-limit triggered), an OCO order its filled leg; a pending order
-- or a holding position its IFD exits (`take_profit`, `stop_loss`); a cancelled order why it was cancelled.
ALTER TABLE positions
  ADD COLUMN order_type text NOT NULL DEFAULT 'normal' CHECK (order_type IN ('normal', 'stop', 'oco')),
  ADD COLUMN trigger_price numeric(38, 8) CHECK (trigger_price > 0),
  ADD COLUMN triggered_at timestamptz,
  ADD COLUMN filled_leg text CHECK (filled_leg IN ('limit', 'stop')),
  ADD COLUMN valid_until date,
  ADD COLUMN take_profit numeric(38, 8) CHECK (take_profit > 0),
  ADD COLUMN stop_loss numeric(38, 8) CHECK (stop_loss > 0),
  ADD COLUMN cancel_reason text CHECK (cancel_reason IN ('user', 'expired', 'unfunded'));

ALTER TABLE positions ADD CONSTRAINT positions_trigger_of_stop
  CHECK (order_type = 'normal' OR trigger_price IS NOT NULL);

-- Exits close a position too.
ALTER TABLE positions DROP CONSTRAINT positions_closed_by_check;
ALTER TABLE positions ADD CONSTRAINT positions_closed_by_check
  CHECK (closed_by IN ('user', 'margin_call', 'take_profit', 'stop_loss'));

-- Every order cancelled before this migration was cancelled by its user.
UPDATE positions SET cancel_reason = 'user' WHERE status = 4 AND cancel_reason IS NULL;

-- The expiry job's scan: the pending orders of a market by their last valid date.
CREATE INDEX positions_expiry_idx ON positions (market, valid_until) WHERE status = 3;

-- The hold of a market order that waits where the market has no price limits (US): the reference price
-- times (1 + buffer).
INSERT INTO site_config (name, value, public) VALUES ('market_order_buffer', '0.1', false)
ON CONFLICT (name) DO NOTHING;
