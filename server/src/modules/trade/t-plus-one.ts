/**
 * China's T+1 (spec §5 "no selling on day T+1"): a position cannot be closed on the local trading
 * date it opened. A new share's holding also has a lock-up (positions.closable_from): no close
 * before it ends (issue 11). Used where positions are closed (cancel-close), filled (matcher) and listed
 * (the holdings of assets-service, so the list shows when a position can be closed).
 */
import { dateOf, dayOfDate, localTime, marketClock, nextTradingDay, type MarketId } from '../market/calendar';

/** Markets where a position cannot be closed on the local trading date it opened (China). */
export const T_PLUS_ONE: ReadonlySet<MarketId> = new Set(['cny']);

/** The market's local trading date at an instant (YYYY-MM-DD): the date a fill belongs to. */
export function tradeDateAt(market: MarketId, at: Date): string {
  return dateOf(marketClock(market, at.getTime()).sessionDay);
}

/** The market-local date a lock-up ends on (positions.closable_from, a local midnight), or null. */
export function lockupDate(market: MarketId, lockedUntil: Date | null | undefined): string | null {
  return lockedUntil ? dateOf(localTime(market, lockedUntil.getTime()).day) : null;
}

/**
 * The first local date a position opened on `openDate` may be closed: the next trading day under
 * T+1, or the end of its lock-up (`lockedUntil`, a new share's), whichever is later; null when free.
 */
export function closableFrom(market: MarketId, openDate: string | null, lockedUntil?: Date | null): string | null {
  const lockup = lockupDate(market, lockedUntil);
  if (!openDate || !T_PLUS_ONE.has(market)) return lockup;
  const tPlusOne = dateOf(nextTradingDay(dayOfDate(openDate)));
  return lockup !== null && lockup > tPlusOne ? lockup : tPlusOne;
}

/**
 * Which rule sets `closableFrom`: 'lockup' when a lock-up ends after any T+1 date, 't_plus_one' for
 * China's T+1, null when neither applies; the screens name the reason with the date.
 */
export function closableReason(
  market: MarketId,
  openDate: string | null,
  lockedUntil?: Date | null,
): 'lockup' | 't_plus_one' | null {
  const lockup = lockupDate(market, lockedUntil);
  const tPlusOne = closableFrom(market, openDate);
  if (lockup !== null && (tPlusOne === null || lockup > tPlusOne)) return 'lockup';
  return tPlusOne === null ? null : 't_plus_one';
}

/** Whether a position opened on `openDate` (locked up until `lockedUntil`) may be closed at `at`. */
export function closableAt(market: MarketId, openDate: string | null, at: Date, lockedUntil?: Date | null): boolean {
  if (lockedUntil && at < lockedUntil) return false;
  const from = closableFrom(market, openDate);
  return from === null || tradeDateAt(market, at) >= from;
}
