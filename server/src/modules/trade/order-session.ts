/**
 * The session an order trades in (issue 13; docs/decisions/0024-orders-outside-hours.md) and the order price
 * checks shared by /trade/order, /trade/modify and the day-trade orders (modules/daytrade/daytrade-orders.ts).
 *
 * An order placed while its market is open or at lunch trades in today's session; otherwise in the next
 * trading day's. Its price limits are that session's (the provider's `sessionLimits`; after today's close the
 * next session's derive from today's close), falling back to the live quote's.
 */
import type { Quote } from 'shared/contract';
import { Decimal } from 'shared/money';
import { BusinessError } from '../../errors';
import { dateOf, dayOfDate, localTime, marketClock, nextTradingDay, type MarketId } from '../market/calendar';
import type { MarketDataProvider } from '../market/provider';
import { MAX_VALIDITY_BUSINESS_DAYS } from 'shared/contract';
import { withinPriceLimits } from 'shared/order-rules';

export interface OrderSession {
  quote: Quote;
  market: MarketId;
  /** The local trade date (YYYY-MM-DD) of the session the order trades in. */
  tradeDate: string;
  /** Its day number (calendar.ts). */
  day: number;
  /** The market's status now. */
  status: 'open' | 'lunch' | 'closed';
  /** ISO of the next session start while not open, null while open. */
  opensAt: string | null;
  /** The session's price limits (null where the market has none). */
  limitUp: string | null;
  limitDown: string | null;
  /** The current price (the last price; before the session, the last close). */
  reference: string;
}

/** The session of a market at an instant: today's while open or at lunch, else the next trading day's. */
export function sessionOf(market: MarketId, at: Date): Pick<OrderSession, 'tradeDate' | 'day' | 'status' | 'opensAt'> {
  const clock = marketClock(market, at.getTime());
  const day =
    clock.status === 'closed' && clock.nextOpen !== undefined
      ? localTime(market, clock.nextOpen).day
      : clock.sessionDay;
  return {
    tradeDate: dateOf(day),
    day,
    status: clock.status,
    opensAt: clock.nextOpen === undefined ? null : new Date(clock.nextOpen).toISOString(),
  };
}

/** The last date `valid_until` may name for an order of a session (MAX_VALIDITY_BUSINESS_DAYS business days on). */
export function validUntilMax(sessionDay: number): string {
  let day = sessionDay;
  for (let k = 0; k < MAX_VALIDITY_BUSINESS_DAYS; k += 1) day = nextTradingDay(day);
  return dateOf(day);
}

/** The quote and the session an order of `code` placed at `at` trades in; stock_not_found for no such stock. */
export function orderSession(provider: MarketDataProvider, market: MarketId, code: string, at: Date): OrderSession {
  const quote = provider.quote(market, code, 'en');
  if (!quote || quote.kind !== 'stock') throw new BusinessError('stock_not_found', { field: 'code' });
  const clock = sessionOf(market, at);
  // The provider's quote says whether its market is open (a licensed feed knows its own halts).
  const session =
    quote.status === 'closed' || clock.status !== 'closed'
      ? { ...clock, status: quote.status }
      : {
          ...clock,
          status: quote.status,
          tradeDate: quote.trade_date,
          day: dayOfDate(quote.trade_date),
          opensAt: null,
        };
  const live = session.status !== 'closed' || quote.trade_date === session.tradeDate;
  const limits = live ? undefined : provider.sessionLimits?.(market, quote.code, session.tradeDate);
  return {
    ...session,
    quote,
    market,
    limitUp: limits ? limits.limit_up : quote.limit_up,
    limitDown: limits ? limits.limit_down : quote.limit_down,
    reference: quote.price,
  };
}

/** price_beyond_limit {down, up} when `price` is outside the session's limits (nothing to check without a price). */
export function checkOrderPrice(session: OrderSession, price: Decimal | undefined, field = 'price'): void {
  if (!price) return;
  if (!withinPriceLimits(price, session.limitDown, session.limitUp))
    throw new BusinessError('price_beyond_limit', {
      field,
      values: { down: session.limitDown ?? '-', up: session.limitUp ?? '-' },
    });
}

/** not_trading_time {opens} unless the market is open now (intraday orders: day trading). */
export function requireOpen(session: OrderSession): void {
  if (session.status !== 'open')
    throw new BusinessError('not_trading_time', { values: { opens: session.opensAt ?? '-' } });
}

/**
 * The price a hold for an order that may fill at any price is taken at: the session's upper limit, or where the
 * market has none, the reference price × (1 + buffer).
 */
export function marketHoldPrice(session: OrderSession, buffer: Decimal): Decimal {
  if (session.limitUp !== null) return new Decimal(session.limitUp);
  return new Decimal(session.reference).times(buffer.plus(1));
}
