-- Accounts (issue "Accounts and money", profile side): uploads, identity verification, bank cards,
-- inbox messages as catalogue keys, news in three languages (seeded), and the append-only audit log
-- of operator actions. The fund-password throttle is in memory (server/src/modules/users/user-checks.ts):
-- a failure recorded inside the refused transaction would be rolled back with it.

-- Uploaded images (ID front/back, deposit proof). The bytes live in a file named by the id under
-- the uploads folder (outside the web root); the id is 128 random bits, never the client's file name.
CREATE TABLE uploads (
  id         text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{16,64}$'),
  user_id    bigint NOT NULL REFERENCES users (id),
  kind       text NOT NULL CHECK (kind IN ('id_front', 'id_back', 'deposit_proof')),
  mime       text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'image/webp')),
  size       integer NOT NULL CHECK (size > 0 AND size <= 5242880),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_user_idx ON uploads (user_id);

-- The verified name: bank cards must be in this name (a Japanese broker pays out only to an
-- account in the holder's own name).
ALTER TABLE users ADD COLUMN realname_name text;

-- Identity checks. status: pending → verified | failed; a failed check may be followed by a new
-- one; at most one pending check per user.
CREATE TABLE realname_checks (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users (id),
  name          text NOT NULL,
  id_number     text NOT NULL,
  front_id      text NOT NULL REFERENCES uploads (id),
  back_id       text NOT NULL REFERENCES uploads (id),
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'failed')),
  reject_reason text,
  reviewed_by   bigint REFERENCES users (id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  reviewed_at   timestamptz,
  CHECK ((status = 'pending') = (reviewed_at IS NULL))
);
CREATE UNIQUE INDEX realname_checks_one_pending ON realname_checks (user_id) WHERE status = 'pending';
CREATE INDEX realname_checks_status_idx ON realname_checks (status, id);

-- Bank cards (Japanese bank accounts: ordinary or checking). The number is stored in full (a payout
-- needs it) and answered masked.
CREATE TABLE bank_cards (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id),
  holder_name text NOT NULL,
  card_number text NOT NULL CHECK (card_number ~ '^[0-9]{7,19}$'),
  card_type   text NOT NULL CHECK (card_type IN ('ordinary', 'checking')),
  bank_name   text NOT NULL,
  branch_name text NOT NULL,
  branch_code text NOT NULL CHECK (branch_code ~ '^[0-9]{3}$'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, card_number)
);

-- Inbox messages are stored as a catalogue key and its placeholder values and rendered in the
-- reader's language; title and body stay for literal texts.
ALTER TABLE messages ADD COLUMN msg_key text;
ALTER TABLE messages ADD COLUMN msg_values jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE messages ALTER COLUMN title DROP NOT NULL;
ALTER TABLE messages ALTER COLUMN body DROP NOT NULL;
ALTER TABLE messages ADD CONSTRAINT messages_has_text CHECK (msg_key IS NOT NULL OR (title IS NOT NULL AND body IS NOT NULL));
CREATE INDEX messages_user_idx ON messages (user_id, id DESC);

-- News: one item, one text per language.
CREATE TABLE news (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  published_at timestamptz NOT NULL DEFAULT now(),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE news_texts (
  news_id    bigint NOT NULL REFERENCES news (id) ON DELETE CASCADE,
  lang       text NOT NULL CHECK (lang IN ('zh-CN', 'en', 'ja')),
  title      text NOT NULL,
  summary    text NOT NULL DEFAULT '',
  body       text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (news_id, lang)
);

-- The audit log of every operator action: append-only (no UPDATE, DELETE or TRUNCATE).
CREATE TABLE audit_log (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- NULL: the system itself (start-up bootstrap, CLI).
  actor_id   bigint REFERENCES users (id),
  action     text NOT NULL,
  target     text NOT NULL,
  detail     jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (id DESC);

CREATE FUNCTION refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_change();

-- Seed news: market education only. No prices, no promises, no recommendations.
INSERT INTO news (published_at) VALUES
  ('2026-01-05 09:00:00+00'), ('2026-01-12 09:00:00+00'), ('2026-01-19 09:00:00+00'),
  ('2026-01-26 09:00:00+00'), ('2026-02-02 09:00:00+00'), ('2026-02-09 09:00:00+00');

INSERT INTO news_texts (news_id, lang, title, summary, body) VALUES
  (1, 'en', 'How the Tokyo Stock Exchange trading day works',
   'Morning and afternoon sessions, the lunch break, and why orders placed outside them wait.',
   'The Tokyo Stock Exchange trades in two sessions on business days: a morning session and an afternoon session, separated by a lunch break (Japan time). Orders placed while the market is closed are not filled at once; a limit order waits for the next session and a market order is filled at the next available price, which can differ from the last price you saw. Check the session times on the trade screen before you place an order.'),
  (1, 'zh-CN', '东京证券交易所的交易日是如何运作的',
   '上午盘、下午盘与午间休市，以及休市时下单为何需要等待。',
   '东京证券交易所在工作日分上午和下午两个交易时段，中间有午间休市（日本时间）。休市期间提交的订单不会立即成交：限价单会等待下一个交易时段，市价单将以下一个可成交价格成交，该价格可能与您最后看到的价格不同。下单前请先在交易页面确认交易时段。'),
  (1, 'ja', '東京証券取引所の1日の取引の流れ',
   '前場・後場と昼休み、取引時間外の注文が待たされる理由。',
   '東京証券取引所は営業日に前場と後場の2つの立会時間で取引され、その間に昼休みがあります（日本時間）。取引時間外に出した注文はすぐには約定しません。指値注文は次の立会時間まで待ち、成行注文は次に約定可能な価格で約定するため、最後に見た価格と異なることがあります。注文の前に取引画面で立会時間をご確認ください。'),

  (2, 'en', 'Daily price limits in Japan and China, and none in the US',
   'Why a price may be refused as beyond the limit, and how limits differ by market.',
   'Exchanges in Japan and China cap how far a stock may move in one day. In Japan the limit band depends on the previous close; in mainland China most shares may move at most 10% either way. US exchanges have no fixed daily limit but may pause trading after sharp moves. An order priced outside the day''s band cannot be filled, so the app refuses it and tells you the limit. A limit protects neither your capital nor a profit: prices can reach the limit and stay there.'),
  (2, 'zh-CN', '日本与中国的每日涨跌停限制，以及美国的不同',
   '为什么价格会因超出限制被拒绝，各市场的限制有何不同。',
   '日本和中国的交易所都限制股票单日的涨跌幅度。日本的限制幅度取决于前一日收盘价；中国大陆多数股票单日涨跌幅不超过 10%。美国交易所没有固定的每日涨跌停，但在剧烈波动后可能暂停交易。超出当日价格区间的订单无法成交，因此本应用会拒绝并告知限制价格。涨跌停既不保护本金，也不保证收益：价格可能触及限制并维持在那里。'),
  (2, 'ja', '日本と中国の値幅制限、そして米国との違い',
   '値幅制限を超える価格が受け付けられない理由と、市場ごとの違い。',
   '日本と中国の取引所は、1日に株価が動ける幅を制限しています。日本の制限値幅は前日終値によって決まり、中国本土の多くの株式は上下10%までです。米国の取引所には固定の値幅制限はありませんが、急激な変動の後に取引が一時停止されることがあります。当日の値幅を超える価格の注文は約定できないため、本アプリは受け付けず制限値をお知らせします。値幅制限は元本も利益も保証しません。価格が制限に達したまま動かないこともあります。'),

  (3, 'en', 'What leverage does to gains and to losses',
   'Leverage multiplies both directions. Read this before choosing a multiple above 1.',
   'With leverage you control a position larger than the money you put in. A multiple of 3 turns a 5% price move into about a 15% change of your margin, in either direction. Losses can therefore exceed what you expected and positions may be closed when the margin runs out. Fees are charged on the whole position, not only on your margin. Use leverage only if you understand and accept these risks; a multiple of 1 means no borrowing.'),
  (3, 'zh-CN', '杠杆对收益和亏损的影响',
   '杠杆会同时放大收益和亏损。选择 1 倍以上的倍数前请先阅读。',
   '使用杠杆时，您控制的仓位大于您投入的资金。3 倍杠杆会把 5% 的价格变动变成约 15% 的保证金变动，涨跌两个方向都是如此。因此亏损可能超出预期，保证金不足时仓位可能被平仓。手续费按整个仓位收取，而不仅是保证金部分。请仅在理解并接受这些风险时使用杠杆；1 倍即不借款。'),
  (3, 'ja', 'レバレッジが利益と損失に与える影響',
   'レバレッジは利益も損失も拡大します。1倍を超える倍率を選ぶ前にお読みください。',
   'レバレッジを使うと、投入した資金より大きなポジションを持つことになります。3倍なら5%の値動きが証拠金に対して約15%の変動となり、上昇・下落のどちらにも同じように働きます。そのため損失が想定を超えることがあり、証拠金が不足するとポジションが決済されることがあります。手数料は証拠金だけでなくポジション全体にかかります。リスクを理解し受け入れられる場合にのみご利用ください。1倍は借入なしを意味します。'),

  (4, 'en', 'New share subscriptions: how the allotment draw works',
   'Subscribing is not buying: shares are allotted by draw and unallotted money is returned.',
   'When a company lists, investors apply for shares during the subscription period. Applying freezes the subscription amount; it does not guarantee shares. After the period the shares are allotted, often by lottery when demand exceeds supply. If you are not allotted, the frozen money returns to your available balance. The first price after listing can be above or below the issue price; past listings say nothing certain about the next one.'),
  (4, 'zh-CN', '新股申购：配售抽签是如何进行的',
   '申购不等于买入：股份通过抽签配售，未中签的资金会退回。',
   '公司上市时，投资者在申购期内申请认购股份。申购会冻结申购金额，但并不保证获得股份。申购期结束后进行配售，需求超过供给时通常以抽签决定。未中签时，冻结的资金会退回可用余额。上市后的首个价格可能高于也可能低于发行价；过去的新股表现不能确定地说明下一只新股。'),
  (4, 'ja', '新規公開株の申込：抽選による割当の仕組み',
   '申込は購入ではありません。株式は抽選で割り当てられ、当選しなかった資金は戻ります。',
   '企業が上場するとき、投資家は申込期間中に株式を申し込みます。申込により申込金額は拘束されますが、株式の取得は保証されません。期間終了後に割当が行われ、需要が供給を上回る場合は多くが抽選です。当選しなかった場合、拘束された資金は利用可能残高に戻ります。上場後の初値は公開価格を上回ることも下回ることもあり、過去の事例は次の銘柄について何も保証しません。'),

  (5, 'en', 'Currency exchange: the rate, the spread and rounding',
   'What you receive when you exchange, and why the two directions differ.',
   'An exchange converts money between two of your currency balances at the published rate minus a spread, which is the service''s charge and is shown before you confirm. Results are rounded to the currency''s smallest unit (yen, won and dong have no decimals). Exchanging back immediately gives you less than you started with because the spread applies in both directions. Every exchange appears in your fund records as two linked entries.'),
  (5, 'zh-CN', '货币兑换：汇率、点差与取整',
   '兑换时您实际收到多少，以及为什么两个方向不同。',
   '兑换会按公布的汇率减去点差，在您的两种货币余额之间转换。点差是服务费用，会在您确认前显示。结果按该货币的最小单位取整（日元、韩元和越南盾没有小数）。立即换回时得到的金额会少于最初金额，因为两个方向都收取点差。每笔兑换都会以两条关联记录出现在资金记录中。'),
  (5, 'ja', '両替：レート、スプレッド、端数処理',
   '両替で受け取る金額と、往復で差が出る理由。',
   '両替は、公表レートからスプレッドを差し引いたレートで、2つの通貨残高の間で資金を交換します。スプレッドはサービスの手数料で、確定前に表示されます。結果は各通貨の最小単位に丸められます（円・ウォン・ドンは小数なし）。すぐに両替し直すと、往復でスプレッドがかかるため元の金額より少なくなります。両替はすべて、関連付けられた2件の記録として資金履歴に表示されます。'),

  (6, 'en', 'Protecting your account: passwords, fund password and fraud warnings',
   'Two passwords, what each protects, and the offers you should never trust.',
   'Your login password opens the app; your six-digit fund password confirms withdrawals and other money movements. Never share either, not even with someone who says they are customer service. Be wary of anyone who promises guaranteed returns, asks you to pay a fee or tax before you may withdraw, or urges you to move money quickly: these are common signs of investment fraud. Withdrawals here are never conditional on paying a fee. If something feels wrong, stop and contact customer service through the link in the app.'),
  (6, 'zh-CN', '保护您的账户：登录密码、资金密码与防诈骗提示',
   '两种密码分别保护什么，以及哪些说法绝不能相信。',
   '登录密码用于进入应用；6 位资金密码用于确认提现等资金操作。请勿向任何人透露，即使对方自称客服。对承诺保证收益、要求先缴纳手续费或税费才能提现、或催促您尽快转账的人要保持警惕：这些都是投资诈骗的常见特征。本应用的提现从不以缴纳任何费用为条件。如感觉异常，请停止操作，并通过应用内的链接联系客服。'),
  (6, 'ja', 'アカウントを守るために：パスワード、取引パスワード、詐欺への注意',
   '2つのパスワードがそれぞれ守るものと、決して信じてはいけない勧誘。',
   'ログインパスワードはアプリへの入口、6桁の取引パスワードは出金などの資金移動の確認に使います。カスタマーサービスを名乗る相手であっても、どちらも教えないでください。確実な利益を約束する、出金の前に手数料や税金の支払いを求める、急いで送金するよう促す――こうした相手には注意してください。投資詐欺のよくある兆候です。本アプリの出金が手数料の支払いを条件とすることはありません。おかしいと感じたら操作をやめ、アプリ内のリンクからカスタマーサービスにご連絡ください。');
