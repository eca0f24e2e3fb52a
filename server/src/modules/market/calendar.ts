/**
 * Each market's trading calendar: time zone, sessions and lunch break, weekends closed.
 * Days are "day numbers" (days since 1970-01-01 of the market's LOCAL date), so a trading day is
 * the same integer whatever the server's time zone. New York's offset follows the US DST rule
 * (second Sunday of March to first Sunday of November, 02:00 local); Tokyo and Shanghai have none.
 * Exchange holidays are not modelled (only weekends close); see docs/decisions/0008.
 */

// Module-level aliases: jest's vm sandbox makes every global lookup in a hot loop slow.
const M = Math;
export type MarketId = 'jpy' | 'usd' | 'cny';
export const MARKET_IDS: readonly MarketId[] = ['jpy', 'usd', 'cny'];

export interface MarketCalendar {
  id: MarketId;
  timeZone: string;
  currency: 'JPY' | 'USD' | 'CNY';
  /** Sessions in local minutes after midnight, [start, end). */
  sessions: ReadonlyArray<readonly [number, number]>;
}

const hm = (h: number, m = 0) => h * 60 + m;

export const CALENDARS: Record<MarketId, MarketCalendar> = {
  jpy: {
    id: 'jpy',
    timeZone: 'Asia/Tokyo',
    currency: 'JPY',
    sessions: [
      [hm(9), hm(11, 30)],
      [hm(12, 30), hm(15, 30)],
    ],
  },
  usd: { id: 'usd', timeZone: 'America/New_York', currency: 'USD', sessions: [[hm(9, 30), hm(16)]] },
  cny: {
    id: 'cny',
    timeZone: 'Asia/Shanghai',
    currency: 'CNY',
    sessions: [
      [hm(9, 30), hm(11, 30)],
      [hm(13), hm(15)],
    ],
  },
};

const DAY_MS = 86_400_000;
const MIN_MS = 60_000;

/** 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function isTradingDay(day: number): boolean {
  const w = weekday(day);
  return w >= 1 && w <= 5;
}

/** Day number of the UTC date y-m-d (m 1..12). */
export function dayOf(y: number, m: number, d: number): number {
  return M.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}

export function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The day number of a date YYYY-MM-DD (the inverse of dateOf). */
export function dayOfDate(date: string): number {
  return dayOf(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
}

/** The n-th (1-based) Sunday of a month, as a day number. */
function nthSunday(y: number, m: number, n: number): number {
  const first = dayOf(y, m, 1);
  return first + ((7 - weekday(first)) % 7) + (n - 1) * 7;
}

/** UTC offset in minutes of the market at an instant. */
export function utcOffset(market: MarketId, utcMs: number): number {
  if (market === 'jpy') return 540;
  if (market === 'cny') return 480;
  const y = new Date(utcMs).getUTCFullYear();
  // 02:00 EST = 07:00 UTC (start); 02:00 EDT = 06:00 UTC (end).
  const start = nthSunday(y, 3, 2) * DAY_MS + 7 * 3_600_000;
  const end = nthSunday(y, 11, 1) * DAY_MS + 6 * 3_600_000;
  return utcMs >= start && utcMs < end ? -240 : -300;
}

/** The market's local day number and minute of day at an instant. */
export function localTime(market: MarketId, utcMs: number): { day: number; minute: number } {
  const local = utcMs + utcOffset(market, utcMs) * MIN_MS;
  const day = M.floor(local / DAY_MS);
  return { day, minute: M.floor((local - day * DAY_MS) / MIN_MS) };
}

/** The UTC instant of a local day and minute (weekdays never contain a DST switch here). */
export function localToUtc(market: MarketId, day: number, minute: number): number {
  const guess = day * DAY_MS + minute * MIN_MS;
  return guess - utcOffset(market, guess - utcOffset(market, guess) * MIN_MS) * MIN_MS;
}

export interface SessionPart {
  /** UTC ms of the first tick. */
  start: number;
  end: number;
  /** Local minute of day at the start. */
  startMinute: number;
  /** Index of the first tick of this part within the day. */
  firstTick: number;
  ticks: number;
}

const partsCache = new Map<string, SessionPart[]>();

/** The sessions of a local day as UTC instants (cached). */
export function sessionParts(market: MarketId, day: number): SessionPart[] {
  const key = `${market}:${day}`;
  let parts = partsCache.get(key);
  if (!parts) {
    let firstTick = 0;
    parts = CALENDARS[market].sessions.map(([from, to]) => {
      const start = localToUtc(market, day, from);
      const part = { start, end: start + (to - from) * MIN_MS, startMinute: from, firstTick, ticks: (to - from) * 60 };
      firstTick += part.ticks;
      return part;
    });
    if (partsCache.size > 20_000) partsCache.clear();
    partsCache.set(key, parts);
  }
  return parts;
}

/** Ticks (one per second while open) in a full trading day. */
export function ticksPerDay(market: MarketId): number {
  return CALENDARS[market].sessions.reduce((n, [from, to]) => n + (to - from) * 60, 0);
}

/** UTC ms of tick i of a day. */
export function tickTime(market: MarketId, day: number, i: number): number {
  for (const part of sessionParts(market, day)) {
    if (i < part.firstTick + part.ticks) return part.start + (i - part.firstTick) * 1000;
  }
  throw new RangeError(`tick ${i} outside the day`);
}

/** How many of the day's ticks have happened by `utcMs` (0 before the open, all after the close). */
export function ticksElapsed(market: MarketId, day: number, utcMs: number): number {
  if (!isTradingDay(day)) return 0;
  let n = 0;
  for (const part of sessionParts(market, day)) {
    if (utcMs < part.start) break;
    n += M.min(M.floor((utcMs - part.start) / 1000) + 1, part.ticks);
  }
  return n;
}

export function previousTradingDay(day: number): number {
  let d = day - 1;
  while (!isTradingDay(d)) d -= 1;
  return d;
}

export function nextTradingDay(day: number): number {
  let d = day + 1;
  while (!isTradingDay(d)) d += 1;
  return d;
}

export interface MarketClock {
  status: 'open' | 'lunch' | 'closed';
  /** The latest trading day whose session has started: the day the figures belong to. */
  sessionDay: number;
  /** UTC ms of the next session start (undefined while open). */
  nextOpen: number | undefined;
}

export function marketClock(market: MarketId, utcMs: number): MarketClock {
  const { day } = localTime(market, utcMs);
  if (isTradingDay(day)) {
    const parts = sessionParts(market, day);
    const first = parts[0]!;
    if (utcMs >= first.start) {
      for (let k = 0; k < parts.length; k += 1) {
        const part = parts[k]!;
        if (utcMs >= part.start && utcMs < part.end) return { status: 'open', sessionDay: day, nextOpen: undefined };
        const next = parts[k + 1];
        if (next && utcMs >= part.end && utcMs < next.start)
          return { status: 'lunch', sessionDay: day, nextOpen: next.start };
      }
      return { status: 'closed', sessionDay: day, nextOpen: sessionParts(market, nextTradingDay(day))[0]!.start };
    }
    return { status: 'closed', sessionDay: previousTradingDay(day), nextOpen: first.start };
  }
  return {
    status: 'closed',
    sessionDay: previousTradingDay(day),
    nextOpen: sessionParts(market, nextTradingDay(day))[0]!.start,
  };
}
