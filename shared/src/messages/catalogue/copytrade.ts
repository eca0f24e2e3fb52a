import type { CatalogueEntries } from './entry';

/** Copy trading (docs/decisions/0018-copy-trading.md): inbox messages of a follow and its redemption. */
export const COPYTRADE_MESSAGES = {
  inbox_copy_followed_title: { 'zh-CN': '跟单已受理', en: 'Follow placed', ja: 'コピートレード申込受付' },
  inbox_copy_followed_body: {
    'zh-CN': '您已跟单 {{product}}，冻结 {{amount}}。份额按 {{started_on}} 收盘净值买入，锁定期至 {{lock_ends_on}}。',
    en:
      'You followed {{product}}; {{amount}} is held. Units are bought at the closing value of {{started_on}}; ' +
      'the lock-up ends on {{lock_ends_on}}.',
    ja:
      '{{product}} に申し込み、{{amount}} を拘束しました。口数は {{started_on}} 終値の基準価額で購入し、' +
      'ロックアップは {{lock_ends_on}} までです。',
  },
  inbox_copy_redeemed_title: { 'zh-CN': '跟单已到期赎回', en: 'Follow redeemed', ja: 'コピートレード満期解約' },
  inbox_copy_redeemed_body: {
    'zh-CN':
      '{{product}} 锁定期于 {{lock_ends_on}} 结束，本金 {{amount}} 已按收盘净值赎回，退回 {{returned}}（盈亏 {{profit}}）。',
    en:
      'The lock-up of {{product}} ended on {{lock_ends_on}}: your {{amount}} was redeemed at the closing value and ' +
      '{{returned}} returned to your balance (profit or loss {{profit}}).',
    ja:
      '{{product}} のロックアップが {{lock_ends_on}} に終了し、元本 {{amount}} を終値の基準価額で解約しました。' +
      '{{returned}} を残高に戻しました（損益 {{profit}}）。',
  },
} as const satisfies CatalogueEntries;
