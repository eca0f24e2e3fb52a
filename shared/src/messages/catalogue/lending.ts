/**
 * Securities lending and borrowing (docs/decisions/0023-securities-lending.md): refusals and successes of the
 * /lending/ area and the refusal to close lent shares.
 */
import type { CatalogueEntries } from './entry';

export const LENDING_MESSAGES = {
  lending_recall_first: {
    'zh-CN': '该持仓已出借，不能卖出。请先召回，股票在下一个交易日归还后即可卖出',
    en: 'These shares are lent. Recall them first: they come back on the next trading day and can then be sold.',
    ja: 'この銘柄は貸株中のため売却できません。先にリコールしてください。翌営業日に返却された後に売却できます。',
  },
  lending_returning_on: {
    'zh-CN': '该持仓已召回，将于 {{date}} 归还，归还后即可卖出',
    en: 'These shares were recalled and come back on {{date}}; you can sell them from then.',
    ja: 'この銘柄はリコール済みで {{date}} に返却されます。返却後に売却できます。',
  },
  lending_not_holding: {
    'zh-CN': '只有持有中的股票可以出借',
    en: 'Only shares you hold can be lent.',
    ja: '保有中の株式のみ貸し出せます。',
  },
  lending_leveraged: {
    'zh-CN': '杠杆持仓不能出借，只有 1 倍的现货持仓可以出借',
    en: 'Leveraged positions cannot be lent; only 1× holdings can.',
    ja: 'レバレッジ建玉は貸し出せません。1 倍の現物保有のみ貸し出せます。',
  },
  lending_day_trade: {
    'zh-CN': '日内交易的持仓不能出借',
    en: 'Day-trading positions cannot be lent.',
    ja: 'デイトレードの建玉は貸し出せません。',
  },
  lending_locked: {
    'zh-CN': '该持仓在 {{date}} 之前不能卖出，也不能出借',
    en: 'This holding cannot be sold or lent before {{date}}.',
    ja: 'この保有株は {{date}} まで売却も貸出もできません。',
  },
  lending_already_lent: {
    'zh-CN': '该持仓已经出借',
    en: 'This holding is already lent.',
    ja: 'この保有株はすでに貸出中です。',
  },
  lending_not_lent: {
    'zh-CN': '该出借已召回或已归还',
    en: 'This lending was already recalled or returned.',
    ja: 'この貸株はすでにリコールまたは返却済みです。',
  },
  lending_lent: {
    'zh-CN': '已出借，出借费每日入账',
    en: 'Shares lent. The fee is paid daily.',
    ja: '貸し出しました。貸株料は毎日入金されます。',
  },
  lending_recalled: {
    'zh-CN': '已召回，股票将于下一个交易日归还',
    en: 'Recalled. The shares come back on the next trading day.',
    ja: 'リコールしました。株式は翌営業日に返却されます。',
  },
  borrow_market_unsupported: {
    'zh-CN': '借券目前只支持日本市场的股票（信用额度以日元计）',
    en: 'Only Japanese stocks can be borrowed (the credit limit is in JPY).',
    ja: '借株は日本株のみ対象です（信用枠は円建てです）。',
  },
  borrow_not_active: {
    'zh-CN': '该借券已归还',
    en: 'This borrowing was already returned.',
    ja: 'この借株はすでに返済済みです。',
  },
  borrow_return_insufficient: {
    'zh-CN': '归还需要 {{amount}}（按市价买回加借券费），可用余额不足，请先入金',
    en: 'The return needs {{amount}} (the buy-back at market plus the fee); deposit first.',
    ja: '返済には {{amount}}（時価での買戻し代金と貸借料）が必要です。先に入金してください。',
  },
  borrow_done: {
    'zh-CN': '借券成功，已按市价卖出，卖出款冻结至归还',
    en: 'Shares borrowed and sold at market; the proceeds are held until the return.',
    ja: '借株を時価で売却しました。売却代金は返済まで拘束されます。',
  },
  borrow_returned: {
    'zh-CN': '已按市价买回并归还，借券费已扣除',
    en: 'Bought back at market and returned; the fee was paid.',
    ja: '時価で買い戻して返済しました。貸借料を支払いました。',
  },
  inbox_borrow_bought_in_title: {
    'zh-CN': '借券已到期买回',
    en: 'Borrowed shares bought back',
    ja: '借株を期日に買い戻しました',
  },
  inbox_borrow_bought_in_body: {
    'zh-CN':
      '融券订单 {{order}}（{{code}} × {{quantity}}）已到归还日，已按市价 {{price}} 买回并归还，支付借券费 {{fee}}。',
    en:
      'Credit-stock order {{order}} ({{code}} × {{quantity}}) reached its return date: the shares were bought back ' +
      'at the market price {{price}} and returned, and the fee of {{fee}} was paid.',
    ja:
      '信用株式注文 {{order}}（{{code}} × {{quantity}}）が返済日を迎えたため、時価 {{price}} で買い戻して返済し、' +
      '貸借料 {{fee}} を支払いました。',
  },
} as const satisfies CatalogueEntries;
