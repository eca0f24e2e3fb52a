/**
 * New shares (issue 11, docs/decisions/0016-new-share-lottery.md): refusals and the inbox messages of
 * every step (subscribed, won, not won, paid, declined, expired, withdrawn). The spec's own keys
 * (not_subscription_time, new_share_once, subscribe_success) live in business.ts and validation.ts.
 */
import type { CatalogueEntries } from './entry';

export const IPO_MESSAGES = {
  new_share_not_found: {
    'zh-CN': '新股不存在或已撤回',
    en: 'This new share does not exist or was withdrawn.',
    ja: 'このIPO銘柄は存在しないか、取り下げられました。',
  },
  subscription_closed: {
    'zh-CN': '申购已于 {{closes}} 截止',
    en: 'Subscription closed at {{closes}}.',
    ja: '申込期間は {{closes}} に終了しました。',
  },
  quantity_not_lot_multiple: {
    'zh-CN': '申购数量须为每手 {{lot}} 股的整数倍',
    en: 'The quantity must be a whole number of lots (lot size: {{lot}}).',
    ja: '数量は1単元 {{lot}} 株の整数倍で指定してください。',
  },
  subscription_cap_exceeded: {
    'zh-CN': '超过申购上限 {{cap}} 股',
    en: 'The quantity is above the subscription cap ({{cap}}).',
    ja: '申込上限は {{cap}} 株です。',
  },
  allotment_not_payable: {
    'zh-CN': '该申购无需缴款或已处理',
    en: 'There is no payment due on this subscription (already answered, or nothing allotted).',
    ja: 'この申込に購入手続きはありません（手続き済み、または当選なし）。',
  },
  payment_deadline_passed: {
    'zh-CN': '缴款截止时间 {{deadline}} 已过，视为放弃',
    en: 'The payment deadline {{deadline}} has passed; the allotment was abstained.',
    ja: '購入申込期限 {{deadline}} を過ぎたため、辞退扱いとなりました。',
  },
  draw_not_published: {
    'zh-CN': '尚未抽签，抽签后公布结果',
    en: 'The draw has not run yet; its results are published after it.',
    ja: '抽選はまだ行われていません。抽選後に結果を公開します。',
  },
  new_share_not_editable: {
    'zh-CN': '申购已开始，不能再修改',
    en: 'The subscription window has opened; the issue can no longer be edited.',
    ja: '申込期間が始まったため、変更できません。',
  },
  new_share_dates_invalid: {
    'zh-CN': '日期顺序不正确：开始 < 截止 ≤ 抽签 < 缴款截止 ≤ 上市 ≤ 交割',
    en: 'The dates must be in order: opens < closes ≤ draw < payment deadline ≤ listing ≤ distribution.',
    ja: '日付の順序が正しくありません：開始 < 締切 ≤ 抽選 < 購入期限 ≤ 上場 ≤ 受渡。',
  },
  new_share_window_open: {
    'zh-CN': '申购尚未截止（{{closes}}），不能抽签',
    en: 'The subscription window is still open (until {{closes}}); the draw cannot run yet.',
    ja: '申込期間中（{{closes}} まで）のため、まだ抽選できません。',
  },
  new_share_already_listed: {
    'zh-CN': '该新股已上市，不能撤回',
    en: 'This new share has already listed and cannot be withdrawn.',
    ja: '上場済みのため取り下げできません。',
  },
  inbox_new_share_subscribed_title: { 'zh-CN': '新股申购已受理', en: 'Subscription received', ja: 'IPO申込受付' },
  inbox_new_share_subscribed_body: {
    'zh-CN':
      '您已申购 {{code}} {{quantity}} 股（申购编号 {{application_no}}），冻结 {{amount}}。抽签时间：{{draw_at}}。',
    en:
      'You subscribed for {{quantity}} shares of {{code}} (application no. {{application_no}}); {{amount}} is held ' +
      'until the draw at {{draw_at}}.',
    ja: '{{code}} を {{quantity}} 株申し込みました（申込番号 {{application_no}}）。抽選（{{draw_at}}）まで {{amount}} を拘束します。',
    en_one:
      'You subscribed for {{quantity}} share of {{code}} (application no. {{application_no}}); {{amount}} is held ' +
      'until the draw at {{draw_at}}.',
    countedBy: 'quantity',
  },
  inbox_new_share_won_title: {
    'zh-CN': '新股中签，请缴款',
    en: 'You won: payment due',
    ja: 'IPO当選：購入手続きのお願い',
  },
  inbox_new_share_won_body: {
    'zh-CN': '{{code}} 中签 {{allotted}} 股，应缴 {{amount}}。请于 {{deadline}} 前确认缴款或放弃，逾期视为放弃。',
    en:
      'You were allotted {{allotted}} shares of {{code}}; {{amount}} is due. Confirm or decline by {{deadline}}; ' +
      'no answer by then counts as declined.',
    ja: '{{code}} が {{allotted}} 株当選しました（購入代金 {{amount}}）。{{deadline}} までに購入または辞退を選んでください。期限を過ぎると辞退扱いになります。',
    en_one:
      'You were allotted {{allotted}} share of {{code}}; {{amount}} is due. Confirm or decline by {{deadline}}; ' +
      'no answer by then counts as declined.',
    countedBy: 'allotted',
  },
  inbox_new_share_not_won_title: {
    'zh-CN': '新股未中签，资金已退回',
    en: 'Not won: funds returned',
    ja: 'IPO落選：資金返却',
  },
  inbox_new_share_not_won_body: {
    'zh-CN': '{{code}} 未中签，冻结的 {{amount}} 已退回可用余额。抽签数据可在新股详情中核验。',
    en:
      'Your subscription to {{code}} was not drawn; the {{amount}} held is back in your balance. ' +
      'You can verify the draw on the issue’s page.',
    ja: '{{code}} は落選しました。拘束していた {{amount}} は利用可能残高に戻りました。抽選は銘柄詳細で検証できます。',
  },
  inbox_new_share_paid_title: { 'zh-CN': '新股缴款成功', en: 'Allotment paid', ja: 'IPO購入完了' },
  inbox_new_share_paid_body: {
    'zh-CN':
      '{{code}} {{allotted}} 股已认购，金额 {{amount}}，其余资金已释放。该金额冻结至上市日 {{listing_at}}，届时转为持仓。',
    en:
      'You bought {{allotted}} shares of {{code}} for {{amount}}; the rest of the hold is released. The amount ' +
      'stays frozen until the listing ({{listing_at}}) turns it into your holding.',
    ja:
      '{{code}} {{allotted}} 株を {{amount}} で購入し、残りの拘束を解除しました。購入代金は上場日（{{listing_at}}）' +
      'まで拘束され、上場時に保有銘柄になります。',
    en_one:
      'You bought {{allotted}} share of {{code}} for {{amount}}; the rest of the hold is released. The amount ' +
      'stays frozen until the listing ({{listing_at}}) turns it into your holding.',
    countedBy: 'allotted',
  },
  inbox_new_share_declined_title: { 'zh-CN': '已放弃新股认购', en: 'Allotment declined', ja: 'IPO購入を辞退しました' },
  inbox_new_share_declined_body: {
    'zh-CN': '您已放弃 {{code}} 的中签股份，冻结的 {{amount}} 已退回。',
    en: 'You declined your allotment of {{code}}; the {{amount}} held is back in your balance.',
    ja: '{{code}} の当選分を辞退しました。拘束していた {{amount}} は残高に戻りました。',
  },
  inbox_new_share_expired_title: {
    'zh-CN': '逾期未缴款，视为放弃',
    en: 'Payment deadline passed',
    ja: '購入期限切れ（辞退扱い）',
  },
  inbox_new_share_expired_body: {
    'zh-CN': '{{code}} 的中签股份未在 {{deadline}} 前确认，视为放弃，冻结的 {{amount}} 已退回。',
    en:
      'Your allotment of {{code}} was not confirmed by {{deadline}} and counts as declined; the {{amount}} held ' +
      'is back in your balance.',
    ja:
      '{{code}} の当選分が {{deadline}} までに購入されなかったため辞退扱いとなり、' +
      '拘束していた {{amount}} は残高に戻りました。',
  },
  inbox_new_share_withdrawn_title: { 'zh-CN': '新股发行已撤回', en: 'Issue withdrawn', ja: '公開の中止' },
  inbox_new_share_withdrawn_body: {
    'zh-CN': '{{code}} 的发行已撤回（{{reason}}），您的申购失败，冻结的 {{amount}} 已退回。',
    en:
      'The issue of {{code}} was withdrawn ({{reason}}); your subscription failed and the {{amount}} held is ' +
      'back in your balance.',
    ja: '{{code}} の公開は中止されました（{{reason}}）。申込は不成立となり、拘束していた {{amount}} は残高に戻りました。',
  },
} as const satisfies CatalogueEntries;
