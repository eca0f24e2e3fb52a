-- One risk disclosure mechanism (docs/decisions/0020-one-risk-disclosure.md): the leverage
-- disclosure of 0006 (risk_disclosures, risk_acknowledgements) gains a `kind`; the new-share (0010)
-- and copy-trading (0012) disclosures and every acknowledgement of them move into those two tables,
-- a day-trading disclosure is added, and the per-area tables are dropped. Each kind's current version
-- stays in site_config (risk_disclosure_version for leverage, read by the placement statement;
-- new_share_disclosure_version; copy_disclosure_version; day_trade_disclosure_version).

ALTER TABLE risk_acknowledgements DROP CONSTRAINT risk_acknowledgements_version_fkey;
ALTER TABLE risk_acknowledgements DROP CONSTRAINT risk_acknowledgements_pkey;
ALTER TABLE risk_disclosures DROP CONSTRAINT risk_disclosures_pkey;

-- The rows already there are the leverage disclosure and its acknowledgements (no row is rewritten:
-- a constant default is stored in the catalogue, so the append-only trigger is not involved).
ALTER TABLE risk_disclosures ADD COLUMN kind text NOT NULL DEFAULT 'leverage';
ALTER TABLE risk_disclosures ALTER COLUMN kind DROP DEFAULT;
ALTER TABLE risk_disclosures ADD CONSTRAINT risk_disclosures_kind
  CHECK (kind IN ('leverage', 'new_share', 'copy_trade', 'day_trade'));
ALTER TABLE risk_disclosures ADD PRIMARY KEY (kind, version);

ALTER TABLE risk_acknowledgements ADD COLUMN kind text NOT NULL DEFAULT 'leverage';
ALTER TABLE risk_acknowledgements ALTER COLUMN kind DROP DEFAULT;
ALTER TABLE risk_acknowledgements ADD PRIMARY KEY (user_id, kind, version);
ALTER TABLE risk_acknowledgements ADD CONSTRAINT risk_acknowledgements_disclosure
  FOREIGN KEY (kind, version) REFERENCES risk_disclosures (kind, version);

-- The new-share and copy-trading disclosures with their publication times, then every acknowledgement
-- with its original time.
INSERT INTO risk_disclosures (kind, version, title, body, published_at)
SELECT 'new_share', version, title, body, published_at FROM new_share_disclosures;
INSERT INTO risk_disclosures (kind, version, title, body, published_at)
SELECT 'copy_trade', version, title, body, published_at FROM copy_disclosures;
INSERT INTO risk_acknowledgements (user_id, kind, version, acknowledged_at)
SELECT user_id, 'new_share', version, acknowledged_at FROM new_share_acknowledgements;
INSERT INTO risk_acknowledgements (user_id, kind, version, acknowledged_at)
SELECT user_id, 'copy_trade', version, acknowledged_at FROM copy_acknowledgements;

-- Day trading: version 1 of its disclosure.
INSERT INTO site_config (name, value, public) VALUES ('day_trade_disclosure_version', '1', false)
ON CONFLICT (name) DO NOTHING;
INSERT INTO risk_disclosures (kind, version, title, body) VALUES ('day_trade', 1,
  '{"zh-CN":"日内交易风险揭示书","en":"Risk disclosure: day trading","ja":"デイトレードのリスク説明書"}',
  '{"zh-CN":"1. 日内交易额度为您投入的参与资金的若干倍；盈亏按全部额度计算，价格小幅变动即可使参与资金大幅增减。\n2. 亏损可能达到全部参与资金。\n3. 所有持仓在当日交易时段收盘时按市价强制平仓，不能留到下一交易日；收盘前的价格波动可能使平仓价格明显劣于您的预期。\n4. 本应用的行情为模拟数据，交易结果均基于模拟行情，仅供演示，不构成投资建议。","en":"1. The intraday allowance is a multiple of the participation you put in; profit and loss follow the whole allowance, so a small price move can change your participation a great deal.\n2. Losses can reach the whole participation.\n3. Every position is closed at the market price at the session close; none is carried to the next trading day, and prices moving before the close can make the closing price much worse than you expected.\n4. Prices in this app are simulated and every result comes from that simulated market data, for demonstration only; nothing here is investment advice.","ja":"1. 日中の取引枠は参加金額の一定倍率です。損益は取引枠全体に対して発生するため、わずかな価格変動でも参加金額が大きく増減します。\n2. 損失は参加金額の全額に達することがあります。\n3. すべてのポジションは当日の取引終了時に成行で強制決済され、翌営業日に持ち越すことはできません。終了間際の値動きにより、決済価格が想定より大きく不利になることがあります。\n4. 本アプリの相場は模擬データであり、取引結果はすべて模擬相場に基づくデモ専用のものです。投資助言ではありません。"}');

DROP TABLE new_share_acknowledgements;
DROP TABLE new_share_disclosures;
DROP TABLE copy_acknowledgements;
DROP TABLE copy_disclosures;
