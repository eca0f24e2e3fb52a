/**
 * The arithmetic of trading (docs/decisions/0009-trading-rules.md), pure and exact (decimal.js).
 * Every booked amount is rounded half-even to the currency's minor unit (roundMoney, the ledger's
 * rule); comparisons for margin calls use the unrounded values.
 *
 *   notional = price × quantity
 *   margin   = notional ÷ leverage                     (held while the position is open)
 *   fee      = notional × fee_rate                     (on open at the buy price, on close at the sell price)
 *   P&L      = (sell − buy) × quantity  for long,  (buy − sell) × quantity  for short
 *   margin call when margin + unrealised P&L < maintenance_ratio × margin, i.e. the price is beyond the
 *   liquidation price  buy ∓ (1 − maintenance_ratio) × margin ÷ quantity  (− long, + short)
 */
import { Decimal, roundMoney, type Currency } from 'shared/money';

export type Direction = 'long' | 'short';

export interface OpenFigures {
  notional: Decimal;
  margin: Decimal;
  fee: Decimal;
}

export function openFigures(
  price: Decimal.Value,
  quantity: Decimal.Value,
  leverage: number,
  feeRate: Decimal.Value,
  currency: Currency,
): OpenFigures {
  if (!Number.isInteger(leverage) || leverage < 1) throw new RangeError('leverage is a positive integer');
  const notional = new Decimal(price).times(quantity);
  return {
    notional,
    margin: roundMoney(notional.div(leverage), currency),
    fee: roundMoney(notional.times(feeRate), currency),
  };
}

/** Unrealised (unrounded) P&L per the direction. */
export function pnlOf(
  direction: Direction,
  buy: Decimal.Value,
  price: Decimal.Value,
  quantity: Decimal.Value,
): Decimal {
  const perShare = direction === 'long' ? new Decimal(price).minus(buy) : new Decimal(buy).minus(price);
  return perShare.times(quantity);
}

/** Realised P&L, rounded to the currency's minor unit. */
export function realisedPnl(
  direction: Direction,
  buy: Decimal.Value,
  sell: Decimal.Value,
  quantity: Decimal.Value,
  currency: Currency,
): Decimal {
  return roundMoney(pnlOf(direction, buy, sell, quantity), currency);
}

export function closeFee(
  sell: Decimal.Value,
  quantity: Decimal.Value,
  feeRate: Decimal.Value,
  currency: Currency,
): Decimal {
  return roundMoney(new Decimal(sell).times(quantity).times(feeRate), currency);
}

/**
 * Liquidation arithmetic runs at 60 significant digits: the liquidation price is a quotient, and at this
 * precision no price of at most 8 decimals lies between it and its rounded value, so comparing a price with
 * it decides exactly as the equity form `margin + P&L < ratio × margin` (the matcher's SQL) does.
 */
const Exact = Decimal.clone({ precision: 60 });

/**
 * The price at which the matcher's margin call closes a position: equity (margin + unrealised P&L)
 * equals maintenance_ratio × margin. A long is closed below it, a short above it:
 *   long  L = buy − (1 − ratio) × margin ÷ quantity      short  L = buy + (1 − ratio) × margin ÷ quantity
 * Unrounded; a long's L may be ≤ 0 (enough margin that no price closes it).
 */
export function liquidationPrice(
  direction: Direction,
  buy: Decimal.Value,
  quantity: Decimal.Value,
  margin: Decimal.Value,
  maintenanceRatio: Decimal.Value,
): Decimal {
  const cushion = new Exact(1).minus(maintenanceRatio).times(margin).div(quantity);
  return direction === 'long' ? new Exact(buy).minus(cushion) : new Exact(buy).plus(cushion);
}

/**
 * Issue 35 "1× is cash": a long bought at 1× (a 1× order, an IPO or block allocation) is fully paid. The money
 * held is its whole cost, so it is a cash holding: no margin call closes it (positions-repository dueOrders),
 * it shows no liquidation price and takes no added margin. A short at 1× is still borrowed shares: not cash.
 */
export function fullyPaid(direction: Direction | string, leverage: number): boolean {
  return direction === 'long' && leverage === 1;
}

/** True when `price` is beyond the liquidation price: below it for a long, above it for a short. */
export function beyondLiquidation(direction: Direction, price: Decimal.Value, liquidation: Decimal.Value): boolean {
  return direction === 'long' ? new Exact(price).lt(liquidation) : new Exact(price).gt(liquidation);
}

/**
 * True when the position's equity (margin + unrealised P&L) is below maintenance_ratio × margin, i.e. the
 * price is beyond its liquidation price (the one function the matcher and the position wire share).
 */
export function marginCallDue(
  direction: Direction,
  buy: Decimal.Value,
  price: Decimal.Value,
  quantity: Decimal.Value,
  margin: Decimal.Value,
  maintenanceRatio: Decimal.Value,
): boolean {
  return beyondLiquidation(direction, price, liquidationPrice(direction, buy, quantity, margin, maintenanceRatio));
}

/** The live maintenance ratio: equity ÷ margin = (margin + unrealised P&L) ÷ margin (unrounded). */
export function equityRatio(
  direction: Direction,
  buy: Decimal.Value,
  price: Decimal.Value,
  quantity: Decimal.Value,
  margin: Decimal.Value,
): Decimal {
  const m = new Exact(margin);
  return m.plus(pnlOf(direction, buy, price, quantity)).div(m);
}

/** True when a pending limit order's price has been reached: a long buys at or below, a short sells at or above. */
export function limitCrossed(direction: Direction, limit: Decimal.Value, price: Decimal.Value): boolean {
  return direction === 'long' ? new Decimal(price).lte(limit) : new Decimal(price).gte(limit);
}

export interface Settlement {
  /** Credit to the user from the house 'trading' account (P&L > 0) or debit to it (P&L < 0). */
  pnl: Decimal;
  /** Closing fee actually collected (the full fee, less whatever the user no longer has). */
  fee: Decimal;
  /** Loss beyond the user's money, paid by the house 'protection' account (0 if none). */
  protection: Decimal;
  /** The user's available balance afterwards (never negative). */
  availableAfter: Decimal;
}

/**
 * Splits a close between the user, the house and the protection account. `available` is the user's
 * available balance once the position's margin is released. A loss is collected first; the closing
 * fee only from what is left; a loss beyond the account is paid by negative-balance protection.
 */
export function settle(available: Decimal.Value, pnl: Decimal.Value, fee: Decimal.Value): Settlement {
  const funds = new Decimal(available);
  const result = new Decimal(pnl);
  if (funds.isNegative()) throw new RangeError('available is never negative');
  const afterPnl = funds.plus(result);
  if (afterPnl.isNegative()) {
    return { pnl: result, fee: new Decimal(0), protection: afterPnl.negated(), availableAfter: new Decimal(0) };
  }
  const charged = Decimal.min(new Decimal(fee), afterPnl);
  return { pnl: result, fee: charged, protection: new Decimal(0), availableAfter: afterPnl.minus(charged) };
}

/** P&L as a percentage of the margin, 2 decimals, half-up ("12.50"). */
export function pnlRate(pnl: Decimal.Value, margin: Decimal.Value): string {
  const m = new Decimal(margin);
  if (m.isZero()) return '0.00';
  return new Decimal(pnl).div(m).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}
