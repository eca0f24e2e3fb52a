import type { CatalogueEntries } from './entry';

/** Trading (issue "Markets and trading": orders, positions, risk disclosure). */
export const TRADING_MESSAGES = {
  price_required: { 'zh-CN': '请输入限价', en: 'Enter a limit price.', ja: '指値を入力してください。' },
  leverage_not_allowed: {
    'zh-CN': '不支持该杠杆倍数（可选：{{allowed}}）',
    en: 'This leverage is not offered (choose {{allowed}}).',
    ja: 'このレバレッジは選択できません（選択肢：{{allowed}}）。',
  },
  // Answered by leveraged or short orders, new-share subscriptions, block trades and copy-trading follows alike:
  // the text names none of them (a follower was told to read it "before trading with leverage").
  risk_disclosure_required: {
    'zh-CN': '请先阅读并确认风险揭示书',
    en: 'Read and acknowledge the risk disclosure first.',
    ja: '先にリスク説明書を読み、同意してください。',
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
  lockup_until: {
    'zh-CN': '锁定期内不可卖出：新股持仓自 {{date}} 起方可卖出',
    en: 'Lock-up: these new shares cannot be sold before {{date}}.',
    ja: 'ロックアップ期間中のため売却できません。{{date}}から売却できます。',
  },
  margin_added: {
    'zh-CN': '已追加保证金',
    en: 'Margin added.',
    ja: '証拠金を追加しました。',
  },
  margin_day_trade: {
    'zh-CN': '日内交易持仓的保证金来自当日参与资金，不能追加',
    en: 'A day-trade position’s margin comes from the day’s participation; margin cannot be added to it.',
    ja: 'デイトレードの建玉の証拠金は当日の参加資金から充当されるため、追加できません。',
  },
  margin_fully_paid: {
    'zh-CN': '该持仓为1倍全额买入（现金持仓），不会被强制平仓，无需追加保证金',
    en: 'This holding is fully paid (1×, cash): no margin call closes it, so there is no margin to add.',
    ja: 'この保有は全額支払い済み（1倍・現物）です。強制決済されないため、証拠金の追加は不要です。',
  },
} as const satisfies CatalogueEntries;
