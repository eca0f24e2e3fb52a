import type { CatalogueEntries } from './entry';

/** Money: deposits, withdrawals, exchange, loans, corrections (server funds slice). */
export const MONEY_MESSAGES = {
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
} as const satisfies CatalogueEntries;
