-- Copy trading (docs/decisions/0018-copy-trading.md): products that are real portfolios over listed
-- names (fixed weights), follow orders held in the ledger (copy_trade_orders from 0001, extended) and
-- redeemed at the end of their lock-up against the house 'copy_trading' account. No column holds a
-- return, a unit value typed by anyone or a profit that is not computed from the market data's closes.
-- Runs unchanged on PGlite and PostgreSQL.

-- A product: the facts the back office types (names, issuer, strategy text, holdings and weights,
-- lock-up, minimum, capacity, deadline). `raised` is the principal of the active follows: the
-- conditional UPDATE that takes capacity and the CHECK keep it within `capacity` under concurrency.
-- `base_date` is the trading day its unit value is 1.
CREATE TABLE copy_products (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market         market_code NOT NULL,
  currency       currency_code NOT NULL,
  -- {"zh-CN": …, "en": …, "ja": …}
  names          jsonb NOT NULL,
  issuers        jsonb NOT NULL,
  strategies     jsonb NOT NULL,
  lockup_days    integer NOT NULL CHECK (lockup_days > 0),
  min_investment numeric(38, 8) NOT NULL CHECK (min_investment > 0),
  capacity       numeric(38, 8) NOT NULL CHECK (capacity > 0),
  raised         numeric(38, 8) NOT NULL DEFAULT 0 CHECK (raised >= 0 AND raised <= capacity),
  deadline       timestamptz NOT NULL,
  base_date      date NOT NULL,
  off_shelf_at   timestamptz,
  created_by     bigint REFERENCES users (id),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX copy_products_market_idx ON copy_products (market, id DESC);

-- The portfolio: listed codes of the product's market with weights (fractions summing to 1).
CREATE TABLE copy_product_holdings (
  product_id bigint NOT NULL REFERENCES copy_products (id),
  code       text NOT NULL,
  weight     numeric(12, 6) NOT NULL CHECK (weight > 0 AND weight <= 1),
  PRIMARY KEY (product_id, code)
);

-- A follow order. status 0 active (the principal held; counted in frozen), 1 ended (redeemed).
-- starts_at: the close whose unit value buys the units (started_on, its trading day); redeem_at: the
-- close of lock_ends_on, the first trading day at least lockup_days after started_on. units and
-- buy_nav are written when the units are priced; daily/total profit by the nightly valuation; the
-- redemption writes redeemed_nav and redeemed_amount (principal ± profit).
ALTER TABLE copy_trade_orders ADD COLUMN product_id bigint REFERENCES copy_products (id);
ALTER TABLE copy_trade_orders ADD COLUMN market market_code;
ALTER TABLE copy_trade_orders ADD COLUMN units numeric(38, 8) CHECK (units > 0);
ALTER TABLE copy_trade_orders ADD COLUMN buy_nav numeric(20, 6) CHECK (buy_nav > 0);
ALTER TABLE copy_trade_orders ADD COLUMN started_on date;
ALTER TABLE copy_trade_orders ADD COLUMN starts_at timestamptz;
ALTER TABLE copy_trade_orders ADD COLUMN lock_ends_on date;
ALTER TABLE copy_trade_orders ADD COLUMN redeem_at timestamptz;
ALTER TABLE copy_trade_orders ADD COLUMN valued_on date;
ALTER TABLE copy_trade_orders ADD COLUMN redeemed_nav numeric(20, 6);
ALTER TABLE copy_trade_orders ADD COLUMN redeemed_amount numeric(38, 8) CHECK (redeemed_amount >= 0);
CREATE INDEX copy_trade_orders_product_idx ON copy_trade_orders (product_id, id DESC);
CREATE INDEX copy_trade_orders_redeem_idx ON copy_trade_orders (redeem_at) WHERE status = 0;

-- House account: the counterparty of copy-trading profit and loss at redemption (labelled 'copy_trade'
-- journal entries the user sees in fund records).
INSERT INTO ledger_accounts (house_name, currency)
SELECT 'copy_trading', c.code
FROM (VALUES ('CNY'), ('TWD'), ('HKD'), ('USD'), ('THB'), ('JPY'), ('VND'), ('MYR'), ('KRW')) AS c (code)
ON CONFLICT DO NOTHING;

-- The copy-trading risk disclosure (acknowledged once, stored with its version and time).
INSERT INTO site_config (name, value, public) VALUES ('copy_disclosure_version', '1', false)
ON CONFLICT (name) DO NOTHING;
CREATE TABLE copy_disclosures (
  version      integer PRIMARY KEY CHECK (version > 0),
  title        jsonb NOT NULL,
  body         jsonb NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO copy_disclosures (version, title, body) VALUES (1,
  '{"zh-CN":"跟单产品风险揭示书","en":"Risk disclosure: copy-trading products","ja":"コピートレード商品のリスク説明書"}',
  '{"zh-CN":"1. 跟单金额在锁定期内冻结，不能提前赎回。\n2. 份额按跟单后下一个收盘的单位净值买入；单位净值 = Σ 权重 × 收盘价 ÷ 基准日收盘价，全部来自行情数据，任何人都不能录入收益。\n3. 锁定期结束时按当日收盘净值赎回，本金加减盈亏退回可用余额；净值可能下跌，您可能损失部分本金。\n4. 过往收益不代表未来表现。\n5. 本应用的行情为模拟数据，仅供演示，不构成投资建议。","en":"1. The amount you follow with is held for the whole lock-up; it cannot be redeemed early.\n2. Units are bought at the unit value of the next close after you follow; the unit value = Σ weight × close ÷ close on the base date, all from the market data: nobody can type a return.\n3. At the end of the lock-up the units are redeemed at that day''s closing value and the principal plus or minus the profit returns to your available balance; the value can fall and you may lose part of the principal.\n4. Past returns do not predict future results.\n5. Prices in this app are simulated, for demonstration only; nothing here is investment advice.","ja":"1. 申込金額はロックアップ期間中拘束され、途中解約はできません。\n2. 口数は申込後の次の終値の基準価額で購入します。基準価額 = Σ ウェイト × 終値 ÷ 基準日の終値で、すべて相場データから計算され、誰も利回りを入力できません。\n3. ロックアップ終了日の終値の基準価額で解約し、元本に損益を加減した金額を利用可能残高に戻します。基準価額は下落することがあり、元本の一部を失う可能性があります。\n4. 過去の実績は将来の成果を保証しません。\n5. 本アプリの相場は模擬データであり、デモ専用です。投資助言ではありません。"}');
CREATE TABLE copy_acknowledgements (
  user_id         bigint NOT NULL REFERENCES users (id),
  version         integer NOT NULL REFERENCES copy_disclosures (version),
  acknowledged_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, version)
);
CREATE TRIGGER copy_acknowledgements_append_only BEFORE UPDATE OR DELETE ON copy_acknowledgements
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
