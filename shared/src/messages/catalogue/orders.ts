import type { CatalogueEntries } from './entry';

/** Advanced orders (issue 13: outside hours, validity, stop, OCO, IFD; contract areas/trade-orders.ts). */
export const ORDER_MESSAGES = {
  trigger_required: {
    'zh-CN': '请输入触发价',
    en: 'Enter a trigger price.',
    ja: 'トリガー価格を入力してください。',
  },
  trigger_already_reached: {
    'zh-CN': '现价 {{price}} 已达到触发价，请改用普通委托或调整触发价',
    en: 'The price {{price}} has already reached the trigger: place a normal order or move the trigger.',
    ja: '現在値 {{price}} がすでにトリガー価格に達しています。通常注文にするか、トリガー価格を変更してください。',
  },
  oco_prices_order: {
    'zh-CN': 'OCO：买入时限价须低于触发价，卖空时限价须高于触发价',
    en: 'OCO: a buy’s limit must be below its trigger, a short’s limit above it.',
    ja: 'OCO：買いは指値をトリガー価格より低く、売りは高く設定してください。',
  },
  validity_past: {
    'zh-CN': '有效期不能早于交易日',
    en: 'The validity cannot end before the trading day the order trades in.',
    ja: '有効期限は注文が執行される取引日より前にできません。',
  },
  validity_beyond: {
    'zh-CN': '有效期最长至 {{max}}（15 个交易日）',
    en: 'An order can be valid until {{max}} at the latest (15 business days).',
    ja: '有効期限は最長 {{max}} までです（15 営業日）。',
  },
  take_profit_side: {
    'zh-CN': '止盈价须在 {{price}} 的盈利一侧（买入高于、卖空低于）',
    en: 'The take-profit must be on the profit side of {{price}} (above for a buy, below for a short).',
    ja: '利益確定の価格は {{price}} の利益側（買いは上、売りは下）に設定してください。',
  },
  stop_loss_side: {
    'zh-CN': '止损价须在 {{price}} 的亏损一侧（买入低于、卖空高于）',
    en: 'The stop-loss must be on the loss side of {{price}} (below for a buy, above for a short).',
    ja: '損切りの価格は {{price}} の損失側（買いは下、売りは上）に設定してください。',
  },
  order_not_pending: {
    'zh-CN': '该订单已不在等待成交状态，无法修改',
    en: 'This order is no longer waiting, so it cannot be changed.',
    ja: 'この注文はすでに待機中ではないため、訂正できません。',
  },
  nothing_to_change: {
    'zh-CN': '请修改价格、触发价或数量后再提交',
    en: 'Change the price, the trigger or the quantity first.',
    ja: '価格、トリガー価格または数量を変更してください。',
  },
  order_modified: { 'zh-CN': '订单已修改', en: 'Order changed.', ja: '注文を訂正しました。' },
  exits_saved: {
    'zh-CN': '止盈止损已设置',
    en: 'Take-profit and stop-loss saved.',
    ja: '利益確定・損切りを設定しました。',
  },
  order_waiting: {
    'zh-CN': '已受理，将于 {{opens}} 开盘后执行',
    en: 'Order accepted: it waits for the open at {{opens}}.',
    ja: '注文を受け付けました。{{opens}} の取引開始後に執行されます。',
  },
  inbox_order_expired_title: { 'zh-CN': '订单已过期', en: 'Order expired', ja: '注文が失効しました' },
  inbox_order_expired_body: {
    'zh-CN': '您的订单 {{code}}（订单号 {{order_no}}）至 {{date}} 收盘未成交，已失效，冻结资金已释放。',
    en:
      'Your order {{code}} (order {{order_no}}) did not fill by the close on {{date}} and has expired; ' +
      'its held money was released.',
    ja: 'ご注文 {{code}}（注文番号 {{order_no}}）は {{date}} の取引終了までに約定しなかったため失効し、拘束金を解除しました。',
  },
  inbox_order_unfunded_title: { 'zh-CN': '订单已取消', en: 'Order cancelled', ja: '注文を取り消しました' },
  inbox_order_unfunded_body: {
    'zh-CN':
      '您的订单 {{code}}（订单号 {{order_no}}）在 {{price}} 成交所需保证金超出可用余额，已取消，冻结资金已释放。',
    en:
      'Your order {{code}} (order {{order_no}}) would have needed more margin at {{price}} than you have ' +
      'available, so it was cancelled and its held money released.',
    ja: 'ご注文 {{code}}（注文番号 {{order_no}}）は {{price}} での約定に必要な証拠金が余力を超えたため取り消し、拘束金を解除しました。',
  },
  // The opening stop is a stop entry (触发单), not a stop-loss (issue 35).
  inbox_stop_triggered_title: { 'zh-CN': '触发单已触发', en: 'Stop entry triggered', ja: '逆指値注文が発動しました' },
  inbox_stop_triggered_body: {
    'zh-CN': '您的触发单 {{code}}（订单号 {{order_no}}）价格达到触发价 {{trigger}}，已于 {{price}} 执行。',
    en: 'Your stop entry {{code}} (order {{order_no}}) reached its trigger {{trigger}} and was executed at {{price}}.',
    ja: '逆指値注文 {{code}}（注文番号 {{order_no}}）はトリガー価格 {{trigger}} に達し、{{price}} で執行されました。',
  },
  inbox_oco_filled_title: { 'zh-CN': 'OCO 订单已成交', en: 'OCO order filled', ja: 'OCO注文が約定しました' },
  // The inbox stores one event key per message (inbox_<event>_title/_body): each OCO body has the same title.
  inbox_oco_limit_filled_title: { 'zh-CN': 'OCO 订单已成交', en: 'OCO order filled', ja: 'OCO注文が約定しました' },
  inbox_oco_stop_filled_title: { 'zh-CN': 'OCO 订单已成交', en: 'OCO order filled', ja: 'OCO注文が約定しました' },
  inbox_oco_limit_filled_body: {
    'zh-CN': '您的 OCO 订单 {{code}}（订单号 {{order_no}}）限价单已于 {{price}} 成交，止损单已自动取消。',
    en: 'Your OCO order {{code}} (order {{order_no}}): the limit leg filled at {{price}}; the stop leg was cancelled.',
    ja: 'OCO注文 {{code}}（注文番号 {{order_no}}）の指値が {{price}} で約定し、逆指値は取り消されました。',
  },
  inbox_oco_stop_filled_body: {
    'zh-CN': '您的 OCO 订单 {{code}}（订单号 {{order_no}}）止损单已于 {{price}} 成交，限价单已自动取消。',
    en: 'Your OCO order {{code}} (order {{order_no}}): the stop leg filled at {{price}}; the limit leg was cancelled.',
    ja: 'OCO注文 {{code}}（注文番号 {{order_no}}）の逆指値が {{price}} で約定し、指値は取り消されました。',
  },
  inbox_take_profit_title: { 'zh-CN': '止盈平仓', en: 'Take-profit: position closed', ja: '利益確定の決済' },
  inbox_take_profit_body: {
    'zh-CN':
      '您的持仓 {{code}}（订单号 {{order_no}}）达到止盈价 {{exit}}，已按市价 {{price}} 平仓。盈亏 {{pnl}}，手续费 {{fee}}。',
    en:
      'Your position {{code}} (order {{order_no}}) reached its take-profit {{exit}} and was closed at {{price}}. ' +
      'P&L {{pnl}}, fee {{fee}}.',
    ja: 'ポジション {{code}}（注文番号 {{order_no}}）が利益確定価格 {{exit}} に達し、{{price}} で決済しました。損益 {{pnl}}、手数料 {{fee}}。',
  },
  inbox_stop_loss_title: { 'zh-CN': '止损平仓', en: 'Stop-loss: position closed', ja: '損切りの決済' },
  inbox_stop_loss_body: {
    'zh-CN':
      '您的持仓 {{code}}（订单号 {{order_no}}）达到止损价 {{exit}}，已按市价 {{price}} 平仓。盈亏 {{pnl}}，手续费 {{fee}}。',
    en:
      'Your position {{code}} (order {{order_no}}) reached its stop-loss {{exit}} and was closed at {{price}}. ' +
      'P&L {{pnl}}, fee {{fee}}.',
    ja: 'ポジション {{code}}（注文番号 {{order_no}}）が損切り価格 {{exit}} に達し、{{price}} で決済しました。損益 {{pnl}}、手数料 {{fee}}。',
  },
} satisfies CatalogueEntries;
