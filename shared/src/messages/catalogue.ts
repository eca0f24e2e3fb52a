/**
 * The message-key catalogue (spec §5 validation prompts, spec §8 error catalogue, client messages).
 * The server answers `{status: 0, msg: <key>}`; every client shows `t('msg:<key>')`.
 * Each entry has its text in zh-CN (default), en and ja; a completeness test fails on any gap.
 * Placeholders use i18next syntax: {{max}}.
 */
export const MESSAGES = {
  // spec §8: business errors
  order_under_review: {
    'zh-CN': '订单审核中，请耐心等待',
    en: 'Your order is under review. Please wait.',
    ja: '注文は審査中です。しばらくお待ちください。',
  },
  loan_submitted: { 'zh-CN': '贷款申请已提交', en: 'Loan application submitted.', ja: 'ローン申請を受け付けました。' },
  positions_open: {
    'zh-CN': '您有未平仓的持仓，请先平仓后再提现',
    en: 'You have open positions. Close them before withdrawing.',
    ja: '未決済のポジションがあります。出金の前に決済してください。',
  },
  orders_pending: {
    'zh-CN': '您有 {{count}} 笔未成交的限价委托，请先撤单后再提现',
    en: 'You have {{count}} pending limit order(s). Cancel them before withdrawing.',
    ja: '未約定の指値注文が{{count}}件あります。出金の前に注文を取り消してください。',
  },
  fund_password_locked: {
    'zh-CN': '资金密码错误次数过多，请于 {{until}} 后再试',
    en: 'Too many wrong fund passwords. Try again after {{until}}.',
    ja: '取引暗証番号の誤入力が続いたため、ロックされています。{{until}}以降に再度お試しください。',
  },
  email_invalid: {
    'zh-CN': '邮箱错误或为空',
    en: 'The email address is wrong or empty.',
    ja: 'メールアドレスを正しく入力してください。',
  },
  loan_unpaid: {
    'zh-CN': '您有未还清的信用贷款，请先还款（欠款 {{amount}}）',
    en: 'You have an unpaid credit loan. Repay {{amount}} first.',
    ja: '未返済のクレジットローンがあります。先に{{amount}}を返済してください。',
  },
  credit_score_low: {
    'zh-CN': '信用分不足（{{score}}，需 {{min}}），无法提现，请联系客服',
    en: 'Credit score too low ({{score}}, {{min}} needed) to withdraw. Contact customer service.',
    ja: '信用スコアが出金に必要な{{min}}点に達していません（現在{{score}}点）。カスタマーサービスにご連絡ください。',
  },
  price_beyond_limit: {
    'zh-CN': '价格超出当日涨跌停限制',
    en: "The price is beyond today's price limit.",
    ja: '価格が本日の値幅制限を超えています。',
  },
  t1_cannot_sell: {
    'zh-CN': 'T+1 交易：当日买入不可卖出',
    en: 'T+1: shares bought today cannot be sold until the next trading day.',
    ja: 'T+1：本日買い付けた株式は翌営業日まで売却できません。',
  },
  min_buy_amount: {
    'zh-CN': '低于最低买入金额 {{min}}',
    en: 'Below the minimum buy amount of {{min}}.',
    ja: '最低買付金額 {{min}} を下回っています。',
  },
  borrow_limit_insufficient: {
    'zh-CN': '可借额度不足',
    en: 'Your borrowing limit is insufficient.',
    ja: '借入可能額が不足しています。',
  },
  repay_less_than_borrowed: {
    'zh-CN': '还款金额不能少于借款金额',
    en: 'The repayment cannot be less than the amount borrowed.',
    ja: '返済額は借入額を下回ることはできません。',
  },
  repay_less_than_owed: {
    'zh-CN': '还款金额不能少于今日应还金额 {{owed}}（本金 + 截至今日的利息）',
    en: 'The repayment cannot be less than the {{owed}} owed today (principal + interest to date).',
    ja: '返済額は本日時点のご返済額 {{owed}}（元金＋本日までの利息）を下回ることはできません。',
  },
  block_trade_closed: {
    'zh-CN': '大宗交易已关闭',
    en: 'This block trade is closed.',
    ja: 'この大口取引は受付を終了しました。',
  },
  key_mismatch: { 'zh-CN': '密钥不匹配', en: 'The key does not match.', ja: 'キーが一致しません。' },
  channel_password_wrong: {
    'zh-CN': '通道密码错误',
    en: 'The channel password is wrong.',
    ja: 'チャネルパスワードが正しくありません。',
  },
  fund_password_wrong: {
    'zh-CN': '资金（交易）密码错误',
    en: 'The fund (trading) password is wrong.',
    ja: '取引暗証番号が正しくありません。',
  },
  original_password_wrong: {
    'zh-CN': '原密码错误',
    en: 'The original password is wrong.',
    ja: '現在のパスワードが正しくありません。',
  },
  too_frequent: {
    'zh-CN': '提交过于频繁，请稍后再试',
    en: 'You are submitting too often. Please try again shortly.',
    ja: '操作が短時間に集中しています。しばらくしてから再度お試しください。',
  },
  account_exists: {
    'zh-CN': '账号已存在',
    en: 'This account already exists.',
    ja: 'このアカウントは既に登録されています。',
  },
  inviter_not_found: {
    'zh-CN': '邀请人不存在',
    en: 'The inviter does not exist.',
    ja: 'この招待コードは見つかりません。',
  },
  account_not_found: { 'zh-CN': '账号不存在', en: 'The account does not exist.', ja: 'アカウントが存在しません。' },
  reset_code_required: {
    'zh-CN': '请输入验证码',
    en: 'Enter the code from the email.',
    ja: '確認コードを入力してください。',
  },
  reset_code_format: {
    'zh-CN': '验证码为 6 位数字',
    en: 'The code has six digits.',
    ja: '確認コードは6桁の数字です。',
  },
  reset_code_invalid: {
    'zh-CN': '验证码错误或已过期，请重新获取',
    en: 'The code is wrong or has expired. Request a new one.',
    ja: '確認コードが正しくないか、有効期限が切れています。再度取得してください。',
  },
  password_reset_sent: {
    'zh-CN': '如果该账号存在，验证码已发送至其注册邮箱（15 分钟内有效）',
    en: 'If the account exists, a code has been sent to its registered email (valid for 15 minutes).',
    ja: 'アカウントが存在する場合、登録メールアドレスに確認コードを送信しました（15分間有効）。',
  },
  password_reset_done: {
    'zh-CN': '密码已重置，请使用新密码登录',
    en: 'Your password has been reset. Log in with the new password.',
    ja: 'パスワードを再設定しました。新しいパスワードでログインしてください。',
  },
  wrong_credentials: {
    'zh-CN': '账号或密码错误',
    en: 'Wrong account or password.',
    ja: 'アカウントまたはパスワードが正しくありません。',
  },
  card_exists: {
    'zh-CN': '该银行卡已绑定',
    en: 'This card is already bound.',
    ja: 'この銀行口座は既に登録されています。',
  },
  card_not_found: { 'zh-CN': '银行卡不存在', en: 'Card not found.', ja: '銀行口座が見つかりません。' },
  insufficient_balance: { 'zh-CN': '余额不足', en: 'Insufficient balance.', ja: '残高が不足しています。' },
  insufficient_buy_quota: {
    'zh-CN': '可买额度不足',
    en: 'Insufficient buying quota.',
    ja: '買付余力が不足しています。',
  },
  insufficient_fundraising: {
    'zh-CN': '募集额度不足',
    en: 'Insufficient fundraising amount remaining.',
    ja: '募集の残り枠が不足しています。',
  },
  not_trading_time: {
    'zh-CN': '非交易时间（下次开市：{{opens}}）',
    en: 'The market is closed (next open: {{opens}}).',
    ja: '取引時間外です（次回取引開始：{{opens}}）。',
  },
  not_subscription_time: {
    'zh-CN': '尚未到申购时间',
    en: 'Subscription has not started yet.',
    ja: 'まだ申込期間ではありません。',
  },
  follow_time_exceeded: {
    'zh-CN': '已超过跟单时间限制',
    en: 'The follow deadline has passed.',
    ja: '申込締切を過ぎています。',
  },
  product_unavailable: {
    'zh-CN': '产品不存在或已下架',
    en: 'The product does not exist or is off the shelf.',
    ja: 'この商品は存在しないか、取扱いを終了しました。',
  },
  order_not_holding: {
    'zh-CN': '订单不在持仓状态，请勿重复操作',
    en: 'This order is not in holding state; do not repeat the operation.',
    ja: 'このポジションは保有中ではありません（決済済みまたは決済注文中）。重ねて操作しないでください。',
  },
  fund_operation_in_progress: {
    'zh-CN': '有其他资金操作正在进行，请稍后',
    en: 'Another fund operation is in progress. Please wait.',
    ja: '別の入出金・両替を処理中です。しばらくお待ちください。',
  },
  deposit_pending: {
    'zh-CN': '已有待审核的充值，请等待处理',
    en: 'A deposit is already pending review.',
    ja: '審査中の入金申請があります。',
  },
  kefu_missing: {
    'zh-CN': '未获取到客服链接',
    en: 'The customer-service link is not available.',
    ja: 'カスタマーサービスのリンクを取得できません。',
  },
  stock_not_found: {
    'zh-CN': '未找到该股票',
    en: 'No such stock in this market.',
    ja: 'この市場に該当する銘柄はありません。',
  },
  watchlist_full: {
    'zh-CN': '自选股已达上限 {{max}} 只，请先删除一些',
    en: 'Your watchlist is full ({{max}} stocks). Remove some first.',
    ja: 'お気に入りが上限（{{max}}銘柄）に達しています。先にいくつか削除してください。',
  },
  watch_added: { 'zh-CN': '已加入自选', en: 'Added to your watchlist.', ja: 'お気に入りに追加しました。' },
  watch_removed: {
    'zh-CN': '已从自选中删除',
    en: 'Removed from your watchlist.',
    ja: 'お気に入りから削除しました。',
  },
  price_unavailable: {
    'zh-CN': '未获取到股票价格',
    en: 'The stock price is not available.',
    ja: '株価を取得できません。',
  },
  fund_password_not_set: {
    'zh-CN': '请先设置资金密码',
    en: 'Set your fund password first.',
    ja: '先に取引暗証番号を設定してください。',
  },
  realname_required: {
    'zh-CN': '请先完成实名认证',
    en: 'Please complete real-name verification first.',
    ja: '先に本人確認を完了してください。',
  },
  realname_failed: {
    'zh-CN': '实名信息未通过审核',
    en: 'Your real-name information did not pass review.',
    ja: '本人確認が承認されませんでした。',
  },
  account_banned: {
    'zh-CN': '账号已被禁止登录',
    en: 'This account is banned from logging in.',
    ja: 'このアカウントはログインが停止されています。',
  },
  account_frozen: {
    'zh-CN': '账号已冻结，请联系客服',
    en: 'This account is frozen. Please contact customer service.',
    ja: 'このアカウントは凍結されています。カスタマーサービスにご連絡ください。',
  },
  trading_disabled: {
    'zh-CN': '该账号暂不可交易，请联系客服',
    en: 'Trading is disabled for this account. Contact customer service.',
    ja: 'このアカウントは取引できません。カスタマーサービスにご連絡ください。',
  },
  session_expired: {
    'zh-CN': '登录已失效，请重新登录',
    en: 'Your session has expired. Please log in again.',
    ja: 'セッションの有効期限が切れました。再度ログインしてください。',
  },
  bank_card_required: {
    'zh-CN': '请先绑定银行卡',
    en: 'Bind a bank card first.',
    ja: '先に銀行口座を登録してください。',
  },
  withdraw_closed_hours: {
    'zh-CN': '提现时间为工作日 9:00–15:30（日本时间），下次开放：{{opens}}',
    en: 'Withdrawals are accepted on business days 9:00–15:30 (Japan time). Next opening: {{opens}}.',
    ja: '出金受付は営業日の9:00〜15:30（日本時間）です。次回受付開始：{{opens}}',
  },

  // money: deposits, withdrawals, exchange, loans, corrections (server funds slice)
  idempotency_conflict: {
    'zh-CN': '该请求编号已用于另一笔不同的操作，请重新提交',
    en: 'This request key was already used for a different operation. Submit again as a new request.',
    ja: 'このリクエストキーは別の操作に使用済みです。新しいリクエストとして再送信してください。',
  },
  exchange_amount_too_small: {
    'zh-CN': '兑换金额过小，兑换后不足最小货币单位',
    en: 'The amount is too small: after exchange it is less than the smallest unit of the currency.',
    ja: '両替金額が小さすぎます。両替後の金額が通貨の最小単位未満です。',
  },
  exchange_success: { 'zh-CN': '兑换成功', en: 'Exchange completed.', ja: '両替が完了しました。' },
  withdraw_currency_unavailable: {
    'zh-CN': '该币种暂不支持提现，请先兑换为日元、美元或人民币',
    en: 'This currency cannot be withdrawn. Exchange it to JPY, USD or CNY first.',
    ja: 'この通貨は出金できません。先に円・米ドル・人民元に両替してください。',
  },
  loan_repaid: { 'zh-CN': '贷款已还清', en: 'The loan is repaid.', ja: 'ローンを完済しました。' },
  loan_not_outstanding: {
    'zh-CN': '该贷款无待还金额',
    en: 'This loan has nothing outstanding.',
    ja: 'このローンに未返済額はありません。',
  },
  review_done: { 'zh-CN': '审核已处理', en: 'Review recorded.', ja: '審査結果を登録しました。' },
  review_already_done: {
    'zh-CN': '该申请已被处理，请刷新列表',
    en: 'This application was already reviewed. Refresh the list.',
    ja: 'この申請は既に処理されています。一覧を更新してください。',
  },
  correction_posted: { 'zh-CN': '调整已入账', en: 'Correction posted.', ja: '訂正を記帳しました。' },
  correction_already_reversed: {
    'zh-CN': '该调整已被冲正',
    en: 'This correction was already reversed.',
    ja: 'この訂正は既に取り消されています。',
  },
  correction_reversal_mismatch: {
    'zh-CN': '冲正须与原调整的账号、币种相同，金额相反',
    en: 'A reversal must name the same account and currency and the opposite amount of the correction.',
    ja: '取消は元の訂正と同じアカウント・通貨で、逆の金額である必要があります。',
  },

  // spec §5: validation
  email_required: { 'zh-CN': '邮箱不能为空', en: 'Email cannot be empty.', ja: 'メールアドレスを入力してください。' },
  amount_required: { 'zh-CN': '请输入金额', en: 'Enter an amount.', ja: '金額を入力してください。' },
  amount_invalid: { 'zh-CN': '金额格式不正确', en: 'The amount is not valid.', ja: '金額の形式が正しくありません。' },
  fund_password_required: {
    'zh-CN': '请输入资金密码',
    en: 'Enter your fund password.',
    ja: '取引暗証番号を入力してください。',
  },
  quantity_required: { 'zh-CN': '请输入数量', en: 'Enter a quantity.', ja: '数量を入力してください。' },
  channel_password_required: {
    'zh-CN': '请输入通道密码',
    en: 'Enter the channel password.',
    ja: 'チャネルパスワードを入力してください。',
  },
  lots_required: {
    'zh-CN': '请输入购买手数',
    en: 'Enter the number of lots to buy.',
    ja: '買付ロット数を入力してください。',
  },
  trust_amount_required: {
    'zh-CN': '请输入委托金额',
    en: 'Enter the order amount.',
    ja: '注文金額を入力してください。',
  },
  password_required: { 'zh-CN': '请输入密码', en: 'Enter a password.', ja: 'パスワードを入力してください。' },
  password_too_short: {
    'zh-CN': '密码至少 {{min}} 位',
    en: 'The password needs at least {{min}} characters.',
    ja: 'パスワードは{{min}}文字以上で入力してください。',
  },
  passwords_mismatch: {
    'zh-CN': '两次输入的密码不一致',
    en: 'The two passwords do not match.',
    ja: '2つのパスワードが一致しません。',
  },
  agreement_required: {
    'zh-CN': '请阅读并勾选用户协议',
    en: 'Please read and accept the user agreement.',
    ja: '利用規約をお読みのうえ、同意してください。',
  },
  invite_code_required: {
    'zh-CN': '请输入邀请码',
    en: 'Enter an invitation code.',
    ja: '招待コードを入力してください。',
  },
  account_format: {
    'zh-CN': '账号须为 10 位手机号码',
    en: 'The account must be a ten-digit mobile number.',
    ja: 'アカウントには10桁の携帯電話番号を入力してください。',
  },
  phone_required: { 'zh-CN': '请填写手机号', en: 'Fill in your phone number.', ja: '電話番号を入力してください。' },
  phone_invalid: {
    'zh-CN': '手机号格式不正确',
    en: 'The phone number is malformed.',
    ja: '電話番号の形式が正しくありません。',
  },
  name_required: { 'zh-CN': '请填写姓名', en: 'Fill in your name.', ja: '氏名を入力してください。' },
  name_invalid: { 'zh-CN': '姓名格式不正确', en: 'The name is malformed.', ja: '氏名の形式が正しくありません。' },
  address_required: { 'zh-CN': '地址不能为空', en: 'The address cannot be empty.', ja: '住所を入力してください。' },
  postal_code_invalid: {
    'zh-CN': '邮政编码不正确',
    en: 'The postal code is wrong.',
    ja: '郵便番号が正しくありません。',
  },
  area_required: {
    'zh-CN': '请选择收货地区',
    en: 'Select a receiving area.',
    ja: 'お届け先の地域を選択してください。',
  },
  margin_positive_integer: {
    'zh-CN': '追加保证金须为正整数',
    en: 'Additional margin must be a positive whole number.',
    ja: '追加証拠金は1以上の整数で入力してください。',
  },
  exchange_amount_required: {
    'zh-CN': '请输入兑换金额',
    en: 'Enter an amount to exchange.',
    ja: '両替金額を入力してください。',
  },
  same_currency: {
    'zh-CN': '相同币种不能兑换',
    en: 'You cannot exchange a currency for itself.',
    ja: '同じ通貨同士は両替できません。',
  },
  privacy_required: {
    'zh-CN': '请先勾选隐私声明',
    en: 'Please accept the privacy statement first.',
    ja: '先にプライバシーポリシーに同意してください。',
  },
  id_images_required: {
    'zh-CN': '请上传证件正反面照片',
    en: 'Upload both sides of your ID.',
    ja: '身分証の表面と裏面をアップロードしてください。',
  },
  proof_required: {
    'zh-CN': '请上传转账凭证截图',
    en: 'Upload a screenshot of the transfer proof.',
    ja: '振込証明のスクリーンショットをアップロードしてください。',
  },
  deposit_closed_day: {
    'zh-CN': '今天不是营业日，暂停受理充值。请于下一个营业日 {{next}} 再提交',
    en: 'Deposits are accepted on business days only. Please deposit on the next business day, {{next}}.',
    ja: '本日は営業日ではないため、入金を受け付けておりません。次の営業日（{{next}}）にお手続きください。',
  },
  deposit_max: {
    'zh-CN': '单笔充值不能超过 {{max}}',
    en: 'A single deposit cannot exceed {{max}}.',
    ja: '1回の入金額の上限は{{max}}です。',
  },
  withdraw_min: {
    'zh-CN': '单笔最低提现 {{min}}',
    en: 'The minimum withdrawal is {{min}} per transaction.',
    ja: '1回の最低出金額は{{min}}です。',
  },
  new_share_once: {
    'zh-CN': '同一新股只能申购一次',
    en: 'A new share can be subscribed only once.',
    ja: '同じIPO銘柄には1回のみ申し込めます。',
  },
  field_invalid: {
    'zh-CN': '字段 {{field}} 不正确',
    en: 'The field {{field}} is not valid.',
    ja: '項目 {{field}} が正しくありません。',
  },
  file_type_invalid: {
    'zh-CN': '仅支持 JPEG、PNG、WebP 图片',
    en: 'Only JPEG, PNG and WebP images are accepted.',
    ja: 'JPEG、PNG、WebP画像のみ対応しています。',
  },
  file_too_large: {
    'zh-CN': '图片不能超过 {{max}}',
    en: 'The image cannot be larger than {{max}}.',
    ja: '画像は{{max}}以下にしてください。',
  },

  // accounts (issue "Accounts and money", profile side)
  fund_password_format: {
    'zh-CN': '资金密码须为 6 位数字',
    en: 'The fund password must be six digits.',
    ja: '取引暗証番号は6桁の数字で入力してください。',
  },
  id_number_required: {
    'zh-CN': '请填写证件号码',
    en: 'Fill in your ID number.',
    ja: '身分証番号を入力してください。',
  },
  id_number_invalid: {
    'zh-CN': '证件号码格式不正确（6–32 位字母、数字或连字符）',
    en: 'The ID number is malformed (6–32 letters, digits or hyphens).',
    ja: '身分証番号の形式が正しくありません（英数字またはハイフン6〜32文字）。',
  },
  card_number_required: {
    'zh-CN': '请填写银行卡号',
    en: 'Fill in the card (account) number.',
    ja: '口座番号を入力してください。',
  },
  card_number_invalid: {
    'zh-CN': '银行卡号须为 7–19 位数字',
    en: 'The card (account) number must be 7–19 digits.',
    ja: '口座番号は7〜19桁の数字で入力してください。',
  },
  bank_name_required: { 'zh-CN': '请填写银行名称', en: 'Fill in the bank name.', ja: '金融機関名を入力してください。' },
  branch_name_required: { 'zh-CN': '请填写支行名称', en: 'Fill in the branch name.', ja: '支店名を入力してください。' },
  branch_code_invalid: {
    'zh-CN': '支行代码须为 3 位数字',
    en: 'The branch code must be three digits.',
    ja: '支店番号は3桁の数字で入力してください。',
  },
  card_holder_mismatch: {
    'zh-CN': '银行卡须为本人名义（实名：{{name}}）',
    en: 'The card must be in your own name, as verified ({{name}}).',
    ja: '口座名義はご本人名義（確認済みの氏名：{{name}}）にしてください。',
  },
  realname_already_verified: {
    'zh-CN': '您已完成实名认证，无需重复提交',
    en: 'Your identity is already verified; there is nothing to resubmit.',
    ja: '本人確認は完了しています。再提出の必要はありません。',
  },
  realname_submitted: {
    'zh-CN': '实名认证已提交，请等待审核',
    en: 'Identity verification submitted. Please wait for the review.',
    ja: '本人確認書類を提出しました。審査結果をお待ちください。',
  },
  login_password_wrong: {
    'zh-CN': '登录密码错误',
    en: 'The login password is wrong.',
    ja: 'ログインパスワードが正しくありません。',
  },
  password_changed: {
    'zh-CN': '密码已修改，请重新登录',
    en: 'Password changed. Please log in again.',
    ja: 'パスワードを変更しました。再度ログインしてください。',
  },
  fund_password_saved: { 'zh-CN': '资金密码已设置', en: 'Fund password saved.', ja: '取引暗証番号を設定しました。' },
  forbidden: { 'zh-CN': '无权执行此操作', en: 'You are not allowed to do this.', ja: 'この操作は許可されていません。' },
  reject_reason_required: {
    'zh-CN': '驳回时请填写原因',
    en: 'Give a reason when rejecting.',
    ja: '却下する場合は理由を入力してください。',
  },

  // inbox messages: stored as key + values, rendered in the reader's language
  inbox_deposit_approved_title: { 'zh-CN': '充值已到账', en: 'Deposit credited', ja: '入金が反映されました' },
  inbox_deposit_approved_body: {
    'zh-CN': '您的充值 {{amount}} 已审核通过并记入账户，可在资金记录中查看。',
    en: 'Your deposit of {{amount}} was approved and credited to your account. You can see it in your fund records.',
    ja: '{{amount}} の入金が承認され、口座に反映されました。資金履歴で確認できます。',
  },
  inbox_deposit_rejected_title: { 'zh-CN': '充值未通过', en: 'Deposit not approved', ja: '入金が承認されませんでした' },
  inbox_deposit_rejected_body: {
    'zh-CN': '您的充值 {{amount}} 未通过审核，原因：{{reason}}。账户余额未发生变化，如有疑问请联系客服。',
    en:
      'Your deposit of {{amount}} was not approved. Reason: {{reason}}. Your balance has not changed; contact ' +
      'customer service if you have questions.',
    ja:
      '{{amount}} の入金は承認されませんでした。理由：{{reason}}。残高は変わっていません。' +
      'ご不明な点はカスタマーサービスへお問い合わせください。',
  },
  inbox_withdrawal_approved_title: { 'zh-CN': '提现已处理', en: 'Withdrawal paid out', ja: '出金手続きが完了しました' },
  inbox_withdrawal_approved_body: {
    'zh-CN': '您的提现 {{amount}} 已审核通过并汇出至绑定的银行卡，到账时间以银行处理为准。',
    en:
      'Your withdrawal of {{amount}} was approved and sent to your bound card. Arrival depends on the bank’s ' +
      'processing.',
    ja: '{{amount}} の出金が承認され、登録口座へ送金されました。着金時期は銀行の処理状況によります。',
  },
  inbox_withdrawal_rejected_title: {
    'zh-CN': '提现未通过',
    en: 'Withdrawal not approved',
    ja: '出金が承認されませんでした',
  },
  inbox_withdrawal_rejected_body: {
    'zh-CN': '您的提现 {{amount}} 未通过审核，原因：{{reason}}。冻结的金额已退回可用余额。',
    en:
      'Your withdrawal of {{amount}} was not approved. Reason: {{reason}}. The frozen amount is back in your ' +
      'available balance.',
    ja:
      '{{amount}} の出金は承認されませんでした。理由：{{reason}}。' +
      '拘束されていた金額は解除され、買付余力に戻りました。',
  },
  inbox_loan_approved_title: { 'zh-CN': '贷款已批准', en: 'Loan approved', ja: 'ローンが承認されました' },
  inbox_loan_approved_body: {
    'zh-CN': '您的贷款申请 {{amount}} 已批准并记入账户。请按期还款，未还清前无法提现。',
    en:
      'Your loan application of {{amount}} was approved and credited. Repay it on time; withdrawals are not possible ' +
      'while it is unpaid.',
    ja:
      '{{amount}} のローン申請が承認され、口座に反映されました。期日までにご返済ください。' +
      '未返済の間は出金できません。',
  },
  inbox_loan_rejected_title: { 'zh-CN': '贷款未批准', en: 'Loan not approved', ja: 'ローンが承認されませんでした' },
  inbox_loan_rejected_body: {
    'zh-CN': '您的贷款申请 {{amount}} 未获批准，原因：{{reason}}。',
    en: 'Your loan application of {{amount}} was not approved. Reason: {{reason}}.',
    ja: '{{amount}} のローン申請は承認されませんでした。理由：{{reason}}。',
  },
  inbox_realname_verified_title: { 'zh-CN': '实名认证已通过', en: 'Identity verified', ja: '本人確認が完了しました' },
  inbox_realname_verified_body: {
    'zh-CN': '您的实名认证已通过。现在可以绑定本人名义的银行卡。',
    en: 'Your identity has been verified. You can now bind a bank card in your own name.',
    ja: '本人確認が完了しました。ご本人名義の口座を登録できます。',
  },
  inbox_realname_failed_title: {
    'zh-CN': '实名认证未通过',
    en: 'Identity verification not passed',
    ja: '本人確認が承認されませんでした',
  },
  inbox_realname_failed_body: {
    'zh-CN': '您的实名认证未通过，原因：{{reason}}。您可以修改后重新提交。',
    en: 'Your identity verification did not pass. Reason: {{reason}}. You can correct it and submit again.',
    ja: '本人確認は承認されませんでした。理由：{{reason}}。修正して再提出できます。',
  },
  inbox_margin_call_title: { 'zh-CN': '强制平仓通知', en: 'Margin call: position closed', ja: '強制決済のお知らせ' },
  inbox_margin_call_body: {
    'zh-CN':
      '您的持仓 {{code}}（订单号 {{order_no}}）权益低于维持保证金（{{ratio}}），已按市价 {{price}} 平仓。盈亏 {{pnl}}，手续费 {{fee}}。',
    en:
      'Your position {{code}} (order {{order_no}}) fell below the maintenance margin ({{ratio}}) and was closed at ' +
      'the market price {{price}}. P&L {{pnl}}, fee {{fee}}.',
    ja:
      'ポジション {{code}}（注文番号 {{order_no}}）の評価額が維持証拠金（{{ratio}}）を下回ったため、' +
      '{{price}} で成行決済しました。損益 {{pnl}}、手数料 {{fee}}。',
  },
  inbox_margin_call_protected_title: {
    'zh-CN': '强制平仓通知（负余额保护）',
    en: 'Margin call: position closed, loss covered',
    ja: '強制決済のお知らせ（マイナス残高保護）',
  },
  inbox_margin_call_protected_body: {
    'zh-CN':
      '您的持仓 {{code}}（订单号 {{order_no}}）权益低于维持保证金（{{ratio}}），已按市价 {{price}} 平仓。盈亏 {{pnl}}。其中超出账户余额的亏损 {{protection}} ' +
      '已由平台承担（负余额保护），您的余额不会为负。',
    en:
      'Your position {{code}} (order {{order_no}}) fell below the maintenance margin ({{ratio}}) and was closed at ' +
      'the market price {{price}}. P&L {{pnl}}. The loss of {{protection}} beyond your balance was covered by us ' +
      '(negative-balance protection): your balance never goes below zero.',
    ja:
      'ポジション {{code}}（注文番号 {{order_no}}）の評価額が維持証拠金（{{ratio}}）を下回ったため、' +
      '{{price}} で成行決済しました。損益 {{pnl}}。残高を超える損失 {{protection}} は' +
      '当社が負担しました（マイナス残高保護）。残高がマイナスになることはありません。',
  },

  // trading (issue "Markets and trading": orders, positions, risk disclosure)
  price_required: { 'zh-CN': '请输入限价', en: 'Enter a limit price.', ja: '指値を入力してください。' },
  leverage_not_allowed: {
    'zh-CN': '不支持该杠杆倍数（可选：{{allowed}}）',
    en: 'This leverage is not offered (choose {{allowed}}).',
    ja: 'このレバレッジは選択できません（選択肢：{{allowed}}）。',
  },
  risk_disclosure_required: {
    'zh-CN': '杠杆或做空交易前，请先阅读并确认风险揭示书',
    en: 'Read and acknowledge the risk disclosure before trading with leverage or selling short.',
    ja: 'レバレッジ取引・空売りの前にリスク説明書を読み、同意してください。',
  },
  risk_acknowledged: {
    'zh-CN': '已确认风险揭示书',
    en: 'Risk disclosure acknowledged.',
    ja: 'リスク説明書に同意しました。',
  },
  order_placed: { 'zh-CN': '下单成功', en: 'Order placed.', ja: '注文を受け付けました。' },
  order_cancelled: { 'zh-CN': '订单已撤销', en: 'Order cancelled.', ja: '注文を取り消しました。' },
  negative_balance_protection: {
    'zh-CN': '超出账户余额的亏损 {{amount}} 已由平台承担（负余额保护）。',
    en: 'The loss of {{amount}} beyond your balance was covered by us (negative-balance protection).',
    ja: '残高を超える損失 {{amount}} は当社が負担しました（マイナス残高保護）。',
  },

  // client messages
  network_error: {
    'zh-CN': '网络错误，请检查网络连接',
    en: 'Network error. Check your connection.',
    ja: 'ネットワークエラーです。接続を確認してください。',
  },
  upload_failed: { 'zh-CN': '上传失败', en: 'Upload failed.', ja: 'アップロードに失敗しました。' },
  submit_failed: { 'zh-CN': '提交失败', en: 'Submission failed.', ja: '送信に失敗しました。' },
  request_failed: {
    'zh-CN': '请求失败（状态码 {{status}}）',
    en: 'Request failed (status {{status}}).',
    ja: 'リクエストに失敗しました（ステータス {{status}}）。',
  },
  not_found: { 'zh-CN': '未找到', en: 'Not found.', ja: '見つかりません。' },
  server_error: {
    'zh-CN': '服务器错误，请稍后再试',
    en: 'Server error. Please try again later.',
    ja: 'サーバーエラーです。しばらくしてから再試行してください。',
  },
  unknown_error: { 'zh-CN': '错误', en: 'Error', ja: 'エラー' },
  purchase_success: { 'zh-CN': '购买成功', en: 'Purchase successful.', ja: '購入しました。' },
  subscribe_success: { 'zh-CN': '申购成功', en: 'Subscription successful.', ja: '申込を受け付けました。' },
  placement_success: { 'zh-CN': '配售成功', en: 'Placement successful.', ja: '割当が完了しました。' },
  recharge_success: { 'zh-CN': '充值申请已提交', en: 'Deposit submitted.', ja: '入金申請を受け付けました。' },
  withdraw_success: { 'zh-CN': '提现申请已提交', en: 'Withdrawal submitted.', ja: '出金申請を受け付けました。' },
  upload_success: { 'zh-CN': '上传成功', en: 'Upload successful.', ja: 'アップロードしました。' },
  copy_order_success: { 'zh-CN': '跟单成功', en: 'Copy order placed.', ja: 'コピートレードを申し込みました。' },
  sell_success: { 'zh-CN': '卖出申请已提交', en: 'Sell application submitted.', ja: '売却注文を受け付けました。' },
  register_success: { 'zh-CN': '注册成功', en: 'Registration successful.', ja: '登録しました。' },
  login_success: { 'zh-CN': '登录成功', en: 'Logged in.', ja: 'ログインしました。' },
  logout_success: { 'zh-CN': '已退出登录', en: 'Logged out.', ja: 'ログアウトしました。' },
  saved: { 'zh-CN': '已保存', en: 'Saved.', ja: '保存しました。' },
} as const satisfies Record<string, Record<'zh-CN' | 'en' | 'ja', string>>;

export type MessageKey = keyof typeof MESSAGES;
