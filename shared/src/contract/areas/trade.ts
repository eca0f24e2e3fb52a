/**
 * Area /trade/ (orders part): orders and positions, the trading rules and the risk disclosure. The
 * holdings and order lists of spec §7 are in trade-holdings.ts. Every call needs a session.
 *
 * Issue "Markets and trading", orders and positions (spec §2 trade form, §3 Position, §4 position
 * states, §5 "price within the daily limit", "no selling on day T+1", §9 one lot = one share).
 * Money and prices are decimal strings; quantities are integer share counts as strings.
 *
 * One row per order (table `positions`): an order is a position in the making. `status` is the
 * spec's small integer, `state` its name:
 *   3 pending    a limit order waiting for the price to cross (money held: margin + opening fee)
 *   4 cancelled  a pending order cancelled by the user (hold released)
 *   0 holding    filled: margin held, opening fee paid
 *   1 closing    "preparing to close" (sell application); the matcher fills it at market within a second
 *   2 closed     settled: margin released, P&L and closing fee booked in the ledger
 * Only a pending order can be cancelled and only a holding position closed; anything else answers
 * `order_not_holding` (spec §8 "Order not in holding state, do not repeat").
 *
 * Arithmetic (docs/decisions/0009-trading-rules.md), each amount rounded half-even to the
 * currency's minor unit (JPY 0, USD/CNY 2 decimals):
 *   margin = price × quantity ÷ leverage        fee = price × quantity × fee_rate (on open and on close)
 *   P&L (long)  = (sell − buy) × quantity       P&L (short) = (buy − sell) × quantity
 *   margin call: margin + unrealised P&L < maintenance_ratio × margin → closed at market
 */
import { z } from 'zod';
import { decimalString, langField, marketType, plainString } from '../common';
import { idField } from '../fields';
import { stockCode } from './stock';
import { advancedOrderFields, CLOSED_BY, localDateField, optionalPrice, orderType } from './trade-order-fields';

export const tradeSide = z.enum(['long', 'short'], { error: 'field_invalid' });
export const priceType = z.enum(['limit', 'market'], { error: 'field_invalid' });
/** Where a position came from: an order, a block-trade allotment, a new-share (IPO) allotment. */
export const POSITION_SOURCES = ['order', 'block', 'new_share'] as const;
export const positionSource = z.enum(POSITION_SOURCES);
export const POSITION_STATES = ['holding', 'closing', 'closed', 'pending', 'cancelled'] as const;
/** state name by status number (0..4). */
export const positionState = z.enum(POSITION_STATES);

/**
 * /trade/order: place an order (idempotent: send an Idempotency-Key header; a retry answers the
 * first order). `price` is required for a limit order (price_required) and ignored for a market
 * order; `quantity` is a whole number of shares (quantity_required when missing); `leverage` one of
 * /trade/config's `leverages`. Refusals: not_trading_time {opens}, price_beyond_limit {down, up},
 * insufficient_balance, quantity_required, price_required, price_unavailable, stock_not_found,
 * leverage_not_allowed {allowed}, risk_disclosure_required (leverage > 1 or short, current version
 * not acknowledged), realname_required, trading_disabled {reason} (the operator's, "-" if none), account_frozen.
 * A market order fills at once at the last price (status 0) while the market is open; a limit order waits
 * (status 3). Outside hours and at lunch every order waits (issue 13); the advanced fields (order_type,
 * trigger_price, valid_until, take_profit, stop_loss) are described in trade-orders.ts, with their refusals
 * trigger_required, trigger_already_reached {price}, oco_prices_order, validity_past, validity_beyond {max},
 * take_profit_side {price}, stop_loss_side {price}.
 */
export const placeOrderRequest = z
  .object({
    code: stockCode,
    market: marketType.default('jpy'),
    side: tradeSide,
    price_type: priceType.default('market'),
    price: plainString().trim().optional(),
    quantity: z
      .string({ error: 'quantity_required' })
      .trim()
      .min(1, 'quantity_required')
      .regex(/^0*[1-9]\d{0,8}$/, 'field_invalid'),
    leverage: z.coerce.number({ error: 'field_invalid' }).int('field_invalid').positive('field_invalid').default(1),
    order_type: orderType.default('normal'),
    trigger_price: optionalPrice,
    valid_until: localDateField,
    take_profit: optionalPrice,
    stop_loss: optionalPrice,
    /** The reader's language: the answer names the stock in it (default zh-CN); not part of the order. */
    lang: langField,
  })
  .superRefine((v, ctx) => {
    if (v.order_type !== 'normal' && !v.trigger_price)
      ctx.addIssue({ code: 'custom', message: 'trigger_required', path: ['trigger_price'] });
    if (v.order_type === 'oco' && v.price_type !== 'limit')
      ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['price_type'] });
    if (v.price_type !== 'limit') return;
    if (v.price === undefined || v.price === '')
      ctx.addIssue({ code: 'custom', message: 'price_required', path: ['price'] });
    else if (!/^\d+(\.\d{1,8})?$/.test(v.price) || !/[1-9]/.test(v.price))
      ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['price'] });
  });

/** An order / position with every field of spec §3 Position. */
export const tradePosition = z.object({
  id: z.number().int(),
  /** Order number (spec §3). */
  order_no: z.string(),
  market: marketType,
  currency: z.string(),
  code: z.string(),
  name: z.string(),
  direction: tradeSide,
  price_type: priceType,
  leverage: z.number().int(),
  status: z.number().int(),
  state: positionState,
  /** Quantity held (shares). */
  stock_num: z.string(),
  /** The limit of a limit order (null for market orders). */
  limit_price: decimalString.nullable(),
  /** Buy (opening) price: the fill price; a pending order shows its limit. */
  buy_price: decimalString,
  /** Initial margin = buy price × quantity ÷ leverage (held while open). */
  margin: decimalString,
  /** Original deposit / cost: the money the position holds (the margin; counted in frozen). */
  cost: decimalString,
  /** Opening fee (paid at fill; held with the margin while pending). */
  fee: decimalString,
  /** Closing fee (null until closed). */
  close_fee: decimalString.nullable(),
  /** Current price (the closing price once closed). */
  nowprice: decimalString,
  /** Market value = current price × quantity. */
  market_value: decimalString,
  /** P&L: unrealised while holding, realised (before fees) once closed, 0 while pending. */
  yingkui: decimalString,
  /** P&L rate in percent of the margin, 2 decimals ("12.50" is +12.5 %). */
  pnl_rate: decimalString,
  /** Selling (closing) price, null until closed. */
  sell_price: decimalString.nullable(),
  /** Loss beyond the account's money that the house covered (negative-balance protection), null if none. */
  protection: decimalString.nullable(),
  /** Who closed it: the user, or a margin call. */
  closed_by: z.enum(CLOSED_BY).nullable(),
  /** Order time, buy (fill) time, close request time, sell (close) time, cancel time: ISO or null. */
  created_at: z.string(),
  buy_time: z.string().nullable(),
  close_requested_at: z.string().nullable(),
  sell_time: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /**
   * The first local date it may be closed: China's T+1 or the end of a new share's lock-up, whichever is later
   * (null when neither applies); `closable_reason` says which.
   */
  closable_from: z.string().nullable(),
  closable_reason: z.enum(['lockup', 't_plus_one']).nullable().optional(),
  /** Whether a holding may be closed now (false before `closable_from`; false when not holding). */
  closable: z.boolean().optional(),
  /**
   * Open positions (holding, preparing to close): the live maintenance ratio, equity (margin + unrealised
   * P&L) ÷ margin, 4 decimals ("0.8731"); the margin call closes the position when it falls below
   * `margin_call_ratio` (the rule, /trade/config's maintenance_ratio). `liquidation_price` is the price at
   * which that happens (a long is closed below it, a short above it; null when no price closes a long).
   * All three are null for orders that are not open.
   */
  maintenance_ratio: decimalString.nullable().optional(),
  liquidation_price: decimalString.nullable().optional(),
  margin_call_ratio: decimalString.nullable().optional(),
  /** A day-trade order (day trading): its margin comes from the day's participation, none can be added. */
  day_trade: z.boolean().optional(),
  /**
   * Issue 35 "1× is cash": a long at 1× (an IPO or block allocation, or a 1× buy) is fully paid: no margin call
   * closes it, so it has no liquidation price (null) and no margin can be added (margin_fully_paid).
   */
  fully_paid: z.boolean().optional(),
  /**
   * Where the position came from (issue 35: a block holding is not an ordinary order): `order` placed through
   * /trade/order, `block` an approved block-trade allotment, `new_share` an IPO allotment. A granted holding's
   * lock-up end is `closable_from` with `closable_reason` lockup.
   */
  source: positionSource.optional(),
  /** Closed positions: realised P&L after fees = yingkui − fee − close_fee (the balance gained); null while open. */
  net_pnl: decimalString.nullable().optional(),
  /** Issue 13: order type, trigger, OCO leg, validity, IFD exits, cancel reason (trade-orders.ts). */
  ...advancedOrderFields,
  simulated: z.boolean(),
});

/**
 * /trade/addMargin (spec §5 "additional margin must be a positive integer"; idempotent: send an
 * Idempotency-Key): moves `amount` (a positive whole amount in the position's currency) from the available
 * balance into the position's margin hold and raises its margin, so its liquidation price moves away from
 * the price. Refusals: margin_positive_integer, order_not_holding (pending, preparing to close, closed),
 * margin_day_trade (a day-trade position's margin comes from the day's participation), margin_fully_paid (a 1×
 * long is cash: nothing to add), insufficient_balance, not_found. Answers the position.
 */
export const addMarginRequest = z.object({
  id: idField,
  amount: z
    .string({ error: 'margin_positive_integer' })
    .trim()
    .regex(/^0*[1-9]\d{0,11}$/, 'margin_positive_integer'),
  /** Language of the stock name in the answer. */
  lang: langField,
});

/**
 * /trade/orders: the user's orders of one market, newest first. `status` filters: pending (3), cancelled (4),
 * filled (0, 1, 2), open (0, 1), closed (2), all.
 */
export const ordersRequest = z.object({
  market: marketType.default('jpy'),
  status: z
    .enum(['pending', 'cancelled', 'filled', 'open', 'closed', 'all'], { error: 'field_invalid' })
    .default('all'),
  page: z.coerce.number({ error: 'field_invalid' }).int('field_invalid').min(1, 'field_invalid').default(1),
  size: z.coerce
    .number({ error: 'field_invalid' })
    .int('field_invalid')
    .min(1, 'field_invalid')
    .max(50, 'field_invalid')
    .default(20),
  /** Language of the stock names (cn/us/jp or zh-CN/en/ja; default zh-CN). */
  lang: langField,
});
export const ordersAnswer = z.object({ list: z.array(tradePosition), total: z.number().int() });

/**
 * /trade/cancel (a pending order), /trade/close (a holding position: "preparing to close"), /trade/position
 * (detail).
 */
export const positionIdRequest = z.object({ id: idField, lang: langField });

/**
 * /trade/config: the trading rules the trade form shows, from the server's config (never hard-coded in a
 * client).
 */
export const tradeConfigRequest = z.object({ market: marketType.default('jpy') });

export const tradeConfig = z.object({
  market: marketType,
  currency: z.string(),
  /** Allowed leverage multiples, ascending (e.g. [1, 2, 5, 10]). */
  leverages: z.array(z.number().int()),
  /** Fee rate charged on open and on close, as a fraction ("0.0005" = 0.05 %). */
  fee_rate: decimalString,
  /** Maintenance ratio of the margin below which a margin call closes a position ("0.5"). */
  maintenance_ratio: decimalString,
  /** One lot is one share (spec §9). */
  lot: z.number().int(),
  /** True where a position cannot be closed on the day it opened (China). */
  t_plus_one: z.boolean(),
  /** The available balance in the market's currency (the trade form's "available"). */
  available: decimalString,
  market_status: z.enum(['open', 'lunch', 'closed']),
  next_open: z.string().nullable(),
  /** The local trade date an order placed now trades in (today while open or at lunch, else the next session). */
  order_session_date: z.string(),
  /** The latest `valid_until` an order placed now may carry (15 business days after order_session_date). */
  valid_until_max: z.string(),
  risk_disclosure_version: z.number().int(),
  /** Whether the user acknowledged the current version (needed for leverage > 1 or short). */
  risk_acknowledged: z.boolean(),
  simulated: z.boolean(),
});

/**
 * The risk disclosures (docs/decisions/0020-one-risk-disclosure.md): one mechanism, one disclosure per
 * `kind` with versioned texts in the three languages, acknowledged once per user, kind and version
 * (the first time kept). leverage: leverage > 1, short selling and financed block trades; new_share:
 * IPO subscriptions; copy_trade: following a copy-trading product; day_trade: day-trading
 * participation. A call that needs the acknowledgement is refused with risk_disclosure_required.
 */
export const RISK_KINDS = ['leverage', 'new_share', 'copy_trade', 'day_trade'] as const;
export const riskKind = z.enum(RISK_KINDS, { error: 'field_invalid' });
export type RiskKind = z.infer<typeof riskKind>;

/** A disclosure's current version in the requested language (the /ipo/ and /copy/ aliases take no kind). */
export const riskDisclosureRequest = z.object({ lang: langField });
/** /trade/riskDisclosure: the kind's (default leverage) current version in the requested language. */
export const riskKindDisclosureRequest = riskDisclosureRequest.extend({ kind: riskKind.default('leverage') });
export const riskDisclosure = z.object({
  version: z.number().int(),
  title: z.string(),
  text: z.string(),
  acknowledged: z.boolean(),
  acknowledged_at: z.string().nullable(),
});
/** Acknowledge a version (must be the current one; acknowledging twice keeps the first time). */
export const riskAckRequest = z.object({
  version: z.coerce.number({ error: 'field_invalid' }).int('field_invalid').positive('field_invalid'),
});
/** /trade/riskAck: acknowledge the kind's (default leverage) current version. */
export const riskKindAckRequest = riskAckRequest.extend({ kind: riskKind.default('leverage') });
export const riskAckAnswer = z.object({ version: z.number().int(), acknowledged_at: z.string() });
export type RiskDisclosure = z.infer<typeof riskDisclosure>;

export type PlaceOrderInput = z.output<typeof placeOrderRequest>;
export type AddMarginInput = z.output<typeof addMarginRequest>;
export type TradePosition = z.infer<typeof tradePosition>;
export type TradeConfig = z.infer<typeof tradeConfig>;

/**
 * The orders-and-positions endpoints (exported by this name since the issue "Markets and trading";
 * the holdings lists of the /trade/ area are TRADE_HOLDINGS_ENDPOINTS in trade-holdings.ts).
 */
export const TRADE_ENDPOINTS = {
  placeOrder: {
    path: '/trade/order',
    auth: true,
    request: placeOrderRequest,
    data: tradePosition,
    idempotent: true,
    summary: 'Place a limit or market order, long or short, with leverage (margin frozen, fee on fill)',
  },
  orders: {
    path: '/trade/orders',
    auth: true,
    request: ordersRequest,
    data: ordersAnswer,
    summary: 'The user’s orders of one market (pending, cancelled, filled), newest first',
  },
  cancelOrder: {
    path: '/trade/cancel',
    auth: true,
    request: positionIdRequest,
    data: tradePosition,
    summary: 'Cancel a pending limit order (releases its hold)',
  },
  closePosition: {
    path: '/trade/close',
    auth: true,
    request: positionIdRequest,
    data: tradePosition,
    summary: 'Close a holding position at market (preparing to close; filled by the matcher)',
  },
  addMargin: {
    path: '/trade/addMargin',
    auth: true,
    request: addMarginRequest,
    data: tradePosition,
    idempotent: true,
    summary: 'Add a whole amount of margin to a holding position (moves its liquidation price away)',
  },
  position: {
    path: '/trade/position',
    auth: true,
    request: positionIdRequest,
    data: tradePosition,
    summary: 'One order or position with every field of spec §3 Position',
  },
  tradeConfig: {
    path: '/trade/config',
    auth: true,
    request: tradeConfigRequest,
    data: tradeConfig,
    summary: 'Leverage multiples, fee rate, maintenance ratio, T+1, available balance, risk disclosure state',
  },
  riskDisclosure: {
    path: '/trade/riskDisclosure',
    auth: true,
    request: riskKindDisclosureRequest,
    data: riskDisclosure,
    summary: "A kind's (default leverage) current risk disclosure in the requested language, and whether acknowledged",
  },
  riskAck: {
    path: '/trade/riskAck',
    auth: true,
    request: riskKindAckRequest,
    data: riskAckAnswer,
    summary: "Acknowledge a kind's (default leverage) current risk disclosure version (stored with its time)",
  },
} as const;
