-- Block trades (docs/decisions/0017-block-trades.md): listings offered behind a channel password,
-- applications held in the ledger and reviewed, approved ones granted as holdings in `positions`.
-- Money still moves only through holds and journal entries (0003); these tables record the business
-- side. Runs unchanged on PGlite and PostgreSQL.

-- Holdings granted outside the order book (a block trade, an allotted new share): where a position
-- came from, and the instant before which it may not be closed (a new share's lock-up; null: none
-- beyond the market's own T+1).
ALTER TABLE positions ADD COLUMN source text NOT NULL DEFAULT 'order'
  CHECK (source IN ('order', 'block', 'new_share'));
ALTER TABLE positions ADD COLUMN closable_from timestamptz;

-- Dividends the issuers declared (simulated corporate-action data, like the simulator's prices): a
-- dividend block shows its stock's next record date and dividend per share from here, never typed on
-- the listing. Paid to holdings open at the end of the record date (market-local).
CREATE TABLE declared_dividends (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market             market_code NOT NULL,
  code               text NOT NULL,
  record_date        date NOT NULL,
  dividend_per_share numeric(38, 8) NOT NULL CHECK (dividend_per_share > 0),
  source             text NOT NULL CHECK (length(source) > 0),
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (market, code, record_date)
);

-- A listing: `total_lots` lots of `lot_size` shares at `block_price` until `deadline`. `lots_taken`
-- counts pending and approved applications (a rejected one gives its lots back); the CHECK and the
-- conditional UPDATE that takes lots keep it within `total_lots` under concurrency. The financing
-- terms are copied from site config when the listing is created (an application sees fixed terms).
CREATE TABLE block_listings (
  id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Seeded listings are inserted once per key (modules/block-trades/block-seeds.ts).
  seed_key              text UNIQUE,
  market                market_code NOT NULL,
  currency              currency_code NOT NULL,
  code                  text NOT NULL,
  variant               text NOT NULL DEFAULT 'standard' CHECK (variant IN ('standard', 'dividend', 'financing')),
  block_price           numeric(38, 8) NOT NULL CHECK (block_price > 0),
  lot_size              integer NOT NULL DEFAULT 1 CHECK (lot_size >= 1),
  min_lots              integer NOT NULL CHECK (min_lots >= 1),
  total_lots            integer NOT NULL CHECK (total_lots >= min_lots),
  lots_taken            integer NOT NULL DEFAULT 0 CHECK (lots_taken >= 0 AND lots_taken <= total_lots),
  deadline              timestamptz NOT NULL,
  channel_password_hash text NOT NULL CHECK (length(channel_password_hash) > 0),
  dividend_id           bigint REFERENCES declared_dividends (id),
  leverage              integer NOT NULL DEFAULT 1 CHECK (leverage >= 1),
  financing_rate        numeric(12, 8) CHECK (financing_rate >= 0 AND financing_rate < 1),
  financing_days        integer CHECK (financing_days > 0),
  -- closed: no new applications (pending ones are still reviewed); withdrawn: pending ones rejected.
  closed_state          text CHECK (closed_state IN ('closed', 'withdrawn')),
  closed_at             timestamptz,
  created_by            bigint REFERENCES users (id),
  created_at            timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT block_listings_dividend CHECK ((variant = 'dividend') = (dividend_id IS NOT NULL)),
  CONSTRAINT block_listings_financing CHECK (
    (variant = 'financing') = (leverage > 1)
    AND (variant = 'financing') = (financing_rate IS NOT NULL)
    AND (variant = 'financing') = (financing_days IS NOT NULL)),
  CONSTRAINT block_listings_closed CHECK ((closed_state IS NULL) = (closed_at IS NULL))
);
CREATE INDEX block_listings_market_idx ON block_listings (market, variant, deadline);

-- An application: status 0 pending review, 1 approved (position_id: the holding it became), 2
-- rejected (reason). `held` is what the hold froze: the amount, or for financing the user's margin
-- plus the financing fee. At most one pending application per user per listing.
CREATE TABLE block_applications (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  listing_id      bigint NOT NULL REFERENCES block_listings (id),
  user_id         bigint NOT NULL REFERENCES users (id),
  order_no        text NOT NULL UNIQUE,
  currency        currency_code NOT NULL,
  lots            integer NOT NULL CHECK (lots >= 1),
  shares          numeric(38, 8) NOT NULL CHECK (shares > 0 AND shares = trunc(shares)),
  block_price     numeric(38, 8) NOT NULL CHECK (block_price > 0),
  amount          numeric(38, 8) NOT NULL CHECK (amount > 0),
  held            numeric(38, 8) NOT NULL CHECK (held > 0),
  leverage        integer NOT NULL DEFAULT 1 CHECK (leverage >= 1),
  financed_amount numeric(38, 8) CHECK (financed_amount >= 0),
  financing_fee   numeric(38, 8) CHECK (financing_fee >= 0),
  status          smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  hold_id         bigint NOT NULL REFERENCES ledger_holds (id),
  position_id     bigint REFERENCES positions (id),
  reject_reason   text,
  reviewed_by     bigint REFERENCES users (id),
  reviewed_at     timestamptz,
  dividend_paid   numeric(38, 8) CHECK (dividend_paid >= 0),
  dividend_paid_at timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT block_applications_approved CHECK ((status = 1) = (position_id IS NOT NULL))
);
CREATE UNIQUE INDEX block_applications_one_pending ON block_applications (listing_id, user_id) WHERE status = 0;
CREATE INDEX block_applications_user_idx ON block_applications (user_id, id DESC);
CREATE INDEX block_applications_listing_idx ON block_applications (listing_id, status, id);

-- Wrong channel passwords per user per listing per market-local day (their own counter, never the
-- money calls' limit): the fifth locks the listing for that user until the end of the day. Written
-- in its own transaction, so the refused application's rollback does not erase it.
CREATE TABLE block_password_failures (
  listing_id     bigint NOT NULL REFERENCES block_listings (id),
  user_id        bigint NOT NULL REFERENCES users (id),
  local_date     date NOT NULL,
  failures       integer NOT NULL CHECK (failures > 0),
  last_failed_at timestamptz NOT NULL,
  PRIMARY KEY (listing_id, user_id, local_date)
);

-- House accounts: 'dividends' pays declared dividends to the holdings of dividend blocks; the
-- financing fee of a financed block goes to 'loan_interest' (0008).
INSERT INTO ledger_accounts (house_name, currency)
SELECT 'dividends', c.code
FROM (VALUES ('CNY'), ('TWD'), ('HKD'), ('USD'), ('THB'), ('JPY'), ('VND'), ('MYR'), ('KRW')) AS c (code)
ON CONFLICT DO NOTHING;

-- Financing terms of new financing listings: the leverage (financed share = 1 − 1/leverage), the
-- annual rate (a fraction; Japanese brokers' standardised margin buying is about 2.8 %) and the days
-- the fee covers (charged once at approval).
INSERT INTO site_config (name, value, public) VALUES
  ('block_financing_leverage', '2', false),
  ('block_financing_rate', '0.028', false),
  ('block_financing_days', '30', false)
ON CONFLICT (name) DO NOTHING;
