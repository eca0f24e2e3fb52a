/**
 * Day trading (docs/decisions/0019-day-trading.md): refusals, successes and the inbox messages of a
 * review, a settlement and an application whose trade date passed unused.
 */
import type { CatalogueEntries } from './entry';

export const DAYTRADE_MESSAGES = {
  day_trade_market_t_plus_one: {
    'zh-CN': 'A 股实行 T+1：当日买入的股票当日不能卖出，因此不能日内交易。请选择日本或美国市场。',
    en:
      'China A-shares trade T+1: shares bought today cannot be sold the same day, so day trading is not ' +
      'possible there. Choose the Japanese or US market.',
    ja:
      '中国A株はT+1制のため、当日買い付けた株式を当日売却できず、デイトレードはできません。' +
      '日本または米国市場を選んでください。',
  },
  day_trade_min_participation: {
    'zh-CN': '参与金额低于最低 {{min}}，请提高金额',
    en: 'The participation is below the minimum of {{min}}. Enter at least that amount.',
    ja: '参加金額が最低額 {{min}} を下回っています。その金額以上を入力してください。',
  },
  day_trade_already_applied: {
    'zh-CN': '该市场 {{date}} 已有一笔日内交易申请，请在记录中查看',
    en: 'You already have a day-trading application for {{date}} on this market. See it in your records.',
    ja: 'この市場の {{date}} のデイトレード申込はすでにあります。履歴でご確認ください。',
  },
  day_trade_not_active: {
    'zh-CN': '该日内交易申请当前不可下单（未审核通过、已结算或不是今天的交易日）',
    en: 'This day-trading application cannot take orders now (not approved yet, settled, or not for today).',
    ja: 'このデイトレード申込では現在発注できません（未承認、精算済み、または本日分ではありません）。',
  },
  day_trade_allowance_exceeded: {
    'zh-CN': '超出日内交易额度：剩余额度 {{remaining}}，请减少数量',
    en: 'This order exceeds your day-trading allowance: {{remaining}} remains. Reduce the quantity.',
    ja: 'デイトレード枠を超えています。残り枠は {{remaining}} です。数量を減らしてください。',
  },
  day_trade_applied: {
    'zh-CN': '日内交易申请已提交，参与金额已冻结，等待审核',
    en: 'Day-trading application submitted. The participation is held until it is reviewed.',
    ja: 'デイトレードを申し込みました。審査が終わるまで参加金額を拘束します。',
  },
  day_trade_stopped: {
    'zh-CN': '当日亏损已达到参与金额，今日日内交易已停止，不能再下单',
    en: 'The day’s losses reached your participation: day trading is stopped for today and takes no more orders.',
    ja: '本日の損失が参加金額に達したため、本日のデイトレードは停止され、これ以上発注できません。',
  },
  inbox_day_trade_stopped_title: {
    'zh-CN': '日内交易已止损',
    en: 'Day trading stopped',
    ja: 'デイトレード停止',
  },
  inbox_day_trade_stopped_body: {
    'zh-CN': '日内交易 {{order_no}} 的当日盈亏 {{pnl}} 已亏完参与金额 {{amount}}：未成交委托已撤销，持仓按市价平仓。',
    en:
      'Day trading {{order_no}} lost its participation of {{amount}} (the day so far: {{pnl}}): pending orders ' +
      'were cancelled and the positions are being closed at market.',
    ja:
      'デイトレード {{order_no}} の当日損益 {{pnl}} が参加金額 {{amount}} に達しました。' +
      '未約定の注文を取り消し、建玉を成行で決済します。',
  },
  inbox_day_trade_approved_title: {
    'zh-CN': '日内交易已批准',
    en: 'Day trading approved',
    ja: 'デイトレード承認',
  },
  inbox_day_trade_approved_body: {
    'zh-CN':
      '您的日内交易申请 {{order_no}} 已批准：{{date}} 的日内额度为 {{allowance}}，收盘时未平仓的持仓将按市价平仓。',
    en:
      'Your day-trading application {{order_no}} was approved: your allowance for {{date}} is {{allowance}}. ' +
      'Positions still open at the close are closed at market.',
    ja:
      'デイトレード申込 {{order_no}} を承認しました。{{date}} の取引枠は {{allowance}} です。' +
      '大引けに残る建玉は成行で決済されます。',
  },
  inbox_day_trade_rejected_title: {
    'zh-CN': '日内交易未获批准',
    en: 'Day trading not approved',
    ja: 'デイトレード非承認',
  },
  inbox_day_trade_rejected_body: {
    'zh-CN': '您的日内交易申请 {{order_no}} 未获批准。原因：{{reason}}。冻结的参与金额 {{amount}} 已退回可用余额。',
    en:
      'Your day-trading application {{order_no}} was not approved. Reason: {{reason}}. The participation of ' +
      '{{amount}} is back in your available balance.',
    ja:
      'デイトレード申込 {{order_no}} は承認されませんでした。理由：{{reason}}。' +
      '拘束していた参加金額 {{amount}} を利用可能残高に戻しました。',
  },
  inbox_day_trade_settled_title: {
    'zh-CN': '日内交易已结算',
    en: 'Day trading settled',
    ja: 'デイトレード精算完了',
  },
  inbox_day_trade_settled_body: {
    'zh-CN':
      '{{date}} 的日内交易 {{order_no}} 已在收盘后结算：当日盈亏 {{pnl}}（已实现 {{realised}}，手续费 {{fees}}），' +
      '参与金额 {{amount}} 已解冻。',
    en:
      'Day trading {{order_no}} of {{date}} was settled after the close: the day’s profit or loss is {{pnl}} ' +
      '(realised {{realised}}, fees {{fees}}); the participation of {{amount}} is released.',
    ja:
      '{{date}} のデイトレード {{order_no}} を大引け後に精算しました。当日損益 {{pnl}}（実現損益 {{realised}}、' +
      '手数料 {{fees}}）。参加金額 {{amount}} の拘束を解除しました。',
  },
  inbox_day_trade_expired_title: {
    'zh-CN': '日内交易申请已失效',
    en: 'Day-trading application lapsed',
    ja: 'デイトレード申込失効',
  },
  inbox_day_trade_expired_body: {
    'zh-CN': '日内交易申请 {{order_no}} 的交易日 {{date}} 已过且未交易，冻结的参与金额 {{amount}} 已退回可用余额。',
    en:
      'The trade date {{date}} of day-trading application {{order_no}} passed without a trade. The participation ' +
      'of {{amount}} is back in your available balance.',
    ja:
      'デイトレード申込 {{order_no}} の取引日 {{date}} が取引のないまま過ぎたため、' +
      '拘束していた参加金額 {{amount}} を利用可能残高に戻しました。',
  },
} as const satisfies CatalogueEntries;
