/**
 * Block trades (issue 11, docs/decisions/0017-block-trades.md): refusals, success and the inbox
 * messages of a review and a dividend. The spec's own keys (block_trade_closed, channel_password_wrong,
 * insufficient_buy_quota, order_under_review, lots_required, channel_password_required) live in
 * business.ts and validation.ts.
 */
import type { CatalogueEntries } from './entry';

export const BLOCK_MESSAGES = {
  block_min_lots: {
    'zh-CN': '最低买入 {{min}} 手',
    en: 'The minimum purchase, in lots, is {{min}}.',
    ja: '最低申込数は {{min}} 口です。',
  },
  channel_password_locked: {
    'zh-CN': '通道密码错误次数过多，该大宗交易已锁定至 {{until}}',
    en: 'Too many wrong channel passwords: this block trade is locked for you until {{until}}.',
    ja: 'チャネルパスワードの誤りが多すぎるため、この大口取引は {{until}} までロックされています。',
  },
  block_applied: {
    'zh-CN': '申请已提交，资金已冻结，等待审核',
    en: 'Application submitted. The amount is frozen until it is reviewed.',
    ja: '申込を受け付けました。審査が終わるまで代金を拘束します。',
  },
  block_no_declared_dividend: {
    'zh-CN': '该股票在截止日之后没有已公布的分红',
    en: 'This stock has no declared dividend with a record date after the deadline.',
    ja: 'この銘柄には締切日以降を権利確定日とする公表済みの配当がありません。',
  },
  block_listing_created: {
    'zh-CN': '大宗交易已发布',
    en: 'Block trade listed.',
    ja: '大口取引を掲載しました。',
  },
  block_listing_closed: {
    'zh-CN': '大宗交易已关闭',
    en: 'Block trade closed to new applications.',
    ja: '大口取引の受付を終了しました。',
  },
  // The spec's placement_success (§8 client messages): a block allotment placed, in the inbox of its owner.
  inbox_placement_success_title: {
    'zh-CN': '配售成功',
    en: 'Placement successful',
    ja: '割当が完了しました',
  },
  inbox_placement_success_body: {
    'zh-CN':
      '您申请的 {{code}} {{shares}} 股（单号 {{order_no}}）已通过审核，按大宗价 {{price}} 计入持仓，成本 {{amount}}。' +
      '按该大宗交易的锁定期规则，{{sellable_from}} 起方可卖出。',
    en:
      'Your application {{order_no}} for {{shares}} shares of {{code}} was approved: the holding is in your ' +
      'positions at the block price of {{price}}, cost {{amount}}. Under the listing’s lock-up it can be sold from ' +
      '{{sellable_from}}.',
    ja:
      '申込 {{order_no}}（{{code}} {{shares}} 株）が承認され、大口価格 {{price}} で保有銘柄に加わりました。' +
      '取得金額 {{amount}}。この大口取引のロックアップにより、売却できるのは {{sellable_from}} からです。',
    en_one:
      'Your application {{order_no}} for {{shares}} share of {{code}} was approved: the holding is in your ' +
      'positions at the block price of {{price}}, cost {{amount}}. Under the listing’s lock-up it can be sold from ' +
      '{{sellable_from}}.',
    countedBy: 'shares',
  },
  inbox_block_rejected_title: {
    'zh-CN': '大宗交易申请未通过',
    en: 'Block trade not approved',
    ja: '大口取引の申込が承認されませんでした',
  },
  inbox_block_rejected_body: {
    'zh-CN':
      '您申请的 {{code}} {{shares}} 股（单号 {{order_no}}）未通过审核，原因：{{reason}}。冻结的 {{amount}} 已退回可用余额。',
    en:
      'Your application {{order_no}} for {{shares}} shares of {{code}} was not approved. Reason: {{reason}}. ' +
      'The frozen {{amount}} is back in your available balance.',
    ja:
      '申込 {{order_no}}（{{code}} {{shares}} 株）は承認されませんでした。理由：{{reason}}。' +
      '拘束していた {{amount}} は利用可能残高に戻りました。',
    en_one:
      'Your application {{order_no}} for {{shares}} share of {{code}} was not approved. Reason: {{reason}}. ' +
      'The frozen {{amount}} is back in your available balance.',
    countedBy: 'shares',
  },
  inbox_block_dividend_title: {
    'zh-CN': '分红已到账',
    en: 'Dividend paid',
    ja: '配当金が入金されました',
  },
  inbox_block_dividend_body: {
    'zh-CN':
      '您持有的 {{code}} {{shares}} 股于权益登记日 {{record_date}} 获得每股 {{per_share}} 的分红，共 {{amount}}。',
    en:
      'Your {{shares}} shares of {{code}} held on the record date {{record_date}} received a dividend of ' +
      '{{per_share}} per share: {{amount}} in all.',
    ja: '権利確定日 {{record_date}} に保有していた {{code}} {{shares}} 株に、1株 {{per_share}} の配当金 {{amount}} が入金されました。',
    en_one:
      'Your {{shares}} share of {{code}} held on the record date {{record_date}} received a dividend of ' +
      '{{per_share}} per share: {{amount}} in all.',
    countedBy: 'shares',
  },
} as const satisfies CatalogueEntries;
