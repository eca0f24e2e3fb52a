-- New shares (issue 11, docs/decisions/0016-new-share-lottery.md): the issue catalogue, subscriptions
-- (new_share_orders from 0001, extended), the verifiable lottery's seed, the new-share risk disclosure.
-- Money still moves only through holds and journal entries (0004). Runs unchanged on PGlite and
-- PostgreSQL.

-- An issue: the facts of its prospectus (typed by the back office before the window opens) and what
-- the system derives (seed, counts, draw results). No column holds a market price, a premium or a hit
-- rate: those are computed (market data; allotted ÷ applied units).
CREATE TABLE new_share_issues (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market           market_code NOT NULL,
  currency         currency_code NOT NULL,
  code             text NOT NULL,
  -- {"zh-CN": …, "en": …, "ja": …}
  names            jsonb NOT NULL,
  -- The offer price fixed by book-building: held per share at subscription, paid per allotted share.
  price            numeric(38, 8) NOT NULL CHECK (price > 0),
  pe               numeric(12, 2) CHECK (pe >= 0),
  lot_size         integer NOT NULL CHECK (lot_size > 0),
  subscription_cap bigint NOT NULL CHECK (subscription_cap > 0),
  issue_size       bigint NOT NULL CHECK (issue_size > 0),
  underwriter      text NOT NULL,
  lockup_days      integer NOT NULL DEFAULT 0 CHECK (lockup_days >= 0),
  opens_at         timestamptz NOT NULL,
  closes_at        timestamptz NOT NULL,
  draw_at          timestamptz NOT NULL,
  pay_deadline     timestamptz NOT NULL,
  listing_at       timestamptz NOT NULL,
  distribution_at  timestamptz NOT NULL,
  -- The draw's seed: 32 random bytes as 64 hex characters, secret until the draw; its SHA-256 (hex of
  -- the seed's text) is published from opens_at. The seed never changes once the window opened.
  seed             text NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
  seed_hash        text NOT NULL CHECK (seed_hash ~ '^[0-9a-f]{64}$'),
  -- Application numbers are 1, 2, 3, … per issue in subscription order (the counter below).
  applications     integer NOT NULL DEFAULT 0 CHECK (applications >= 0),
  -- pending → drawn, exactly once (UPDATE … WHERE draw_state = 'pending').
  draw_state       text NOT NULL DEFAULT 'pending' CHECK (draw_state IN ('pending', 'drawn')),
  drawn_at         timestamptz,
  units_applied    bigint CHECK (units_applied >= 0),
  units_allotted   bigint CHECK (units_allotted >= 0),
  -- Set by the listing job when the stock joined the market data and paid allotments became holdings.
  listed_at        timestamptz,
  withdrawn_at     timestamptz,
  withdraw_reason  text,
  created_by       bigint REFERENCES users (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (opens_at < closes_at AND closes_at <= draw_at AND draw_at < pay_deadline
         AND pay_deadline <= listing_at AND listing_at <= distribution_at),
  CHECK (issue_size % lot_size = 0 AND subscription_cap % lot_size = 0),
  CHECK (subscription_cap / lot_size <= 10000),
  CHECK (draw_state = 'pending' OR (drawn_at IS NOT NULL AND units_applied IS NOT NULL
                                    AND units_allotted IS NOT NULL)),
  -- A draw never allots more than the issue size.
  CHECK (units_allotted IS NULL OR units_allotted * lot_size <= issue_size)
);
-- One live issue per stock per market (a withdrawn one may be offered again).
CREATE UNIQUE INDEX new_share_issues_live_code ON new_share_issues (market, code) WHERE withdrawn_at IS NULL;
-- The jobs' work lists: due draws, due expiries, due listings.
CREATE INDEX new_share_issues_draw_due ON new_share_issues (draw_at) WHERE draw_state = 'pending';
CREATE INDEX new_share_issues_by_window ON new_share_issues (market, opens_at);

-- Subscriptions: the table of 0001 gains its issue, an anonymised application number, units (lots)
-- and the subscriber state. status keeps spec §3's meaning "1 counted" (its money is held):
--   1 awaiting_draw | won | subscribed (paid, until listing)   2 not_won   3 abstained
--   4 subscribed and listed (the holding is in positions)      5 failed (issue withdrawn)
ALTER TABLE new_share_orders ADD COLUMN issue_id bigint REFERENCES new_share_issues (id);
ALTER TABLE new_share_orders ADD COLUMN application_no integer CHECK (application_no > 0);
ALTER TABLE new_share_orders ADD COLUMN units integer CHECK (units > 0);
ALTER TABLE new_share_orders ADD COLUMN allotted_units integer CHECK (allotted_units >= 0);
ALTER TABLE new_share_orders ADD COLUMN state text NOT NULL DEFAULT 'awaiting_draw'
  CHECK (state IN ('awaiting_draw', 'won', 'subscribed', 'not_won', 'abstained', 'failed'));
-- Amount paid on confirmation (issue price × allotted quantity), held until the listing.
ALTER TABLE new_share_orders ADD COLUMN paid_amount numeric(38, 8) CHECK (paid_amount >= 0);
ALTER TABLE new_share_orders ADD COLUMN answered_at timestamptz;
ALTER TABLE new_share_orders DROP CONSTRAINT new_share_orders_status_check;
ALTER TABLE new_share_orders ADD CONSTRAINT new_share_orders_status_check CHECK (status BETWEEN 0 AND 5);
-- Once per issue (spec §5), instead of once per stock code for ever.
ALTER TABLE new_share_orders DROP CONSTRAINT new_share_orders_user_id_market_code_key;
ALTER TABLE new_share_orders ADD CONSTRAINT new_share_orders_once UNIQUE (issue_id, user_id);
ALTER TABLE new_share_orders ADD CONSTRAINT new_share_orders_application_no UNIQUE (issue_id, application_no);
ALTER TABLE new_share_orders ADD CONSTRAINT new_share_orders_issue_fields
  CHECK (issue_id IS NULL OR (application_no IS NOT NULL AND units IS NOT NULL));
CREATE INDEX new_share_orders_user ON new_share_orders (user_id, currency, id);

-- The new-share risk disclosure (ARCHITECTURE.md: acknowledged once, stored with its version and time).
INSERT INTO site_config (name, value, public) VALUES ('new_share_disclosure_version', '1', false)
ON CONFLICT (name) DO NOTHING;
CREATE TABLE new_share_disclosures (
  version      integer PRIMARY KEY CHECK (version > 0),
  title        jsonb NOT NULL,
  body         jsonb NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO new_share_disclosures (version, title, body) VALUES (1,
  '{"zh-CN":"新股申购风险揭示书","en":"Risk disclosure: new shares (IPO)","ja":"新規公開株式（IPO）のリスク説明書"}',
  '{"zh-CN":"1. 申购时将冻结 申购价 × 申购数量 的资金，直至抽签结束。\n2. 配售以抽签决定：按手分配，尽量让更多申购人各得一手；抽签种子的哈希值在申购开始时公布，抽签后公布种子与全部匿名申购编号及结果，任何人都可以复算。\n3. 中签后须在缴款截止前确认缴款或放弃；逾期视为放弃，冻结资金退回。\n4. 新股上市后价格可能低于发行价，您可能损失部分或全部本金；锁定期内不能卖出。\n5. 本应用的行情为模拟数据，仅供演示，不构成投资建议。","en":"1. Subscribing holds subscription price × quantity until the draw.\n2. Shares are allotted by lottery, one lot at a time, so that as many applicants as possible receive a lot. The hash of the draw seed is published when the window opens; after the draw the seed and every anonymised application number with its result are published, so anyone can recompute it.\n3. If you win, confirm (pay) or decline by the payment deadline; no answer counts as declined and the money held is returned.\n4. After listing the price may fall below the issue price and you may lose part or all of the money paid; holdings cannot be sold during the lock-up.\n5. Prices in this app are simulated, for demonstration only; nothing here is investment advice.","ja":"1. 申込時に 申込価格 × 数量 の資金を抽選まで拘束します。\n2. 配分は抽選で決まります。できるだけ多くの方に1単元ずつ行き渡るよう単元ごとに配分します。抽選シードのハッシュ値は申込開始時に、シードと全申込番号（匿名）とその結果は抽選後に公開され、誰でも再計算できます。\n3. 当選した場合は購入申込期限までに購入または辞退を選んでください。期限までに手続きがない場合は辞退扱いとなり、拘束した資金は返却されます。\n4. 上場後の株価は公開価格を下回ることがあり、投資元本の一部または全部を失う可能性があります。ロックアップ期間中は売却できません。\n5. 本アプリの相場は模擬データであり、デモ専用です。投資助言ではありません。"}');
CREATE TABLE new_share_acknowledgements (
  user_id         bigint NOT NULL REFERENCES users (id),
  version         integer NOT NULL REFERENCES new_share_disclosures (version),
  acknowledged_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, version)
);
CREATE TRIGGER new_share_acknowledgements_append_only BEFORE UPDATE OR DELETE ON new_share_acknowledgements
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
