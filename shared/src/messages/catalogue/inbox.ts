import type { CatalogueEntries } from './entry';

/** Inbox messages: stored as key + values, rendered in the reader's language. */
export const INBOX_MESSAGES = {
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
  inbox_correction_posted_title: { 'zh-CN': '余额已调整', en: 'Balance corrected', ja: '残高が訂正されました' },
  inbox_correction_posted_body: {
    'zh-CN':
      '运营人员已对您的余额进行调整：{{amount}}（订单号 {{order_no}}），原因：{{reason}}。调整经第二名运营人员批准后入账，' +
      '可在资金记录中查看；调整后可用余额 {{available}}。',
    en:
      'An operator corrected your balance by {{amount}} (order {{order_no}}). Reason: {{reason}}. A second operator ' +
      'approved it before it was booked; it is in your fund records. Available after the correction: {{available}}.',
    ja:
      '担当者が残高を {{amount}} 訂正しました（注文番号 {{order_no}}）。理由：{{reason}}。別の担当者の承認後に記帳され、' +
      '資金履歴で確認できます。訂正後の利用可能残高：{{available}}。',
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
  inbox_new_share_listed_title: { 'zh-CN': '新股已上市', en: 'New share listed', ja: '新規公開株が上場しました' },
  inbox_new_share_listed_body: {
    'zh-CN':
      '{{code}} 今日上市：您认购的 {{quantity}} 股已按发行价 {{price}} 转为持仓（1 倍多头），可在持仓中查看。' +
      '锁定期至 {{date}}，届时方可卖出。',
    en:
      '{{code}} listed today: your {{quantity}} shares are now a holding at the issue price {{price}} (1× long), ' +
      'shown in your positions. Lock-up: they can be sold from {{date}}.',
    ja:
      '{{code}} が本日上場しました。ご購入の {{quantity}} 株は公開価格 {{price}} の保有銘柄（1倍・買い）となり、' +
      'ポジションで確認できます。ロックアップにより {{date}} から売却できます。',
    en_one:
      '{{code}} listed today: your {{quantity}} share is now a holding at the issue price {{price}} (1× long), ' +
      'shown in your positions. Lock-up: it can be sold from {{date}}.',
    countedBy: 'quantity',
  },
} as const satisfies CatalogueEntries;
