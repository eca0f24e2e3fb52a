-- Market data: the per-user watchlist (docs/decisions/0008-market-data-simulator.md). Quotes and
-- candles are not stored: the simulator recomputes them from (seed, symbol, time).
CREATE TABLE watchlist (
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  market     text NOT NULL CHECK (market IN ('jpy', 'usd', 'cny')),
  code       text NOT NULL CHECK (length(code) BETWEEN 1 AND 16),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, market, code)
);
CREATE INDEX watchlist_user_created_idx ON watchlist (user_id, created_at DESC);
