/**
 * China's T+1 (spec §5 "no selling on day T+1"): a position cannot be closed on the local trading
 * date it opened. Used where positions are closed (trade-service), filled (matcher) and listed
 * (the holdings of assets-service, so the list shows when a position can be closed).
 */
import { dateOf, dayOf, marketClock, nextTradingDay, type MarketId } from '../market/calendar';

/** Markets where a position cannot be closed on the local trading date it opened (China). */
export const T_PLUS_ONE: ReadonlySet<MarketId> = new Set(['cny']);

/** The market's local trading date at an instant (YYYY-MM-DD): the date a fill belongs to. */
export function tradeDateAt(market: MarketId, at: Date): string {
  return dateOf(marketClock(market, at.getTime()).sessionDay);
}

/** The first local date a position opened on `openDate` may be closed (the next trading day under T+1). */
export function closableFrom(market: MarketId, openDate: string | null): string | null {
  if (!openDate || !T_PLUS_ONE.has(market)) return null;
  return dateOf(
    nextTradingDay(dayOf(Number(openDate.slice(0, 4)), Number(openDate.slice(5, 7)), Number(openDate.slice(8, 10)))),
  );
}

/** Whether a position opened on `openDate` may be closed at `at` as far as T+1 goes. */
export function closableAt(market: MarketId, openDate: string | null, at: Date): boolean {
  const from = closableFrom(market, openDate);
  return from === null || tradeDateAt(market, at) >= from;
}
