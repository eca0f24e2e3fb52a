import type { CatalogueEntries } from './entry';

/** Spec §8: business errors. */
export const BUSINESS_MESSAGES = {
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
    'zh-CN': '可借额度不足，当前最多可借 {{max}}',
    en: 'Your borrowing limit is insufficient: you can borrow at most {{max}} now.',
    ja: '借入可能額が不足しています。現在の借入可能額は {{max}} です。',
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
  reset_too_frequent: {
    'zh-CN': '验证码请求过于频繁，请于 {{until}} 之后再获取新的验证码',
    en: 'Too many codes were requested. You can ask for a new code at {{until}}.',
    ja: '確認コードの請求が多すぎます。{{until}} 以降に新しいコードを請求してください。',
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
    'zh-CN': '尚未到申购时间（开始时间：{{opens}}）',
    en: 'Subscription has not started yet (opens {{opens}}).',
    ja: 'まだ申込期間ではありません（開始：{{opens}}）。',
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
    'zh-CN': '实名信息未通过审核，请在实名认证中重新提交',
    en: 'Your real-name information did not pass review. Submit it again under identity verification.',
    ja: '本人確認が承認されませんでした。本人確認からもう一度提出してください。',
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
  /** values.reason: the operator's reason ("-" when none was stored). */
  trading_disabled: {
    'zh-CN': '该账号已被限制交易（原因：{{reason}}）。如有疑问或需恢复交易，请联系客服',
    en: 'Trading is disabled for this account (reason: {{reason}}). Contact customer service to have it restored.',
    ja: 'このアカウントは取引が制限されています（理由：{{reason}}）。解除についてはカスタマーサービスにご連絡ください。',
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
} as const satisfies CatalogueEntries;
