/**
 * Area /trade/ (order preview part, issue 35 "money figures that disagree with what is held").
 *
 * /trade/preview takes the body of /trade/order and answers what placing it now would freeze, computed by the
 * code the placement books with (server modules/trade/order-pricing.ts): the same checks (the same refusals, so a
 * confirm sheet never offers an order the server refuses for its prices or validity), the same hold price and the
 * same rounding. Nothing is booked; no Idempotency-Key.
 *
 * `basis` says why the hold is what it is:
 *   fill      a normal market order while the market is open fills now: the margin at the last price is held
 *             while the position is open and the fee is paid now (`frozen` = margin, `fee_paid` = fee)
 *   limit     a limit order (or a stop-limit) waits: margin and fee at its limit are held until it fills or ends
 *   limit_up  an order that may fill at any price (a waiting market order, a stop-market, an OCO's stop leg) waits:
 *             margin and fee at the session's upper price limit are held; at the fill the hold becomes the margin
 *             at the fill price and the rest returns to available
 *   buffer    the same where the market has no price limits: the hold price is the last price × (1 + `buffer`)
 */
import { z } from 'zod';
import { decimalString } from '../common';
import { placeOrderRequest } from './trade';

export const HOLD_BASES = ['fill', 'limit', 'limit_up', 'buffer'] as const;

export const orderPreview = z.object({
  currency: z.string(),
  /** Whether the order waits (status 3) rather than filling now. */
  pending: z.boolean(),
  basis: z.enum(HOLD_BASES),
  /** The price the money is held at: last price, limit, the session's upper limit, or reference × (1 + buffer). */
  hold_price: decimalString,
  /** The last price now (the session's reference before the open). */
  reference: decimalString,
  /** The buffer of the `buffer` basis as a fraction ("0.1"); null otherwise. */
  buffer: decimalString.nullable(),
  quantity: z.string(),
  leverage: z.number().int(),
  /** hold_price × quantity ÷ leverage, rounded to the currency's minor unit. */
  margin: decimalString,
  /** hold_price × quantity × fee rate, rounded likewise. */
  fee: decimalString,
  /** What placing the order freezes now: margin + fee of a waiting order, the margin of an order that fills now. */
  frozen: decimalString,
  /** The fee paid at once (an order that fills now), "0" for a waiting order (its fee is held in `frozen`). */
  fee_paid: decimalString,
  /** frozen + fee_paid: what leaves the available balance now. */
  total: decimalString,
  /** The available balance in the order's currency now. */
  available: decimalString,
  /** Whether `available` covers `total` (else the order is refused with insufficient_balance). */
  sufficient: z.boolean(),
});
export type OrderPreview = z.infer<typeof orderPreview>;

export const TRADE_PREVIEW_ENDPOINTS = {
  previewOrder: {
    path: '/trade/preview',
    auth: true,
    request: placeOrderRequest,
    data: orderPreview,
    summary: 'What placing an order now would freeze and why (the placement’s own rule; nothing is booked)',
  },
} as const;
