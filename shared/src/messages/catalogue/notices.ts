/**
 * The login lock and the notices of sign-ins and order fills (issue 33 point 3, JSDA 2025; docs/decisions/0031).
 * {{until}} of the refusal is an ISO instant the client shows in the user's language and zone; the inbox values are
 * already text.
 */
import type { CatalogueEntries } from './entry';

export const NOTICE_MESSAGES = {
  account_locked: {
    'zh-CN':
      '登录密码连续错误次数过多，账户已锁定至 {{until}}。可通过“忘记密码”用邮箱验证码重置密码，或使用通行密钥登录，即可立即解锁。',
    en:
      'Too many wrong passwords in a row: password sign-in is locked until {{until}}. Reset your password with a ' +
      'code sent by e-mail (Forgot password), or sign in with a passkey, to unlock it now.',
    ja:
      'パスワードの誤入力が続いたため、{{until}} までロックされています。「パスワードをお忘れの方」からメールの' +
      '確認コードでパスワードを再設定するか、パスキーでログインすると、すぐにロックが解除されます。',
  },
  inbox_account_locked_title: {
    'zh-CN': '账户已临时锁定',
    en: 'Your account is locked for a while',
    ja: 'アカウントを一時的にロックしました',
  },
  inbox_account_locked_body: {
    'zh-CN':
      '您的账户登录密码连续输错 {{count}} 次（最后一次来自 IP {{ip}}），密码登录已锁定至 {{until}}。' +
      '重置密码（登录页“忘记密码”，邮箱验证码）或使用通行密钥登录即可解锁。如非本人操作，请立即重置密码。',
    en:
      'The password of your account was entered wrongly {{count}} times in a row (last from IP {{ip}}): password ' +
      'sign-in is locked until {{until}}. Resetting your password (Forgot password on the sign-in page, with a code ' +
      'sent by e-mail) or signing in with a passkey unlocks it. If this was not you, reset your password now.',
    ja:
      'パスワードが {{count}} 回続けて誤って入力されたため（最後は IP {{ip}}）、{{until}} までパスワードでのログインを' +
      'ロックしました。パスワードの再設定（ログイン画面の「パスワードをお忘れの方」、メールの確認コード）または' +
      'パスキーでのログインで解除できます。お心当たりがない場合は、すぐにパスワードを再設定してください。',
  },
  inbox_reverify_required_title: {
    'zh-CN': '请重新完成实名认证',
    en: 'Verify your identity again',
    ja: '本人確認を再度お願いします',
  },
  inbox_reverify_required_body: {
    'zh-CN':
      '您的账户已解除冻结。恢复资金操作前，请在“我的-实名认证”重新提交身份信息，审核通过后即可充值、提现和交易。',
    en:
      'Your account is no longer frozen. Before money can move again, submit your identity once more under Mine → ' +
      'Verified; deposits, withdrawals and trading reopen once it is approved.',
    ja:
      'アカウントの凍結を解除しました。資金のお取引を再開する前に、「マイページ → 本人確認」から本人確認書類を' +
      '再提出してください。承認後に入出金と取引をご利用いただけます。',
  },
  inbox_withdrawal_submitted_title: {
    'zh-CN': '提现申请已提交',
    en: 'Withdrawal requested',
    ja: '出金を申請しました',
  },
  inbox_withdrawal_submitted_body: {
    'zh-CN': '您已申请提现 {{amount}}，金额已冻结，等待审核。如非本人操作，请立即修改登录密码和资金密码，并联系客服。',
    en:
      'A withdrawal of {{amount}} was requested; the amount is held until it is reviewed. If this was not you, ' +
      'change your password and fund password now and contact customer service.',
    ja:
      '{{amount}} の出金が申請され、審査まで金額を拘束しています。お心当たりがない場合は、すぐにパスワードと' +
      '取引暗証番号を変更し、カスタマーサービスにご連絡ください。',
  },
  inbox_login_title: { 'zh-CN': '登录提醒', en: 'New sign-in', ja: 'ログインのお知らせ' },
  inbox_login_body: {
    'zh-CN':
      '您的账户于 {{at}} 在 {{device}}（IP {{ip}}）登录。如非本人操作，请立即修改登录密码，并在“登录设备”中将其退出。',
    en:
      'Your account was signed in at {{at}} on {{device}} (IP {{ip}}). If this was not you, change your password ' +
      'now and sign that device out under Signed-in devices.',
    ja:
      '{{at}} に {{device}}（IP {{ip}}）でログインがありました。お心当たりがない場合は、すぐにパスワードを変更し、' +
      '「ログイン中の端末」からその端末をログアウトしてください。',
  },
  // Every fill of a stock order (server/src/modules/trade/fill-notice.ts): {{at}} is the market's clock with its zone.
  inbox_order_filled_open_long_title: {
    'zh-CN': '成交通知：买入开仓',
    en: 'Order filled: buy to open',
    ja: '約定のお知らせ：新規買い',
  },
  inbox_order_filled_open_long_body: {
    'zh-CN':
      '您的订单 {{code}} {{name_zh}}（订单号 {{order_no}}）已于 {{at}} 成交：买入开仓（做多）{{quantity}} 股，成交价 {{price}}，' +
      '成交金额 {{amount}}，手续费 {{fee}}。如非本人操作，请立即修改登录密码，并联系客服。',
    en:
      'Your order {{code}} {{name_en}} (order {{order_no}}) filled at {{at}}: bought {{quantity}} ' +
      'shares to open a long position at {{price}}; amount {{amount}}, fee {{fee}}. If this was not ' +
      'you, change your password now and contact customer service.',
    en_one:
      'Your order {{code}} {{name_en}} (order {{order_no}}) filled at {{at}}: bought {{quantity}} ' +
      'share to open a long position at {{price}}; amount {{amount}}, fee {{fee}}. If this was not ' +
      'you, change your password now and contact customer service.',
    ja:
      'ご注文 {{code}} {{name_ja}}（注文番号 {{order_no}}）が {{at}} に約定しました。新規買い（買建）{{quantity}} 株、約定価格 ' +
      '{{price}}、約定金額 {{amount}}、手数料 {{fee}}。お心当たりがない場合は、すぐにパスワードを変更し、カスタマーサービスにご連絡ください。',
    countedBy: 'quantity',
  },
  inbox_order_filled_open_short_title: {
    'zh-CN': '成交通知：卖出开仓',
    en: 'Order filled: sell short to open',
    ja: '約定のお知らせ：新規売り',
  },
  inbox_order_filled_open_short_body: {
    'zh-CN':
      '您的订单 {{code}} {{name_zh}}（订单号 {{order_no}}）已于 {{at}} 成交：卖出开仓（做空）{{quantity}} 股，成交价 {{price}}，' +
      '成交金额 {{amount}}，手续费 {{fee}}。如非本人操作，请立即修改登录密码，并联系客服。',
    en:
      'Your order {{code}} {{name_en}} (order {{order_no}}) filled at {{at}}: sold {{quantity}} shares ' +
      'short to open a short position at {{price}}; amount {{amount}}, fee {{fee}}. If this was not ' +
      'you, change your password now and contact customer service.',
    en_one:
      'Your order {{code}} {{name_en}} (order {{order_no}}) filled at {{at}}: sold {{quantity}} share ' +
      'short to open a short position at {{price}}; amount {{amount}}, fee {{fee}}. If this was not ' +
      'you, change your password now and contact customer service.',
    ja:
      'ご注文 {{code}} {{name_ja}}（注文番号 {{order_no}}）が {{at}} に約定しました。新規売り（売建）{{quantity}} 株、約定価格 ' +
      '{{price}}、約定金額 {{amount}}、手数料 {{fee}}。お心当たりがない場合は、すぐにパスワードを変更し、カスタマーサービスにご連絡ください。',
    countedBy: 'quantity',
  },
  inbox_order_filled_close_long_title: {
    'zh-CN': '成交通知：卖出平仓',
    en: 'Order filled: sell to close',
    ja: '約定のお知らせ：返済売り',
  },
  inbox_order_filled_close_long_body: {
    'zh-CN':
      '您的持仓 {{code}} {{name_zh}}（订单号 {{order_no}}）已于 {{at}} 平仓成交：卖出平仓（平多）{{quantity}} 股，成交价 {{price}}，' +
      '成交金额 {{amount}}，手续费 {{fee}}。如非本人操作，请立即修改登录密码，并联系客服。',
    en:
      'Your position {{code}} {{name_en}} (order {{order_no}}) was closed at {{at}}: sold {{quantity}} ' +
      'shares to close your long position at {{price}}; amount {{amount}}, fee {{fee}}. If this was ' +
      'not you, change your password now and contact customer service.',
    en_one:
      'Your position {{code}} {{name_en}} (order {{order_no}}) was closed at {{at}}: sold {{quantity}} ' +
      'share to close your long position at {{price}}; amount {{amount}}, fee {{fee}}. If this was not ' +
      'you, change your password now and contact customer service.',
    ja:
      '建玉 {{code}} {{name_ja}}（注文番号 {{order_no}}）の決済が {{at}} に約定しました。返済売り（買建玉の決済）{{quantity}} 株、約定価格 ' +
      '{{price}}、約定金額 {{amount}}、手数料 {{fee}}。お心当たりがない場合は、すぐにパスワードを変更し、カスタマーサービスにご連絡ください。',
    countedBy: 'quantity',
  },
  inbox_order_filled_close_short_title: {
    'zh-CN': '成交通知：买入平仓',
    en: 'Order filled: buy to close',
    ja: '約定のお知らせ：返済買い',
  },
  inbox_order_filled_close_short_body: {
    'zh-CN':
      '您的持仓 {{code}} {{name_zh}}（订单号 {{order_no}}）已于 {{at}} 平仓成交：买入平仓（平空）{{quantity}} 股，成交价 {{price}}，' +
      '成交金额 {{amount}}，手续费 {{fee}}。如非本人操作，请立即修改登录密码，并联系客服。',
    en:
      'Your position {{code}} {{name_en}} (order {{order_no}}) was closed at {{at}}: bought ' +
      '{{quantity}} shares to close your short position at {{price}}; amount {{amount}}, fee {{fee}}. ' +
      'If this was not you, change your password now and contact customer service.',
    en_one:
      'Your position {{code}} {{name_en}} (order {{order_no}}) was closed at {{at}}: bought ' +
      '{{quantity}} share to close your short position at {{price}}; amount {{amount}}, fee {{fee}}. ' +
      'If this was not you, change your password now and contact customer service.',
    ja:
      '建玉 {{code}} {{name_ja}}（注文番号 {{order_no}}）の決済が {{at}} に約定しました。返済買い（売建玉の決済）{{quantity}} 株、約定価格 ' +
      '{{price}}、約定金額 {{amount}}、手数料 {{fee}}。お心当たりがない場合は、すぐにパスワードを変更し、カスタマーサービスにご連絡ください。',
    countedBy: 'quantity',
  },
} as const satisfies CatalogueEntries;
