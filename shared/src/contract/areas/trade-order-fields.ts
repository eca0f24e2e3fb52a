/**
 * The advanced-order fields (issue 13) shared by /trade/order (trade.ts) and the /trade/ order endpoints of
 * trade-orders.ts, whose header says what they mean.
 */
import { z } from 'zod';
import { decimalString, plainString } from '../common';

export const ORDER_TYPES = ['normal', 'stop', 'oco'] as const;
export const orderType = z.enum(ORDER_TYPES, { error: 'field_invalid' });
export type OrderType = z.infer<typeof orderType>;

/** Most business days after the session an order will trade in that `valid_until` may name. */
export const MAX_VALIDITY_BUSINESS_DAYS = 15;

/** An optional price field of a request: a positive decimal string (field_invalid otherwise). */
export const optionalPrice = plainString()
  .trim()
  .regex(/^(\d+(\.\d{1,8})?)?$/, 'field_invalid')
  .refine((v) => v === '' || /[1-9]/.test(v), 'field_invalid')
  .optional();

/** A local date of the market, YYYY-MM-DD. */
export const localDateField = plainString()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'field_invalid')
  .optional();

/** Why a cancelled order (status 4) was cancelled. */
export const CANCEL_REASONS = ['user', 'expired', 'unfunded'] as const;
/** Who or what closed a position. */
export const CLOSED_BY = ['user', 'margin_call', 'take_profit', 'stop_loss'] as const;

/** The advanced-order fields of a position on the wire (merged into trade.ts tradePosition). */
export const advancedOrderFields = {
  order_type: orderType,
  /** The stop trigger (stop orders, an OCO's stop leg), null otherwise. */
  trigger_price: decimalString.nullable(),
  /** When the stop (an OCO's stop leg) triggered, also when it filled at once (null while untriggered). */
  triggered_at: z.string().nullable(),
  /** An OCO's leg that filled (the other was cancelled), null before or for other orders. */
  filled_leg: z.enum(['limit', 'stop']).nullable(),
  /** The last local trade date a pending order may fill (null once filled or for an old order). */
  valid_until: z.string().nullable(),
  /** IFD exits: close at market when the price reaches them; null when not set. */
  take_profit: decimalString.nullable(),
  stop_loss: decimalString.nullable(),
  /** Why a cancelled order was cancelled, null otherwise. */
  cancel_reason: z.enum(CANCEL_REASONS).nullable(),
  /** A pending order placed while its market is closed or at lunch: it waits for the next open. */
  waiting_for_open: z.boolean(),
};
