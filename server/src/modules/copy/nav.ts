/**
 * A copy-trading product's unit value (NAV) and its calendar, as pure functions of the market data
 * (docs/decisions/0018-copy-trading.md). NAV on a trading day = Σ weight × close ÷ close on the base
 * date, 6 decimals (half up). Anyone with the daily candles of the holdings (/stock/candles) and the
 * weights (/copy/info) recomputes the same numbers: `navSeries` is all there is to it.
 */
import { Decimal } from 'shared/money';
import {
  dateOf,
  dayOfDate,
  isTradingDay,
  localTime,
  nextTradingDay,
  sessionParts,
  type MarketId,
} from '../market/calendar';

export const NAV_DECIMALS = 6;
export const UNIT_DECIMALS = 8;

export interface WeightedCode {
  code: string;
  /** Fraction as a decimal string ("0.25"). */
  weight: string;
}
export interface DailyClose {
  /** Local trading date (YYYY-MM-DD). */
  date: string;
  /** Close as a decimal string (the last price while the day is forming). */
  close: string;
}
export interface NavPoint {
  date: string;
  nav: string;
}

/**
 * The unit value on every date from `baseDate` on that every holding has a close for (oldest first).
 * A holding's close₀ is its close on the base date (or its first close after it).
 */
export function navSeries(
  holdings: readonly WeightedCode[],
  closes: Readonly<Record<string, readonly DailyClose[]>>,
  baseDate: string,
): NavPoint[] {
  const byCode = holdings.map((h) => {
    const list = (closes[h.code] ?? []).filter((c) => c.date >= baseDate);
    return { weight: new Decimal(h.weight), base: list[0], at: new Map(list.map((c) => [c.date, c.close])) };
  });
  if (byCode.length === 0 || byCode.some((h) => !h.base)) return [];
  const dates = [...byCode[0]!.at.keys()].filter((d) => byCode.every((h) => h.at.has(d))).sort();
  return dates.map((date) => ({
    date,
    nav: byCode
      .reduce((sum, h) => sum.plus(h.weight.times(h.at.get(date)!).dividedBy(h.base!.close)), new Decimal(0))
      .toFixed(NAV_DECIMALS, Decimal.ROUND_HALF_UP),
  }));
}

/** Units bought by an amount at a unit value: rounded down to 8 decimals (never more than paid for). */
export function unitsFor(amount: Decimal.Value, nav: Decimal.Value): Decimal {
  return new Decimal(amount).dividedBy(nav).toDecimalPlaces(UNIT_DECIMALS, Decimal.ROUND_DOWN);
}

/** UTC ms of a trading day's close (the end of its last session part). */
export function closeOf(market: MarketId, day: number): number {
  const parts = sessionParts(market, day);
  return parts[parts.length - 1]!.end;
}

/**
 * When a follow placed at `at` is priced: the first close at or after it (today's if the market has
 * not closed yet on a trading day, else the next trading day's).
 */
export function startDayOf(market: MarketId, at: Date): number {
  const { day } = localTime(market, at.getTime());
  if (isTradingDay(day) && at.getTime() < closeOf(market, day)) return day;
  return nextTradingDay(day);
}

/** The redemption day: the first trading day at least `lockupDays` calendar days after the start day. */
export function lockEndDayOf(startDay: number, lockupDays: number): number {
  const day = startDay + lockupDays;
  return isTradingDay(day) ? day : nextTradingDay(day);
}

/** The follow's calendar: start and redemption days with their closes. */
export function followCalendar(market: MarketId, at: Date, lockupDays: number) {
  const start = startDayOf(market, at);
  const end = lockEndDayOf(start, lockupDays);
  return {
    startedOn: dateOf(start),
    startsAt: new Date(closeOf(market, start)),
    lockEndsOn: dateOf(end),
    redeemAt: new Date(closeOf(market, end)),
  };
}

/** Trading days from `date` to the local day of `at` (both included), for the candle limit. */
export function tradingDaysSince(market: MarketId, date: string, at: Date): number {
  const today = localTime(market, at.getTime()).day;
  let n = 0;
  for (let d = dayOfDate(date); d <= today; d += 1) if (isTradingDay(d)) n += 1;
  return n;
}

/** The last trading day strictly before the local day of `at` (a product's base date at creation). */
export function previousTradingDate(market: MarketId, at: Date, back = 1): string {
  let day = localTime(market, at.getTime()).day;
  for (let k = 0; k < back;) {
    day -= 1;
    if (isTradingDay(day)) k += 1;
  }
  return dateOf(day);
}
