/**
 * Area /trade/ (advanced orders part, issue 13 "Trade as at a real broker";
 * docs/decisions/0024-orders-outside-hours.md).
 *
 * What /trade/order accepts besides a plain order (fields in trade.ts placeOrderRequest):
 *   - Outside trading hours and during the lunch break an order is ACCEPTED and waits (status 3 pending):
 *     the hold is taken at placement; at the next open a market order fills at the session's opening price,
 *     a limit order when crossed. Price limits are those of the session the order will trade in.
 *   - `valid_until` (a local date of the market): the last trade date the order may fill; absent = the
 *     session it will trade in ("today"). At most 15 business days after that session (validity_beyond {max});
 *     before it: validity_past. After the market's close on that date the order expires: hold released,
 *     inbox `order_expired`, `cancel_reason` expired.
 *   - `order_type`:
 *       normal  market or limit.
 *       stop    逆指値: `trigger_price`; once the price reaches it (long: price ≥ trigger, short: price ≤
 *               trigger) the order becomes a market order (fills at that price) or, with price_type limit,
 *               a limit order at `price`. A trigger already reached while the market is open is refused:
 *               trigger_already_reached {price}.
 *       oco     a limit leg at `price` and a stop leg at `trigger_price` (market once triggered); whichever
 *               acts first fills the whole order and the other leg is cancelled (`filled_leg`). A long's
 *               limit is below its trigger, a short's above (oco_prices_order).
 *   - IFD: `take_profit` (a limit exit) and/or `stop_loss` (a stop exit) given with the opening order are
 *     placed once it fills: the matcher closes the position at market when the price reaches either (long:
 *     ≥ take_profit or ≤ stop_loss; short: the reverse), `closed_by` take_profit / stop_loss. Both given:
 *     IFDOCO (one exit cancels the other by closing the position). take_profit_side / stop_loss_side {price} when
 *     an exit is on the wrong side of the entry price. /trade/exits sets or clears them later.
 *   - Holds: a market order that waits, and a stop leg, may fill at any price within the session's limits,
 *     so its hold is the margin and fee at the session's upper price limit (where a market has no limits,
 *     the reference price plus `market_order_buffer`); at fill the hold becomes the margin at the fill price
 *     and the difference returns to available. If a fill needs more than the hold and the balance cannot
 *     cover it, the order is cancelled (cancel_reason unfunded, inbox order_unfunded); nothing is overdrawn.
 *   - Every trigger is evaluated by the matcher from the market data, each acted on exactly once (conditional
 *     UPDATEs) however many server instances run.
 */
import { z } from 'zod';
import { decimalString, langField, marketType, plainString } from '../common';
import { idField } from '../fields';
import { optionalPrice } from './trade-order-fields';
import { tradePosition } from './trade';

/**
 * /trade/modify: change a pending order's price (limit), trigger and/or quantity while it waits (at least
 * one). The hold is recomputed in the same transaction (refused with insufficient_balance if the change
 * needs more than is available; nothing changes then). Refusals: order_not_pending, nothing_to_change,
 * price_beyond_limit {down, up}, trigger_already_reached {price}, oco_prices_order, field_invalid.
 */
export const modifyOrderRequest = z.object({
  id: idField,
  price: optionalPrice,
  trigger_price: optionalPrice,
  quantity: plainString()
    .trim()
    .regex(/^(0*[1-9]\d{0,8})?$/, 'field_invalid')
    .optional(),
  lang: langField,
});

/**
 * /trade/exits: set or clear the IFD exits of a pending order or a holding position (an empty string clears
 * one, an absent field keeps it). Refusals: order_not_holding (closing, closed, cancelled), take_profit_side
 * {price} / stop_loss_side {price} (long: take profit above and stop loss below the entry or current price;
 * short: the reverse), margin_day_trade (a day-trade position closes with the day).
 */
export const setExitsRequest = z.object({
  id: idField,
  take_profit: optionalPrice,
  stop_loss: optionalPrice,
  lang: langField,
});

/**
 * /trade/portfolio: the portfolio view. Equity per currency at each local day's end over `days` days: the
 * ledger balance of the user's account in that currency (available + held) at the day's end plus the
 * unrealised P&L of the positions open then, valued at that day's closing price from the market data.
 * `by_market`: over the same days, realised P&L (closed positions), fees paid, and the open positions'
 * unrealised P&L now. Nothing here is stored or typed: each figure is recomputed from the ledger and the
 * market data on every call.
 */
export const portfolioRequest = z.object({
  days: z.coerce
    .number({ error: 'field_invalid' })
    .int('field_invalid')
    .refine((d) => [7, 30, 90, 365].includes(d), 'field_invalid')
    .default(30),
  lang: langField,
});

export const portfolioPoint = z.object({
  /** Local date (the currency's home market). */
  date: z.string(),
  /** Ledger balance (available + held) at the day's end. */
  balance: decimalString,
  /** Unrealised P&L of the positions open at the day's end, at that day's close. */
  unrealised: decimalString,
  /** balance + unrealised. */
  equity: decimalString,
  /**
   * Issue 35: money that came in from outside (+) or went out (−) that day: deposits, withdrawals, operators'
   * credits and corrections, loans and their principal repaid, currency exchanges. It moves the balance, not P&L.
   */
  flows: decimalString.optional(),
  /** Performance since the range's first day's end, net of cash flows: equity − first equity − Σ flows since. */
  pnl: decimalString.optional(),
});

export const portfolioAnswer = z.object({
  days: z.number().int(),
  as_of: z.string(),
  series: z.array(
    z.object({
      currency: z.string(),
      points: z.array(portfolioPoint),
      /**
       * Issue 35: the time-weighted return over the range, in percent with 2 decimals ("1.25"): each day's
       * return (equity change less that day's flows, over the day's starting equity plus its flows), chained;
       * null while there was no money to earn on.
       */
      twr: decimalString.nullable().optional(),
    }),
  ),
  by_market: z.array(
    z.object({
      market: marketType,
      currency: z.string(),
      realised: decimalString,
      /** Issue 35: realised P&L after fees: realised less the opening and closing fees of the positions closed. */
      realised_net: decimalString.optional(),
      fees: decimalString,
      unrealised: decimalString,
      /** realised − fees + unrealised. */
      total: decimalString,
      open_positions: z.number().int(),
    }),
  ),
  simulated: z.boolean(),
});
export type PortfolioAnswer = z.infer<typeof portfolioAnswer>;

export const TRADE_ORDER_ENDPOINTS = {
  modifyOrder: {
    path: '/trade/modify',
    auth: true,
    request: modifyOrderRequest,
    data: tradePosition,
    idempotent: true,
    summary: 'Change a waiting order’s price, trigger or quantity (its hold follows in the same transaction)',
  },
  setExits: {
    path: '/trade/exits',
    auth: true,
    request: setExitsRequest,
    data: tradePosition,
    summary: 'Set or clear the take-profit and stop-loss exits (IFD) of a pending order or a holding position',
  },
  portfolio: {
    path: '/trade/portfolio',
    auth: true,
    request: portfolioRequest,
    data: portfolioAnswer,
    summary: 'Equity per currency over time (ledger + daily closes) and P&L by market, recomputed on each call',
  },
} as const;

export type ModifyOrderInput = z.output<typeof modifyOrderRequest>;
export type SetExitsInput = z.output<typeof setExitsRequest>;
