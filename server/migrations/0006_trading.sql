-- Trading: orders and positions with leverage and short selling, margin calls, negative-balance
-- protection, risk disclosures (docs/decisions/0009-trading-rules.md). Money still moves only
-- through journal entries and holds; these columns record the business side.
-- Runs unchanged on PGlite and PostgreSQL.

-- Positions (table from 0001) are also the orders: status 3 pending (limit order waiting; hold =
-- margin + opening fee), 4 cancelled (hold voided), 0 holding (hold = margin; opening fee paid),
-- 1 closing (sell applied, the matcher fills it at market), 2 closed (hold voided, P&L and closing
-- fee booked). `cost` is the money the position holds (its margin) and counts in frozen (spec §4).
ALTER TABLE positions ADD COLUMN limit_price numeric(38, 8) CHECK (limit_price > 0);
ALTER TABLE positions ADD COLUMN margin numeric(38, 8) NOT NULL DEFAULT 0 CHECK (margin >= 0);
ALTER TABLE positions ADD COLUMN fee_rate numeric(12, 8) NOT NULL DEFAULT 0 CHECK (fee_rate >= 0 AND fee_rate < 1);
ALTER TABLE positions ADD COLUMN close_fee numeric(38, 8) CHECK (close_fee >= 0);
-- The market's local trading date of the fill: China's T+1 refuses a close on that date.
ALTER TABLE positions ADD COLUMN open_date date;
ALTER TABLE positions ADD COLUMN close_requested_at timestamptz;
ALTER TABLE positions ADD COLUMN cancelled_at timestamptz;
ALTER TABLE positions ADD COLUMN closed_by text CHECK (closed_by IN ('user', 'margin_call'));
-- A loss beyond the user's money, booked to the house 'protection' account (labelled journal entry).
ALTER TABLE positions ADD COLUMN protection numeric(38, 8) CHECK (protection > 0);
ALTER TABLE positions ADD CONSTRAINT positions_whole_shares CHECK (stock_num = trunc(stock_num));
ALTER TABLE positions ADD CONSTRAINT positions_limit_has_price CHECK (price_type <> 'limit' OR limit_price IS NOT NULL);
-- The matcher's work list: pending orders, closing and holding positions of one market.
CREATE INDEX positions_live_idx ON positions (market, status, id) WHERE status IN (0, 1, 3);

-- House accounts: 'trading' is the counterparty of realised P&L (the house takes the other side of
-- every simulated fill); 'protection' pays losses beyond a user's money (negative-balance protection).
INSERT INTO ledger_accounts (house_name, currency)
SELECT h.name, c.code
FROM (VALUES ('trading'), ('protection')) AS h (name),
     (VALUES ('CNY'), ('TWD'), ('HKD'), ('USD'), ('THB'), ('JPY'), ('VND'), ('MYR'), ('KRW')) AS c (code)
ON CONFLICT DO NOTHING;

-- Trading rules (read by /trade/config and by every order): leverage multiples, fee rate on open
-- and close, maintenance ratio for margin calls, the current risk-disclosure version.
INSERT INTO site_config (name, value, public) VALUES
  ('trade_leverages', '[1,2,5,10]', false),
  ('trade_fee_rate', '0.0005', false),
  ('trade_maintenance_ratio', '0.5', false),
  ('risk_disclosure_version', '1', false)
ON CONFLICT (name) DO NOTHING;

-- Versioned risk disclosures, texts in the three languages; a new version needs a new acknowledgement.
CREATE TABLE risk_disclosures (
  version      integer PRIMARY KEY CHECK (version > 0),
  title        jsonb NOT NULL,
  body         jsonb NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO risk_disclosures (version, title, body) VALUES (1,
  '{"zh-CN":"杠杆与做空交易风险揭示书","en":"Risk disclosure: leverage and short selling","ja":"レバレッジ取引・空売りのリスク説明書"}',
  '{"zh-CN":"1. 杠杆交易只需缴纳部分保证金（成交金额 ÷ 杠杆倍数），盈亏按全部成交金额计算：价格变动 1%，保证金盈亏为杠杆倍数 × 1%。\n2. 做空在价格上涨时亏损，理论上亏损没有上限。\n3. 当持仓权益（保证金 + 浮动盈亏）低于维持保证金比例时，系统将按市价强制平仓，并通过站内信通知您。\n4. 价格跳空时，亏损可能超过保证金；超出您账户余额的部分由平台承担（负余额保护），您的余额不会变为负数。\n5. 开仓与平仓各收取一次手续费。中国市场实行 T+1：当日开仓不可平仓。\n6. 本应用的行情为模拟数据，仅供演示，不构成投资建议。","en":"1. With leverage you deposit only part of the trade value as margin (value ÷ leverage), but profit and loss follow the whole value: a 1% price move changes your margin by leverage × 1%.\n2. A short position loses when the price rises; in principle the loss has no upper limit.\n3. When a position''s equity (margin + unrealised P&L) falls below the maintenance ratio of its margin, it is closed at the market price and you receive an inbox message.\n4. If the price gaps, a loss can exceed the margin; any loss beyond your account balance is covered by us (negative-balance protection): your balance never goes below zero.\n5. A fee is charged on opening and on closing. China follows T+1: a position cannot be closed on the day it opened.\n6. Prices in this app are simulated, for demonstration only; nothing here is investment advice.","ja":"1. レバレッジ取引では約定代金の一部（約定代金 ÷ レバレッジ）を証拠金として預けますが、損益は約定代金全体に対して発生します。価格が1%動くと、証拠金に対してレバレッジ × 1%の損益となります。\n2. 空売りは価格が上昇すると損失となり、損失に理論上の上限はありません。\n3. ポジションの評価額（証拠金 + 評価損益）が維持証拠金率を下回ると、成行で強制決済され、メッセージでお知らせします。\n4. 価格が急変した場合、損失が証拠金を上回ることがあります。口座残高を超える損失は当社が負担し（マイナス残高保護）、残高がマイナスになることはありません。\n5. 新規・決済のそれぞれに手数料がかかります。中国市場はT+1のため、建てた当日は決済できません。\n6. 本アプリの相場は模擬データであり、デモ専用です。投資助言ではありません。"}');

CREATE TABLE risk_acknowledgements (
  user_id         bigint NOT NULL REFERENCES users (id),
  version         integer NOT NULL REFERENCES risk_disclosures (version),
  acknowledged_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, version)
);
CREATE TRIGGER risk_acknowledgements_append_only BEFORE UPDATE OR DELETE ON risk_acknowledgements
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
