/**
 * Area /daytrade/: day trading (spec §2 "Day trading: order submission and trade details", §3 Day-trade
 * order, §4 day trade states), and its back-office calls under /admin/ (DAYTRADE_ADMIN_ENDPOINTS). Design
 * and ledger: docs/decisions/0019-day-trading.md.
 *
 * An application puts up a participation amount (a ledger hold, counted in frozen funds as `day_trades`)
 * for one market's trading day (`trade_date`: today while today's session has not closed, else the next
 * trading day). After review it gives an intraday allowance = participation × `multiple` (site config,
 * like Japan's one-day margin). Day-trade orders are ordinary orders of the trade engine (price limits,
 * trading hours, fees, limit fills, margin calls unchanged) tagged with the application; `used` is the
 * notional (price × quantity) of its open and pending orders, and an order that would take `used` beyond
 * the allowance is refused `day_trade_allowance_exceeded` {remaining}. At the session's close every
 * still-open day-trade position is closed at market, pending ones cancelled, and the day's P&L (the sum
 * of its positions' realised P&L minus their fees: computed from the trades, never typed) is settled;
 * the participation is released. No field anywhere lets an operator type a P&L, a price or a balance.
 *
 * States (spec §4 "Day trade: submitted, filled, failed, in trade, applied"):
 *   submitted  pending review (participation held)
 *   applied    approved for its trade date: orders may be placed
 *   in_trade   its first order was placed
 *   filled     settled after the close (P&L booked, participation released)
 *   failed     rejected, or its trade date passed without an order (participation released)
 *
 * /daytrade/apply refusals: day_trade_market_t_plus_one (China A-shares are T+1: a share bought today
 * cannot be sold today), day_trade_min_participation {min}, day_trade_already_applied {date} (one open
 * application per market and trade date), insufficient_balance, realname_required, fund_password_*,
 * account_frozen, risk_disclosure_required (when the day-trading disclosure is not acknowledged).
 * /daytrade/order refusals: day_trade_not_active (not approved, settled or another day),
 * day_trade_allowance_exceeded {remaining}, day_trade_stopped (the day's losses reached the participation:
 * its orders were cancelled and positions closed at market), and every /trade/order refusal (not_trading_time, …).
 * /daytrade/cancel cancels a pending (unfilled limit) day-trade order: its hold goes back into the participation
 * hold (re-measured in the same transaction, as /daytrade/order does), never to the free available balance;
 * refusals not_found (not the user's day-trade order) and order_not_holding (no longer pending).
 */
import { z } from 'zod';
import { decimalString, langField, marketType, plainString, positiveAmount } from '../common';
import { idField } from '../fields';
import { reviewRequest } from './admin';
import { stockCode } from './stock';
import { priceType, tradePosition, tradeSide } from './trade';

export const DAY_TRADE_STATES = ['submitted', 'applied', 'in_trade', 'filled', 'failed'] as const;
export const dayTradeState = z.enum(DAY_TRADE_STATES);

const pageField = z.coerce.number({ error: 'field_invalid' }).int('field_invalid').min(1, 'field_invalid').default(1);
const sizeField = z.coerce
  .number({ error: 'field_invalid' })
  .int('field_invalid')
  .min(1, 'field_invalid')
  .max(50, 'field_invalid')
  .default(20);
const fundPassword = plainString('fund_password_required').min(1, 'fund_password_required').max(128, 'field_invalid');

/** One market's day-trading terms and clock (/daytrade/config). */
export const dayTradeMarketConfig = z.object({
  market: marketType,
  currency: z.string(),
  /** False for China A-shares (T+1: a share bought today cannot be sold today); `refusal` is the key. */
  allowed: z.boolean(),
  refusal: z.string().nullable(),
  /** Smallest participation accepted, in the market's currency. */
  min_participation: decimalString,
  /** The trading day (market-local YYYY-MM-DD) an application made now is for. */
  trade_date: z.string(),
  /** The market's state now, and the trade date's first session start and last session end (ISO). */
  market_status: z.enum(['open', 'lunch', 'closed']),
  session_opens: z.string(),
  session_closes: z.string(),
  /** The user's available balance in the currency. */
  available: decimalString,
});

/** /daytrade/config: allowance multiple, markets, and whether the day-trading risk disclosure is acknowledged. */
export const dayTradeConfigRequest = z.object({ lang: langField });
export const dayTradeConfig = z.object({
  /** Allowance = participation × multiple (e.g. "5"). */
  multiple: decimalString,
  markets: z.array(dayTradeMarketConfig),
  /** Whether applying needs the day-trading risk disclosure acknowledged, and whether it is. */
  risk_disclosure_required: z.boolean(),
  risk_acknowledged: z.boolean(),
  simulated: z.boolean(),
});

/** An application with every field of spec §3 Day-trade order. Money in the market's currency. */
export const dayTrade = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: dayTradeState,
  market: marketType,
  currency: z.string(),
  /** The participation amount (held from application to settlement or failure). */
  participation: decimalString,
  multiple: decimalString,
  /** participation × multiple. */
  allowance: decimalString,
  /** Notional (price × quantity) of the open and pending day-trade orders; '0' once settled. */
  used: decimalString,
  /** allowance − used ('0' unless applied or in_trade). */
  remaining: decimalString,
  /** The market-local trading day (YYYY-MM-DD) it is for. */
  trade_date: z.string(),
  /** Realised P&L of its closed positions (before fees), their fees, and pnl = realised − fees. */
  realised_pnl: decimalString,
  fees: decimalString,
  /** The day's P&L: realised − fees, plus the unrealised P&L of open positions until settled. */
  pnl: decimalString,
  /** Loss beyond the participation covered by the house (negative-balance protection), '0' if none. */
  protection: decimalString,
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  /** The reviewer's note (a rejection's reason), null if none. */
  review_note: z.string().nullable(),
  settled_at: z.string().nullable(),
  /** Why it failed: rejected by review, or its trade date passed unused; null otherwise. */
  failed_reason: z.enum(['rejected', 'expired']).nullable(),
});

/** /daytrade/apply (idempotent: send an Idempotency-Key header; a retry answers the first application). */
export const dayTradeApplyRequest = z.object({
  market: marketType,
  amount: positiveAmount(),
  fund_password: fundPassword,
});

/** /daytrade/list: the user's applications, newest first, filtered by market and status. */
export const dayTradeListRequest = z.object({
  type: marketType.optional(),
  status: z.enum([...DAY_TRADE_STATES, 'all'], { error: 'field_invalid' }).default('all'),
  page: pageField,
  size: sizeField,
  lang: langField,
});
export const dayTradeListAnswer = z.object({ list: z.array(dayTrade), total: z.number().int() });

/** /daytrade/current: per market, the application for the market's current trade date with its orders. */
export const dayTradeCurrentRequest = z.object({ lang: langField });
export const dayTradeCurrent = z.object({
  market: marketType,
  trade_date: z.string(),
  /** Null when there is no application for that day. */
  application: dayTrade.nullable(),
  /** Its orders and positions (live P&L while open), newest first. */
  positions: z.array(tradePosition),
});
export const dayTradeCurrentAnswer = z.array(dayTradeCurrent);

/**
 * /daytrade/order (idempotent): an order of the trade engine drawing on the application's allowance.
 * The market is the application's; leverage is the application's multiple (margin = notional ÷ multiple,
 * taken from the participation). `price` is required for a limit order.
 */
export const dayTradeOrderRequest = z
  .object({
    id: idField,
    code: stockCode,
    side: tradeSide,
    price_type: priceType.default('market'),
    price: plainString().trim().optional(),
    quantity: z
      .string({ error: 'quantity_required' })
      .trim()
      .min(1, 'quantity_required')
      .regex(/^0*[1-9]\d{0,8}$/, 'field_invalid'),
    lang: langField,
  })
  .superRefine((v, ctx) => {
    if (v.price_type !== 'limit') return;
    if (v.price === undefined || v.price === '')
      ctx.addIssue({ code: 'custom', message: 'price_required', path: ['price'] });
    else if (!/^\d+(\.\d{1,8})?$/.test(v.price) || !/[1-9]/.test(v.price))
      ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['price'] });
  });

/** /daytrade/close: close a day-trade position at market (it settles within a second, like /trade/close). */
export const dayTradeCloseRequest = z.object({ id: idField, lang: langField });

/** /daytrade/cancel: cancel a pending day-trade limit order; its hold returns to the participation. */
export const dayTradeCancelRequest = z.object({ id: idField, lang: langField });

/** Back office: applications to review (raw rows), by status. */
export const adminDayTradeListRequest = z.object({
  status: z.enum([...DAY_TRADE_STATES, 'all'], { error: 'field_invalid' }).default('submitted'),
  page: pageField,
});
const anyList = z.object({ list: z.array(z.record(z.string(), z.unknown())), total: z.number().int() });

export type DayTrade = z.infer<typeof dayTrade>;
export type DayTradeConfig = z.infer<typeof dayTradeConfig>;
export type DayTradeCurrent = z.infer<typeof dayTradeCurrent>;

export const DAYTRADE_ENDPOINTS = {
  dayTradeConfig: {
    path: '/daytrade/config',
    auth: true,
    request: dayTradeConfigRequest,
    data: dayTradeConfig,
    summary: 'Day-trading terms: multiple, markets with minimum participation, trade date and session',
  },
  dayTradeApply: {
    path: '/daytrade/apply',
    auth: true,
    request: dayTradeApplyRequest,
    data: dayTrade,
    idempotent: true,
    summary: 'Apply for day trading on a market: the participation is held, pending review',
  },
  dayTradeList: {
    path: '/daytrade/list',
    auth: true,
    request: dayTradeListRequest,
    data: dayTradeListAnswer,
    summary: 'The user’s day-trading applications with allowance, used, trade date and settled P&L',
  },
  dayTradeCurrent: {
    path: '/daytrade/current',
    auth: true,
    request: dayTradeCurrentRequest,
    data: dayTradeCurrentAnswer,
    summary: 'Today’s application per market with allowance, used, remaining and its positions (live P&L)',
  },
  dayTradeOrder: {
    path: '/daytrade/order',
    auth: true,
    request: dayTradeOrderRequest,
    data: tradePosition,
    idempotent: true,
    summary: 'Place a day-trade order (the trade engine) within the application’s remaining allowance',
  },
  dayTradeClose: {
    path: '/daytrade/close',
    auth: true,
    request: dayTradeCloseRequest,
    data: tradePosition,
    summary: 'Close a day-trade position at market',
  },
  dayTradeCancel: {
    path: '/daytrade/cancel',
    auth: true,
    request: dayTradeCancelRequest,
    data: tradePosition,
    summary: 'Cancel a pending day-trade limit order (its hold goes back into the participation)',
  },
} as const;

export const DAYTRADE_ADMIN_ENDPOINTS = {
  adminDayTrades: {
    path: '/admin/dayTrades',
    auth: true,
    admin: true,
    request: adminDayTradeListRequest,
    data: anyList,
    summary: 'Day-trading applications to review',
  },
  adminDayTradeReview: {
    path: '/admin/dayTradeReview',
    auth: true,
    admin: true,
    request: reviewRequest,
    data: dayTrade,
    summary: 'Approve (allowance for its trade date) or reject (participation released, reason in the inbox)',
  },
} as const;
